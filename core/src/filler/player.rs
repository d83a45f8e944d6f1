//! Filler behind the [`crate::Player`] seam: [`choose`] over a table in a caller's slice.

use super::board::{Board, Move};
use super::engine::choose;
use crate::budget::Budget;
use crate::player::{Decision, PV_CAPACITY};
use crate::search::Searcher;
use crate::tt::Entry;

/// duel's Filler player: iterative-deepening alpha-beta over a table in a caller's slice.
/// The budget is the move's (Filler's clock is per move).
pub struct Player<'t> {
    table: &'t mut [Entry],
}

impl<'t> Player<'t> {
    /// A player over `table` (any length).
    pub fn new(table: &'t mut [Entry]) -> Self {
        Self { table }
    }
}

impl crate::Player for Player<'_> {
    type Position = Board;
    type Move = Move;

    fn choose(&mut self, board: &Board, budget: &mut Budget<'_>) -> Option<Decision<Move>> {
        if board.is_over() {
            return None;
        }
        let choice = choose(board, budget, self.table);
        let mut line = [Move::default(); PV_CAPACITY];
        let n = Searcher::new(self.table).principal_variation(board, &mut line);
        let decision = Decision::new(
            choice.colour,
            choice.score,
            false,
            choice.depth,
            choice.nodes,
        );
        Some(decision.with_line(&line[..n]))
    }
}
