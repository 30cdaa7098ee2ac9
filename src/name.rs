//! [`ParseNameError`]: the one error of every enum read from its name, such as a numbering
//! from `"fritz"`; each enum's `FromStr` calls [`parse`], and its `Display` writes the same
//! name back.

use core::fmt;

use crate::excerpt::Excerpt;

/// A name that is none of the names of an enum read from text.
///
/// ```
/// use chess960::numbering::Numbering;
///
/// let err = "fritz9".parse::<Numbering>().unwrap_err();
/// assert_eq!(err.to_string(), r#""fritz9" is not a numbering: scharnagl, one-based or fritz"#);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum ParseNameError {
    /// `name` is not one of `names`, the names of a `what`.
    Unknown {
        /// What was to be named, as in "a numbering".
        what: &'static str,
        /// The start of the text given.
        name: Excerpt<24>,
        /// Every name there is.
        names: &'static [&'static str],
    },
}

impl fmt::Display for ParseNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ParseNameError::Unknown { what, name, names } = self;
        write!(f, "\"{name}\" is not {what}: ")?;
        for (i, name) in names.iter().enumerate() {
            match i {
                0 => {}
                _ if i + 1 == names.len() => f.write_str(" or ")?,
                _ => f.write_str(", ")?,
            }
            f.write_str(name)?;
        }
        Ok(())
    }
}

impl core::error::Error for ParseNameError {}

/// The value among `all` whose name (the same index in `names`) is `text`.
pub(crate) fn parse<T: Copy>(
    text: &str,
    what: &'static str,
    all: &[T],
    names: &'static [&'static str],
) -> Result<T, ParseNameError> {
    let found = names.iter().position(|name| *name == text);
    match found.and_then(|i| all.get(i)) {
        Some(value) => Ok(*value),
        None => Err(ParseNameError::Unknown {
            what,
            name: Excerpt::new(text),
            names,
        }),
    }
}
