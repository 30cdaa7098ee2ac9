//! A query string's parameter names held to its endpoint's ([`normalized`]): a name the
//! endpoint does not read is refused, naming it (lichess's explorer ignores it, so that
//! `speed=blitz` or `rating=1800` answered every game); a list spelt as forms and
//! JavaScript libraries spell arrays (`speeds[]=blitz&speeds[]=rapid`) is read as the
//! comma-separated list lichess reads (`speeds=blitz,rapid`).

use std::borrow::Cow;

use super::param_error::ParamError;
use super::values::shortened;

/// The parameters whose value is a comma-separated list.
const LISTS: [&str; 4] = ["play", "speeds", "ratings", "modes"];

/// `query_string` with each list spelt with `[]` joined into one comma-separated value (in
/// the order given), every other pair as given; or the first name not in `names` (the
/// endpoint's), or a list given both ways.
pub(crate) fn normalized(
    query_string: &str,
    path: &str,
    names: &[&str],
) -> Result<String, ParamError> {
    let mut pairs: Vec<(Cow<str>, Cow<str>)> = Vec::new();
    let mut lists: Vec<(&str, Vec<Cow<str>>)> = Vec::new();
    for (name, value) in form_urlencoded::parse(query_string.as_bytes()) {
        // `a&&b` and a lone `=` name nothing.
        if name.is_empty() {
            continue;
        }
        let listed = name.strip_suffix("[]").and_then(|base| {
            let base = LISTS.iter().find(|&&list| list == base)?;
            names.contains(base).then_some(*base)
        });
        match listed {
            Some(base) => match lists.iter_mut().find(|(name, _)| *name == base) {
                Some((_, values)) => values.push(value),
                None => lists.push((base, vec![value])),
            },
            None if names.contains(&&*name) => pairs.push((name, value)),
            None => {
                let (name, cut) = shortened(&name, 64);
                let reads = match names.is_empty() {
                    true => "none".to_owned(),
                    false => names.join(", "),
                };
                let message = format!("not a parameter of {path}, which reads {reads}");
                return Err(ParamError::new(format!("{name}{cut}"), message));
            }
        }
    }
    let mut written = form_urlencoded::Serializer::new(String::new());
    for (name, value) in &pairs {
        written.append_pair(name, value);
    }
    for (name, values) in lists {
        if pairs.iter().any(|(given, _)| given == name) {
            return Err(ParamError::new(name, "given more than once"));
        }
        let values: Vec<&str> = values.iter().map(|value| &**value).collect();
        written.append_pair(name, &values.join(","));
    }
    Ok(written.finish())
}
