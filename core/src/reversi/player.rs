//! Reversi behind the [`crate::Player`] seam: the [`Engine`] with its table, the contest's
//! whole-game time management when the budget is the game's clock (with an increment, most of
//! it is spent too), an exact-solve mode, and the ranking of every move NBoard's `hint` shows.

use super::board::{Board, Move};
use super::book::Book;
use super::engine::{DEPTH_WITHOUT_CLOCK, Engine, Ranking, think_time_millis};
use super::search::Options;
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
    /// Every position solved exactly ([`Player::solving_exactly`]).
    exact: bool,
    /// The opening book consulted before any search ([`Player::with_book`]).
    book: Option<Book<'t>>,
}

impl<'t> Player<'t> {
    /// A player over `table` (any length) with the trained evaluation, reading its budgets as
    /// `time` says.
    pub fn new(table: &'t mut [Entry], time: TimeUse) -> Self {
        Self {
            engine: Engine::new(table),
            time,
            exact: false,
            book: None,
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
            exact: false,
            book: None,
        }
    }

    /// This player searching the middle game with `options` (multi-prob-cut's threshold, ...;
    /// tuning runs such as `reversi-mpc speed`), as [`Engine::with_options`] sets them.
    pub fn with_options(mut self, options: Options) -> Self {
        self.engine = self.engine.with_options(options);
        self
    }

    /// This player answering every position with the exact solver, whatever its empties
    /// (`duel solve reversi --exact`, the FFO bench): the decision is exact, its depth the
    /// empties and its nodes the solver's, unless the budget stops the solve first; then it
    /// is the midgame search's answer within what is left of the budget.
    pub fn solving_exactly(mut self) -> Self {
        self.exact = true;
        self
    }

    /// This player answering from `book` wherever it holds the position (in any symmetric
    /// image), with no search: the decision's score is the book's value, its depth and nodes
    /// 0. An exact-solving player ([`Player::solving_exactly`]) never consults it.
    pub fn with_book(mut self, book: Book<'t>) -> Self {
        self.book = Some(book);
        self
    }

    /// Every legal move of `board` (a pass when it must pass; none when the game is over) with
    /// its value for the side to move, best first (equal values in move order), as NBoard's
    /// `hint` shows them: iterative deepening over all the moves to the budget's depth limit
    /// ([`DEPTH_WITHOUT_CLOCK`] without one), each child searched a ply less deep, an
    /// iteration the budget cuts short dropped; then, when the empties allow (six more than
    /// the depth, 12..=22, and no more than a clock affords), exact solves in that order for
    /// as long as the budget lasts (a quarter of a clock goes to the midgame part then).
    pub fn rank_moves(&mut self, board: &Board, budget: &mut Budget<'_>) -> Ranking {
        let depth = budget.max_depth().unwrap_or(DEPTH_WITHOUT_CLOCK).max(1);
        self.engine.rank(board, depth, budget)
    }
}

impl<E: Evaluator<Board>> crate::Player for Player<'_, E> {
    type Position = Board;
    type Move = Move;

    fn choose(&mut self, board: &Board, budget: &mut Budget<'_>) -> Option<Decision<Move>> {
        if board.is_over() {
            return None;
        }
        if !self.exact {
            if let Some(hit) = self.book.and_then(|b| b.lookup(board)) {
                return Some(Decision::new(
                    hit.mv,
                    i32::from(hit.centidiscs),
                    false,
                    0,
                    0,
                ));
            }
        }
        self.engine.set_max_depth(budget.max_depth());
        let solved = if self.exact {
            self.engine.solve_exactly(board, budget)
        } else {
            None
        };
        let choice = match (solved, self.time, budget.clock()) {
            (Some(choice), _, _) => choice,
            (None, TimeUse::WholeGame, Some(_)) => {
                let left_millis = budget.micros_left() / 1000;
                let mut millis = think_time_millis(board, left_millis);
                let increment_millis = budget.increment_micros() / 1000;
                if increment_millis > 0 {
                    // Most of the increment too, never more than 90% of what is left.
                    millis = millis
                        .saturating_add(increment_millis / 4 * 3)
                        .min(left_millis / 10 * 9)
                        .max(1);
                }
                let engine = &mut self.engine;
                budget.spend(millis.saturating_mul(1000), u64::MAX, |part| {
                    engine.choose(board, part)
                })
            }
            (None, _, _) => self.engine.choose(board, budget),
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

    #[test]
    fn options_reach_the_search() {
        // A fixed depth, no clock: plain alpha-beta through the player visits exactly the
        // nodes the engine with the same options visits, and not those of the default. (Shallow
        // and from the start, so that Miri runs it in seconds.)
        const DEPTH: u8 = 5;
        let board = Board::start();
        let search = |options: Option<Options>| {
            let mut table = [Entry::default(); 1 << 12];
            let player = Player::new(&mut table, TimeUse::ThisMove);
            let mut player = match options {
                Some(o) => player.with_options(o),
                None => player,
            };
            player
                .choose(&board, &mut Budget::unlimited().with_max_depth(DEPTH))
                .map(|d| (d.mv, d.score, d.nodes))
                .unwrap()
        };
        let mut table = [Entry::default(); 1 << 12];
        let engine = Engine::new(&mut table)
            .with_max_depth(DEPTH)
            .with_options(Options::exact())
            .choose(&board, &mut Budget::unlimited().with_max_depth(DEPTH));
        let exact = search(Some(Options::exact()));
        assert_eq!(exact, (engine.mv, engine.score, engine.nodes));
        // 453 nodes plain, 552 with multi-prob-cut (which also re-searches) at depth 5.
        assert_ne!(exact.2, search(None).2);
    }
}
