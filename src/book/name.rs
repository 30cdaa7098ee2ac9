//! The name of a book entry, as books write it in an EPD `id` or a PGN `Event`: `chess960 518`,
//! or `dfrc 105 451` (White's id, then Black's).

use crate::line::Text;

/// The longest name, `chess960 959` or `dfrc 959 959`.
pub(super) const NAME_LEN: usize = 12;

/// An entry's name.
pub(super) type Name = Text<NAME_LEN>;

/// `chess960 <id>`.
pub(super) const fn chess960(id: u16) -> Name {
    Text::EMPTY.push(b"chess960 ").number(id)
}

/// `dfrc <white> <black>`.
pub(super) const fn dfrc(white: u16, black: u16) -> Name {
    Text::EMPTY
        .push(b"dfrc ")
        .number(white)
        .push(b" ")
        .number(black)
}
