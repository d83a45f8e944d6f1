//! [`Useful`]: Filler as the engine searches it, each position offering only its
//! [useful moves](Board::useful_moves) instead of every allowed colour.
//!
//! Within [`EXACT_PLIES`](super::EXACT_PLIES) moves of the limit the useful moves are the
//! exact ones, and there the two games have the same minimax values.
//!
//! Elsewhere this is a deliberately narrower game than the rules' ([`Board`]'s [`Game`] implementation
//! lists every allowed colour), so its minimax values are not Filler's: on tiny boards played
//! to the end the two differ in about a quarter of positions. It is what the engine searches
//! all the same: at equal nodes it reaches about one ply deeper, plays as strongly head to
//! head, and it never settles for the blockade draw that minimax over every colour prefers
//! against a perfect opponent, which loses games to the statement's random player (see the
//! [module notes](super) on blockades).

use super::board::{Board, Move, MoveList};
use super::eval::Heuristic;
use crate::game::{Evaluator, Game, Score};

/// A Filler position whose moves are its [useful moves](Board::useful_moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Useful(pub Board);

impl Game for Useful {
    type Move = Move;
    type MoveList = MoveList;

    fn legal_moves(&self) -> MoveList {
        self.0.useful_moves()
    }

    fn play_unchecked(&self, mv: Move) -> Self {
        Useful(self.0.play_unchecked(mv))
    }

    fn outcome(&self) -> Option<Score> {
        self.0.outcome()
    }

    fn hash(&self) -> u64 {
        self.0.hash()
    }

    fn move_key(mv: Move) -> u16 {
        Board::move_key(mv)
    }
}

impl Evaluator<Useful> for Heuristic {
    fn evaluate(&self, pos: &Useful) -> Score {
        self.evaluate(&pos.0)
    }
}
