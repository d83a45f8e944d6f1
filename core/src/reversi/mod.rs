//! Reversi (Othello on the contest's mirrored start): rules on side-relative bitboards, perft,
//! a midgame evaluation, an exact endgame solver, and an engine for whole games.
//!
//! - [`board`]: [`Board`], [`Move`], [`Square`], the contest array and text forms (of
//!   [`crate::Colour`] too),
//!   and `impl Game for Board`.
//! - [`bits`]: the bitboard kernels (legal moves by parallel shifts, flips by ray masks,
//!   stable discs).
//! - [`book`]: [`Book`], the opening book (positions under their least symmetric image, with
//!   the move and its value), which `reversi-book` builds.
//! - [`mod@perft`]: leaf counts ([`perft()`], and [`perft_hashed`] with a table).
//! - [`score`]: the score scale of finished games ([`outcome_score`], the final disc
//!   difference [`score::final_margin`], [`final_margin_of`] a score), which [`board`] and
//!   [`eval`] share.
//! - [`eval`]: [`Eval`], the compact hand-weighted midgame evaluation.
//! - [`trained`]: [`Trained`], the trained pattern evaluation the hosted engine plays with.
//! - [`weight_file`]: its compact weight file, which the trainer writes.
//! - [`player`]: [`Player`], the only way the programs, the protocols and the C API call the
//!   engine: a move within a budget, every move ranked ([`Player::rank_moves`]), an exact
//!   solve ([`Player::solving_exactly`]).
//! - [`train`]: the engine's internals for the trainers (the exact solver, the midgame search,
//!   the whole-game engine and its time rule); crate-private otherwise, and they may change.
//! - [`mpc`]: multi-prob-cut's fitted regression, which the trainers write.
//! - [`session`]: [`Session`], the contest's whole-game state behind `move` (games told apart
//!   by position, each with its table and clock).

pub mod bits;
pub mod board;
pub mod book;
pub(crate) mod endgame;
pub(crate) mod engine;
pub mod eval;
pub mod mpc;
pub mod pattern;
pub mod perft;
pub mod player;
pub mod score;
pub(crate) mod search;
pub mod session;
pub mod train;
pub mod trained;
pub mod weight_file;

pub use board::{
    Board, ContestError, IllegalMoveError, Move, MoveList, OverlapError, ParseBoardError,
    ParseMoveError, Square, follows,
};
pub use book::{Book, BookMove};
pub use engine::{RankedMove, Ranking};
pub use eval::Eval;
pub use perft::{PerftSlot, perft, perft_hashed};
pub use player::Player;
pub use score::{final_margin_of, outcome_score};
pub use session::Session;
pub use trained::Trained;
