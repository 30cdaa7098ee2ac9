//! Feature `serde`: a [`StartingPosition`] is its Scharnagl id (a `u16`); a
//! [`DoubleStartingPosition`] is the pair `(white id, black id)`. Deserializing rejects ids
//! of 960 and more.

use serde::de::{Error, Unexpected};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::dfrc::DoubleStartingPosition;
use crate::position::StartingPosition;

/// As its id: `518` in JSON.
///
/// ```
/// use chess960::StartingPosition;
///
/// assert_eq!(serde_json::to_string(&StartingPosition::STANDARD)?, "518");
/// assert_eq!(serde_json::from_str::<StartingPosition>("105")?.to_string(), "QNRBBNKR");
/// assert!(serde_json::from_str::<StartingPosition>("960").is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
impl Serialize for StartingPosition {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u16(self.id())
    }
}

/// From its id, 0..=959.
///
/// ```
/// let err = serde_json::from_str::<chess960::StartingPosition>("1000").unwrap_err();
/// assert!(err.to_string().contains("an id in 0..=959"));
/// ```
impl<'de> Deserialize<'de> for StartingPosition {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let id = u16::deserialize(deserializer)?;
        StartingPosition::from_id(id).map_err(|_| {
            D::Error::invalid_value(Unexpected::Unsigned(id.into()), &"an id in 0..=959")
        })
    }
}

/// As `(white id, black id)`: `[105,451]` in JSON.
///
/// ```
/// use chess960::{DoubleStartingPosition, StartingPosition};
///
/// let pair = DoubleStartingPosition::new(StartingPosition::from_id(105)?, StartingPosition::from_id(451)?);
/// assert_eq!(serde_json::to_string(&pair)?, "[105,451]");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Serialize for DoubleStartingPosition {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (self.white(), self.black()).serialize(serializer)
    }
}

/// From `(white id, black id)`.
///
/// ```
/// let pair: chess960::DoubleStartingPosition = serde_json::from_str("[105, 451]")?;
/// assert_eq!(pair.black().id(), 451);
/// # Ok::<(), serde_json::Error>(())
/// ```
impl<'de> Deserialize<'de> for DoubleStartingPosition {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let (white, black) = <(StartingPosition, StartingPosition)>::deserialize(deserializer)?;
        Ok(DoubleStartingPosition::new(white, black))
    }
}
