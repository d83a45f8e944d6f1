//! Board coordinates as types of their own, so that a row cannot be passed where a column is
//! expected and the compiler catches a swapped pair. Every game builds its squares and cells from
//! a [`Row`] then a [`Column`], in that order; each contest's own notation (Ataxx's `x`/`y`, The
//! Fruit Rage's column letter before the row number) is translated at its parser.

/// A row, counted from 0 at the top of the board as the game's contest prints it (Reversi: the
/// row of digit 1; Ataxx: rank 7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Row(pub u8);

/// A column, counted from 0 at the left (Reversi and Ataxx: file `a`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Column(pub u8);

impl Row {
    /// The row as an index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl Column {
    /// The column as an index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The cells of an `n`×`n` board, row by row from the top-left: every ([`Row`], [`Column`]) pair
/// below `n` (at most 256 a side).
pub fn cells(n: usize) -> impl Iterator<Item = (Row, Column)> {
    let n = n.min(256) as u16;
    (0..n * n).map(move |i| (Row((i / n) as u8), Column((i % n) as u8)))
}
