//! The course's simple opponents behind the [`crate::Player`] seam: [`Greedy`], [`Random`]
//! and [`Minimax`] (the graded `minimax3`), the arena's built-ins. Each answers `None` on an
//! empty box, searches no table and ignores the budget.

use super::board::{Board, Move};
use super::play::{greedy_move, minimax, random_move};
use crate::budget::Budget;
use crate::player::Decision;

/// The largest group now (ties: the first in [`Board::legal_moves`] order). Its decision's
/// score is the points the move scores.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

impl crate::Player for Greedy {
    type Position = Board;
    type Move = Move;

    fn choose(&mut self, board: &Board, _budget: &mut Budget<'_>) -> Option<Decision<Move>> {
        let mv = greedy_move(board)?;
        let size = mv.size() as i32;
        Some(Decision::new(mv, size * size, false, 1, 0))
    }
}

/// A group drawn uniformly from the legal moves, decided by the seed alone. Its score is 0.
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
        random_move(board, self.seed).map(|mv| Decision::new(mv, 0, false, 0, 0))
    }
}

/// The course's graded opponent: the first move (in [`Board::legal_moves`] order) of best
/// plain-minimax value to `depth` plies (3 in the course, `minimax3`) on the score
/// difference. Its score is that value.
#[derive(Clone, Copy, Debug)]
pub struct Minimax {
    /// Plies searched (the move included).
    pub depth: u8,
}

impl Minimax {
    /// Plain minimax to `depth` plies.
    pub fn new(depth: u8) -> Self {
        Self { depth }
    }
}

impl crate::Player for Minimax {
    type Position = Board;
    type Move = Move;

    fn choose(&mut self, board: &Board, _budget: &mut Budget<'_>) -> Option<Decision<Move>> {
        let mut best: Option<(i32, Move)> = None;
        for &mv in board.legal_moves().iter() {
            let value = -minimax(&board.play_unchecked(mv), self.depth.saturating_sub(1));
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, mv));
            }
        }
        best.map(|(value, mv)| Decision::new(mv, value, false, self.depth, 0))
    }
}
