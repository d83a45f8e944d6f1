//! The exact endgame solver: negamax with principal-variation search over the final disc
//! difference (empties to the winner).
//!
//! - Deep nodes (more than [`SHALLOW_EMPTIES`] empties): a transposition table (its own hash
//!   salt, so it may share a slice with the midgame search; buckets of two slots in one cache
//!   line, one keeping the position with the most empties, one always taking the newest),
//!   enhanced transposition cut-offs from [`ETC_EMPTIES`] empties, stability cut-offs, and
//!   fastest-first ordering (fewest weighted opponent replies, least opponent potential
//!   mobility, corners, parity). From [`NWS_EVAL_EMPTIES`] empties null-window nodes add the
//!   ordering evaluation ([`OrderEval`]) of each child (a one-ply search of it from
//!   [`NWS_DEEPER_EMPTIES`]); principal-variation nodes from [`ORDER_SEARCH_EMPTIES`] order by
//!   a one-ply search, the root by a deeper one, and with the trained evaluation
//!   ([`TrainedOrder`], the hosted default) every node from 18 empties by a two-ply search and
//!   from 22 by a three-ply one. The firmware orders by the compact [`CompactOrder`].
//! - Shallow nodes (the private `shallow` module): no table; fastest-first from 7 empties, parity order
//!   (moves in quadrants with an odd number of empties first) below.
//! - The last five empties: no move generation at all, only the empty squares tried in parity
//!   order by dedicated 5-, 4-, 3- and 2-empty functions; the very last one counts its flips
//!   from table lookups without building a board.
//!
//! The search reads its [`Budget`] once per deep node and unwinds as soon as it runs out:
//! [`solve`] then returns `None`.
//!
//! Its table steps are the ones every search shares ([`crate::tt`]): [`Bound::of`] for the
//! store and [`Entry::cut`] for the probe (at depth 0: an entry of a position always has its
//! empties).

use super::bits;
use super::board::{Board, Move, Square, hash};
use super::pattern;
use super::score::final_margin;
use crate::budget::Budget;
use crate::tt::{Bound, Entry, NO_MOVE, TranspositionTable};
use core::marker::PhantomData;

mod shallow;

/// At most this many empties: searched without the table (the private `shallow` module).
pub const SHALLOW_EMPTIES: u32 = 8;

/// At least this many empties: moves are ordered by a shallow evaluation search.
pub const ORDER_SEARCH_EMPTIES: u32 = 10;

/// At least this many empties: enhanced transposition cut-offs are tried.
pub const ETC_EMPTIES: u32 = 11;

/// At least this many empties: an exact solve proves win, draw or loss first.
pub const PREPASS_EMPTIES: u32 = 16;

/// At least this many empties: null-window nodes add each child's pattern evaluation to its
/// ordering key.
pub const NWS_EVAL_EMPTIES: u32 = 12;

/// At least this many empties: null-window nodes order by a one-ply search of each child over
/// the ordering evaluation.
pub const NWS_DEEPER_EMPTIES: u32 = 15;

/// The ordering evaluation (1/256 disc) is divided by this in the ordering key.
const EVAL_DIVISOR: i32 = 4;

/// Plies of the evaluation search whose score is the first guess of [`Solver::converge`].
const GUESS_DEPTH: u32 = 4;

/// Above any final disc difference.
const INF: i32 = 65;

/// Xored into the position hash so the solver's entries never match the midgame search's.
const SALT: u64 = 0x5EED_0F0E_DDA0_57A1;

/// The four quadrants of the board, for parity ordering.
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// What the solver proves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveMode {
    /// The exact final disc difference (window -64..64).
    Exact,
    /// Only win, draw or loss (window -1..1): cheaper. The score is then -1, 0 or 1.
    WinLossDraw,
}

/// The result of a finished solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// A best move ([`Move::Pass`] when the side to move must pass, or when the game is over).
    pub best: Move,
    /// The final disc difference for the side to move under perfect play (with
    /// [`SolveMode::WinLossDraw`]: its sign).
    pub score: i32,
    /// Nodes searched.
    pub nodes: u64,
}

/// An evaluation the solver orders its moves by: the predicted final disc difference for the
/// side to move, in 1/256 disc. Only the order of moves depends on it, never a score.
pub trait OrderEval {
    /// The weight of the mobility key beside the evaluation (1/256 disc divided by
    /// the divisor of the evaluation): the better the evaluation, the less.
    const MOBILITY_WEIGHT: i32;
    /// At least this many empties: every deep node orders by a two-ply search of each child.
    const DEPTH2_EMPTIES: u32;
    /// At least this many empties: every deep node orders by a three-ply search of each child.
    const DEPTH3_EMPTIES: u32;
    /// The prediction for the side-relative discs `p` (to move) and `o`.
    fn order_score(p: u64, o: u64) -> i32;
}

/// Orders by the compact pattern evaluation ([`super::pattern`], 39 KB of weights): the
/// firmware's ordering.
#[derive(Clone, Copy, Debug, Default)]
pub struct CompactOrder;

impl OrderEval for CompactOrder {
    const MOBILITY_WEIGHT: i32 = 8;
    const DEPTH2_EMPTIES: u32 = 65;
    const DEPTH3_EMPTIES: u32 = 65;
    #[inline]
    fn order_score(p: u64, o: u64) -> i32 {
        pattern::score(p, o)
    }
}

/// Orders by the trained midgame evaluation ([`super::trained`], 4 MB of weights): the hosted
/// builds' ordering.
#[derive(Clone, Copy, Debug, Default)]
pub struct TrainedOrder;

impl OrderEval for TrainedOrder {
    const MOBILITY_WEIGHT: i32 = 1;
    const DEPTH2_EMPTIES: u32 = 18;
    const DEPTH3_EMPTIES: u32 = 22;
    #[inline]
    fn order_score(p: u64, o: u64) -> i32 {
        super::trained::Trained::raw(p, o) * (256 / super::trained::UNIT)
    }
}

/// The ordering of [`solve`] and [`solve_with`]: the trained evaluation, except on targets
/// without an operating system (the firmware), where it is the compact one so that the 4 MB
/// tables are never linked there. Callers that want one explicitly use [`solve_ordered`].
#[cfg(not(target_os = "none"))]
pub type DefaultOrder = TrainedOrder;
/// The ordering of [`solve`] and [`solve_with`]: the trained evaluation, except on targets
/// without an operating system (the firmware), where it is the compact one so that the 4 MB
/// tables are never linked there. Callers that want one explicitly use [`solve_ordered`].
#[cfg(target_os = "none")]
pub type DefaultOrder = CompactOrder;

/// Solves `board` exactly. `tt` is the transposition table (any length; its old contents are
/// reused). `None` when `budget` ran out first.
pub fn solve(board: &Board, tt: &mut [Entry], budget: &mut Budget<'_>) -> Option<Solution> {
    solve_with(board, tt, budget, SolveMode::Exact)
}

/// Solves `board` in `mode`; see [`solve`].
pub fn solve_with(
    board: &Board,
    tt: &mut [Entry],
    budget: &mut Budget<'_>,
    mode: SolveMode,
) -> Option<Solution> {
    solve_ordered::<DefaultOrder>(board, tt, budget, mode)
}

/// Solves `board` in `mode`, ordering moves by `O`; see [`solve`]. The answer (score, and
/// whether it finishes within a budget aside) does not depend on `O`; the move and the node
/// count may.
pub fn solve_ordered<O: OrderEval>(
    board: &Board,
    tt: &mut [Entry],
    budget: &mut Budget<'_>,
    mode: SolveMode,
) -> Option<Solution> {
    // Buckets of two slots, side by side (one cache line when the caller's slice is 32-byte
    // aligned). The layout never depends on the slice's address: the same position and node
    // budget give the same answer and node count wherever the table lives (host or firmware).
    let table = tt;
    let buckets = table.len() / 2;
    let mut solver = Solver::<O> {
        table,
        buckets,
        budget,
        nodes: 0,
        stopped: false,
        order: PhantomData,
    };
    let (alpha, beta) = match mode {
        SolveMode::Exact => (-INF, INF),
        SolveMode::WinLossDraw => (-1, 1),
    };
    let (p, o) = (board.player().bits(), board.opponent().bits());
    let (best, score) = if mode == SolveMode::Exact && board.empties() >= PREPASS_EMPTIES {
        // Win, draw or loss first: cheap, it fills the table with good moves, and it halves
        // the window of the exact search (or ends it, for a draw).
        let (mv, wld) = solver.root(p, o, -1, 1);
        if wld == 0 || solver.stopped {
            (mv, wld)
        } else {
            let (lower, upper) = if wld > 0 { (1, 64) } else { (-64, -1) };
            let guess = solver.order_search(p, o, GUESS_DEPTH, -INF_EVAL, INF_EVAL);
            let guess = 2 * (guess / (2 * pattern::SCALAR_UNIT));
            solver.converge(p, o, (lower, upper), guess, mv)
        }
    } else {
        solver.root(p, o, alpha, beta)
    };
    if solver.stopped {
        return None;
    }
    let score = match mode {
        SolveMode::Exact => score,
        SolveMode::WinLossDraw => score.signum(),
    };
    Some(Solution {
        best,
        score,
        nodes: solver.nodes,
    })
}

struct Solver<'t, 'b, 'c, O> {
    /// The table as buckets of two adjacent slots: the first keeps the position with the most
    /// empties (the costliest to search again) until one at least as deep comes; the second
    /// always takes whatever the first would not.
    table: &'t mut [Entry],
    /// The number of whole buckets in `table`.
    buckets: usize,
    budget: &'b mut Budget<'c>,
    nodes: u64,
    stopped: bool,
    /// The ordering evaluation.
    order: PhantomData<O>,
}

/// A move of a deep node with its ordering key.
#[derive(Clone, Copy, Default)]
struct Candidate {
    flips: u64,
    square: u8,
    key: i32,
}

/// Moves counted with corner moves twice.
#[inline]
fn weighted_mobility(moves: u64) -> i32 {
    (moves.count_ones() + (moves & bits::CORNERS).count_ones()) as i32
}

/// The union of the quadrants holding an odd number of `empty` squares.
#[inline]
fn odd_quadrants(empty: u64) -> u64 {
    let mut mask = 0;
    for q in QUADRANTS {
        if (empty & q).count_ones() & 1 == 1 {
            mask |= q;
        }
    }
    mask
}

/// The smallest alpha at which a stability test may pay off with `empties` empties.
#[inline]
fn stability_threshold(empties: u32) -> i32 {
    if empties < 4 {
        INF
    } else {
        (empties as i32).min(62)
    }
}

impl<O: OrderEval> Solver<'_, '_, '_, O> {
    /// The two slots of the bucket for `key`: (depth-preferred, always-replace).
    #[inline]
    fn bucket(&mut self, key: u64) -> Option<(&mut [Entry], &mut [Entry])> {
        let b = ((key as u128 * self.buckets as u128) >> 64) as usize;
        let pair = self.table.get_mut(2 * b..2 * b + 2)?;
        Some(pair.split_at_mut(1))
    }

    #[inline]
    fn probe(&mut self, key: u64) -> Option<Entry> {
        let (deep, fresh) = self.bucket(key)?;
        TranspositionTable::new(deep)
            .probe(key)
            .or_else(|| TranspositionTable::new(fresh).probe(key))
    }

    #[inline]
    fn store(&mut self, key: u64, empties: u32, score: i32, bound: Bound, best: u16) {
        let Some((deep, fresh)) = self.bucket(key) else {
            return;
        };
        let take = match deep.first() {
            Some(e) => e.bound() == Bound::None || u32::from(e.depth()) <= empties,
            None => false,
        } || TranspositionTable::new(deep).probe(key).is_some();
        let table = if take { deep } else { fresh };
        TranspositionTable::new(table).store(key, empties as u8, score, bound, best);
    }

    /// The root: every move searched with a principal-variation window.
    fn root(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> (Move, i32) {
        let empties = (!(p | o)).count_ones();
        let moves = bits::moves(p, o);
        if moves == 0 {
            if bits::moves(o, p) == 0 {
                return (Move::Pass, final_margin(p, o));
            }
            return (Move::Pass, -self.search(o, p, -beta, -alpha, empties));
        }
        let key = hash(p, o) ^ SALT;
        let tt_move = self.probe(key).map_or(NO_MOVE, |e| e.best());
        let mut list = [Candidate::default(); 64];
        let eval_depth = if empties >= 18 { 4 } else { 2 };
        let n = self.candidates(p, o, moves, Some(eval_depth), tt_move, &mut list);
        let (best, best_square) =
            self.search_candidates(p, o, &mut list[..n], alpha, beta, empties);
        if !self.stopped {
            self.store(
                key,
                empties,
                best,
                Bound::of(best, alpha, beta),
                best_square,
            );
        }
        let mv = Square::new(best_square as u8).map_or(Move::Pass, Move::Place);
        (mv, best)
    }

    /// MTD(f) at the root: null-window searches, each at the last score returned, until the
    /// bounds on the score meet. `bounds` hold the score; `best` is a move reaching the lower
    /// bound (replaced by the move of every search that fails high).
    fn converge(
        &mut self,
        p: u64,
        o: u64,
        bounds: (i32, i32),
        mut guess: i32,
        mut best: Move,
    ) -> (Move, i32) {
        let (mut lower, mut upper) = bounds;
        while lower < upper {
            // Is the score at least `beta`? Always a new question: lower < beta <= upper.
            let beta = guess.clamp(lower + 1, upper);
            let (mv, score) = self.root(p, o, beta - 1, beta);
            if self.stopped {
                break;
            }
            if score >= beta {
                lower = score;
                best = mv;
            } else {
                upper = score;
            }
            guess = score;
        }
        (best, lower)
    }

    /// Searches `list` (the moves of `(p, o)` with `empties` empties) best key first, the
    /// first child with the whole window and the others by [`Self::pvs_child`]; stops at a
    /// cut-off or when the budget runs out (`self.stopped`). Returns the fail-soft best score
    /// and its square.
    #[inline(always)]
    fn search_candidates(
        &mut self,
        p: u64,
        o: u64,
        list: &mut [Candidate],
        mut alpha: i32,
        beta: i32,
        empties: u32,
    ) -> (i32, u16) {
        let mut best = -INF;
        let mut best_square = NO_MOVE;
        for i in 0..list.len() {
            let c = pick(list, i);
            let (cp, co) = (o ^ c.flips, p | c.flips | (1u64 << c.square));
            let score = self.pvs_child(cp, co, alpha, beta, empties - 1, i == 0);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                best_square = c.square as u16;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        (best, best_square)
    }

    /// A child of a PVS node: the first with the full window, the others with a null window
    /// and a re-search when they land inside it.
    #[inline]
    fn pvs_child(
        &mut self,
        cp: u64,
        co: u64,
        alpha: i32,
        beta: i32,
        empties: u32,
        first: bool,
    ) -> i32 {
        if first || beta - alpha <= 1 {
            return -self.search(cp, co, -beta, -alpha, empties);
        }
        let s = -self.search(cp, co, -alpha - 1, -alpha, empties);
        if s > alpha && s < beta && !self.stopped {
            -self.search(cp, co, -beta, -alpha, empties)
        } else {
            s
        }
    }

    /// The value of `(p, o)` with `empties` empties, fail-soft within `alpha..beta`.
    #[inline]
    fn search(&mut self, p: u64, o: u64, alpha: i32, beta: i32, empties: u32) -> i32 {
        if empties > SHALLOW_EMPTIES {
            self.deep(p, o, alpha, beta, empties)
        } else if empties > 4 {
            self.shallow(p, o, alpha, beta, empties)
        } else {
            self.last_four(p, o, alpha, beta)
        }
    }

    /// Fills `list` with the moves of `moves` and their ordering keys; returns how many.
    fn candidates(
        &mut self,
        p: u64,
        o: u64,
        moves: u64,
        eval_depth: Option<u32>,
        tt_move: u16,
        list: &mut [Candidate; 64],
    ) -> usize {
        let empty = !(p | o);
        let empties = empty.count_ones();
        let odd = odd_quadrants(empty);
        let mut n = 0;
        let mut m = moves;
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            let bit = 1u64 << sq;
            let f = bits::flips(sq, p, o);
            let (cp, co) = (o ^ f, p | f | bit);
            let key = if sq as u16 == tt_move {
                1 << 28
            } else {
                let replies = bits::moves(cp, co);
                let mut k = -(weighted_mobility(replies) << 6);
                k -= (bits::neighbours(co) & empty & !bit).count_ones() as i32;
                if bit & bits::CORNERS != 0 {
                    k += 8;
                }
                if bit & odd != 0 && empties < 14 {
                    k += 6;
                }
                if let Some(depth) = eval_depth {
                    let v = self.order_search(cp, co, depth, -INF_EVAL, INF_EVAL);
                    k = k * O::MOBILITY_WEIGHT - v / EVAL_DIVISOR;
                }
                k
            };
            if let Some(slot) = list.get_mut(n) {
                *slot = Candidate {
                    flips: f,
                    square: sq as u8,
                    key,
                };
                n += 1;
            }
        }
        n
    }

    /// A small alpha-beta over the pattern evaluation (1/256 disc), for ordering only.
    fn order_search(&mut self, p: u64, o: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if depth == 0 {
            return O::order_score(p, o);
        }
        let moves = bits::moves(p, o);
        if moves == 0 {
            if bits::moves(o, p) == 0 {
                return final_margin(p, o) * pattern::SCALAR_UNIT;
            }
            return -self.order_search(o, p, depth, -beta, -alpha);
        }
        let mut best = -INF_EVAL;
        let mut m = moves;
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            let f = bits::flips(sq, p, o);
            let s = -self.order_search(o ^ f, p | f | (1u64 << sq), depth - 1, -beta, -alpha);
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// A node with the table, stability cut-offs and fastest-first ordering.
    fn deep(&mut self, p: u64, o: u64, mut alpha: i32, mut beta: i32, empties: u32) -> i32 {
        self.nodes += 1;
        if self.budget.tick() {
            self.stopped = true;
            return 0;
        }
        let moves = bits::moves(p, o);
        if moves == 0 {
            if bits::moves(o, p) == 0 {
                return final_margin(p, o);
            }
            return -self.deep(o, p, -beta, -alpha, empties);
        }
        if alpha >= stability_threshold(empties) {
            let upper = 64 - 2 * bits::stable(o, p).count_ones() as i32;
            if upper <= alpha {
                return upper;
            }
            beta = beta.min(upper);
        } else if -beta >= stability_threshold(empties) {
            // The mirror test: the player's own stable discs may already reach beta.
            let lower = 2 * bits::stable(p, o).count_ones() as i32 - 64;
            if lower >= beta {
                return lower;
            }
            alpha = alpha.max(lower);
        }
        let key = hash(p, o) ^ SALT;
        let mut tt_move = NO_MOVE;
        if let Some(e) = self.probe(key) {
            tt_move = e.best();
            // Depth 0: an entry of the same position has the same empties, so it is deep
            // enough.
            if let Some(s) = e.cut(0, &mut alpha, &mut beta) {
                return s;
            }
        }
        if empties >= ETC_EMPTIES {
            if let Some(cut) = self.etc(p, o, moves, beta) {
                return cut;
            }
        }
        let mut list = [Candidate::default(); 64];
        let pv = beta - alpha > 1;
        let eval_depth = if empties >= O::DEPTH3_EMPTIES {
            Some(3)
        } else if empties >= O::DEPTH2_EMPTIES {
            Some(2)
        } else if (pv && empties >= ORDER_SEARCH_EMPTIES) || empties >= NWS_DEEPER_EMPTIES {
            Some(1)
        } else if empties >= NWS_EVAL_EMPTIES {
            Some(0)
        } else {
            None
        };
        let n = self.candidates(p, o, moves, eval_depth, tt_move, &mut list);
        let (best, best_square) =
            self.search_candidates(p, o, &mut list[..n], alpha, beta, empties);
        if self.stopped {
            return 0;
        }
        self.store(
            key,
            empties,
            best,
            Bound::of(best, alpha, beta),
            best_square,
        );
        best
    }

    /// Enhanced transposition cut-off: a child whose stored upper bound already proves a
    /// fail-high here.
    fn etc(&mut self, p: u64, o: u64, moves: u64, beta: i32) -> Option<i32> {
        let mut m = moves;
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            let f = bits::flips(sq, p, o);
            let key = hash(o ^ f, p | f | (1u64 << sq)) ^ SALT;
            if let Some(e) = self.probe(key) {
                if matches!(e.bound(), Bound::Upper | Bound::Exact) && -e.score() >= beta {
                    return Some(-e.score());
                }
            }
        }
        None
    }
}

/// Above any evaluation the ordering search returns.
const INF_EVAL: i32 = 1 << 24;

/// Moves the highest-keyed candidate of `list[i..]` to `list[i]` and returns it.
#[inline]
fn pick(list: &mut [Candidate], i: usize) -> Candidate {
    let mut best = i;
    let mut j = i + 1;
    while j < list.len() {
        if list[j].key > list[best].key {
            best = j;
        }
        j += 1;
    }
    list.swap(i, best);
    list[i]
}
