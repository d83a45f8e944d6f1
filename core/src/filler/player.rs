//! Filler behind the [`crate::Player`] seam: [`choose_with`] over a table in a caller's slice.

use super::board::{Board, Move};
use super::engine::choose_with;
use super::eval::Heuristic;
use crate::budget::Budget;
use crate::player::{Decision, PV_CAPACITY, iteration};
use crate::tt::{self, ByGame, Entry};

/// duel's Filler player: iterative-deepening alpha-beta over a table in a caller's slice.
/// The budget is the move's (Filler's clock is per move); its depth limit bounds the
/// iterations.
pub struct Player<'t> {
    table: &'t mut [Entry],
    eval: Heuristic,
}

impl<'t> Player<'t> {
    /// A player over `table` (any length) with the committed evaluation.
    pub fn new(table: &'t mut [Entry]) -> Self {
        Self {
            table,
            eval: Heuristic::default(),
        }
    }

    /// This player with the evaluation `eval` (tuning matches, handicapped opponents).
    pub fn with_eval(mut self, eval: Heuristic) -> Self {
        self.eval = eval;
        self
    }
}

impl crate::Player for Player<'_> {
    type Position = Board;
    type Move = Move;

    fn choose(&mut self, board: &Board, budget: &mut Budget<'_>) -> Option<Decision<Move>> {
        self.choose_reporting(board, budget, &mut |_| {})
    }

    /// Reports every completed iteration (the program's `--info` lines).
    fn choose_reporting(
        &mut self,
        board: &Board,
        budget: &mut Budget<'_>,
        report: &mut dyn FnMut(&Decision<Move>),
    ) -> Option<Decision<Move>> {
        if board.is_over() {
            return None;
        }
        let choice = choose_with(board, &self.eval, budget, self.table, &mut |r| {
            if let Some(d) = iteration(r) {
                report(&d);
            }
        });
        let mut line = [Move::default(); PV_CAPACITY];
        let n = tt::principal_variation(self.table, ByGame(*board), &mut line);
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
