//! The exact endgame: win/loss/draw, then the exact final margin, proven by bounded searches.
//!
//! # What "exact" means here
//!
//! In Ataxx a jump does not fill a cell, so the empty cells do not bound how long the game
//! can go on. The solver therefore proves its value with two kinds of depth-limited search
//! to the end of the game, in which a position still unfinished at the depth limit scores
//!
//! - as the worst possible outcome for the root's side to move (the *pessimistic* search,
//!   whose value is a lower bound of the true value), or
//! - as the best possible outcome for it (the *optimistic* search: an upper bound),
//!
//! deepening one ply at a time until the two bounds meet. Minimax is monotone in the values
//! of its leaves, and every other leaf is a finished game scored as [`Board::final_margin`]
//! scores it, so the pessimistic value can only be below the true value and the optimistic
//! one only above it: when they are equal, that is the true value, whatever happens beyond
//! the depth limit. The answer is either proven this way or not given (the budget ran out,
//! or [`MAX_SOLVE_DEPTH`] was reached).
//!
//! The game whose value is proven is the game as [`Board`] plays it: its moves (a forced pass
//! under standard rules), its end (under Botzone's rules after any move that leaves either
//! side without a move, the empty cells going to the side that can still move; under
//! standard rules when no piece can reach an empty cell, a draw after [`super::HALFMOVE_LIMIT`]
//! plies without a copy or capture) and its counters (Botzone's [`super::PLY_LIMIT`]).
//! It has **no repetition rule**, neither Botzone's circular move (a loss for its mover: the
//! player excludes the circular moves of the root, as the search does, but not those deeper
//! in the proof) nor the arena's threefold repetition under standard rules. The selective
//! search's convention, that a return to a position on the line or of the game since the
//! last copy scores 0, is a convention of neither rule set (Botzone's judge has the circular
//! move, and standard Ataxx no repetition rule at all: the arena adjudicates a third
//! occurrence as a draw, as cutechess does); the solver does not use it, which keeps every
//! value a function of the position alone and so safe to share through the table. A proven
//! value differs from the real game's only if a line of the proof repeats a position.
//!
//! # How
//!
//! A fail-soft negamax in which a node's result is a true bound in one direction only: at a
//! node whose mover the depth limit favours, a result below beta bounds the true value from
//! above; at the other side's nodes, a result above alpha bounds it from below (by induction
//! over the tree: those results are made only of finished games, the depth limit's value on
//! the far side of the bound, and such bounds of the children). Only those true bounds are
//! stored, in the caller's transposition table ([`crate::tt`], shared with the search) under
//! the position's key salted with its counter (the halfmove clock or the ply, which decide
//! the end), at depth 255: a true bound holds at any depth, and the search never reads the
//! salted keys. Win/loss/draw is settled first (windows around 0), then the margin. Moves are
//! tried in the table's order (the solver's move, else the search's), then by the evaluation
//! of the position they lead to (where enough depth remains), else by the board's gain order.

use super::board::{Board, MAX_MOVES};
use super::engine::outcome_score;
use super::eval::{Eval, PIECE};
use super::moves::Move;
use super::search::move_key;
use crate::Colour;
use crate::budget::Budget;
use crate::game::Score;
use crate::tt::{Bound, Entry, NO_MOVE, TranspositionTable};

/// The deepest bound searched: beyond it the solver gives up.
pub const MAX_SOLVE_DEPTH: u8 = 96;

/// Above every finished game's score: the depth limit's value for the side it favours.
const HORIZON: Score = super::WIN + 50 * PIECE;
/// Above [`HORIZON`]: the root's initial window.
const INFINITY: Score = HORIZON + 1;
/// Remaining depth from which moves are ordered by the evaluation.
const EVAL_ORDER_DEPTH: i32 = 3;
/// The salt of the solver's table keys.
const SALT: u64 = 0x5017_E4D0_A7A8_0000;

/// A proven result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// A move that achieves the value (among the moves not excluded).
    pub mv: Move,
    /// The final piece margin for the side to move with best play by both sides.
    pub margin: i32,
    /// The score of that margin ([`super::WIN`] plus the margin in [`PIECE`]s for a win).
    pub score: Score,
    /// The depth limit at which the bounds met.
    pub depth: u8,
    /// Nodes searched.
    pub nodes: u64,
}

/// The solver's table key of `board`: its search key salted with the counter that can end the
/// game (so two positions with different values never share a key but by collision).
#[inline]
fn key(board: &Board) -> u64 {
    let counter = match board.rules() {
        super::Rules::Botzone => board.ply(),
        super::Rules::Standard => board.halfmove(),
    };
    let h = board.hash_key() ^ SALT ^ u64::from(counter).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h ^ (h >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

/// One proof search: the table, the evaluation, the budget and the side the depth limit favours.
struct Solver<'a, 't, 'c> {
    tt: &'a mut TranspositionTable<'t>,
    eval: &'a Eval,
    budget: &'a mut Budget<'c>,
    /// The side for which an unfinished position at the depth limit scores [`HORIZON`].
    favoured: Colour,
}

impl Solver<'_, '_, '_> {
    /// Stores a true bound of `board`, merged with a bound of the other direction already
    /// there into an exact value.
    fn store(&mut self, key: u64, score: Score, bound: Bound, best: u16) {
        let bound = match self.tt.probe(key) {
            Some(e) if e.depth() == u8::MAX && e.score() == score && e.bound() != bound => {
                Bound::Exact
            }
            Some(e) if e.depth() == u8::MAX && e.bound() == Bound::Exact => return,
            _ => bound,
        };
        self.tt.store(key, u8::MAX, score, bound, best);
    }

    /// Orders `moves` of `board`: `first` (a table move) in front, then, with `depth` left,
    /// by the evaluation of the position after each (best for the mover first).
    fn order(&self, board: &Board, moves: &mut [Move], first: u16, depth: i32) {
        let mut start = 0;
        if first != NO_MOVE {
            if let Some(i) = moves.iter().position(|&m| move_key(m) == first) {
                if let Some(head) = moves.get_mut(..=i) {
                    head.rotate_right(1);
                }
                start = 1;
            }
        }
        let Some(rest) = moves.get_mut(start..) else {
            return;
        };
        if depth < EVAL_ORDER_DEPTH || rest.len() < 2 {
            return;
        }
        let mut keys = [0 as Score; MAX_MOVES];
        for (k, m) in keys.iter_mut().zip(rest.iter()) {
            let child = board.play_unchecked(*m);
            *k = match child.final_margin() {
                Some(margin) => -outcome_score(margin),
                None => -self.eval.score(&child),
            };
        }
        // Insertion sort by descending key (at most MAX_MOVES moves; stable).
        let n = rest.len().min(MAX_MOVES);
        for i in 1..n {
            let mut j = i;
            while j > 0 && keys[j - 1] < keys[j] {
                keys.swap(j - 1, j);
                rest.swap(j - 1, j);
                j -= 1;
            }
        }
    }

    /// The fail-soft value of `board` for its mover within `(alpha, beta)`, `depth` plies to
    /// the depth limit. Returns 0 once the budget stops (the caller checks).
    fn node(&mut self, board: &Board, depth: i32, mut alpha: Score, beta: Score) -> Score {
        if self.budget.tick() {
            return 0;
        }
        if let Some(margin) = board.final_margin() {
            return outcome_score(margin);
        }
        let mover_favoured = board.side() == self.favoured;
        if depth <= 0 {
            return if mover_favoured { HORIZON } else { -HORIZON };
        }
        let key = key(board);
        let mut first = NO_MOVE;
        if let Some(e) = self.tt.probe(key) {
            if e.depth() == u8::MAX {
                let (mut a, mut b) = (alpha, beta);
                if let Some(s) = e.cut(0, &mut a, &mut b) {
                    return s;
                }
            }
            first = e.best();
        } else if let Some(e) = self.tt.probe(board.hash_key()) {
            first = e.best();
        }
        let mut list = board.legal_moves();
        let moves = list.as_mut_slice();
        self.order(board, moves, first, depth);
        let alpha_orig = alpha;
        let mut best = -INFINITY;
        let mut best_key = NO_MOVE;
        for &mv in moves.iter() {
            let child = board.play_unchecked(mv);
            let s = -self.node(&child, depth - 1, -beta, -alpha);
            if self.budget.is_stopped() {
                return 0;
            }
            if s > best {
                best = s;
                best_key = move_key(mv);
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        // Only the bound made of true bounds is stored (see the module's doc).
        if mover_favoured && best < beta {
            self.store(key, best, Bound::Upper, best_key);
        } else if !mover_favoured && best > alpha_orig {
            self.store(key, best, Bound::Lower, best_key);
        }
        best
    }

    /// The root: the best of `moves` within `(alpha, beta)` and its index.
    fn root(
        &mut self,
        board: &Board,
        moves: &[Move],
        depth: i32,
        mut alpha: Score,
        beta: Score,
    ) -> (Score, usize) {
        let mut best = -INFINITY;
        let mut best_i = 0;
        for (i, &mv) in moves.iter().enumerate() {
            let child = board.play_unchecked(mv);
            let s = -self.node(&child, depth - 1, -beta, -alpha);
            if self.budget.is_stopped() {
                return (0, 0);
            }
            if s > best {
                best = s;
                best_i = i;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        (best, best_i)
    }
}

/// The final margin of a finished game's score (the inverse of `outcome_score`).
fn margin_of(score: Score) -> i32 {
    (score - score.signum() * super::WIN) / PIECE
}

/// Whether win, draw or loss is settled by the bounds `lo ≤ value ≤ hi`.
fn settled(lo: Score, hi: Score) -> bool {
    lo > 0 || hi < 0 || (lo == 0 && hi == 0)
}

/// Solves `board` exactly (see the module's doc for what that means), choosing among its legal
/// moves other than `excluded` (all of them if every one is excluded), with `table` shared
/// with the search and `eval` to order moves; `None` when the game is over or no proof was
/// found within `budget` and [`MAX_SOLVE_DEPTH`].
pub fn solve(
    board: &Board,
    excluded: &[Move],
    table: &mut [Entry],
    eval: &Eval,
    budget: &mut Budget<'_>,
) -> Option<Solution> {
    let mut tt = TranspositionTable::new(table);
    solve_in(board, excluded, &mut tt, eval, budget)
}

/// [`solve`] over a table already borrowed as a [`TranspositionTable`].
pub(crate) fn solve_in(
    board: &Board,
    excluded: &[Move],
    tt: &mut TranspositionTable<'_>,
    eval: &Eval,
    budget: &mut Budget<'_>,
) -> Option<Solution> {
    let all = board.legal_moves();
    if all.is_empty() {
        return None;
    }
    let mut list = super::board::MoveList::new();
    for &m in all.iter().filter(|m| !excluded.contains(m)) {
        list.push(m);
    }
    if list.is_empty() {
        list = all;
    }
    let start_nodes = budget.nodes_used();
    let side = board.side();
    let mut solver = Solver {
        tt,
        eval,
        budget,
        favoured: side,
    };
    let moves = list.as_mut_slice();
    let first = solver
        .tt
        .probe(key(board))
        .or_else(|| solver.tt.probe(board.hash_key()))
        .map_or(NO_MOVE, |e| e.best());
    solver.order(board, moves, first, EVAL_ORDER_DEPTH);
    // True bounds of the value for the side to move, and a move proven to reach `lo`.
    let (mut lo, mut hi) = (-INFINITY, INFINITY);
    let mut lo_move = None;
    for depth in 1..=i32::from(MAX_SOLVE_DEPTH) {
        for _round in 0..2 {
            if lo >= hi {
                break;
            }
            let was_settled = settled(lo, hi);
            let (lo_window, hi_window) = if was_settled {
                ((lo, hi), (lo, hi))
            } else {
                ((lo.max(-1), 1), (-1, hi.min(1)))
            };
            // The pessimistic search: the depth limit favours the opponent.
            solver.favoured = side.other();
            let (a, b) = lo_window;
            if lo < b {
                let (s, i) = solver.root(board, moves, depth, a, b);
                if solver.budget.is_stopped() {
                    return None;
                }
                if s > a && s > lo {
                    lo = s;
                    lo_move = moves.get(i).copied();
                    if let Some(head) = moves.get_mut(..=i) {
                        head.rotate_right(1);
                    }
                }
            }
            // The optimistic search: the depth limit favours the side to move.
            solver.favoured = side;
            let (a, b) = hi_window;
            if hi > a && lo < hi {
                let (s, _) = solver.root(board, moves, depth, a, b);
                if solver.budget.is_stopped() {
                    return None;
                }
                if s < b && s < hi {
                    hi = s;
                }
            }
            // Win/loss/draw newly settled: the margin at the same depth.
            if was_settled || !settled(lo, hi) {
                break;
            }
        }
        if lo >= hi {
            // lo > hi would contradict the proofs; never claim it.
            let mv = lo_move.filter(|_| lo == hi)?;
            if lo.abs() > super::WIN + 49 * PIECE {
                return None;
            }
            return Some(Solution {
                mv,
                margin: margin_of(lo),
                score: lo,
                depth: depth.clamp(0, 255) as u8,
                nodes: solver.budget.nodes_used() - start_nodes,
            });
        }
    }
    None
}
