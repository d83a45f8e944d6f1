//! Negamax alpha-beta over any [`Game`]: iterative deepening, principal-variation search,
//! aspiration windows, a transposition table, and killer and history move ordering.
//!
//! It is generic, but only Filler plays with it ([`crate::filler`]). Reversi, Ataxx and The
//! Fruit Rage search with their own loops (their own move ordering and pruning), and Stake
//! Your Claim with its exact solver. What every search over a [`TranspositionTable`] shares
//! lives in [`crate::tt`]: [`Bound::of`] for the store, [`crate::tt::Entry::cut`] for the
//! probe, and the principal-variation walk ([`crate::tt::principal_variation`]).
//! Ataxx and The Fruit Rage also report in [`SearchConfig`] and [`SearchResult`].

use crate::budget::Budget;
use crate::game::{Evaluator, Game, MOVE_KEYS, SCORE_LIMIT, Score};
use crate::tt::{Bound, NO_MOVE, TranspositionTable};

/// Above any score a game can produce: the initial window.
pub const INFINITY: Score = SCORE_LIMIT * 2;

/// The deepest ply that keeps killer moves; deeper plies still search, without killers.
pub const MAX_PLY: usize = 64;

/// Moves ordered by history at most per node; any beyond keep the game's own order.
const HISTORY_SORT_CAP: usize = 64;

/// What a search is asked to do besides its [`Budget`].
#[derive(Clone, Copy, Debug)]
pub struct SearchConfig {
    /// The deepest iteration, in plies (1 at least).
    pub max_depth: u8,
    /// Half-width of the aspiration window around the previous iteration's score; 0 searches
    /// every iteration with a full window.
    pub aspiration: Score,
}

impl Default for SearchConfig {
    fn default() -> Self {
        Self {
            max_depth: 60,
            aspiration: 0,
        }
    }
}

/// The result of the deepest completed iteration.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// The best move, `None` only when the game is over at the root.
    pub best: Option<M>,
    /// Its score for the side to move.
    pub score: Score,
    /// The depth of the last completed iteration (0: none completed, or a forced move).
    pub depth: u8,
    /// Nodes visited by the whole search.
    pub nodes: u64,
}

/// The search state that outlives one node: the table, killers and history.
///
/// Keep one `Searcher` per game being played to reuse what the table learned.
pub struct Searcher<'t> {
    tt: TranspositionTable<'t>,
    killers: [[u16; 2]; MAX_PLY],
    history: [u16; MOVE_KEYS],
}

impl<'t> Searcher<'t> {
    /// A searcher whose transposition table lives in `table` (any length, zero included).
    pub fn new(table: &'t mut [crate::tt::Entry]) -> Self {
        Self {
            tt: TranspositionTable::new(table),
            killers: [[NO_MOVE; 2]; MAX_PLY],
            history: [0; MOVE_KEYS],
        }
    }

    /// The transposition table, e.g. to clear it between games.
    pub fn table(&mut self) -> &mut TranspositionTable<'t> {
        &mut self.tt
    }

    /// Searches `root` by iterative deepening until `config.max_depth` or until `budget` runs
    /// out, and returns the result of the deepest completed iteration. `on_iteration` sees each
    /// completed iteration (for `info` lines and progress).
    ///
    /// With a budget too small to complete even depth 1, the best move is still a legal move
    /// (the first in the game's order, or the table's).
    pub fn search<G: Game, E: Evaluator<G>>(
        &mut self,
        root: &G,
        eval: &E,
        config: SearchConfig,
        budget: &mut Budget<'_>,
        on_iteration: &mut dyn FnMut(&SearchResult<G::Move>),
    ) -> SearchResult<G::Move> {
        let mut moves = root.legal_moves();
        let Some(&first) = moves.as_ref().first() else {
            return SearchResult {
                best: None,
                score: root.outcome().unwrap_or(0),
                depth: 0,
                nodes: 0,
            };
        };
        self.killers = [[NO_MOVE; 2]; MAX_PLY];
        for h in self.history.iter_mut() {
            *h /= 4;
        }
        let mut result = SearchResult {
            best: Some(first),
            score: 0,
            depth: 0,
            nodes: 0,
        };
        if moves.as_ref().len() == 1 {
            result.score = eval.evaluate(&root.play_unchecked(first)).saturating_neg();
            return result;
        }
        if let Some(e) = self.tt.probe(root.hash()) {
            bring_to_front::<G>(moves.as_mut(), e.best());
        }
        let start_nodes = budget.nodes_used();
        for depth in 1..=config.max_depth.max(1) {
            let (mut alpha, mut beta) = (-INFINITY, INFINITY);
            let mut delta = config.aspiration;
            if delta > 0 && depth >= 3 {
                alpha = result.score.saturating_sub(delta).max(-INFINITY);
                beta = result.score.saturating_add(delta).min(INFINITY);
            }
            let (score, best) = loop {
                let (score, best) =
                    self.root(root, eval, moves.as_mut(), depth, alpha, beta, budget);
                if budget.is_stopped() {
                    break (score, best);
                }
                if score <= alpha && alpha > -INFINITY {
                    delta = delta.saturating_mul(2);
                    alpha = score.saturating_sub(delta).max(-INFINITY);
                } else if score >= beta && beta < INFINITY {
                    delta = delta.saturating_mul(2);
                    beta = score.saturating_add(delta).min(INFINITY);
                } else {
                    break (score, best);
                }
            };
            if budget.is_stopped() {
                break;
            }
            bring_to_front::<G>(moves.as_mut(), G::move_key(best));
            result = SearchResult {
                best: Some(best),
                score,
                depth,
                nodes: budget.nodes_used() - start_nodes,
            };
            on_iteration(&result);
        }
        result.nodes = budget.nodes_used() - start_nodes;
        result
    }

    /// One iteration at the root; returns the score and the best move.
    #[allow(clippy::too_many_arguments)]
    fn root<G: Game, E: Evaluator<G>>(
        &mut self,
        pos: &G,
        eval: &E,
        moves: &mut [G::Move],
        depth: u8,
        mut alpha: Score,
        beta: Score,
        budget: &mut Budget<'_>,
    ) -> (Score, G::Move) {
        let alpha_orig = alpha;
        let mut best_score = -INFINITY;
        let mut best = moves[0];
        for (i, &mv) in moves.iter().enumerate() {
            let child = pos.play_unchecked(mv);
            let score = if i == 0 {
                -self.negamax(&child, eval, depth - 1, 1, -beta, -alpha, budget)
            } else {
                let mut s = -self.negamax(&child, eval, depth - 1, 1, -alpha - 1, -alpha, budget);
                if s > alpha && s < beta && !budget.is_stopped() {
                    s = -self.negamax(&child, eval, depth - 1, 1, -beta, -alpha, budget);
                }
                s
            };
            if budget.is_stopped() {
                break;
            }
            if score > best_score {
                best_score = score;
                best = mv;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if !budget.is_stopped() {
            let bound = Bound::of(best_score, alpha_orig, beta);
            self.tt
                .store(pos.hash(), depth, best_score, bound, G::move_key(best));
        }
        (best_score, best)
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax<G: Game, E: Evaluator<G>>(
        &mut self,
        pos: &G,
        eval: &E,
        depth: u8,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
        budget: &mut Budget<'_>,
    ) -> Score {
        if budget.tick() {
            return 0;
        }
        let mut moves = pos.legal_moves();
        if moves.as_ref().is_empty() {
            return pos.outcome().unwrap_or(0);
        }
        if depth == 0 {
            return eval.evaluate(pos);
        }
        let hash = pos.hash();
        let alpha_orig = alpha;
        let mut tt_move = NO_MOVE;
        if let Some(e) = self.tt.probe(hash) {
            tt_move = e.best();
            if let Some(s) = e.cut(depth, &mut alpha, &mut beta) {
                return s;
            }
        }
        self.order::<G>(moves.as_mut(), tt_move, ply);

        let mut best_score = -INFINITY;
        let mut best = NO_MOVE;
        for (i, &mv) in moves.as_ref().iter().enumerate() {
            let child = pos.play_unchecked(mv);
            let score = if i == 0 {
                -self.negamax(&child, eval, depth - 1, ply + 1, -beta, -alpha, budget)
            } else {
                let mut s =
                    -self.negamax(&child, eval, depth - 1, ply + 1, -alpha - 1, -alpha, budget);
                if s > alpha && s < beta && !budget.is_stopped() {
                    s = -self.negamax(&child, eval, depth - 1, ply + 1, -beta, -alpha, budget);
                }
                s
            };
            if budget.is_stopped() {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best = G::move_key(mv);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        self.reward(best, depth, ply);
                        break;
                    }
                }
            }
        }
        let bound = Bound::of(best_score, alpha_orig, beta);
        self.tt.store(hash, depth, best_score, bound, best);
        best_score
    }

    /// Puts the table's move first, then the killers of this ply, then the rest by history.
    fn order<G: Game>(&self, moves: &mut [G::Move], tt_move: u16, ply: usize) {
        let mut start = 0;
        if tt_move != NO_MOVE && bring_to_front::<G>(moves, tt_move) {
            start = 1;
        }
        if let Some(killers) = self.killers.get(ply) {
            for &k in killers {
                if k == NO_MOVE || k == tt_move {
                    continue;
                }
                if let Some(rest) = moves.get_mut(start..) {
                    if bring_to_front::<G>(rest, k) {
                        start += 1;
                    }
                }
            }
        }
        let Some(rest) = moves.get_mut(start..) else {
            return;
        };
        let n = rest.len().min(HISTORY_SORT_CAP);
        let mut keys = [0u16; HISTORY_SORT_CAP];
        for (k, mv) in keys.iter_mut().zip(rest.iter()) {
            *k = self
                .history
                .get(G::move_key(*mv) as usize)
                .copied()
                .unwrap_or(0);
        }
        // Stable insertion sort by descending history: ties keep the game's own order.
        for i in 1..n {
            let (k, mv) = (keys[i], rest[i]);
            let mut j = i;
            while j > 0 && keys[j - 1] < k {
                keys[j] = keys[j - 1];
                rest[j] = rest[j - 1];
                j -= 1;
            }
            keys[j] = k;
            rest[j] = mv;
        }
    }

    /// Credits a move that caused a cut-off.
    fn reward(&mut self, key: u16, depth: u8, ply: usize) {
        if let Some(h) = self.history.get_mut(key as usize) {
            let bonus = (depth as u16).saturating_mul(depth as u16);
            *h = h.saturating_add(bonus);
        }
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != key {
                k[1] = k[0];
                k[0] = key;
            }
        }
    }
}

/// Moves the move with key `key` to the front, shifting the ones before it back by one;
/// returns whether it was found.
fn bring_to_front<G: Game>(moves: &mut [G::Move], key: u16) -> bool {
    match moves.iter().position(|&m| G::move_key(m) == key) {
        Some(i) => {
            moves[..=i].rotate_right(1);
            true
        }
        None => false,
    }
}
