//! The simple opponents behind the [`crate::Player`] seam: [`Greedy`] and [`Random`], the
//! arena's `builtin:greedy` and `builtin:random`, and the programs' answer on a finished board.
//!
//! Unlike the searching [`super::Player`], they answer on every board, a finished one too
//! (the contest asks for a colour whatever the board): their `choose` never returns `None`.

use super::board::{Board, Move};
use super::engine::{greedy_colour, random_colour};
use crate::budget::Budget;
use crate::player::Decision;

/// The allowed colour (any but the opponent's) that gains the most cells now; ties go to the
/// lowest colour. Its decision's score is the cells gained; it searches no node.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

impl crate::Player for Greedy {
    type Position = Board;
    type Move = Move;

    fn choose(&mut self, board: &Board, _budget: &mut Budget<'_>) -> Option<Decision<Move>> {
        let mv = greedy_colour(board);
        Some(Decision::new(
            mv,
            board.gain(mv.colour()) as i32,
            false,
            1,
            0,
        ))
    }
}

/// A colour drawn uniformly from the nine allowed ones (any but the opponent's), decided by
/// the seed alone (the same seed, the same colour on the same board). Its score is 0.
#[derive(Clone, Copy, Debug, Default)]
pub struct Random {
    /// The seed of the next choice.
    pub seed: u64,
}

impl Random {
    /// A random player whose next choice is decided by `seed`.
    pub fn new(seed: u64) -> Self {
        Self { seed }
    }
}

impl crate::Player for Random {
    type Position = Board;
    type Move = Move;

    fn choose(&mut self, board: &Board, _budget: &mut Budget<'_>) -> Option<Decision<Move>> {
        Some(Decision::new(
            random_colour(board, self.seed),
            0,
            false,
            0,
            0,
        ))
    }
}
