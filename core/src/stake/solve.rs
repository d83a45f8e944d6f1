//! The exact solver: negamax alpha-beta over the empty cells, with a transposition table that
//! holds, for every pattern of the empties, an interval known to contain its value.

use super::MAX_EMPTIES;
use super::board::{Board, Move};
use super::region::largest_region;
use core::fmt;

/// Above the magnitude of any value (a value is at most 64 in magnitude).
const INFINITY: i32 = 100;

/// The loosest interval a slot can hold: every value lies in it.
const UNKNOWN: Slot = Slot { lo: -64, hi: 64 };

/// One transposition-table slot: the value of one pattern of the empties, from the side to
/// move's point of view, lies in `lo..=hi`. Two bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    lo: i8,
    hi: i8,
}

/// An empty slot (nothing known).
impl Default for Slot {
    fn default() -> Self {
        UNKNOWN
    }
}

/// The table length [`solve`] needs for a position with `empties` empty cells: `3^empties`
/// (each empty cell holds `0`, `1` or nothing). Saturates instead of overflowing.
pub const fn table_len(empties: u32) -> usize {
    let mut len: usize = 1;
    let mut i = 0;
    while i < empties {
        len = len.saturating_mul(3);
        i += 1;
    }
    len
}

/// The table length that serves every position: `3^10` = 59,049 slots (118,098 bytes).
pub const TABLE_LEN: usize = table_len(MAX_EMPTIES as u32);

/// The best move for the side to move and the value it secures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The move's 0-based row.
    pub row: u8,
    /// The move's 0-based column.
    pub col: u8,
    /// The final score of the side to move minus the opponent's, with perfect play by both.
    pub value: i32,
    /// Positions the search visited (root and leaves included).
    pub nodes: u64,
}

impl Solution {
    /// The move.
    pub const fn mv(&self) -> Move {
        Move::from_frame_index((self.row as u32 & 7) * 8 + (self.col as u32 & 7))
    }
}

/// Prints `(r,c) v`, the contest's answer line (without the newline).
impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{}) {}", self.row, self.col, self.value)
    }
}

/// Why a position cannot be solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The board is full: there is no move to choose.
    GameOver,
    /// The table is shorter than [`table_len`] of the position's empties.
    TableTooSmall {
        /// The table's length.
        len: usize,
        /// The length needed.
        needed: usize,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SolveError::GameOver => write!(f, "the board is full: no move to choose"),
            SolveError::TableTooSmall { len, needed } => {
                write!(f, "the table has {len} slots, the position needs {needed}")
            }
        }
    }
}

impl core::error::Error for SolveError {}

/// Solves `board` exactly: the best move for the side to move (among equally good moves, the
/// first in (row, column) order) and its value with perfect play by both sides.
///
/// `table` is scratch space of at least [`table_len`]`(empties)` slots ([`TABLE_LEN`] serves
/// every board); its old contents do not matter.
///
/// # Errors
/// [`SolveError::GameOver`] for a full board, [`SolveError::TableTooSmall`] for a short table.
///
/// # Examples
/// ```
/// use duel_core::stake::{Board, Slot, TABLE_LEN, solve};
///
/// let rows: [&[u8]; 4] = [b"0.01", b"0.01", b"1..0", b".1.."];
/// let board = Board::from_rows(&rows).unwrap();
/// let mut table = vec![Slot::default(); TABLE_LEN];
/// assert_eq!(solve(&board, &mut table).unwrap().to_string(), "(2,2) -1");
/// ```
pub fn solve(board: &Board, table: &mut [Slot]) -> Result<Solution, SolveError> {
    let empties = board.empties();
    let count = empties.count_ones();
    if count == 0 {
        return Err(SolveError::GameOver);
    }
    let needed = table_len(count);
    let Some(table) = table.get_mut(..needed) else {
        return Err(SolveError::TableTooSmall { len: table.len(), needed });
    };
    table.fill(UNKNOWN);

    let mut search = Search { cells: [0; 16], weight: [0; 16], table, nodes: 1 };
    let mut rest = empties;
    let mut i = 0;
    let mut power = 1;
    while rest != 0 && i < MAX_EMPTIES {
        search.cells[i] = rest & rest.wrapping_neg();
        search.weight[i] = power;
        power *= 3;
        rest &= rest - 1;
        i += 1;
    }
    let mover = board.cells_of(board.to_move());
    let other = board.cells_of(board.to_move().opponent());
    let free = (1u16 << count) - 1;

    // The root searches its moves in (row, column) order with the window (best, ∞): a move
    // replaces the best only when its value is strictly greater, and a value above `best` is
    // exact because the window has no upper bound. So the first of equally good moves wins.
    let mut best = -INFINITY;
    let mut best_cell = 0;
    for cell in 0..count as usize {
        let bit = 1u16 << cell;
        let value = -search.negamax(
            other,
            mover | search.cells[cell & 15],
            free & !bit,
            search.weight[cell & 15],
            2,
            -INFINITY,
            -best,
        );
        if value > best {
            best = value;
            best_cell = cell;
        }
    }
    let mv = Move::from_frame_index(search.cells[best_cell & 15].trailing_zeros());
    Ok(Solution { row: mv.row(), col: mv.col(), value: best, nodes: search.nodes })
}

/// The state of one solve.
struct Search<'t> {
    /// The bit of the i-th empty cell of the root, in (row, column) order.
    cells: [u64; 16],
    /// `3^i`: the i-th empty cell's weight in a table index.
    weight: [usize; 16],
    /// One slot per pattern of the empties (index: Σ digit·3^i, digit 0 empty, 1 a `0`, 2 a
    /// `1`).
    table: &'t mut [Slot],
    /// Positions visited.
    nodes: u64,
}

impl Search<'_> {
    /// The value for the side to move, who owns `mover` and writes digit `digit` (1 for `0`, 2
    /// for `1`), with the root's empties `free` still empty and table index `index`.
    ///
    /// Fail-soft: a result at most `alpha` bounds the value from above, at least `beta` from
    /// below; in between it is exact.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        mover: u64,
        other: u64,
        free: u16,
        index: usize,
        digit: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if free == 0 {
            return largest_region(mover) as i32 - largest_region(other) as i32;
        }
        if free & (free - 1) == 0 {
            // One empty cell: the move is forced and ends the game.
            self.nodes += 1;
            let cell = self.cells[free.trailing_zeros() as usize & 15];
            return largest_region(mover | cell) as i32 - largest_region(other) as i32;
        }

        let slot = self.table.get(index).copied().unwrap_or(UNKNOWN);
        let (lo, hi) = (slot.lo as i32, slot.hi as i32);
        if lo >= beta {
            return lo;
        }
        if hi <= alpha || lo == hi {
            return hi;
        }
        let alpha = alpha.max(lo);
        let beta = beta.min(hi);

        let mut best = -INFINITY;
        let mut rest = free;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize & 15;
            rest &= rest - 1;
            let value = -self.negamax(
                other,
                mover | self.cells[cell],
                free & !(1 << cell),
                index + digit * self.weight[cell],
                3 - digit,
                -beta,
                -alpha.max(best),
            );
            if value > best {
                best = value;
                if best >= beta {
                    break;
                }
            }
        }

        let stored = if best <= alpha {
            Slot { lo: lo as i8, hi: best as i8 }
        } else if best >= beta {
            Slot { lo: best as i8, hi: hi as i8 }
        } else {
            Slot { lo: best as i8, hi: best as i8 }
        };
        if let Some(entry) = self.table.get_mut(index) {
            *entry = stored;
        }
        best
    }
}
