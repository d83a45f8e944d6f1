//! Reversi behind the [`crate::Player`] seam: the [`Engine`] with its table, and the contest's
//! whole-game time management when the budget is the game's clock.

use super::board::{Board, Move};
use super::engine::{Engine, think_time_millis};
use super::trained::Trained;
use crate::budget::Budget;
use crate::game::Evaluator;
use crate::player::{Decision, PV_CAPACITY, TimeUse};
use crate::tt::Entry;

/// duel's Reversi player: midgame search, then the exact solver, over a table in a caller's
/// slice that persists between moves. `E` is the midgame evaluation, as for [`Engine`]. A
/// budget's depth limit is a playing level, as [`Engine::with_max_depth`] describes.
pub struct Player<'t, E = Trained> {
    engine: Engine<'t, E>,
    time: TimeUse,
}

impl<'t> Player<'t> {
    /// A player over `table` (any length) with the trained evaluation, reading its budgets as
    /// `time` says.
    pub fn new(table: &'t mut [Entry], time: TimeUse) -> Self {
        Self {
            engine: Engine::new(table),
            time,
        }
    }
}

impl<'t, E: Evaluator<Board>> Player<'t, E> {
    /// A player over `table` with the midgame evaluation `eval` (the firmware passes the
    /// compact [`super::Eval`]).
    pub fn with_eval(table: &'t mut [Entry], time: TimeUse, eval: E) -> Self {
        Self {
            engine: Engine::with_eval(table, eval),
            time,
        }
    }
}

impl<E: Evaluator<Board>> crate::Player for Player<'_, E> {
    type Position = Board;
    type Move = Move;

    fn choose(&mut self, board: &Board, budget: &mut Budget<'_>) -> Option<Decision<Move>> {
        if board.is_over() {
            return None;
        }
        self.engine.set_max_depth(budget.max_depth());
        let choice = match (self.time, budget.clock()) {
            (TimeUse::WholeGame, Some(_)) => {
                let millis = think_time_millis(board, budget.micros_left() / 1000);
                let mut part = budget.share(millis.saturating_mul(1000));
                let choice = self.engine.choose(board, &mut part);
                budget.absorb(&part);
                choice
            }
            _ => self.engine.choose(board, budget),
        };
        let mut line = [Move::Pass; PV_CAPACITY];
        let n = if choice.exact {
            0
        } else {
            self.engine.principal_variation(board, &mut line)
        };
        let decision = Decision::new(
            choice.mv,
            choice.score,
            choice.exact,
            choice.depth,
            choice.nodes,
        );
        Some(decision.with_line(&line[..n]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Player as _;

    #[test]
    fn answers_a_legal_move_and_none_at_the_end() {
        let mut table = [Entry::default(); 1024];
        let mut player = Player::new(&mut table, TimeUse::ThisMove);
        let board = Board::start();
        let decision = player.choose(&board, &mut Budget::nodes(2_000)).unwrap();
        assert!(board.play(decision.mv).is_ok());
        assert_eq!(decision.pv.as_slice().first(), Some(&decision.mv));
        let over = Board::from_colours(
            crate::Bitboard(u64::MAX),
            crate::Bitboard::EMPTY,
            crate::Colour::Black,
        )
        .unwrap();
        assert!(player.choose(&over, &mut Budget::nodes(10)).is_none());
    }
}
