//! Which positions the index stores, and the months each has a node of: the table
//! [`super::store::POSITIONS`], a position → its months, in order, two bytes each
//! (big-endian). A node's key is its month first ([`super::key::node`]), so a position's
//! nodes lie a month apart; this is where a reader finds them, and where an add asks
//! whether a position is stored without reading a node.

use redb::{ReadableTable, StorageError};

use super::key::Position;

/// The months of a stored position, in order.
pub(crate) type Months = Vec<u16>;

/// The months `at` has a node of (a stored position has one at least, if only 0: not
/// known); `None` if it is not stored.
pub(crate) fn months(
    positions: &impl ReadableTable<Position, &'static [u8]>,
    at: &Position,
) -> Result<Option<Months>, ReadError> {
    match positions.get(at).map_err(ReadError::Store)? {
        Some(value) => read(value.value()).map(Some).ok_or(ReadError::Corrupt),
        None => Ok(None),
    }
}

/// The months `bytes` lists; `None` if they are not as [`write`] writes them.
pub(crate) fn read(bytes: &[u8]) -> Option<Months> {
    let pairs = bytes.chunks_exact(2);
    if !pairs.remainder().is_empty() {
        return None;
    }
    let months: Months = pairs
        .map(|pair| {
            Some(u16::from_be_bytes([
                pair.first().copied()?,
                pair.get(1).copied()?,
            ]))
        })
        .collect::<Option<_>>()?;
    (!months.is_empty() && months.is_sorted_by(|a, b| a < b)).then_some(months)
}

/// `months` (in order, each once) as the table stores them.
pub(crate) fn write(months: &[u16]) -> Vec<u8> {
    months
        .iter()
        .flat_map(|month| month.to_be_bytes())
        .collect()
}

/// `months` with `more` added, in order, each once; `None` if it has them all already.
pub(crate) fn with(months: &[u16], more: &[u16]) -> Option<Months> {
    let mut all: Months = months.iter().chain(more).copied().collect();
    all.sort_unstable();
    all.dedup();
    (all.len() > months.len()).then_some(all)
}

/// Why the index's positions or nodes could not be read.
#[derive(Debug)]
pub(crate) enum ReadError {
    Store(StorageError),
    /// A value not as the index writes it.
    Corrupt,
}

#[cfg(test)]
mod tests {
    use super::{read, with, write};

    #[test]
    fn months_read_back_and_grow_in_order() {
        let months = [0, 24_290, 24_301];
        assert_eq!(read(&write(&months)).as_deref(), Some(&months[..]));
        assert_eq!(with(&months, &[24_301, 0]), None);
        assert_eq!(
            with(&months, &[5, 24_301]),
            Some(vec![0, 5, 24_290, 24_301])
        );
        // Odd bytes, no month, or months out of order are not the table's.
        assert_eq!(read(&[0, 1, 2]), None);
        assert_eq!(read(&[]), None);
        assert_eq!(read(&write(&[3, 2])), None);
        assert_eq!(read(&write(&[3, 3])), None);
    }
}
