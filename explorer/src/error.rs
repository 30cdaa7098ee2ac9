//! Why an index could not be opened, added to or read ([`IndexError`], the store's part a
//! [`StoreError`]), and why a query has no answer ([`QueryError`]).

mod fen_rule;
mod index;
mod not_counted;
mod query;

pub use fen_rule::FenRule;
pub(crate) use index::Fault;
pub use index::{IndexError, StoreError};
pub use not_counted::NotCounted;
pub use query::QueryError;
