//! Choosing a colour: the searching engine ([`choose`]) and the two baseline players
//! ([`greedy_colour`], [`random_colour`]).

use super::board::{Board, Move};
use super::eval::Heuristic;
use super::grid::COLOURS;
use super::useful::Useful;
use crate::budget::Budget;
use crate::game::Score;
use crate::search::{SearchConfig, SearchResult, Searcher};
use crate::tt::Entry;

/// What [`choose`] decided, and how far it looked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The colour to play: never the forbidden one.
    pub colour: Move,
    /// The score of the deepest completed iteration, for the side to move.
    pub score: Score,
    /// The depth of the deepest completed iteration (0: forced, or none completed).
    pub depth: u8,
    /// Nodes searched.
    pub nodes: u64,
}

/// The colour the engine plays on `board`: iterative-deepening alpha-beta with [`Heuristic`]
/// over the [`Useful`] moves until `budget` runs out, the transposition table in `table` (any
/// length). On a finished game, or if the search has no answer, it falls back to
/// [`greedy_colour`], so the answer is always a colour the rules allow (any but the
/// opponent's).
pub fn choose(board: &Board, budget: &mut Budget<'_>, table: &mut [Entry]) -> Choice {
    choose_with(board, &Heuristic::default(), budget, table, &mut |_| {})
}

/// [`choose`] with a chosen evaluation, calling `on_iteration` after every completed depth;
/// no deeper than the budget's depth limit, if it has one.
pub fn choose_with(
    board: &Board,
    eval: &Heuristic,
    budget: &mut Budget<'_>,
    table: &mut [Entry],
    on_iteration: &mut dyn FnMut(&SearchResult<Move>),
) -> Choice {
    let fallback = Choice {
        colour: greedy_colour(board),
        score: 0,
        depth: 0,
        nodes: 0,
    };
    if board.is_over() {
        return fallback;
    }
    let mut searcher = Searcher::new(table);
    let config = SearchConfig {
        max_depth: budget.max_depth().unwrap_or(60),
        aspiration: 0,
    };
    let result = searcher.search(&Useful(*board), eval, config, budget, on_iteration);
    match result.best {
        Some(mv) if mv.colour() != board.forbidden() => Choice {
            colour: mv,
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
        },
        _ => Choice {
            nodes: result.nodes,
            ..fallback
        },
    }
}

/// The allowed colour (any but the opponent's) that gains the most cells now; ties go to the
/// lowest colour. Defined on every board, finished ones included.
pub fn greedy_colour(board: &Board) -> Move {
    let mut best: Option<(u32, u8)> = None;
    for c in 0..COLOURS as u8 {
        if c == board.forbidden() {
            continue;
        }
        let gain = board.gain(c);
        if best.is_none_or(|(g, _)| gain > g) {
            best = Some((gain, c));
        }
    }
    best.and_then(|(_, c)| Move::new(c)).unwrap_or_default()
}

/// A colour drawn uniformly from the nine allowed ones (any but the opponent's), decided by
/// `seed` alone.
pub fn random_colour(board: &Board, seed: u64) -> Move {
    let mut x = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^= x >> 31;
    let pick = ((x >> 32) * (COLOURS as u64 - 1)) >> 32;
    let forbidden = board.forbidden() as u64;
    // Skip over the forbidden colour: picks 0..=8 map onto the nine other colours.
    let colour = if pick >= forbidden { pick + 1 } else { pick };
    Move::new(colour as u8).unwrap_or_default()
}
