//! The query string alone: `params.rs`.

mod params;
