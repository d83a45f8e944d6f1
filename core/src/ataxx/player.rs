//! Ataxx behind the [`crate::Player`] seam: the selective search over a table in a
//! caller's slice, on a [`Match`] (the board with what its rules need of the game before it),
//! with the [`TimeManager`] when the budget is a whole-game clock.
//!
//! With few empty cells ([`Player::with_solve_empties`]) it first tries to solve the position
//! exactly ([`super::train::solve`]) within a share of the budget, and plays the proven move (a
//! [`Decision`] with `exact` set and the final margin's score) when the proof completes; the
//! search gets what is left otherwise.
//!
//! Under Botzone's rules the circular moves of the match are excluded at the root; under
//! standard rules the positions since the last copy are passed to the search, which scores a
//! return to one of them as a draw.

use super::board::{Board, Rules};
use super::engine::circular_moves;
use super::evaluation::Evaluation;
use super::history::Match;
use super::moves::Move;
use super::nnue::Trained;
use super::search::{Root, Tuning, search_tuned};
#[cfg(feature = "ataxx-solve")]
use super::solve::solve_in;
use super::time::TimeManager;
use crate::budget::Budget;
use crate::limits::Allowance;
use crate::player::{Decision, PV_CAPACITY, TimeUse, iteration};
use crate::search::SearchConfig;
use crate::tt::{self, ByGame, Entry, TranspositionTable};

/// The deepest iteration when the budget sets none ([`Budget::with_max_depth`]).
pub const MAX_DEPTH: u8 = 60;

/// The most empty cells at which the player tries an exact solve by default, with a large
/// budget (at least [`SOLVE_LARGE_MICROS`] and [`SOLVE_LARGE_NODES`]: Botzone's 1 s turn)
/// and with a smaller one (UAI's 0.1 s a move). Measured on positions of self-play games
/// under Botzone's rules (docs/JOURNAL.md): at 2 empties 26 of 30 were proven within 1 s
/// (median 13 ms), at 3 only 14 of 30; within 0.1 s every position at 1 empty (median 15 µs)
/// but 66 of 98 at 2.
pub const SOLVE_EMPTIES: [u32; 2] = [2, 1];
/// A budget with at least this many microseconds is large for [`SOLVE_EMPTIES`].
pub const SOLVE_LARGE_MICROS: u64 = 500_000;
/// A budget with at least this many nodes is large for [`SOLVE_EMPTIES`].
pub const SOLVE_LARGE_NODES: u64 = 1_000_000;

/// The share of a move's budget (1/`SOLVE_SHARE`) an exact solve may use before the search.
#[cfg(feature = "ataxx-solve")]
const SOLVE_SHARE: u64 = 2;

/// duel's Ataxx player: the selective search over a table in a caller's slice that persists
/// between moves, reading its budgets as its [`TimeUse`] says (a whole-game clock with the
/// budget's increment), no deeper than the budget's depth limit or [`MAX_DEPTH`]. `E` is the
/// evaluation: the committed network ([`Trained`]) unless [`Player::with_eval`] chose
/// another (the firmware chooses the linear [`super::Eval`]).
pub struct Player<'t, E = Trained> {
    table: &'t mut [Entry],
    time: TimeUse,
    eval: E,
    tuning: Tuning,
    solve_empties: Option<u32>,
    /// Every position solved with the whole budget ([`Player::solving_exactly`]).
    exact: bool,
}

impl<'t> Player<'t> {
    /// A player over `table` (any length) reading its budgets as `time` says, with the
    /// committed network and search parameters.
    pub fn new(table: &'t mut [Entry], time: TimeUse) -> Self {
        Self {
            table,
            time,
            eval: Trained,
            tuning: Tuning::default(),
            solve_empties: None,
            exact: false,
        }
    }
}

impl<'t, E: Evaluation> Player<'t, E> {
    /// This player with the evaluation `eval`: the linear [`super::Eval`] (the firmware,
    /// tuning matches) or another network.
    pub fn with_eval<F: Evaluation>(self, eval: F) -> Player<'t, F> {
        Player {
            table: self.table,
            time: self.time,
            eval,
            tuning: self.tuning,
            solve_empties: self.solve_empties,
            exact: self.exact,
        }
    }

    /// This player with the search parameters `tuning` (tuning matches).
    pub fn with_tuning(mut self, tuning: Tuning) -> Self {
        self.tuning = tuning;
        self
    }

    /// This player trying an exact solve at `empties` empty cells or fewer, whatever the
    /// budget (by default [`SOLVE_EMPTIES`] by the budget's size; 0 never solves).
    pub fn with_solve_empties(mut self, empties: u32) -> Self {
        self.solve_empties = Some(empties);
        self
    }

    /// This player solving every position exactly with the whole budget, whatever its
    /// empties (`duel solve ataxx`): the decision is exact when a proof completed; otherwise
    /// it is the search's within what is left of the budget. Without the `ataxx-solve`
    /// feature nothing is solved.
    pub fn solving_exactly(mut self) -> Self {
        self.exact = true;
        self
    }

    /// Empties the table (a new game).
    pub fn clear(&mut self) {
        self.table.fill(Entry::default());
    }
}

impl<E: Evaluation> crate::Player for Player<'_, E> {
    type Position = Match;
    type Move = Move;

    fn choose(&mut self, game: &Match, budget: &mut Budget<'_>) -> Option<Decision<Move>> {
        self.choose_reporting(game, budget, &mut |_| {})
    }

    /// Reports every completed iteration (UAI `info` lines).
    fn choose_reporting(
        &mut self,
        game: &Match,
        budget: &mut Budget<'_>,
        report: &mut dyn FnMut(&Decision<Move>),
    ) -> Option<Decision<Move>> {
        let board = game.board();
        if board.is_over() {
            return None;
        }
        let circular = match board.rules() {
            Rules::Botzone => circular_moves(board, game.history()),
            Rules::Standard => super::board::MoveList::new(),
        };
        let root = Root {
            excluded: circular.as_slice(),
            game: game.since_copy(),
            ..Root::new(*board)
        };
        let config = SearchConfig {
            max_depth: budget.max_depth().unwrap_or(MAX_DEPTH),
            aspiration: 0,
        };
        #[cfg(feature = "ataxx-solve")]
        if let Some(decision) = self.try_solve(board, circular.as_slice(), budget, report) {
            return Some(decision);
        }
        let planned = self.planned(budget);
        let mut tt = TranspositionTable::new(&mut *self.table);
        let (eval, tuning) = (&self.eval, self.tuning);
        let result = match (planned, budget.clock()) {
            (Some((now, mut time)), Some(clock)) => {
                let micros = time.deadline().saturating_sub(now);
                budget.spend(micros, u64::MAX, |part| {
                    search_tuned(root, &mut tt, eval, tuning, config, part, &mut |r| {
                        if let Some(d) = iteration(r) {
                            report(&d);
                        }
                        time.deepen(clock.now_micros(), r)
                    })
                })
            }
            _ => search_tuned(root, &mut tt, eval, tuning, config, budget, &mut |r| {
                if let Some(d) = iteration(r) {
                    report(&d);
                }
                true
            }),
        }?;
        let legal = board.legal_moves();
        let allowed = |m: &Move| !circular.as_slice().contains(m);
        let mv = match result.best {
            Some(m) if board.is_legal(m) && allowed(&m) => m,
            // The search honours the exclusions; this only guards the seam's promise.
            _ => {
                let first = legal.as_slice().first().copied()?;
                legal.iter().copied().find(allowed).unwrap_or(first)
            }
        };
        let mut line = [Move::Pass; PV_CAPACITY];
        let n = tt::principal_variation(self.table, ByGame(*board), &mut line);
        let decision = Decision::new(mv, result.score, false, result.depth, result.nodes);
        Some(decision.with_line(&line[..n]))
    }
}

impl<E: Evaluation> Player<'_, E> {
    /// This move's [`TimeManager`], started now (with the clock's reading), when the player
    /// spends a whole game's clock by its plan; `None` when the budget is this move's alone.
    fn planned(&self, budget: &Budget<'_>) -> Option<(u64, TimeManager)> {
        match (self.time, budget.clock()) {
            (TimeUse::WholeGame, Some(clock)) => {
                let now = clock.now_micros();
                let allowance = Allowance::Clock {
                    left: budget.micros_left(),
                    increment: budget.increment_micros(),
                };
                Some((now, TimeManager::new(now, allowance, 0)))
            }
            _ => None,
        }
    }
}

#[cfg(feature = "ataxx-solve")]
impl<E: Evaluation> Player<'_, E> {
    /// The proven move, when the position is within the solver's reach for this budget and
    /// a proof completes within a share of it (counted as used either way).
    fn try_solve(
        &mut self,
        board: &Board,
        circular: &[Move],
        budget: &mut Budget<'_>,
        report: &mut dyn FnMut(&Decision<Move>),
    ) -> Option<Decision<Move>> {
        let large =
            budget.micros_left() >= SOLVE_LARGE_MICROS && budget.nodes_left() >= SOLVE_LARGE_NODES;
        let limit = match (self.exact, self.solve_empties) {
            (true, _) => super::CELLS as u32,
            (false, Some(limit)) => limit,
            (false, None) if large => SOLVE_EMPTIES[0],
            (false, None) => SOLVE_EMPTIES[1],
        };
        let share = if self.exact { 1 } else { SOLVE_SHARE };
        if board.empty().len() > limit {
            return None;
        }
        let micros = match self.planned(budget) {
            Some((now, time)) => time.deadline().saturating_sub(now),
            None => budget.micros_left(),
        };
        let nodes = match budget.nodes_left() {
            u64::MAX => u64::MAX,
            left => left / share,
        };
        let table = &mut *self.table;
        let solved = budget.spend(micros / share, nodes, |part| {
            solve_in(
                board,
                circular,
                &mut TranspositionTable::new(table),
                // The solver orders its moves by the linear evaluation, whatever the search's.
                &super::eval::Eval::default(),
                part,
            )
        });
        let s = solved.filter(|s| board.is_legal(s.mv) && !circular.contains(&s.mv))?;
        let empties = board.empty().len().clamp(0, 255) as u8;
        let decision = Decision::new(s.mv, s.score, true, empties, s.nodes);
        report(&decision);
        Some(decision)
    }
}

/// The start of a game under `rules` as a [`Match`] (a convenience for callers and tests).
pub fn start(rules: Rules) -> Match {
    Match::from_board(Board::start(rules))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Player as _;

    #[test]
    fn answers_a_legal_move_and_none_at_the_end() {
        let mut table = [Entry::default(); 1024];
        let mut player = Player::new(&mut table, TimeUse::ThisMove);
        for rules in [Rules::Botzone, Rules::Standard] {
            let game = start(rules);
            let decision = player.choose(&game, &mut Budget::nodes(300)).unwrap();
            assert!(game.board().is_legal(decision.mv));
            assert_eq!(decision.pv.as_slice().first(), Some(&decision.mv));
        }
        let over = Board::from_fen("7/7/7/7/7/7/x6 o 0 1", Rules::Standard).unwrap();
        assert!(over.is_over());
        let game = Match::from_board(over);
        assert!(player.choose(&game, &mut Budget::nodes(10)).is_none());
    }
}
