//! [`Cells`]: a set of cells of a board up to 20×20, as seven 64-bit words.
//!
//! Cell `(row, col)` is bit `row * STRIDE + col`. The stride is 21, one more than the widest
//! board, so every row ends in a guard column that is never part of a board: a shift by one
//! bit moves a cell to its left or right neighbour, and a cell on the edge lands in a guard
//! column (or off the board) that the board mask removes. A shift by `STRIDE` moves a cell one
//! row up or down.

use crate::coord::{Column, Row};
use core::ops::{BitAnd, BitOr, BitOrAssign};

/// The largest board side.
pub const MAX_SIZE: usize = 20;

/// Bits between the start of one row and the next: the widest row plus a guard column.
pub(crate) const STRIDE: usize = MAX_SIZE + 1;

/// 64-bit words in a set: enough for `MAX_SIZE` rows of `STRIDE` bits (420 bits).
pub(crate) const WORDS: usize = 7;

/// A set of cells of one board (at most 20×20), stored as bits.
#[derive(Clone, Copy, Debug, Default, Eq)]
pub struct Cells([u64; WORDS]);

impl core::hash::Hash for Cells {
    /// The words, as the derived `Hash` would (consistent with the word-by-word `eq`).
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl PartialEq for Cells {
    /// Word by word, without a call to `memcmp` (this compare ends every flood step).
    #[inline]
    fn eq(&self, other: &Cells) -> bool {
        let mut diff = 0;
        for (a, b) in self.0.iter().zip(other.0) {
            diff |= a ^ b;
        }
        diff == 0
    }
}

/// The cells of the `size`×`size` board, for every size 0..=20.
const SQUARES: [Cells; MAX_SIZE + 1] = {
    let mut table = [Cells::EMPTY; MAX_SIZE + 1];
    let mut size = 0;
    while size <= MAX_SIZE {
        let mut words = [0u64; WORDS];
        let mut row = 0;
        while row < size {
            let mut col = 0;
            while col < size {
                let bit = row * STRIDE + col;
                words[bit / 64] |= 1 << (bit % 64);
                col += 1;
            }
            row += 1;
        }
        table[size] = Cells(words);
        size += 1;
    }
    table
};

impl Cells {
    /// No cell.
    pub const EMPTY: Cells = Cells([0; WORDS]);

    /// Every cell of the `size`×`size` board (empty for a size above 20).
    #[inline]
    pub fn square(size: usize) -> Cells {
        SQUARES.get(size).copied().unwrap_or(Cells::EMPTY)
    }

    /// The set holding only the cell at `row`, `column`; empty outside a 20×20 board.
    #[inline]
    pub fn single(row: Row, column: Column) -> Cells {
        let mut set = Cells::EMPTY;
        if let Some(bit) = bit_of(row, column) {
            if let Some(word) = set.0.get_mut(bit / 64) {
                *word = 1 << (bit % 64);
            }
        }
        set
    }

    /// Whether the cell at `row`, `column` is in the set (false outside a 20×20 board).
    #[inline]
    pub fn contains(self, row: Row, column: Column) -> bool {
        match bit_of(row, column) {
            Some(bit) => self
                .0
                .get(bit / 64)
                .is_some_and(|w| w >> (bit % 64) & 1 != 0),
            None => false,
        }
    }

    /// The number of cells.
    #[inline]
    pub fn count(self) -> u32 {
        let mut n = 0;
        for w in self.0 {
            n += w.count_ones();
        }
        n
    }

    /// Whether the set has no cell.
    #[inline]
    pub fn is_empty(self) -> bool {
        let mut any = 0;
        for w in self.0 {
            any |= w;
        }
        any == 0
    }

    /// The cells of `self` that are not in `other`.
    #[inline]
    pub fn without(self, other: Cells) -> Cells {
        let mut out = self;
        for (o, r) in out.0.iter_mut().zip(other.0) {
            *o &= !r;
        }
        out
    }

    /// The cells of `within` that are in `self` or side-adjacent to a cell of `self`.
    #[inline]
    pub fn grow(self, within: Cells) -> Cells {
        let w = self.0;
        let mut out = [0u64; WORDS];
        let mut i = 0;
        while i < WORDS {
            let prev = if i > 0 { w[i - 1] } else { 0 };
            let next = if i + 1 < WORDS { w[i + 1] } else { 0 };
            let x = w[i];
            // Left and right neighbours (one bit), then up and down (STRIDE bits), each
            // carrying the bits that cross into this word from its neighbours.
            let horizontal = x << 1 | prev >> 63 | x >> 1 | next << 63;
            let vertical =
                x << STRIDE | prev >> (64 - STRIDE) | x >> STRIDE | next << (64 - STRIDE);
            out[i] = (x | horizontal | vertical) & within.0[i];
            i += 1;
        }
        Cells(out)
    }

    /// The cells of `within` side-adjacent to a cell of `self` (cells of `self` only when
    /// adjacent to another one).
    #[inline]
    pub fn neighbours(self, within: Cells) -> Cells {
        let w = self.0;
        let mut out = [0u64; WORDS];
        let mut i = 0;
        while i < WORDS {
            let prev = if i > 0 { w[i - 1] } else { 0 };
            let next = if i + 1 < WORDS { w[i + 1] } else { 0 };
            let x = w[i];
            let horizontal = x << 1 | prev >> 63 | x >> 1 | next << 63;
            let vertical =
                x << STRIDE | prev >> (64 - STRIDE) | x >> STRIDE | next << (64 - STRIDE);
            out[i] = (horizontal | vertical) & within.0[i];
            i += 1;
        }
        Cells(out)
    }

    /// The cells of `within` side-adjacent to `self` but not in it.
    #[inline]
    pub fn border(self, within: Cells) -> Cells {
        self.grow(within).without(self)
    }

    /// Every cell of `within` reachable from `self ∩ within` through side-adjacent cells of
    /// `within` (the cells of `self` outside `within` are dropped).
    #[inline]
    pub fn flood(self, within: Cells) -> Cells {
        let mut filled = self & within;
        loop {
            let next = filled.grow(within);
            if next == filled {
                return filled;
            }
            filled = next;
        }
    }

    /// Every cell of `within` reachable from `self ∩ within` through joined pairs of cells of
    /// `within`: a cell and its right neighbour are joined when the cell is in `joins_right`, a
    /// cell and the one below when it is in `joins_down`. With "same colour" as the join, this
    /// floods every colour's regions at once.
    #[inline]
    pub fn spread(self, within: Cells, joins_right: Cells, joins_down: Cells) -> Cells {
        let mut filled = self & within;
        loop {
            let x = filled.0;
            let mut out = [0u64; WORDS];
            let mut i = 0;
            while i < WORDS {
                let prev = if i > 0 { x[i - 1] } else { 0 };
                let next = if i + 1 < WORDS { x[i + 1] } else { 0 };
                let (prev_r, prev_d) = if i > 0 {
                    (joins_right.0[i - 1], joins_down.0[i - 1])
                } else {
                    (0, 0)
                };
                let (r, d) = (joins_right.0[i], joins_down.0[i]);
                // To the right: bit b joins b+1 when b is joined right; to the left: b+1 joins b.
                let rightward = (x[i] & r) << 1 | (prev & prev_r) >> 63;
                let leftward = (x[i] >> 1 | next << 63) & r;
                let downward = (x[i] & d) << STRIDE | (prev & prev_d) >> (64 - STRIDE);
                let upward = (x[i] >> STRIDE | next << (64 - STRIDE)) & d;
                out[i] = (x[i] | rightward | leftward | downward | upward) & within.0[i];
                i += 1;
            }
            let next = Cells(out);
            if next == filled {
                return filled;
            }
            filled = next;
        }
    }

    /// The seven words, for hashing.
    #[inline]
    pub(crate) fn words(self) -> [u64; WORDS] {
        self.0
    }
}

/// The bit of the cell at `row`, `column`, if the cell is on a 20×20 board.
#[inline]
fn bit_of(row: Row, column: Column) -> Option<usize> {
    let (row, col) = (row.index(), column.index());
    if row < MAX_SIZE && col < MAX_SIZE {
        Some(row * STRIDE + col)
    } else {
        None
    }
}

impl BitOr for Cells {
    type Output = Cells;
    #[inline]
    fn bitor(mut self, rhs: Cells) -> Cells {
        self |= rhs;
        self
    }
}

impl BitOrAssign for Cells {
    #[inline]
    fn bitor_assign(&mut self, rhs: Cells) {
        for (o, r) in self.0.iter_mut().zip(rhs.0) {
            *o |= r;
        }
    }
}

impl BitAnd for Cells {
    type Output = Cells;
    #[inline]
    fn bitand(mut self, rhs: Cells) -> Cells {
        for (o, r) in self.0.iter_mut().zip(rhs.0) {
            *o &= r;
        }
        self
    }
}
