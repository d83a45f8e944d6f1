//! Stake Your Claim behind the [`crate::Player`] seam: the exact solver over slots in a
//! caller's slice.

use super::board::{Board, Move};
use super::solve::{Slot, solve};
use crate::budget::Budget;
use crate::player::Decision;

/// duel's Stake Your Claim player: an exact solve, whatever the budget (a 10-empty solve takes
/// well under a millisecond on a host).
pub struct Player<'t> {
    table: &'t mut [Slot],
}

impl<'t> Player<'t> {
    /// A solver over `table` (any length: exact with zero slots too, faster with more).
    pub fn new(table: &'t mut [Slot]) -> Self {
        Self { table }
    }
}

impl crate::Player for Player<'_> {
    type Position = Board;
    type Move = Move;

    fn choose(&mut self, board: &Board, _budget: &mut Budget<'_>) -> Option<Decision<Move>> {
        let solution = solve(board, self.table).ok()?;
        let empties = board.empties().len() as u8;
        Some(Decision::new(
            solution.mv,
            solution.value,
            true,
            empties,
            solution.nodes,
        ))
    }
}
