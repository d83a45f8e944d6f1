//! The exact solver: negamax alpha-beta over the empty cells, with a transposition table that
//! holds, for every pattern of the empties, an interval known to contain its value.

use super::MAX_EMPTIES;
use super::board::{Board, Move};
use super::region::{flood_bits, largest_region_over, spread};
use core::fmt;

/// Above the magnitude of any value (a value is at most 64 in magnitude).
const INFINITY: i32 = 100;

/// The loosest interval a slot can hold: every value lies in it. Its key matches no pattern
/// (patterns are below 3^10 = 59,049).
const UNKNOWN: Slot = Slot {
    key: u16::MAX,
    lo: -64,
    hi: 64,
};

/// One transposition-table slot: the value of the pattern of the empties numbered `key`, from
/// the side to move's point of view, lies in `lo..=hi`. Four bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    key: u16,
    lo: i8,
    hi: i8,
}

/// An empty slot (nothing known).
impl Default for Slot {
    fn default() -> Self {
        UNKNOWN
    }
}

/// The table length at which [`solve`] never has two patterns share a slot, for a position
/// with `empties` empty cells: `3^empties` (each empty cell holds `0`, `1` or nothing).
/// Saturates instead of overflowing.
pub const fn table_len(empties: u32) -> usize {
    let mut len: usize = 1;
    let mut i = 0;
    while i < empties {
        len = len.saturating_mul(3);
        i += 1;
    }
    len
}

/// The table length that gives every position a slot per pattern: `3^10` = 59,049 slots
/// (236,196 bytes). Shorter tables work too, more slowly.
pub const TABLE_LEN: usize = table_len(MAX_EMPTIES as u32);

/// The best move for the side to move and the value it secures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The best move.
    pub mv: Move,
    /// The final score of the side to move minus the opponent's, with perfect play by both.
    pub value: i32,
    /// Positions the search visited (root and leaves included).
    pub nodes: u64,
}

/// Prints `(r,c) v`, the contest's answer line (without the newline).
impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.mv, self.value)
    }
}

/// Why a position cannot be solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The board is full: there is no move to choose.
    GameOver,
    /// More than [`MAX_EMPTIES`] cells are empty (no [`Board`] has that many).
    TooManyEmpties {
        /// The number of empty cells.
        empties: u32,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SolveError::GameOver => write!(f, "the board is full: no move to choose"),
            SolveError::TooManyEmpties { empties } => {
                write!(f, "{empties} empty cells, at most {MAX_EMPTIES}")
            }
        }
    }
}

impl core::error::Error for SolveError {}

/// Solves `board` exactly: the best move for the side to move (among equally good moves, the
/// first in (row, column) order) and its value with perfect play by both sides.
///
/// `table` is scratch space of any length; its old contents do not matter. With
/// [`table_len`]`(empties)` slots ([`TABLE_LEN`] serves every board) each pattern of the empties
/// has a slot of its own; a shorter table (even an empty one) gives the same exact answer,
/// more slowly, as patterns then share slots.
///
/// # Errors
/// [`SolveError::GameOver`] for a full board.
///
/// # Examples
/// ```
/// use duel_core::stake::train::solve;
/// use duel_core::stake::{Board, Slot, TABLE_LEN};
///
/// let rows: [&[u8]; 4] = [b"0.01", b"0.01", b"1..0", b".1.."];
/// let board = Board::from_rows(&rows).unwrap();
/// let mut table = vec![Slot::default(); TABLE_LEN];
/// assert_eq!(solve(&board, &mut table).unwrap().to_string(), "(2,2) -1");
/// ```
pub fn solve(board: &Board, table: &mut [Slot]) -> Result<Solution, SolveError> {
    let empties = board.empties().bits();
    let count = empties.count_ones();
    if count == 0 {
        return Err(SolveError::GameOver);
    }
    if count as usize > MAX_EMPTIES {
        // Unreachable for a `Board` (its invariants allow ten), kept so no shift can overflow.
        return Err(SolveError::TooManyEmpties { empties: count });
    }
    let used = table.len().min(table_len(count));
    let table = &mut table[..used];
    table.fill(UNKNOWN);

    let mover = board.cells_of(board.to_move()).bits();
    let other = board.cells_of(board.to_move().other()).bits();
    let mut search = Search {
        cells: [0; 16],
        weight: [0; 16],
        live: [0; 2],
        settled: [0; 2],
        order: [[15; MAX_EMPTIES]; 2],
        table,
        nodes: 1,
    };
    for (side, fixed) in [mover, other].into_iter().enumerate() {
        // The regions of a side's fixed cells that touch no empty never change.
        let touching = flood_bits(spread(empties) & fixed, fixed);
        search.live[side] = touching | empties;
        search.settled[side] = largest_region_over(fixed & !touching, 0);
    }
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
    let free = (1u16 << count) - 1;
    search.order = [
        move_order(&search.cells, count, mover),
        move_order(&search.cells, count, other),
    ];

    // The root searches its moves in (row, column) order, and a move replaces the best only
    // when its value is strictly greater, so the first of equally good moves wins. Each move
    // after the first is probed with the null window (best, best + 1); one that beats `best`
    // is searched again with the window (best, ∞), where a result above `best` is exact.
    let mut best = -INFINITY;
    let mut best_cell = 0;
    for cell in 0..count as usize & 15 {
        let child_other = mover | search.cells[cell];
        let child_free = free & !(1 << cell);
        let index = search.weight[cell];
        let value = if child_free == 0 {
            search.region(0, child_other) - search.region(1, other)
        } else if best == -INFINITY {
            -search.negamax(
                other,
                child_other,
                child_free,
                index,
                2,
                -INFINITY,
                INFINITY,
            )
        } else {
            let probe = -search.negamax(other, child_other, child_free, index, 2, -best - 1, -best);
            if probe > best {
                -search.negamax(other, child_other, child_free, index, 2, -INFINITY, -best)
            } else {
                probe
            }
        };
        if value > best {
            best = value;
            best_cell = cell;
        }
    }
    Ok(Solution {
        mv: Move::from_frame_index(search.cells[best_cell & 15].trailing_zeros()),
        value: best,
        nodes: search.nodes,
    })
}

/// The order in which the owner of `own` tries the empties `cells[..count]`: cells that join
/// more of its fixed cells first, ties in index order. Only affects speed, never the result
/// (of the orders measured, it gave the fewest nodes in the slowest cases).
fn move_order(cells: &[u64; 16], count: u32, own: u64) -> [u8; MAX_EMPTIES] {
    let mut keys = [u32::MAX; MAX_EMPTIES];
    for (i, key) in keys.iter_mut().enumerate().take(count as usize) {
        let joined = flood_bits(spread(cells[i]) & own, own).count_ones();
        // Larger `joined` first; the index breaks ties.
        *key = (64 - joined) << 4 | i as u32;
    }
    keys.sort_unstable();
    let mut order = [15; MAX_EMPTIES];
    for (slot, key) in order.iter_mut().zip(keys) {
        if key != u32::MAX {
            *slot = (key & 15) as u8;
        }
    }
    order
}

/// The state of one solve.
struct Search<'t> {
    /// The bit of the i-th empty cell of the root, in (row, column) order.
    cells: [u64; 16],
    /// `3^i`: the i-th empty cell's weight in a table index.
    weight: [usize; 16],
    /// For the root's mover (0) and its opponent (1): the cells whose regions can still grow:
    /// every empty, and the fixed regions that touch one.
    live: [u64; 2],
    /// For each side: the largest fixed region that touches no empty.
    settled: [u32; 2],
    /// For each side: the empties (indices into `cells`) in the order that side tries them,
    /// most promising first; only the first `count` are used, the rest are 15 (never free).
    order: [[u8; MAX_EMPTIES]; 2],
    /// One slot per pattern of the empties (index: Σ digit·3^i, digit 0 empty, 1 claimed by
    /// the root's mover, 2 by its opponent).
    table: &'t mut [Slot],
    /// Positions visited.
    nodes: u64,
}

impl Search<'_> {
    /// The largest region of `side`, which owns `cells` (its fixed cells and those it has
    /// claimed).
    #[inline(always)]
    fn region(&self, side: usize, cells: u64) -> i32 {
        let side = side & 1;
        largest_region_over(cells & self.live[side], self.settled[side]) as i32
    }

    /// The value for the side to move, who owns `mover` and whose claims count `digit` in a
    /// table index (1 for the root's mover, 2 for its opponent), with the root's empties
    /// `free` still empty (at least one) and table index `index`.
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
        let slot = self.probe(index);
        let (lo, hi) = (slot.lo as i32, slot.hi as i32);
        if lo >= beta {
            return lo;
        }
        if hi <= alpha || lo == hi {
            return hi;
        }
        if free & (free - 1) == 0 {
            // One empty cell: the move is forced and ends the game.
            let cell = self.cells[free.trailing_zeros() as usize & 15];
            let side = digit - 1;
            let value = self.region(side, mover | cell) - self.region(1 - side, other);
            self.store(
                index,
                Slot {
                    key: index as u16,
                    lo: value as i8,
                    hi: value as i8,
                },
            );
            return value;
        }
        let alpha = alpha.max(lo);
        let beta = beta.min(hi);

        // The empties in the side's order.
        let side = (digit - 1) & 1;
        let mut moves = [0u8; 16];
        let mut len = 0;
        for &cell in &self.order[side] {
            if free & (1 << (cell & 15)) != 0 {
                moves[len & 15] = cell;
                len += 1;
            }
        }

        let mut best = -INFINITY;
        for &cell in &moves[..len.min(16)] {
            let cell = cell as usize & 15;
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
            Slot {
                key: index as u16,
                lo: lo as i8,
                hi: best as i8,
            }
        } else if best >= beta {
            Slot {
                key: index as u16,
                lo: best as i8,
                hi: hi as i8,
            }
        } else {
            Slot {
                key: index as u16,
                lo: best as i8,
                hi: best as i8,
            }
        };
        self.store(index, stored);
        best
    }

    /// What the table knows of pattern `index`: its slot if the slot holds that pattern.
    #[inline(always)]
    fn probe(&self, index: usize) -> Slot {
        match self
            .table
            .get(index.checked_rem(self.table.len()).unwrap_or(0))
        {
            Some(&slot) if usize::from(slot.key) == index => slot,
            _ => UNKNOWN,
        }
    }

    /// Writes `slot` (keyed by its pattern `index`) into the table, replacing what was there.
    #[inline(always)]
    fn store(&mut self, index: usize, slot: Slot) {
        let len = self.table.len();
        if let Some(entry) = self.table.get_mut(index.checked_rem(len).unwrap_or(0)) {
            *entry = slot;
        }
    }
}
