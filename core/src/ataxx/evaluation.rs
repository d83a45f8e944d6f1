//! What the Ataxx search asks of an evaluation: a score for the side to move, from a state
//! that the search carries down its line and updates move by move (the network's
//! accumulators; nothing for the linear evaluation).

use super::board::Board;
use crate::game::Score;

/// An evaluation the Ataxx search can use: [`super::Trained`] (the network, the hosted
/// engines' default), [`super::Eval`] (the linear one, the firmware's) or a
/// [`super::nnue::Network`] by reference.
pub trait Evaluation {
    /// What the evaluation keeps for each position of the search's line.
    type State: Copy;

    /// The state of `board`, computed whole.
    fn state_of(&self, board: &Board) -> Self::State;

    /// `state`, of `before`, brought up to date for `after` (a position one move later).
    fn update(&self, state: &mut Self::State, before: &Board, after: &Board);

    /// The value of `board`, whose state is `state`, for the side to move, in hundredths of
    /// a piece.
    fn evaluate(&self, state: &Self::State, board: &Board) -> Score;
}
