//! The tokens a host may require ([`Tokens`], `chess960 serve --token-file`): with them, an
//! API request needs `Authorization: Bearer TOKEN` naming one, as lichess's explorer has
//! required since 2026, and is answered 401 without it; without them, a token is accepted and
//! ignored. `/health` and the page (`/`, its scripts and styles inside it) stay open, and so
//! does a CORS preflight (answered outside, never reaching the check).
//!
//! Tokens are kept as their SHA-256, and a request's token is hashed before it is looked up,
//! so that how long the lookup takes says nothing of a token's bytes.

use std::collections::HashSet;
use std::fmt;
use std::path::Path;

use axum::http::HeaderMap;
use axum::http::header::AUTHORIZATION;
use sha2::{Digest, Sha256};

/// The tokens a server accepts, one of which every API request must carry.
///
/// ```
/// use chess960_explorer::server::Tokens;
///
/// let tokens: Tokens = "lip_first\n\n# the club's bot\nlip_second\n".parse()?;
/// assert_eq!(tokens.len(), 2);
/// assert!("# only a comment\n".parse::<Tokens>().is_err());
/// # Ok::<(), chess960_explorer::server::TokensError>(())
/// ```
#[derive(Clone)]
pub struct Tokens(HashSet<[u8; 32]>);

/// Why a token file gives no [`Tokens`].
///
/// ```
/// use chess960_explorer::server::{Tokens, TokensError};
///
/// let err = "lip_a b\n".parse::<Tokens>().unwrap_err();
/// assert_eq!(err, TokensError::Space { line: 1 });
/// assert_eq!(err.to_string(), "line 1: a token has no space inside it (one token a line)");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum TokensError {
    /// No token at all: every line blank or a comment (`#`).
    Empty,
    /// A line with a space or a tab inside its token (two tokens on a line, or one mangled).
    Space {
        /// The line, from 1.
        line: usize,
    },
    /// The file could not be read: why (the caller names the file, as for every error here).
    Read(String),
}

impl fmt::Display for TokensError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TokensError::Empty => f.write_str(
                "no token: a token file holds one token a line (blank lines and lines \
                 beginning with # are skipped)",
            ),
            TokensError::Space { line } => write!(
                f,
                "line {line}: a token has no space inside it (one token a line)"
            ),
            TokensError::Read(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for TokensError {}

impl std::str::FromStr for Tokens {
    type Err = TokensError;

    /// One token a line, its surrounding spaces trimmed; blank lines and lines beginning
    /// with `#` skipped.
    fn from_str(text: &str) -> Result<Tokens, TokensError> {
        let mut tokens = HashSet::new();
        for (n, line) in text.lines().enumerate() {
            let token = line.trim();
            if token.is_empty() || token.starts_with('#') {
                continue;
            }
            if token.contains(char::is_whitespace) {
                return Err(TokensError::Space { line: n + 1 });
            }
            tokens.insert(digest(token.as_bytes()));
        }
        match tokens.is_empty() {
            true => Err(TokensError::Empty),
            false => Ok(Tokens(tokens)),
        }
    }
}

impl Tokens {
    /// The tokens of the file at `path` ([`FromStr`](std::str::FromStr)'s lines).
    pub fn read(path: &Path) -> Result<Tokens, TokensError> {
        let text =
            std::fs::read_to_string(path).map_err(|err| TokensError::Read(err.to_string()))?;
        text.parse()
    }

    /// How many tokens there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none (never, for tokens read).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether `headers` carry one of the tokens (`Authorization: Bearer TOKEN`, the scheme
    /// in any case, as RFC 7235 reads it), else what is wrong, for the 401's body.
    pub(crate) fn admit(&self, headers: &HeaderMap) -> Result<(), &'static str> {
        let Some(value) = headers.get(AUTHORIZATION) else {
            return Err("a token is required: send Authorization: Bearer TOKEN");
        };
        let value = value.to_str().unwrap_or_default().trim();
        let token = value
            .split_once(' ')
            .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
            .map(|(_, token)| token.trim());
        match token {
            Some(token) if self.0.contains(&digest(token.as_bytes())) => Ok(()),
            Some(_) => Err("No such token"),
            None => Err("a token is required: send Authorization: Bearer TOKEN"),
        }
    }
}

impl fmt::Debug for Tokens {
    /// How many, never which.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tokens({})", self.0.len())
    }
}

fn digest(token: &[u8]) -> [u8; 32] {
    Sha256::digest(token).into()
}

#[cfg(test)]
mod tests {
    use super::{Tokens, TokensError};
    use axum::http::{HeaderMap, HeaderValue, header::AUTHORIZATION};

    fn headers(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(AUTHORIZATION, HeaderValue::from_str(value).unwrap());
        headers
    }

    #[test]
    fn a_request_carries_one_of_the_tokens_or_is_told_why_not() {
        let tokens: Tokens = "  lip_one  \r\n#lip_commented\nlip_two\n".parse().unwrap();
        assert_eq!(tokens.len(), 2);
        for good in ["Bearer lip_one", "bearer lip_two", "BEARER   lip_one "] {
            assert_eq!(tokens.admit(&headers(good)), Ok(()), "{good}");
        }
        assert_eq!(
            tokens.admit(&headers("Bearer lip_three")),
            Err("No such token")
        );
        assert_eq!(
            tokens.admit(&headers("Bearer #lip_commented")),
            Err("No such token")
        );
        for missing in ["lip_one", "Basic lip_one", "Bearer"] {
            let err = tokens.admit(&headers(missing)).unwrap_err();
            assert!(err.starts_with("a token is required"), "{missing}: {err}");
        }
        assert!(tokens.admit(&HeaderMap::new()).is_err());
        assert_eq!(format!("{tokens:?}"), "Tokens(2)");
    }

    #[test]
    fn a_file_of_no_token_or_two_on_a_line_is_refused() {
        assert_eq!("".parse::<Tokens>().unwrap_err(), TokensError::Empty);
        assert_eq!(
            "\n  \n# x\n".parse::<Tokens>().unwrap_err(),
            TokensError::Empty
        );
        let err = "lip_a\nlip_b lip_c\n".parse::<Tokens>().unwrap_err();
        assert_eq!(err, TokensError::Space { line: 2 });
        let missing = std::path::Path::new("/nonexistent/tokens.txt");
        let err = Tokens::read(missing).unwrap_err();
        assert!(matches!(err, TokensError::Read(_)), "{err:?}");
    }
}
