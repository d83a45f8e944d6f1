//! Squares of the 7×7 board and the bitboard tables built on them.
//!
//! Bit `y * 7 + x` stands for the cell in column `x` and row `y` (row 0 is the top row of a FEN
//! and rank 7 in UAI names).

use crate::bitboard::Bitboard;
use crate::coord::{Column, Row};
use core::fmt;

/// The side length of the board.
pub const SIZE: u8 = 7;
/// The number of cells.
pub const CELLS: usize = 49;
/// Every cell of the board.
pub const FULL: Bitboard = Bitboard((1u64 << CELLS) - 1);

/// The cells of column 0.
pub(crate) const COLUMN_0: u64 = column_mask(0);
/// The cells of column 6.
pub(crate) const COLUMN_6: u64 = column_mask(6);

const fn column_mask(x: u32) -> u64 {
    let mut mask = 0u64;
    let mut y = 0;
    while y < 7 {
        mask |= 1u64 << (y * 7 + x);
        y += 1;
    }
    mask
}

/// One cell of the board, always in range.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The cell at `row` and `column`, both `0..7`, or `None` when off the board. (Botzone
    /// names a cell `x y`: `x` is the column, `y` the row.)
    pub const fn at(row: Row, column: Column) -> Option<Self> {
        if row.0 < SIZE && column.0 < SIZE {
            Some(Square(row.0 * SIZE + column.0))
        } else {
            None
        }
    }

    /// The cell with bit index `index` (`0..49`), or `None`.
    pub const fn from_index(index: u8) -> Option<Self> {
        if (index as usize) < CELLS {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The bit index, `0..49`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The column, `0..7` (Botzone's `x`).
    pub const fn column(self) -> Column {
        Column(self.0 % SIZE)
    }

    /// The row, `0..7` (Botzone's `y`; row 0 is the top row of a FEN).
    pub const fn row(self) -> Row {
        Row(self.0 / SIZE)
    }

    /// This cell as a set of one.
    #[inline]
    pub const fn bit(self) -> Bitboard {
        Bitboard(1u64 << self.0)
    }

    /// The Chebyshev distance to `other`.
    pub const fn distance(self, other: Square) -> u8 {
        let dx = self.column().0.abs_diff(other.column().0);
        let dy = self.row().0.abs_diff(other.row().0);
        if dx > dy { dx } else { dy }
    }

    /// Parses a UAI square name: file `a`..`g` (column 0..6), rank `1`..`7` (rank 7 is row 0).
    pub fn parse_uai(text: &[u8]) -> Option<Self> {
        match *text {
            [file @ b'a'..=b'g', rank @ b'1'..=b'7'] => {
                Square::at(Row(b'7' - rank), Column(file - b'a'))
            }
            _ => None,
        }
    }
}

/// Prints the UAI name, e.g. `a7` for (0, 0) and `g1` for (6, 6).
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = (b'a' + self.column().0) as char;
        let rank = (b'7' - self.row().0) as char;
        write!(f, "{file}{rank}")
    }
}

/// Iterates over the cells of a set, lowest first, as [`Square`]s (the set itself iterates
/// over bit indices).
#[derive(Clone, Copy, Debug)]
pub struct SquareIter(pub Bitboard);

impl Iterator for SquareIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        // On the raw word, as the firmware (opt-level "z") inlines it: a call through
        // `Bitboard::next` and `Option::map` was left out of line there, 10% more instructions
        // a node.
        let bits = self.0.0;
        if bits == 0 {
            return None;
        }
        self.0.0 = bits & (bits - 1);
        Some(Square((bits.trailing_zeros() as u8) % 64))
    }
}

/// The cells one step from any cell of `bb` (Chebyshev distance ≤ 1), `bb` included.
#[inline]
pub const fn dilate(bb: Bitboard) -> Bitboard {
    let (bb, full) = (bb.0, FULL.0);
    let row = (bb | ((bb << 1) & !COLUMN_0) | ((bb >> 1) & !COLUMN_6)) & full;
    Bitboard((row | (row << 7) | (row >> 7)) & full)
}

/// The cells within two steps of any cell of `bb`, `bb` included.
#[inline]
pub const fn reach(bb: Bitboard) -> Bitboard {
    dilate(dilate(bb))
}

/// For each cell, its up to 8 neighbours (distance exactly 1).
pub const NEIGHBOURS: [Bitboard; CELLS] = ring_table(1);
/// For each cell, the up to 16 cells at distance exactly 2: where a piece on it can jump.
pub const RING: [Bitboard; CELLS] = ring_table(2);

const fn ring_table(distance: u8) -> [Bitboard; CELLS] {
    let mut table = [Bitboard::EMPTY; CELLS];
    let mut from = 0;
    while from < CELLS {
        let mut to = 0;
        while to < CELLS {
            let (fx, fy, tx, ty) = (from % 7, from / 7, to % 7, to / 7);
            let dx = fx.abs_diff(tx);
            let dy = fy.abs_diff(ty);
            let d = if dx > dy { dx } else { dy };
            if d == distance as usize {
                table[from].0 |= 1u64 << to;
            }
            to += 1;
        }
        from += 1;
    }
    table
}

/// The neighbours of `sq` (distance exactly 1).
#[inline]
pub fn neighbours(sq: Square) -> Bitboard {
    NEIGHBOURS
        .get(sq.index())
        .copied()
        .unwrap_or(Bitboard::EMPTY)
}

/// The jump ring of `sq` (distance exactly 2).
#[inline]
pub fn ring(sq: Square) -> Bitboard {
    RING.get(sq.index()).copied().unwrap_or(Bitboard::EMPTY)
}

/// The number of cells of `x`. Out of line on Arm (the firmware: Thumb-2 has no popcount
/// instruction, and each of the evaluation's thirty counts inlined as bit arithmetic would cost
/// flash); inlined everywhere else, where it is one instruction.
#[cfg_attr(target_arch = "arm", inline(never))]
#[cfg_attr(not(target_arch = "arm"), inline(always))]
pub(crate) fn pop(x: Bitboard) -> i32 {
    x.0.count_ones() as i32
}
