//! Reversi (Othello on the contest's mirrored start): rules on side-relative bitboards, perft,
//! a midgame evaluation, an exact endgame solver, and an engine for whole games.
//!
//! - [`board`]: [`Board`], [`Move`], [`Square`], the contest array and text forms (of
//!   [`crate::Colour`] too),
//!   and `impl Game for Board`.
//! - [`bits`]: the bitboard kernels (legal moves by parallel shifts, flips by ray masks,
//!   stable discs).
//! - [`mod@perft`]: leaf counts ([`perft()`], and [`perft_hashed`] with a table).
//! - [`score`]: the score scale of finished games ([`outcome_score`], the final disc
//!   difference [`score::final_margin`], [`final_margin_of`] a score), which [`board`] and
//!   [`eval`] share.
//! - [`eval`]: [`Eval`], the compact hand-weighted midgame evaluation.
//! - [`trained`]: [`Trained`], the trained pattern evaluation the hosted engine plays with.
//! - [`endgame`]: the exact solver, [`solve`].
//! - [`search`]: the midgame search (principal-variation search, table, multi-prob-cut
//!   with its fitted regression in [`mpc`]).
//! - [`engine`]: [`Engine`], which plays a whole game, and [`think_time_millis`].
//! - [`session`]: [`Session`], the contest's whole-game state behind `move` (games told apart
//!   by position, each with its table and clock).

pub mod bits;
pub mod board;
pub mod endgame;
pub mod engine;
pub mod eval;
pub mod mpc;
pub mod pattern;
pub mod perft;
pub mod player;
pub mod score;
pub mod search;
pub mod session;
pub mod trained;

pub use board::{
    Board, ContestError, IllegalMoveError, Move, MoveList, OverlapError, ParseBoardError,
    ParseMoveError, Square, follows,
};
pub use endgame::{Solution, SolveMode, solve, solve_ordered, solve_with};
pub use engine::{Choice, Engine, think_time_millis};
pub use eval::Eval;
pub use perft::{PerftSlot, perft, perft_hashed};
pub use player::Player;
pub use score::{final_margin_of, outcome_score};
pub use session::Session;
pub use trained::Trained;
