//! The board: a bitboard per digit, moves, and the rules of play.

use super::MAX_EMPTIES;
use super::region::largest_region;
use crate::bitboard::Bitboard;
use crate::coord::{Column, Row};
use crate::game::{Game, Score};
use core::fmt;

/// One of the two sides (the colours of the other games), named by the digit it writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Writes `0`, moves first.
    Zero,
    /// Writes `1`.
    One,
}

impl Mark {
    /// The other player.
    pub const fn other(self) -> Self {
        match self {
            Mark::Zero => Mark::One,
            Mark::One => Mark::Zero,
        }
    }

    /// The digit this player writes: `b'0'` or `b'1'`.
    pub const fn digit(self) -> u8 {
        match self {
            Mark::Zero => b'0',
            Mark::One => b'1',
        }
    }
}

/// A move: the cell an empty square is claimed in, as `row * 8 + col` of the 8×8 frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u8);

impl Move {
    /// The move at `row`, `column`, both 0-based; `None` outside the 8×8 frame.
    pub const fn at(row: Row, column: Column) -> Option<Self> {
        if row.0 < 8 && column.0 < 8 {
            Some(Self(row.0 * 8 + column.0))
        } else {
            None
        }
    }

    /// The move at frame index `index` (`row * 8 + col`); `None` for 64 and above.
    pub const fn from_index(index: u32) -> Option<Self> {
        if index < 64 {
            Some(Self(index as u8))
        } else {
            None
        }
    }

    /// The move at frame index `index` taken modulo 64 (for indices known to be in range).
    pub(crate) const fn from_frame_index(index: u32) -> Self {
        Self((index & 63) as u8)
    }

    /// The 0-based row.
    pub const fn row(self) -> Row {
        Row(self.0 / 8)
    }

    /// The 0-based column.
    pub const fn column(self) -> Column {
        Column(self.0 % 8)
    }

    /// The frame index, `row * 8 + col` (below 64).
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The move's cell as a set of one.
    pub const fn bit(self) -> Bitboard {
        Bitboard(1 << (self.0 & 63))
    }
}

/// Prints `(r,c)`, as the contest does.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row().0, self.column().0)
    }
}

/// The legal moves of a position: one per empty cell, at most [`MAX_EMPTIES`].
pub type MoveList = crate::game::MoveList<Move, MAX_EMPTIES>;

/// A move that cannot be played: off the board or on a claimed cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMoveError {
    /// The move asked for.
    pub mv: Move,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not an empty cell of the board", self.mv)
    }
}

impl core::error::Error for IllegalMoveError {}

/// A position: the cells of each digit in an 8×8 frame (bit `row * 8 + col`) and the mask of
/// the n×n board's cells.
///
/// Every `Board` keeps the contest's invariants: the size is 1..=8, the two digits are disjoint
/// cells of the board, there are as many `0`s as `1`s or one more `0`, and at most
/// [`MAX_EMPTIES`] cells are empty (a finished board has none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    zeros: u64,
    ones: u64,
    cells: u64,
    size: u8,
}

/// The mask of an n×n board in the 8×8 frame (`size` ≤ 8).
pub(crate) const fn board_mask(size: usize) -> u64 {
    let row: u64 = if size >= 8 { 0xFF } else { (1 << size) - 1 };
    let mut mask = 0;
    let mut r = 0;
    while r < size && r < 8 {
        mask |= row << (8 * r);
        r += 1;
    }
    mask
}

impl Board {
    /// A board from its parts; the caller ([`super::BoardBuilder`]) has checked the invariants.
    pub(crate) const fn from_parts(size: u8, zeros: u64, ones: u64) -> Self {
        Self {
            zeros,
            ones,
            cells: board_mask(size as usize),
            size,
        }
    }

    /// The side length n.
    pub const fn size(&self) -> usize {
        self.size as usize
    }

    /// The board's cells in the 8×8 frame.
    pub const fn cells(&self) -> Bitboard {
        Bitboard(self.cells)
    }

    /// The cells holding `0`.
    pub const fn zeros(&self) -> Bitboard {
        Bitboard(self.zeros)
    }

    /// The cells holding `1`.
    pub const fn ones(&self) -> Bitboard {
        Bitboard(self.ones)
    }

    /// The cells of `player`'s digit.
    pub const fn cells_of(&self, player: Mark) -> Bitboard {
        match player {
            Mark::Zero => self.zeros(),
            Mark::One => self.ones(),
        }
    }

    /// The empty cells.
    pub const fn empties(&self) -> Bitboard {
        Bitboard(self.cells & !(self.zeros | self.ones))
    }

    /// Whether no cell is empty (the game is over).
    pub const fn is_over(&self) -> bool {
        self.empties().is_empty()
    }

    /// The player to move: `0` when the counts are equal, `1` when there is one more `0`.
    pub const fn to_move(&self) -> Mark {
        if self.zeros.count_ones() == self.ones.count_ones() {
            Mark::Zero
        } else {
            Mark::One
        }
    }

    /// The digit at `row`, `column`: `Some(b'0')`, `Some(b'1')`, `Some(b'.')` for an empty
    /// cell, `None` off the board.
    pub const fn at(&self, row: Row, column: Column) -> Option<u8> {
        if row.0 >= self.size || column.0 >= self.size {
            return None;
        }
        let bit = 1u64 << (row.index() * 8 + column.index());
        Some(if self.zeros & bit != 0 {
            b'0'
        } else if self.ones & bit != 0 {
            b'1'
        } else {
            b'.'
        })
    }

    /// The legal moves, in (row, column) order: every empty cell.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        for cell in self.empties() {
            list.push(Move::from_frame_index(cell));
        }
        list
    }

    /// The position after the player to move claims `mv`.
    ///
    /// # Errors
    /// [`IllegalMoveError`] when `mv` is not an empty cell of the board.
    pub const fn play(&self, mv: Move) -> Result<Self, IllegalMoveError> {
        if !self.empties().intersects(mv.bit()) {
            return Err(IllegalMoveError { mv });
        }
        Ok(self.play_unchecked(mv))
    }

    /// The position after the player to move claims `mv`, which should be an empty cell; any
    /// other move leaves the board as it is.
    pub const fn play_unchecked(&self, mv: Move) -> Self {
        let bit = mv.bit().intersection(self.empties()).0;
        let mut next = *self;
        match self.to_move() {
            Mark::Zero => next.zeros |= bit,
            Mark::One => next.ones |= bit,
        }
        next
    }

    /// The largest 4-connected region of `player`'s digit (0 when it has no cell).
    pub const fn score(&self, player: Mark) -> u32 {
        largest_region(self.cells_of(player))
    }

    /// The value of the board for `player`: its score minus the opponent's (the game's value
    /// once the board is full).
    pub const fn value_for(&self, player: Mark) -> i32 {
        self.score(player) as i32 - self.score(player.other()) as i32
    }
}

/// Prints the n rows of `0`, `1` and `.`, each followed by a newline (the contest's rows).
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.size {
            for column in 0..self.size {
                let digit = self.at(Row(row), Column(column)).unwrap_or(b'?');
                write!(f, "{}", digit as char)?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl Game for Board {
    type Move = Move;
    type MoveList = MoveList;

    fn legal_moves(&self) -> MoveList {
        Board::legal_moves(self)
    }

    fn play_unchecked(&self, mv: Move) -> Self {
        Board::play_unchecked(self, mv)
    }

    fn outcome(&self) -> Option<Score> {
        if self.is_over() {
            Some(self.value_for(self.to_move()))
        } else {
            None
        }
    }

    fn hash(&self) -> u64 {
        let mut h = self.zeros.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 29;
        h ^= self.ones.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        h ^= h >> 32;
        h.wrapping_mul(0x1656_67B1_9E37_79F9) ^ self.size as u64
    }

    fn move_key(mv: Move) -> u16 {
        mv.index() as u16
    }
}
