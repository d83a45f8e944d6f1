//! The Fruit Rage's own search: alpha-beta (principal-variation form) over the points still to
//! come, iterative deepening, a transposition table keyed by the cells alone, the `K` largest
//! groups at every node (the root too), and exact subtrees remembered as exact.
//!
//! A node finds its groups once ([`Largest::of`]: one union-find scan of the box) and keeps
//! only the `K` largest, which both its move list and, at the horizon, its evaluation use.
//!
//! Scores are the mover's points still to come minus the other's, so boxes reached with
//! different leads share table entries; [`search`] adds the lead back.
//!
//! A subtree whose every line reached the end of the game, without pruning, is stored with
//! depth [`EXACT`]: it then serves every later iteration, and an iteration that met no horizon
//! and no pruned node is exact and ends the search.
//!
//! The node loop is The Fruit Rage's own (points collected on the way, the `K` largest
//! groups), deepened by the shared driver ([`crate::deepening`]: full windows, its own pace);
//! it shares with the other searches the table's steps ([`crate::tt`]: [`Bound::of`] for the
//! store, [`crate::tt::Entry::cut`] for the probe), [`SearchResult`], and the
//! principal-variation walk ([`principal_variation`]; a [`Board`] is a [`Walk`] keyed by its
//! cells).

use super::board::{Board, Move, MoveList, Scan};
use super::horizon::{Horizon, TOP};
use crate::budget::Budget;
use crate::deepening::{Aspiration, Deepening, Pace, RootScore, RootSearch, SearchResult, iterate};
use crate::game::Score;
use crate::tt::{Bound, Entry, NO_MOVE, TranspositionTable, Walk};

/// Beyond any value of a box (at most 676² points remain).
const INF: Score = 1 << 24;

/// The depth stored with an exact subtree's value: deeper than any iteration.
pub const EXACT: u8 = u8::MAX;

/// The `K` largest groups of a box (largest first; among groups of one size, lowest
/// column-major bit first) and how many groups it has.
#[derive(Clone, Copy, Debug)]
pub struct Largest<const K: usize> {
    moves: [Move; K],
    len: usize,
    groups: u32,
}

impl<const K: usize> Largest<K> {
    /// Scans `board` once.
    pub fn of(board: &Board) -> Self {
        Self::scan(board, &mut Scan::new(), true)
    }

    /// Scans `board` once with the working memory `scan`; with `typed` false the kept moves'
    /// fruit types are left 0 (enough for their sizes and the horizon's value).
    #[inline(never)]
    pub fn scan(board: &Board, scan: &mut Scan, typed: bool) -> Self {
        let mut top = Largest {
            moves: [Move::default(); K],
            len: 0,
            groups: 0,
        };
        // Groups come in order of their lowest bit, so a group enters only if it is larger
        // than the last kept when the list is full.
        let groups = scan.groups_by_bit(board, |bit, size| {
            let mut i = if top.len < K {
                top.len += 1;
                top.len - 1
            } else {
                K - 1
            };
            while i > 0 && top.moves[i - 1].size() < size {
                top.moves[i] = top.moves[i - 1];
                i -= 1;
            }
            top.moves[i] = Move::new(bit, 0, size);
            if top.len < K {
                1
            } else {
                top.moves.last().map_or(1, |m| m.size() + 1)
            }
        });
        top.groups = groups;
        if typed {
            for mv in top.moves.iter_mut().take(top.len) {
                *mv = Move::new(mv.key(), board.fruit_of(mv.key()), mv.size());
            }
        }
        top
    }

    /// The kept groups, largest first.
    pub fn moves(&self) -> &[Move] {
        self.moves.get(..self.len).unwrap_or(&[])
    }

    /// The number of groups on the box (kept or not).
    pub fn groups(&self) -> u32 {
        self.groups
    }
}

/// What one search shares between its nodes.
struct Context<'t, 'b, 'c, 'h> {
    tt: TranspositionTable<'t>,
    /// The value of a box at the horizon.
    horizon: &'h Horizon,
    budget: &'b mut Budget<'c>,
    /// Set when a node below met the horizon or pruned a move.
    inexact: bool,
    /// The group scan's working memory.
    scan: Scan,
}

/// Searches `board` by iterative deepening until `budget` runs out, the search is exact, or
/// `max_depth` plies; the `K` largest groups at every node, `horizon` valuing the boxes where
/// it stops. The score is the lead at the end of the game the search expects, for the mover.
/// With a budget spent before depth 1 completes, the best move is the largest group.
///
/// The root is as narrow as the nodes below it. Searching every group at the root, as before,
/// spent most of an iteration on small groups that are rarely the best move: node-limited
/// (`fruit-rage-tune`, 50,000 nodes a move at 20×20, 100,000 at 12×12, pairs by summed
/// margin), the 20 largest at the root won 26/1/4 pairs against every group at 20×20 and
/// 19/10/13 at 12×12, the 40 largest 28/1/2 at 20×20, and the 10 largest 13/5/7 at 12×12;
/// against the 40 largest the 10 scored 12/2/17 at 20×20 (31 pairs, not told apart).
pub fn search<const K: usize>(
    board: &Board,
    budget: &mut Budget<'_>,
    table: &mut [Entry],
    max_depth: u8,
    horizon: &Horizon,
) -> SearchResult<Move> {
    let mut all: MoveList = board.legal_moves();
    let Some(&first) = all.as_slice().first() else {
        return SearchResult {
            best: None,
            score: board.lead(),
            depth: 0,
            nodes: 0,
        };
    };
    if all.len() == 1 {
        return SearchResult {
            best: Some(first),
            score: board.lead().saturating_add(first.points()),
            depth: 0,
            nodes: 0,
        };
    }
    // The `K` largest (the list is largest first); with more groups than that the search is
    // not exact.
    let root_pruned = all.len() > K;
    let kept = all.len().min(K);
    let moves: &mut [Move] = all.as_mut_slice().get_mut(..kept).unwrap_or_default();
    let ctx = Context {
        tt: TranspositionTable::new(table),
        horizon,
        budget,
        inexact: false,
        scan: Scan::new(),
    };
    if let Some(e) = ctx.tt.probe(board.cells_hash()) {
        bring_to_front(moves, e.best());
    }
    let mut iteration = Iteration::<K> {
        ctx,
        board,
        moves,
        root_pruned,
    };
    iterate(
        &mut iteration,
        &DEEPENING,
        first,
        board.lead(),
        max_depth.clamp(1, EXACT - 1),
    )
}

/// The Fruit Rage's deepening: full windows; an iteration is not begun once a third of a
/// deadline's time is spent, since the next one takes longer than all before it and an
/// unfinished one is wasted.
const DEEPENING: Deepening = Deepening {
    infinity: INF,
    aspiration: Aspiration::OFF,
    pace: Pace::TwiceSpent,
    keep_interrupted: false,
};

/// One [`search`] as the deepening driver runs it: the root and its `K` largest groups (best
/// first).
struct Iteration<'t, 'b, 'c, 'h, 'r, const K: usize> {
    ctx: Context<'t, 'b, 'c, 'h>,
    board: &'r Board,
    moves: &'r mut [Move],
    /// Whether the root has more groups than `K` (no iteration is then exact).
    root_pruned: bool,
}

impl<const K: usize> RootSearch for Iteration<'_, '_, '_, '_, '_, K> {
    type Move = Move;

    fn budget(&self) -> &Budget<'_> {
        self.ctx.budget
    }

    /// The root's value plus the lead so far: the final lead the iteration expects.
    fn root(&mut self, depth: u8, _alpha: Score, _beta: Score) -> RootScore<Move> {
        self.ctx.inexact = self.root_pruned;
        let (score, best) = root::<K>(&mut self.ctx, self.board, self.moves, depth);
        RootScore {
            score: self.board.lead().saturating_add(score),
            best,
            later: self.moves.first().is_some_and(|m| m.key() != best.key()),
        }
    }

    /// An exact iteration ends the search.
    fn completed(&mut self, result: &SearchResult<Move>) -> bool {
        if let Some(best) = result.best {
            bring_to_front(self.moves, best.key());
        }
        self.ctx.inexact
    }
}

/// Whether the last [`search`] of `board` over `table` found its exact value (its root is
/// stored as exact: every line reached the end of the game, nothing pruned).
pub fn is_exact(board: &Board, table: &mut [Entry]) -> bool {
    TranspositionTable::new(table)
        .probe(board.cells_hash())
        .is_some_and(|e| e.depth() == EXACT)
}

/// Follows the table's best moves from `board` (as [`search`] stored them), writing at most
/// `out.len()`; returns how many it wrote.
pub fn principal_variation(board: &Board, table: &[Entry], out: &mut [Move]) -> usize {
    crate::tt::principal_variation(table, *board, out)
}

/// A box as [`search`] stores it: keyed by its cells alone ([`Board::cells_hash`]).
impl Walk for Board {
    type Move = Move;

    fn table_key(&self) -> u64 {
        self.cells_hash()
    }

    fn legal_move(&self, key: u16) -> Option<Move> {
        self.legal_moves().iter().copied().find(|m| m.key() == key)
    }

    fn play(&self, mv: Move) -> Board {
        self.play_unchecked(mv)
    }
}

/// One iteration at the root over `moves` (the `K` largest groups): the value and the best
/// move.
fn root<const K: usize>(
    ctx: &mut Context<'_, '_, '_, '_>,
    board: &Board,
    moves: &mut [Move],
    depth: u8,
) -> (Score, Move) {
    let mut alpha = -INF;
    let mut best = moves.first().copied().unwrap_or_default();
    for (i, &mv) in moves.iter().enumerate() {
        let points = mv.points();
        let child = board.play_unchecked(mv);
        let score = if i == 0 {
            points - negamax::<K>(ctx, &child, depth - 1, -INF, INF)
        } else {
            let s =
                points - negamax::<K>(ctx, &child, depth - 1, points - alpha - 1, points - alpha);
            if s > alpha && !ctx.budget.is_stopped() {
                points - negamax::<K>(ctx, &child, depth - 1, -INF, points - alpha)
            } else {
                s
            }
        };
        if ctx.budget.is_stopped() {
            break;
        }
        if score > alpha {
            alpha = score;
            best = mv;
        }
    }
    if !ctx.budget.is_stopped() {
        let stored = if ctx.inexact { depth } else { EXACT };
        ctx.tt
            .store(board.cells_hash(), stored, alpha, Bound::Exact, best.key());
    }
    (alpha, best)
}

/// The value for the mover of the points still to come on `board`, searched `depth` plies
/// within (`alpha`, `beta`).
fn negamax<const K: usize>(
    ctx: &mut Context<'_, '_, '_, '_>,
    board: &Board,
    depth: u8,
    mut alpha: Score,
    mut beta: Score,
) -> Score {
    if ctx.budget.tick() {
        return 0;
    }
    // The table first: a cut needs no scan of the box (a horizon node neither probes nor
    // stores).
    let hash = if depth > 0 { board.cells_hash() } else { 0 };
    let mut tt_move = NO_MOVE;
    if depth > 0 {
        if let Some(e) = ctx.tt.probe(hash) {
            tt_move = e.best();
            if let Some(s) = e.cut(depth, &mut alpha, &mut beta) {
                if e.depth() != EXACT {
                    ctx.inexact = true;
                }
                return s;
            }
        }
    }
    if depth == 0 {
        // The horizon needs only the largest groups, untyped.
        let top = Largest::<TOP>::scan(board, &mut ctx.scan, false);
        if top.groups <= 1 {
            // None or one group left: it is the whole box.
            return top.moves().first().map_or(0, |m| m.points());
        }
        ctx.inexact = true;
        return ctx.horizon.value(top.moves(), board.cells());
    }
    let mut top = Largest::<K>::scan(board, &mut ctx.scan, true);
    let Some(&largest) = top.moves().first() else {
        return 0;
    };
    if top.groups == 1 {
        // One group left: it is the whole box.
        return largest.points();
    }
    let outer_inexact = ctx.inexact;
    ctx.inexact = top.groups as usize > top.len;
    let len = top.len;
    bring_to_front(top.moves.get_mut(..len).unwrap_or(&mut []), tt_move);

    let alpha_orig = alpha;
    let mut best_score = -INF;
    let mut best = NO_MOVE;
    for (i, &mv) in top.moves().iter().enumerate() {
        let points = mv.points();
        let child = board.play_unchecked(mv);
        let score = if i == 0 {
            points - negamax::<K>(ctx, &child, depth - 1, points - beta, points - alpha)
        } else {
            let s =
                points - negamax::<K>(ctx, &child, depth - 1, points - alpha - 1, points - alpha);
            if s > alpha && s < beta && !ctx.budget.is_stopped() {
                points - negamax::<K>(ctx, &child, depth - 1, points - beta, points - alpha)
            } else {
                s
            }
        };
        if ctx.budget.is_stopped() {
            return 0;
        }
        if score > best_score {
            best_score = score;
            best = mv.key();
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
    }
    let bound = Bound::of(best_score, alpha_orig, beta);
    let stored = if ctx.inexact { depth } else { EXACT };
    ctx.tt.store(hash, stored, best_score, bound, best);
    ctx.inexact |= outer_inexact;
    best_score
}

/// Moves the move with key `key` to the front, keeping the order of the others.
fn bring_to_front(moves: &mut [Move], key: u16) {
    if let Some(i) = moves.iter().position(|m| m.key() == key) {
        if let Some(head) = moves.get_mut(..=i) {
            head.rotate_right(1);
        }
    }
}
