//! Negamax alpha-beta over any [`Game`]: principal-variation search, a transposition table,
//! and killer and history move ordering, deepened by the shared driver ([`crate::deepening`]:
//! iterative deepening and aspiration windows).
//!
//! It is generic, but only Filler plays with it ([`crate::filler`]). Reversi, Ataxx and The
//! Fruit Rage search with node loops of their own (their own move ordering and pruning) on the
//! same driver, and Stake Your Claim with its exact solver. What every search over a
//! [`TranspositionTable`] shares lives in [`crate::tt`]: [`Bound::of`] for the store,
//! [`crate::tt::Entry::cut`] for the probe, and the principal-variation walk
//! ([`crate::tt::principal_variation`]). Ataxx also reports in [`SearchConfig`], and every
//! search in [`SearchResult`].

use crate::budget::Budget;
pub use crate::deepening::SearchResult;
use crate::deepening::{Aspiration, Deepening, Pace, RootScore, RootSearch, iterate};
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

/// Filler's deepening: windows of [`SearchConfig::aspiration`] (none for Filler's player)
/// whatever the score, only clamped at [`INFINITY`]; no pace but the budget's.
const DEEPENING: Deepening = Deepening {
    infinity: INFINITY,
    aspiration: Aspiration {
        window: 0,
        within: Score::MAX,
        open_beyond: Score::MAX,
    },
    pace: Pace::Budget,
    keep_interrupted: false,
};

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

    /// Searches `root` by iterative deepening ([`crate::deepening`]: windows of
    /// `config.aspiration` from depth 3, doubled at each re-search) until `config.max_depth` or
    /// until `budget` runs out, and returns the result of the deepest completed iteration.
    /// `on_iteration` sees each completed iteration (for `info` lines and progress).
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
        if moves.as_ref().len() == 1 {
            return SearchResult {
                best: Some(first),
                score: eval.evaluate(&root.play_unchecked(first)).saturating_neg(),
                depth: 0,
                nodes: 0,
            };
        }
        if let Some(e) = self.tt.probe(root.hash()) {
            bring_to_front::<G>(moves.as_mut(), e.best());
        }
        let policy = Deepening {
            aspiration: DEEPENING.aspiration.with_window(config.aspiration),
            ..DEEPENING
        };
        let mut iteration = Iteration {
            searcher: self,
            root,
            eval,
            moves: moves.as_mut(),
            budget,
            on_iteration,
        };
        iterate(&mut iteration, &policy, first, 0, config.max_depth)
    }

    /// One iteration at the root over `moves` (best first): the score and the best move.
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
    ) -> RootScore<G::Move> {
        let alpha_orig = alpha;
        let mut best_score = -INFINITY;
        let mut best = moves[0];
        let mut later = false;
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
                later = i > 0;
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
        RootScore {
            score: best_score,
            best,
            later,
        }
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

/// One [`Searcher::search`] as the deepening driver runs it: the root, its moves (best first)
/// and the budget.
struct Iteration<'s, 't, 'r, 'b, 'c, G: Game, E> {
    searcher: &'s mut Searcher<'t>,
    root: &'r G,
    eval: &'r E,
    moves: &'r mut [G::Move],
    budget: &'b mut Budget<'c>,
    on_iteration: &'r mut dyn FnMut(&SearchResult<G::Move>),
}

impl<G: Game, E: Evaluator<G>> RootSearch for Iteration<'_, '_, '_, '_, '_, G, E> {
    type Move = G::Move;

    fn budget(&self) -> &Budget<'_> {
        self.budget
    }

    fn root(&mut self, depth: u8, alpha: Score, beta: Score) -> RootScore<G::Move> {
        self.searcher.root(
            self.root,
            self.eval,
            self.moves,
            depth,
            alpha,
            beta,
            self.budget,
        )
    }

    fn completed(&mut self, result: &SearchResult<G::Move>) -> bool {
        if let Some(best) = result.best {
            bring_to_front::<G>(self.moves, G::move_key(best));
        }
        (self.on_iteration)(result);
        true
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
