//! The Ataxx search: iterative deepening over a principal-variation alpha-beta with a
//! transposition table, late-move reductions and pruning, null-move, reverse futility and
//! ProbCut pruning, and move ordering by the table's move, net gain (copies before jumps), killers
//! and history.
//!
//! Ataxx, with 50–100 moves a position, needs a selectivity the generic [`crate::Searcher`]
//! (Filler's search) does not have, so it has its own node loop, deepened by the shared driver
//! ([`crate::deepening`], with Ataxx's parameters). It shares with the others the table and
//! its steps ([`crate::tt`]: [`Bound::of`] for the store, [`crate::tt::Entry::cut`] for the
//! probe, at null-window nodes only) and reports in [`SearchConfig`] and [`SearchResult`]; the
//! caller sizes the table and reads the principal variation from it
//! ([`crate::tt::principal_variation`]). Killers and history live on the stack for one
//! search. It is exact about both rule sets: it asks [`Board`] when a game is over and what it
//! is worth, and plays the moves [`Board`] generates (a forced pass included).

use super::board::{Board, MAX_MOVES};
use super::evaluation::Evaluation;
use super::moves::Move;
use super::square::{Square, SquareIter, dilate, neighbours, pop, ring};
use crate::budget::Budget;
use crate::deepening::{Aspiration, Deepening, Pace, RootScore, RootSearch, SearchResult, iterate};
use crate::game::{SCORE_LIMIT, Score};
use crate::search::SearchConfig;
use crate::tt::{Bound, NO_MOVE, TranspositionTable};

/// Above any score: the initial window.
const INFINITY: Score = SCORE_LIMIT * 2;

/// Scores at or beyond this are decided games (see [`super::WIN`]).
const DECIDED: Score = super::WIN / 2;

/// The deepest ply that keeps killers (deeper plies search without them).
const MAX_PLY: usize = 64;

/// The key of a pass (copies are `0..49`, jumps `49 + from·49 + to`).
const PASS_KEY: u16 = 49 + 49 * 49;
/// The number of move keys.
const KEYS: usize = PASS_KEY as usize + 1;

/// History scores stay within ±this.
const HISTORY_MAX: i32 = 1 << 14;

/// Tunable parameters of the selective search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// Reverse futility pruning: the deepest remaining depth it applies at (0: off).
    pub rfp_depth: i32,
    /// Reverse futility margin per ply of remaining depth, in hundredths of a piece.
    pub rfp_margin: Score,
    /// Null-move pruning: the shallowest remaining depth it applies at (0: off).
    pub null_depth: i32,
    /// Null-move pruning applies only with more empty cells than this.
    pub null_empties: u32,
    /// Late-move reductions: the shallowest remaining depth they apply at (0: off).
    pub lmr_depth: i32,
    /// Late-move reductions: moves searched before any is reduced.
    pub lmr_moves: usize,
    /// Late-move reductions: the divisor of `log2(depth)·log2(move)` (in 1/16ths squared).
    pub lmr_divisor: i32,
    /// Late-move pruning: the deepest remaining depth it applies at (0: off).
    pub lmp_depth: i32,
    /// Late-move pruning: moves kept at depth 1; `base + depth²·scale` at depth `depth`.
    pub lmp_base: usize,
    /// Late-move pruning: growth with depth.
    pub lmp_scale: usize,
    /// Aspiration half-window in hundredths of a piece (0: full windows).
    pub aspiration: Score,
    /// ProbCut: the shallowest remaining depth it applies at (0: off). A null-window search
    /// of the node 4 plies shallower that clears `beta` by the margin cuts it.
    pub probcut_depth: i32,
    /// ProbCut's margin over `beta`, in hundredths of a piece.
    pub probcut_margin: Score,
}

/// Ataxx's deepening: windows of [`Tuning::aspiration`] or [`SearchConfig::aspiration`]
/// (none by default: an arena match did not keep them), opened to infinity beyond 20 pieces,
/// none after a decided score; an interrupted full-window
/// iteration's better move is kept; no pace but the budget's (the caller's `deepen` may stop
/// it).
const DEEPENING: Deepening = Deepening {
    infinity: INFINITY,
    aspiration: Aspiration {
        window: 0,
        within: DECIDED,
        open_beyond: 2000,
    },
    pace: Pace::Budget,
    keep_interrupted: true,
};

/// How much shallower ProbCut's verification search is than the node's.
const PROBCUT_REDUCTION: i32 = 4;

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            rfp_depth: 3,
            rfp_margin: 120,
            null_depth: 3,
            null_empties: 6,
            lmr_depth: 3,
            lmr_moves: 3,
            lmr_divisor: 600,
            lmp_depth: 3,
            lmp_base: 6,
            lmp_scale: 4,
            aspiration: 0,
            probcut_depth: 5,
            probcut_margin: 100,
        }
    }
}

/// The key of `mv` (unique among the moves of a position).
#[inline]
pub(crate) fn move_key(mv: Move) -> u16 {
    match mv {
        Move::Single(to) => to.index() as u16,
        Move::Double(from, to) => 49 + (from.index() * 49 + to.index()) as u16,
        Move::Pass => PASS_KEY,
    }
}

/// The move with key `key` (any key gives some move).
#[inline]
fn key_move(key: u16) -> Move {
    let sq = |i: u16| Square::from_index((i % 49) as u8).unwrap_or_default();
    match key {
        0..49 => Move::Single(sq(key)),
        PASS_KEY.. => Move::Pass,
        _ => {
            let k = key - 49;
            Move::Double(sq(k / 49), sq(k % 49))
        }
    }
}

/// `log2(x)` in sixteenths, for `x ≥ 1` (linear between powers of two).
#[inline]
fn log2_16(x: u32) -> i32 {
    let x = x.max(1);
    let k = 31 - x.leading_zeros();
    let frac = ((x << 4) >> k) as i32 - 16;
    (k as i32) * 16 + frac
}

/// Moves of one node with their ordering scores: `score << 12 | key`, sorted lazily.
struct Ordered {
    items: [u32; MAX_MOVES],
    len: usize,
}

impl Ordered {
    #[inline]
    fn push(&mut self, score: u32, key: u16) {
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = (score << 12) | u32::from(key);
            self.len += 1;
        }
    }

    /// The key of the best move among `i..`, swapped to `i`.
    #[inline]
    fn pick(&mut self, i: usize) -> u16 {
        let items = &mut self.items[..self.len];
        let mut best = i;
        let mut best_value = items[i];
        for (j, &v) in items.iter().enumerate().skip(i + 1) {
            if v > best_value {
                best = j;
                best_value = v;
            }
        }
        items.swap(i, best);
        (best_value & 0xFFF) as u16
    }
}

/// The state of one search: the table, killers, history and the budget.
struct Search<'a, 't, 'c, E> {
    tt: &'a mut TranspositionTable<'t>,
    eval: &'a E,
    budget: &'a mut Budget<'c>,
    tuning: Tuning,
    killers: [[u16; 2]; MAX_PLY],
    history: [i16; KEYS],
    /// The hashes of the positions on the current line, by ply (the root at 0).
    path: [u64; MAX_PLY],
    /// Hashes of the game's positions before the root since its last copy, oldest first.
    game: &'a [u64],
}

/// The ordering score of a move's shape: net gain first, a copy before a jump of equal gain.
#[inline]
fn shape_score(captures: u32, single: bool) -> u32 {
    let gain = captures + u32::from(single);
    gain * 2 + u32::from(single)
}

impl<E: Evaluation> Search<'_, '_, '_, E> {
    /// Lists the moves of `board` (which is not over) with their ordering scores.
    fn generate(&self, board: &Board, ply: usize, tt_key: u16, list: &mut Ordered) {
        let (own, opp) = board.own_opp();
        let empty = board.empty();
        let killers = self.killers.get(ply).copied().unwrap_or([NO_MOVE; 2]);
        let score = |key: u16, shape: u32| -> u32 {
            if key == tt_key {
                return 0xF_FFFF;
            }
            let secondary = if key == killers[0] {
                0xFFF
            } else if key == killers[1] {
                0xFFE
            } else {
                let h = self.history.get(key as usize).copied().unwrap_or(0) as i32;
                ((h + HISTORY_MAX) >> 3).clamp(0, 0xFFD) as u32
            };
            (shape << 12) | secondary
        };
        for to in SquareIter(dilate(own) & empty) {
            let captures = pop(neighbours(to) & opp) as u32;
            let key = to.index() as u16;
            list.push(score(key, shape_score(captures, true)), key);
        }
        for from in SquareIter(own) {
            for to in SquareIter(ring(from) & empty) {
                let captures = pop(neighbours(to) & opp) as u32;
                let key = 49 + (from.index() * 49 + to.index()) as u16;
                list.push(score(key, shape_score(captures, false)), key);
            }
        }
        if list.len == 0 {
            list.push(0, PASS_KEY);
        }
    }

    /// Credits `key` for a cut-off at `depth`, and debits the moves tried before it.
    fn reward(&mut self, key: u16, depth: i32, ply: usize, tried: &[u16]) {
        let bonus = (depth * depth).min(400);
        let mut update = |k: u16, delta: i32| {
            if let Some(h) = self.history.get_mut(k as usize) {
                let v = i32::from(*h);
                let v = v + delta - v * delta.abs() / HISTORY_MAX;
                *h = v.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
            }
        };
        update(key, bonus);
        for &k in tried {
            update(k, -bonus);
        }
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != key {
                k[1] = k[0];
                k[0] = key;
            }
        }
    }

    /// Whether the position with `hash` at `ply`, `reversible` plies after the last copy (a
    /// copy adds a piece for good, so no position before it can come back), repeats an earlier
    /// position of the line or of the game. A repetition scores as a draw: the rules do not
    /// end the game there, and a side that can do better must not go round in circles.
    fn repeats(&self, hash: u64, ply: usize, reversible: usize) -> bool {
        let mut back = 2;
        while back <= reversible {
            let earlier = match ply.checked_sub(back) {
                Some(p) => self.path.get(p).copied(),
                None => self
                    .game
                    .len()
                    .checked_sub(back - ply)
                    .and_then(|i| self.game.get(i).copied()),
            };
            if earlier == Some(hash) {
                return true;
            }
            back += 2;
        }
        false
    }

    /// The value of `board`, reached from `parent` (whose evaluation state is `parent_state`;
    /// `parent` may be `board` itself), searched `depth` plies deep within `(alpha, beta)`.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        board: &Board,
        parent: &Board,
        parent_state: &E::State,
        depth: i32,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        null_ok: bool,
        reversible: usize,
    ) -> Score {
        if self.budget.tick() {
            return 0;
        }
        if let Some(margin) = board.final_margin() {
            return super::engine::outcome_score(margin);
        }
        let hash = board.hash_key();
        if self.repeats(hash, ply, reversible) {
            return 0;
        }
        if let Some(slot) = self.path.get_mut(ply) {
            *slot = hash;
        }
        let pv = beta - alpha > 1;
        let mut tt_key = NO_MOVE;
        if depth > 0 {
            if let Some(e) = self.tt.probe(hash) {
                tt_key = e.best();
                // Only null-window nodes use the table's score, and a null window is never
                // narrowed, only cut.
                let (mut a, mut b) = (alpha, beta);
                if !pv {
                    if let Some(s) = e.cut(depth.clamp(0, 255) as u8, &mut a, &mut b) {
                        return s;
                    }
                }
            }
        }
        // The evaluation's state of this node, from its parent's: made only now, past the
        // returns that need none (a decided game, a repetition, the table's cut).
        let mut node_state = *parent_state;
        self.eval.update(&mut node_state, parent, board);
        let state = &node_state;
        if depth <= 0 {
            return self.eval.evaluate(state, board);
        }
        let t = self.tuning;
        if !pv {
            let static_eval = self.eval.evaluate(state, board);
            if depth <= t.rfp_depth
                && beta.abs() < DECIDED
                && static_eval - t.rfp_margin * depth >= beta
            {
                return static_eval;
            }
            if null_ok
                && depth >= t.null_depth
                && t.null_depth > 0
                && static_eval >= beta
                && beta.abs() < DECIDED
                && board.empty().len() > t.null_empties
                && board.can_move(board.own_opp().0)
            {
                let r = 2 + depth / 4;
                let child = board.play_unchecked(Move::Pass);
                let s = -self.negamax(
                    &child,
                    board,
                    state,
                    depth - 1 - r,
                    ply + 1,
                    -beta,
                    -beta + 1,
                    false,
                    0,
                );
                if self.budget.is_stopped() {
                    return 0;
                }
                if s >= beta {
                    return if s >= DECIDED { beta } else { s };
                }
            }
            if depth >= t.probcut_depth && t.probcut_depth > 0 && beta.abs() < DECIDED {
                let raised = beta + t.probcut_margin;
                let s = self.negamax(
                    board,
                    board,
                    state,
                    depth - PROBCUT_REDUCTION,
                    ply,
                    raised - 1,
                    raised,
                    false,
                    reversible,
                );
                if self.budget.is_stopped() {
                    return 0;
                }
                if s >= raised && s < DECIDED {
                    return beta;
                }
            }
        }

        let mut list = Ordered {
            items: [0; MAX_MOVES],
            len: 0,
        };
        self.generate(board, ply, tt_key, &mut list);
        let mut tried = [0u16; 32];
        let mut tried_len = 0;
        let alpha_orig = alpha;
        let mut best_score = -INFINITY;
        let mut best_key = NO_MOVE;
        let lmp_limit = t.lmp_base + (depth * depth) as usize * t.lmp_scale;
        for i in 0..list.len {
            let key = list.pick(i);
            if !pv && depth <= t.lmp_depth && i >= lmp_limit && best_score > -DECIDED {
                break;
            }
            let mv = key_move(key);
            let child = board.play_unchecked(mv);
            let rev = child_reversible(mv, reversible);
            // The child searched `d` plies deep within `(a, b)` (its value from this side).
            let child_score = |search: &mut Self, d: i32, a: Score, b: Score| {
                -search.negamax(&child, board, state, d, ply + 1, a, b, true, rev)
            };
            let score = if i == 0 {
                child_score(self, depth - 1, -beta, -alpha)
            } else {
                let mut r = 0;
                if depth >= t.lmr_depth && t.lmr_depth > 0 && i >= t.lmr_moves {
                    r = (log2_16(depth as u32) * log2_16(i as u32) + t.lmr_divisor / 2)
                        / t.lmr_divisor.max(1);
                    if pv {
                        r -= 1;
                    }
                    r = r.clamp(0, depth - 2);
                }
                let mut s = child_score(self, depth - 1 - r, -alpha - 1, -alpha);
                if s > alpha && r > 0 && !self.budget.is_stopped() {
                    s = child_score(self, depth - 1, -alpha - 1, -alpha);
                }
                if s > alpha && s < beta && !self.budget.is_stopped() {
                    s = child_score(self, depth - 1, -beta, -alpha);
                }
                s
            };
            if self.budget.is_stopped() {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_key = key;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        let tried = tried.get(..tried_len).unwrap_or(&[]);
                        self.reward(key, depth, ply, tried);
                        break;
                    }
                }
            }
            if let Some(slot) = tried.get_mut(tried_len) {
                *slot = key;
                tried_len += 1;
            }
        }
        let bound = Bound::of(best_score, alpha_orig, beta);
        self.tt
            .store(hash, depth.clamp(0, 255) as u8, best_score, bound, best_key);
        best_score
    }

    /// One iteration over the root moves (best first): the score and the best move. An
    /// interrupted iteration still reports a move that a completed search proved better than
    /// the first (`later`).
    fn root(
        &mut self,
        board: &Board,
        state: &E::State,
        moves: &[Move],
        depth: i32,
        mut alpha: Score,
        beta: Score,
    ) -> RootScore<Move> {
        let mut best_score = -INFINITY;
        let mut best = 0;
        let root_rev = self.game.len();
        for (i, &mv) in moves.iter().enumerate() {
            let child = board.play_unchecked(mv);
            let rev = child_reversible(mv, root_rev);
            let score = if i == 0 {
                -self.negamax(&child, board, state, depth - 1, 1, -beta, -alpha, true, rev)
            } else {
                let mut s = -self.negamax(
                    &child,
                    board,
                    state,
                    depth - 1,
                    1,
                    -alpha - 1,
                    -alpha,
                    true,
                    rev,
                );
                if s > alpha && s < beta && !self.budget.is_stopped() {
                    s = -self.negamax(&child, board, state, depth - 1, 1, -beta, -alpha, true, rev);
                }
                s
            };
            if self.budget.is_stopped() {
                break;
            }
            if score > best_score {
                best_score = score;
                best = i;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        RootScore {
            score: best_score,
            best: moves.get(best).copied().unwrap_or_default(),
            later: best > 0,
        }
    }
}

impl Board {
    /// The table key of this position (the same as [`crate::Game::hash`]).
    #[inline]
    pub(crate) fn hash_key(&self) -> u64 {
        <Board as crate::game::Game>::hash(self)
    }
}

/// Where a search starts: the position, and what the game around it forbids or repeats.
#[derive(Clone, Copy, Debug)]
pub struct Root<'a> {
    /// The position to search.
    pub board: Board,
    /// Moves not to choose while another is legal (Botzone's circular moves).
    pub excluded: &'a [Move],
    /// The [`crate::Game::hash`]es of the game's positions before `board` since its last copy,
    /// oldest first (empty when unknown): the search scores a return to one of them, or to a
    /// position earlier on its own line, as a draw.
    pub game: &'a [u64],
}

impl Root<'_> {
    /// A position searched on its own: nothing excluded, no game before it.
    pub fn new(board: Board) -> Root<'static> {
        Root {
            board,
            excluded: &[],
            game: &[],
        }
    }
}

/// Searches `root` with `tuning` by iterative deepening until `config.max_depth`, until
/// `budget` runs out, or until `deepen` (called after every completed iteration) returns false.
/// Returns the deepest completed iteration's result (its move improved by an interrupted
/// iteration's, when a full search proved that better). `None` when the game is over.
pub(crate) fn search_tuned<E: Evaluation>(
    root: Root<'_>,
    tt: &mut TranspositionTable<'_>,
    eval: &E,
    tuning: Tuning,
    config: SearchConfig,
    budget: &mut Budget<'_>,
    deepen: &mut dyn FnMut(&SearchResult<Move>) -> bool,
) -> Option<SearchResult<Move>> {
    let Root {
        board,
        excluded,
        game,
    } = root;
    let board = &board;
    let all = board.legal_moves();
    let first = *all.as_slice().first()?;
    let mut moves = super::board::MoveList::new();
    for &m in all.iter().filter(|m| !excluded.contains(m)) {
        moves.push(m);
    }
    if moves.is_empty() {
        moves = all;
    }
    let initial = moves.as_slice().first().copied().unwrap_or(first);
    let hash = board.hash_key();
    if let Some(e) = tt.probe(hash) {
        bring_to_front(moves.as_mut_slice(), e.best());
    }
    if let [only] = moves.as_slice() {
        let child = board.play_unchecked(*only);
        let score = match child.final_margin() {
            Some(margin) => -super::engine::outcome_score(margin),
            None => -eval.evaluate(&eval.state_of(&child), &child),
        };
        return Some(SearchResult {
            best: Some(initial),
            score,
            depth: 0,
            nodes: 0,
        });
    }
    let mut search = Search {
        tt,
        eval,
        budget,
        tuning,
        killers: [[NO_MOVE; 2]; MAX_PLY],
        history: [0; KEYS],
        path: [0; MAX_PLY],
        game,
    };
    search.path[0] = hash;
    let window = if config.aspiration > 0 {
        config.aspiration
    } else {
        tuning.aspiration
    };
    let policy = Deepening {
        aspiration: DEEPENING.aspiration.with_window(window),
        ..DEEPENING
    };
    let mut iteration = Iteration {
        search,
        board,
        state: eval.state_of(board),
        moves: moves.as_mut_slice(),
        hash,
        first,
        deepen,
    };
    Some(iterate(
        &mut iteration,
        &policy,
        initial,
        0,
        config.max_depth,
    ))
}

/// One [`search_tuned`] as the deepening driver runs it: the root, its evaluation state, its
/// moves (best first) and the caller's `deepen`.
struct Iteration<'a, 't, 'c, 'd, E: Evaluation> {
    search: Search<'a, 't, 'c, E>,
    board: &'a Board,
    state: E::State,
    moves: &'a mut [Move],
    hash: u64,
    /// The first legal move (exclusions aside).
    first: Move,
    deepen: &'d mut dyn FnMut(&SearchResult<Move>) -> bool,
}

impl<E: Evaluation> RootSearch for Iteration<'_, '_, '_, '_, E> {
    type Move = Move;

    fn budget(&self) -> &Budget<'_> {
        self.search.budget
    }

    fn root(&mut self, depth: u8, alpha: Score, beta: Score) -> RootScore<Move> {
        let depth = i32::from(depth);
        self.search
            .root(self.board, &self.state, self.moves, depth, alpha, beta)
    }

    /// The best move first, the root stored as exact, then the caller's `deepen`.
    fn completed(&mut self, result: &SearchResult<Move>) -> bool {
        let key = move_key(result.best.unwrap_or(self.first));
        bring_to_front(self.moves, key);
        self.search
            .tt
            .store(self.hash, result.depth, result.score, Bound::Exact, key);
        (self.deepen)(result)
    }
}

/// Plies since the last copy after `mv`, `reversible` before it.
#[inline]
fn child_reversible(mv: Move, reversible: usize) -> usize {
    match mv {
        Move::Single(_) => 0,
        _ => reversible + 1,
    }
}

/// Moves the move with key `key` to the front; returns whether it was there.
fn bring_to_front(moves: &mut [Move], key: u16) -> bool {
    match moves.iter().position(|&m| move_key(m) == key) {
        Some(i) => {
            moves[..=i].rotate_right(1);
            true
        }
        None => false,
    }
}
