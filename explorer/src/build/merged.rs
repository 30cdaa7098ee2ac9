//! Tables' entries merged in key order ([`Merged`]): the k-way merge of a segments' merge,
//! each entry told which table it came from.

use std::collections::BinaryHeap;

use crate::error::IndexError;
use crate::store::table::Table;

/// A table's next entry in a merge: its key, the table's place, its value.
type Next = std::cmp::Reverse<(Vec<u8>, usize, Vec<u8>)>;

/// Tables' entries merged in key order (equal keys in the tables' order); a table's error
/// told by `failed` with the table's place, so that it names the damaged file.
pub(crate) struct Merged<'a, E> {
    heap: BinaryHeap<Next>,
    tables: Vec<crate::store::table::Entries<'a>>,
    failed: E,
}

impl<'a, E: Fn(usize, crate::store::table::TableError) -> IndexError> Merged<'a, E> {
    pub(crate) fn new(
        tables: impl Iterator<Item = &'a Table>,
        failed: E,
    ) -> Result<Self, IndexError> {
        let mut merged = Merged {
            heap: BinaryHeap::new(),
            tables: tables.map(Table::iter).collect(),
            failed,
        };
        for n in 0..merged.tables.len() {
            merged.refill(n)?;
        }
        Ok(merged)
    }

    fn refill(&mut self, n: usize) -> Result<(), IndexError> {
        if let Some(next) = self.tables.get_mut(n).and_then(Iterator::next) {
            let (key, value) = next.map_err(|err| (self.failed)(n, err))?;
            self.heap.push(std::cmp::Reverse((key, n, value)));
        }
        Ok(())
    }
}

impl<E: Fn(usize, crate::store::table::TableError) -> IndexError> Iterator for Merged<'_, E> {
    type Item = Result<(Vec<u8>, usize, Vec<u8>), IndexError>;

    fn next(&mut self) -> Option<Self::Item> {
        let std::cmp::Reverse((key, n, value)) = self.heap.pop()?;
        if let Err(err) = self.refill(n) {
            self.heap.clear();
            return Some(Err(err));
        }
        Some(Ok((key, n, value)))
    }
}
