//! Choosing moves: evaluation, the searched move, the course's opponents, and the time a move
//! may take.

use super::board::{Board, Move, splitmix};
use super::horizon::Horizon;
use crate::budget::Budget;
use crate::game::{Evaluator, Score};
use crate::search::SearchResult;
use crate::tt::Entry;

/// The score difference so far plus a greedy playout of the `PLIES` largest groups as they
/// stand (the mover takes the largest, the other the next, and so on, ignoring gravity).
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyEval<const PLIES: usize = 4>;

impl<const PLIES: usize> Evaluator<Board> for GreedyEval<PLIES> {
    fn evaluate(&self, pos: &Board) -> Score {
        let mut sizes = [0u32; PLIES];
        pos.largest_groups(&mut sizes);
        let mut value = pos.lead();
        for (i, &s) in sizes.iter().enumerate() {
            let points = (s * s) as i32;
            value = value.saturating_add(if i % 2 == 0 { points } else { -points });
        }
        value
    }
}

/// The largest group now (ties: the first in [`Board::legal_moves`] order); `None` on an
/// empty box.
pub fn greedy_move(board: &Board) -> Option<Move> {
    board.legal_moves().as_slice().first().copied()
}

/// A group drawn uniformly from the legal moves by a generator seeded with `seed`; `None` on
/// an empty box.
pub fn random_move(board: &Board, seed: u64) -> Option<Move> {
    let moves = board.legal_moves();
    let mut state = seed;
    let r = splitmix(&mut state);
    let i = (((r >> 32) * moves.len() as u64) >> 32) as usize;
    moves.as_slice().get(i).copied()
}

/// The value of `board` for the side to move by plain minimax (negamax form, no pruning) to
/// `depth` plies (at most [`MAX_MINIMAX_DEPTH`]), leaves valued by the score difference so far.
pub fn minimax(board: &Board, depth: u8) -> Score {
    let depth = depth.min(MAX_MINIMAX_DEPTH);
    if depth == 0 {
        return board.lead();
    }
    let moves = board.legal_moves();
    if moves.is_empty() {
        return board.lead();
    }
    let mut best = Score::MIN;
    for &mv in moves.iter() {
        best = best.max(-minimax(&board.play_unchecked(mv), depth - 1));
    }
    best
}

/// The deepest plain minimax this module runs (its cost grows as the group count to this power).
pub const MAX_MINIMAX_DEPTH: u8 = 8;

/// The course's graded opponent: the first move (in [`Board::legal_moves`] order) of best
/// plain-minimax value to `depth` plies (3 in the course) on the score difference.
pub fn minimax3_move(board: &Board, depth: u8) -> Option<Move> {
    let moves = board.legal_moves();
    let mut best: Option<(Score, Move)> = None;
    for &mv in moves.iter() {
        let value = -minimax(&board.play_unchecked(mv), depth.saturating_sub(1));
        if best.is_none_or(|(b, _)| value > b) {
            best = Some((value, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

/// How many of the largest groups [`search`] tries at each node, the root too.
///
/// Measured at equal node budgets (3000 nodes a move, 20 games a setting, each box played
/// twice with sides swapped), searching only the 10 largest groups below the root beat the
/// full-width search in 9 of 10 pairs at 10×10 and 14×14 and 3 of 3 at 26×26: the depth
/// it gains is worth more than the small groups it skips. Around 10 the width matters little:
/// at 12×12 and 200,000 nodes a move (`fruit-rage-tune`, 16 pairs each) widths 6 and 16 both
/// scored 7/1/8 in pairs against 10.
pub const SEARCH_WIDTH: usize = 10;

/// The value of a box at the search's horizon: a greedy playout of the four largest groups,
/// each later group trusted less ([`Horizon::TAPERED`]).
pub const HORIZON: Horizon = Horizon::TAPERED;

/// Searches `board` ([`super::engine::search`]: iterative-deepening alpha-beta on the points
/// still to come with a transposition table in `table`, [`HORIZON`] at the horizon; the
/// [`SEARCH_WIDTH`] largest groups at each node) until `budget` runs out, the search is exact
/// or it has completed the budget's depth limit. A budget already spent gives the greedy move
/// at once.
pub fn search(board: &Board, budget: &mut Budget<'_>, table: &mut [Entry]) -> SearchResult<Move> {
    if budget.check() {
        return SearchResult {
            best: greedy_move(board),
            score: board.lead(),
            depth: 0,
            nodes: 0,
        };
    }
    let depth = board.cells().min(254) as u8;
    let depth = budget.max_depth().map_or(depth, |limit| limit.min(depth));
    super::engine::search::<SEARCH_WIDTH>(board, budget, table, depth, &HORIZON)
}

/// The move [`search`] finds; `None` on an empty box.
pub fn choose(board: &Board, budget: &mut Budget<'_>, table: &mut [Entry]) -> Option<Move> {
    search(board, budget, table).best
}

/// Transposition-table entries for a search of `think_micros`: 2^20 (16 MiB) for a long
/// search, 2^15 for a short one, so that clearing the table costs nothing noticeable. The
/// program and the C API both size their tables by it.
pub const fn table_entries(think_micros: u64) -> usize {
    if think_micros >= 200_000 {
        1 << 20
    } else {
        1 << 15
    }
}

/// Below this much remaining time a move is played greedily, with no search.
pub const INSTANT_BELOW_MICROS: u64 = 1_000_000;
/// The longest a move may think without a calibrated speed.
pub const MAX_THINK_MICROS: u64 = 30_000_000;
/// With a calibrated speed, a move thinks at most as long as this many nodes take: more would
/// rarely complete another ply at the branching factors of this game.
pub const MAX_THINK_NODES: u64 = 1 << 24;

/// How long this move may think, in microseconds, given the mover's remaining time, the
/// number of groups and of fruits on the box, and the machine's search speed in nodes per
/// second if calibrated. Zero means: play the greedy move at once.
///
/// A reserve of 0.5 s plus 5% of the remaining time is never spent. The rest is shared over
/// the mover's expected moves (about a third of the groups, at least two), with the current
/// move given half as much again as an even share, since early moves decide most points. A
/// move never takes more than a sixth of the spendable time, nor [`MAX_THINK_MICROS`] (or the
/// time of [`MAX_THINK_NODES`] at the calibrated speed), nor, below ten seconds left, more
/// than a twentieth of what is left. Below [`INSTANT_BELOW_MICROS`], with a single group or
/// at most two fruits, the answer is zero.
pub fn think_micros(
    remaining_micros: u64,
    groups: u32,
    cells: u32,
    nodes_per_second: Option<u64>,
) -> u64 {
    if remaining_micros < INSTANT_BELOW_MICROS || groups <= 1 || cells <= 2 {
        return 0;
    }
    let reserve = 500_000 + remaining_micros / 20;
    let spendable = remaining_micros.saturating_sub(reserve);
    let own_moves = u64::from(groups.div_ceil(3)).max(2);
    let mut think = spendable.saturating_mul(3) / (2 * own_moves);
    think = think.min(spendable / 6).min(MAX_THINK_MICROS);
    if let Some(nps) = nodes_per_second.filter(|&n| n > 0) {
        let cap = u128::from(MAX_THINK_NODES) * 1_000_000 / u128::from(nps);
        think = think.min(cap.min(u128::from(u64::MAX)) as u64);
    }
    if remaining_micros < 10_000_000 {
        think = think.min(remaining_micros / 20);
    }
    think
}
