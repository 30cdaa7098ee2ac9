//! `PositionSet`: which of the 960 starts a book or a draw keeps or leaves out.

use alloc::vec::Vec;
use chess960::set;
use wasm_bindgen::JsValue;
use wasm_bindgen::prelude::wasm_bindgen;

use crate::position::StartingPosition;

/// A set of Chess960 starts; every operation returns a new set.
///
/// ```js
/// const event = Book.chess960().difference(PositionSet.standardAndMirror());
/// event.length; // 958
/// ```
#[wasm_bindgen]
#[derive(Clone, Copy, Debug)]
pub struct PositionSet(pub(crate) set::PositionSet);

#[wasm_bindgen]
impl PositionSet {
    /// No start.
    pub fn none() -> PositionSet {
        PositionSet(set::PositionSet::NONE)
    }

    /// All 960 starts.
    pub fn all() -> PositionSet {
        PositionSet(set::PositionSet::ALL)
    }

    /// Standard chess (518, RNBQKBNR) and its mirror image (534, RNBKQBNR), which events
    /// often leave out.
    #[wasm_bindgen(js_name = standardAndMirror)]
    pub fn standard_and_mirror() -> PositionSet {
        PositionSet(set::PositionSet::STANDARD_AND_MIRROR)
    }

    /// The starts with these Scharnagl ids. Throws an `IdError` for one that is not a whole
    /// number from 0 to 959.
    #[wasm_bindgen(js_name = fromIds)]
    pub fn from_ids(ids: Vec<f64>) -> Result<PositionSet, JsValue> {
        ids.into_iter()
            .try_fold(set::PositionSet::NONE, |set, id| {
                Ok(set.with(StartingPosition::from_id(id)?.0))
            })
            .map(PositionSet)
    }

    /// This set and `sp`.
    pub fn with(&self, sp: &StartingPosition) -> PositionSet {
        PositionSet(self.0.with(sp.0))
    }

    /// This set without `sp`.
    pub fn without(&self, sp: &StartingPosition) -> PositionSet {
        PositionSet(self.0.without(sp.0))
    }

    /// Whether `sp` is in the set.
    pub fn has(&self, sp: &StartingPosition) -> bool {
        self.0.contains(sp.0)
    }

    /// How many starts are in the set.
    #[wasm_bindgen(getter)]
    pub fn size(&self) -> usize {
        self.0.len()
    }

    /// The starts in this set or `other`.
    pub fn union(&self, other: &PositionSet) -> PositionSet {
        PositionSet(self.0.union(other.0))
    }

    /// The starts in both.
    pub fn intersection(&self, other: &PositionSet) -> PositionSet {
        PositionSet(self.0.intersection(other.0))
    }

    /// The starts in this set but not in `other`.
    pub fn difference(&self, other: &PositionSet) -> PositionSet {
        PositionSet(self.0.difference(other.0))
    }

    /// The starts not in this set.
    pub fn complement(&self) -> PositionSet {
        PositionSet(self.0.complement())
    }

    /// The starts, by id.
    pub fn positions(&self) -> Vec<StartingPosition> {
        self.0.iter().map(StartingPosition).collect()
    }

    /// The ids, in order.
    #[wasm_bindgen(unchecked_return_type = "number[]")]
    pub fn ids(&self) -> Vec<JsValue> {
        self.0.iter().map(|sp| sp.id().into()).collect()
    }
}
