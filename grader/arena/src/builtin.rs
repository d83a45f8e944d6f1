//! The arena's own built-in opponents, behind the [`duel_core::Player`] seam like every other
//! in-process player: a uniformly random legal move for Reversi and Ataxx, drawn from a seat's
//! [`Rng`] (the other games' random, greedy and minimax players are core's, seeded a move).

use super::Rng;
use duel_core::{Budget, Decision, Game};

/// Reversi's `builtin:random`: a uniformly random square the side to move may play, a pass
/// when it has none. One draw from the seat's generator a move (none when it must pass), so a
/// seed gives the same game.
pub struct ReversiRandom<'r>(pub &'r mut Rng);

impl duel_core::Player for ReversiRandom<'_> {
    type Position = duel_core::reversi::Board;
    type Move = duel_core::reversi::Move;

    fn choose(
        &mut self,
        board: &Self::Position,
        _budget: &mut Budget<'_>,
    ) -> Option<Decision<Self::Move>> {
        use duel_core::reversi::Move;
        let legal = board.legal_moves();
        let squares: Vec<Move> = legal
            .as_slice()
            .iter()
            .copied()
            .filter(|m| *m != Move::Pass)
            .collect();
        let pick = squares.get(self.0.below(squares.len())).copied();
        if legal.is_empty() {
            return None;
        }
        Some(Decision::new(pick.unwrap_or(Move::Pass), 0, false, 0, 0))
    }
}

/// Ataxx's `builtin:random`: a uniformly random legal move (circular ones included, as the
/// samples do), one draw from the seat's generator a move.
pub struct AtaxxRandom<'r>(pub &'r mut Rng);

impl duel_core::Player for AtaxxRandom<'_> {
    type Position = duel_core::ataxx::Board;
    type Move = duel_core::ataxx::Move;

    fn choose(
        &mut self,
        board: &Self::Position,
        _budget: &mut Budget<'_>,
    ) -> Option<Decision<Self::Move>> {
        let moves = board.legal_moves();
        let mv = *moves.as_slice().get(self.0.below(moves.len()))?;
        Some(Decision::new(mv, 0, false, 0, 0))
    }
}
