//! Reversi's own midgame search: principal-variation search over side-relative bitboards with
//! a transposition table, move ordering by the table's move then the opponent's mobility (and
//! the evaluation of the child at depth), and multi-prob-cut ([`super::mpc`]), deepened by the
//! shared driver ([`crate::deepening`], with [`DEEPENING`]: aspiration windows, and no
//! iteration once half the time is spent).
//!
//! A pass does not use up depth (the same position is then always searched to the same depth,
//! whatever the way it was reached). A finished game is worth [`outcome_score`].
//!
//! Its node loop is Reversi's own (side-relative bitboards, no generic [`crate::Game`] calls);
//! it shares with the other searches the table's steps ([`crate::tt`]: [`Bound::of`] for the
//! store, [`crate::tt::Entry::cut`] for the probe) and reads its principal variation with
//! [`crate::tt::principal_variation`] (a [`Board`] is a [`Walk`]: a forced pass is played
//! without asking the table).

use super::bits;
use super::board::{Board, Move, Square, hash};
use super::eval::EVAL_LIMIT;
use super::mpc;
use super::score::{final_margin, outcome_score};
use crate::Colour;
use crate::bitboard::Bitboard;
use crate::budget::Budget;
use crate::deepening::{Aspiration, Deepening, Pace, RootScore, RootSearch, SearchResult, iterate};
use crate::game::{Evaluator, Score};
use crate::tt::{Bound, Entry, NO_MOVE, TranspositionTable, Walk};

/// Above any score: the initial window.
pub const INFINITY: Score = 1 << 24;

/// The move key of a pass in the table ([`crate::Game::move_key`]'s).
const PASS_KEY: u16 = 64;

/// From this depth the children are ordered by their evaluation too (below: by mobility).
const EVAL_ORDER_DEPTH: u8 = 2;

/// More than the most legal moves of any position (33).
const MAX_MOVES: usize = 34;

/// Reversi's deepening: windows of ±3 discs from depth 3, doubled at each re-search and
/// opened to infinity beyond [`EVAL_LIMIT`], none after a decided score; no iteration once
/// half the starting time is spent.
pub const DEEPENING: Deepening = Deepening {
    infinity: INFINITY,
    aspiration: Aspiration {
        window: 300,
        within: EVAL_LIMIT,
        open_beyond: EVAL_LIMIT,
    },
    pace: Pace::HalfLeft,
    keep_interrupted: false,
};

/// A midgame search's options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Multi-prob-cut's threshold in hundredths of the fitted error (0: no multi-prob-cut).
    pub mpc_percent: u32,
    /// Enhanced transposition cut-offs from this depth on (0: never).
    pub etc_depth: u8,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            mpc_percent: mpc::DEFAULT_PERCENT,
            etc_depth: 0,
        }
    }
}

impl Options {
    /// Plain alpha-beta (principal-variation search with the table): no multi-prob-cut, no
    /// enhanced transposition cut-offs. Its value is the minimax value at the depth.
    pub const fn exact() -> Self {
        Self {
            mpc_percent: 0,
            etc_depth: 0,
        }
    }
}

/// The result of the deepest completed iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The best move (the first legal one when no iteration completed; [`Move::Pass`] when the
    /// side to move must pass or the game is over).
    pub best: Move,
    /// Its score for the side to move.
    pub score: Score,
    /// The depth of the last completed iteration (0: none).
    pub depth: u8,
    /// Nodes searched.
    pub nodes: u64,
}

/// A move of a node with its ordering key.
#[derive(Clone, Copy, Default)]
struct Candidate {
    square: u8,
    flips: u64,
    key: i32,
}

/// The midgame search over a borrowed table (shared with the exact solver, which salts its
/// keys), an evaluation and a budget.
pub struct Search<'a, 't, 'b, 'c, E> {
    tt: TranspositionTable<'t>,
    eval: &'a E,
    budget: &'b mut Budget<'c>,
    options: Options,
}

/// The evaluation of side-relative discs through a [`Board`].
#[inline]
fn evaluate<E: Evaluator<Board>>(eval: &E, p: u64, o: u64) -> Score {
    eval.evaluate(&Board::from_relative(
        Bitboard(p),
        Bitboard(o),
        Colour::Black,
    ))
}

/// Moves counted with corner moves twice.
#[inline]
fn weighted_mobility(moves: u64) -> i32 {
    (moves.count_ones() + (moves & bits::CORNERS).count_ones()) as i32
}

impl<'a, 't, 'b, 'c, E: Evaluator<Board>> Search<'a, 't, 'b, 'c, E> {
    /// A search over `table` (any length) with `eval`, stopping when `budget` runs out.
    pub fn new(
        table: &'t mut [Entry],
        eval: &'a E,
        budget: &'b mut Budget<'c>,
        options: Options,
    ) -> Self {
        Self {
            tt: TranspositionTable::new(table),
            eval,
            budget,
            options,
        }
    }

    /// Iterative deepening from `board` up to `max_depth` plies ([`crate::deepening`], with
    /// [`DEEPENING`]), or until the budget runs out, or (with a clock) until too little time
    /// is left to finish another iteration, or once a finished game is proven.
    pub fn iterate(&mut self, board: &Board, max_depth: u8) -> Outcome {
        let (p, o) = (board.player().bits(), board.opponent().bits());
        let first = first_move(p, o);
        if bits::moves(p, o) == 0 {
            let score = if bits::moves(o, p) == 0 {
                outcome_score(final_margin(p, o))
            } else {
                -evaluate(self.eval, o, p)
            };
            return Outcome {
                best: first,
                score,
                depth: 0,
                nodes: 0,
            };
        }
        let mut root = Iteration {
            search: self,
            p,
            o,
            empties: board.empties(),
        };
        let r = iterate(&mut root, &DEEPENING, first, 0, max_depth);
        Outcome {
            best: r.best.unwrap_or(first),
            score: r.score,
            depth: r.depth,
            nodes: r.nodes,
        }
    }

    /// The root of one iteration: the score within (`alpha`, `beta`) and the best move.
    fn root(
        &mut self,
        p: u64,
        o: u64,
        depth: u8,
        mut alpha: Score,
        beta: Score,
    ) -> RootScore<Move> {
        let key = hash(p, o);
        let tt_move = self.tt.probe(key).map_or(NO_MOVE, |e| e.best());
        let mut list = [Candidate::default(); MAX_MOVES];
        let n = self.candidates(p, o, bits::moves(p, o), depth, tt_move, &mut list);
        let list = &mut list[..n];
        let alpha_orig = alpha;
        let mut best_score = -INFINITY;
        let mut best = list[0].square;
        let mut later = false;
        for i in 0..list.len() {
            pick_best(list, i);
            let c = list[i];
            let (cp, co) = child(p, o, c.square, c.flips);
            let score = if i == 0 {
                -self.pvs(cp, co, depth - 1, -beta, -alpha, true)
            } else {
                let mut s = -self.pvs(cp, co, depth - 1, -alpha - 1, -alpha, false);
                if s > alpha && s < beta && !self.budget.is_stopped() {
                    s = -self.pvs(cp, co, depth - 1, -beta, -alpha, true);
                }
                s
            };
            if self.budget.is_stopped() {
                break;
            }
            if score > best_score {
                best_score = score;
                best = c.square;
                later = i > 0;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if !self.budget.is_stopped() {
            let bound = Bound::of(best_score, alpha_orig, beta);
            self.tt
                .store(key, depth, best_score, bound, u16::from(best));
        }
        RootScore {
            score: best_score,
            best: Square::new(best).map_or(Move::Pass, Move::Place),
            later,
        }
    }

    /// The minimax value of (`p`, `o`) at `depth` within (`alpha`, `beta`) (fail-soft), with
    /// the options' pruning. `pv` marks principal-variation nodes (never pruned by
    /// multi-prob-cut). Returns 0 once the budget has run out.
    pub fn pvs(&mut self, p: u64, o: u64, depth: u8, alpha: Score, beta: Score, pv: bool) -> Score {
        if self.budget.tick() {
            return 0;
        }
        if depth == 0 {
            return evaluate(self.eval, p, o);
        }
        let moves = bits::moves(p, o);
        if moves == 0 {
            if bits::moves(o, p) == 0 {
                return outcome_score(final_margin(p, o));
            }
            return -self.pvs(o, p, depth, -beta, -alpha, pv);
        }
        if depth == 1 {
            return self.depth_one(p, o, moves, alpha, beta);
        }
        let key = hash(p, o);
        let (mut alpha, mut beta) = (alpha, beta);
        let alpha_orig = alpha;
        let mut tt_move = NO_MOVE;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.best();
            if let Some(s) = e.cut(depth, &mut alpha, &mut beta) {
                return s;
            }
        }
        if !pv && self.options.mpc_percent > 0 {
            if let Some(s) = self.probcut(p, o, depth, alpha, beta) {
                return s;
            }
        }
        let mut list = [Candidate::default(); MAX_MOVES];
        let n = self.candidates(p, o, moves, depth, tt_move, &mut list);
        let list = &mut list[..n];
        if self.options.etc_depth > 0 && depth >= self.options.etc_depth {
            if let Some(s) = self.etc(p, o, list, depth, alpha, beta) {
                return s;
            }
        }
        let mut best_score = -INFINITY;
        let mut best = NO_MOVE;
        for i in 0..list.len() {
            pick_best(list, i);
            let c = list[i];
            let (cp, co) = child(p, o, c.square, c.flips);
            let score = if i == 0 {
                -self.pvs(cp, co, depth - 1, -beta, -alpha, pv)
            } else {
                let mut s = -self.pvs(cp, co, depth - 1, -alpha - 1, -alpha, false);
                if pv && s > alpha && s < beta && !self.budget.is_stopped() {
                    s = -self.pvs(cp, co, depth - 1, -beta, -alpha, true);
                }
                s
            };
            if self.budget.is_stopped() {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best = u16::from(c.square);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let bound = Bound::of(best_score, alpha_orig, beta);
        self.tt.store(key, depth, best_score, bound, best);
        best_score
    }

    /// Depth 1: the best evaluation of the children, without table or ordering.
    fn depth_one(&mut self, p: u64, o: u64, moves: u64, mut alpha: Score, beta: Score) -> Score {
        let mut best = -INFINITY;
        let mut m = moves;
        while m != 0 {
            let sq = m.trailing_zeros() as u8;
            m &= m - 1;
            let f = bits::flips(sq as usize, p, o);
            let (cp, co) = child(p, o, sq, f);
            let s = if self.budget.tick() {
                return 0;
            } else {
                -evaluate(self.eval, cp, co)
            };
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

    /// The moves of a node with their ordering keys: the table's move first, then fewest
    /// (weighted) opponent replies, and from [`EVAL_ORDER_DEPTH`] the child's evaluation.
    fn candidates(
        &self,
        p: u64,
        o: u64,
        moves: u64,
        depth: u8,
        tt_move: u16,
        list: &mut [Candidate; MAX_MOVES],
    ) -> usize {
        let mut n = 0;
        let mut m = moves;
        while m != 0 && n < list.len() {
            let sq = m.trailing_zeros() as u8;
            m &= m - 1;
            let f = bits::flips(sq as usize, p, o);
            let (cp, co) = child(p, o, sq, f);
            let key = if u16::from(sq) == tt_move {
                i32::MAX
            } else {
                let replies = bits::moves(cp, co);
                let mut k = -weighted_mobility(replies) * 256;
                if (1u64 << sq) & bits::CORNERS != 0 {
                    k += 256;
                }
                if depth >= EVAL_ORDER_DEPTH {
                    k -= evaluate(self.eval, cp, co) / 2;
                }
                k
            };
            list[n] = Candidate {
                square: sq,
                flips: f,
                key,
            };
            n += 1;
        }
        n
    }

    /// Multi-prob-cut: a shallow null-window search predicts the deep value; `Some(bound)`
    /// when the prediction lies outside (`alpha`, `beta`) by the threshold times the fitted
    /// error.
    fn probcut(&mut self, p: u64, o: u64, depth: u8, alpha: Score, beta: Score) -> Option<Score> {
        let empties = (!(p | o)).count_ones();
        let fit = mpc::fit(empties, depth)?;
        let margin = fit.sigma * self.options.mpc_percent as i32 / 100;
        let limit = EVAL_LIMIT / 4;
        if beta < limit {
            // a·v + b - margin ≥ beta  ⇔  v ≥ (beta + margin - b) / a.
            let bound = fit.shallow_bound_up(beta + margin);
            if bound < limit && self.pvs(p, o, fit.shallow, bound - 1, bound, false) >= bound {
                return Some(beta);
            }
            if self.budget.is_stopped() {
                return Some(0);
            }
        }
        if alpha > -limit {
            let bound = fit.shallow_bound_down(alpha - margin);
            if bound > -limit && self.pvs(p, o, fit.shallow, bound, bound + 1, false) <= bound {
                return Some(alpha);
            }
            if self.budget.is_stopped() {
                return Some(0);
            }
        }
        None
    }

    /// Enhanced transposition cut-offs: a child whose table entry already proves a fail-high.
    fn etc(
        &self,
        p: u64,
        o: u64,
        list: &[Candidate],
        depth: u8,
        _alpha: Score,
        beta: Score,
    ) -> Option<Score> {
        for c in list {
            let (cp, co) = child(p, o, c.square, c.flips);
            if let Some(e) = self.tt.probe(hash(cp, co)) {
                if e.depth() + 1 >= depth
                    && matches!(e.bound(), Bound::Upper | Bound::Exact)
                    && -e.score() >= beta
                {
                    return Some(-e.score());
                }
            }
        }
        None
    }
}

/// One [`Search::iterate`] as the deepening driver runs it: the root's discs, side-relative,
/// and its empties.
struct Iteration<'s, 'a, 't, 'b, 'c, E> {
    search: &'s mut Search<'a, 't, 'b, 'c, E>,
    p: u64,
    o: u64,
    empties: u32,
}

impl<E: Evaluator<Board>> RootSearch for Iteration<'_, '_, '_, '_, '_, E> {
    type Move = Move;

    fn budget(&self) -> &Budget<'_> {
        self.search.budget
    }

    fn root(&mut self, depth: u8, alpha: Score, beta: Score) -> RootScore<Move> {
        self.search.root(self.p, self.o, depth, alpha, beta)
    }

    /// A finished game proven either way: deeper iterations cannot change it.
    fn completed(&mut self, result: &SearchResult<Move>) -> bool {
        !(result.score.saturating_abs() > EVAL_LIMIT && u32::from(result.depth) >= self.empties)
    }
}

/// A Reversi position as the midgame search stores it: keyed by the side to move's discs,
/// a pass played without an entry.
impl Walk for Board {
    type Move = Move;

    #[inline]
    fn table_key(&self) -> u64 {
        self.hash()
    }

    fn forced(&self) -> Option<Move> {
        let (p, o) = (self.player().bits(), self.opponent().bits());
        (bits::moves(p, o) == 0 && bits::moves(o, p) != 0).then_some(Move::Pass)
    }

    fn legal_move(&self, key: u16) -> Option<Move> {
        key_move(self.player().bits(), self.opponent().bits(), key)
    }

    #[inline]
    fn play(&self, mv: Move) -> Board {
        self.play_unchecked(mv)
    }
}

/// The position after a move on `sq` flipping `f`, from the new side to move's view.
#[inline]
fn child(p: u64, o: u64, sq: u8, f: u64) -> (u64, u64) {
    (o ^ f, p | f | (1u64 << sq))
}

/// Brings the candidate with the largest key among `list[i..]` to index `i`.
#[inline]
fn pick_best(list: &mut [Candidate], i: usize) {
    let mut b = i;
    for j in i + 1..list.len() {
        if list[j].key > list[b].key {
            b = j;
        }
    }
    list.swap(i, b);
}

/// The legal move with table key `key` in (`p`, `o`), if any.
fn key_move(p: u64, o: u64, key: u16) -> Option<Move> {
    if key == PASS_KEY {
        return (bits::moves(p, o) == 0 && bits::moves(o, p) != 0).then_some(Move::Pass);
    }
    let sq = Square::new(u8::try_from(key).ok()?)?;
    (bits::moves(p, o) & sq.bit().bits() != 0).then_some(Move::Place(sq))
}

/// The first legal move in square order ([`Move::Pass`] when there is none).
fn first_move(p: u64, o: u64) -> Move {
    let m = bits::moves(p, o);
    if m == 0 {
        Move::Pass
    } else {
        Square::new(m.trailing_zeros() as u8).map_or(Move::Pass, Move::Place)
    }
}
