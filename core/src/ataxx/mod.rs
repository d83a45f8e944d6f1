//! Ataxx on a 7×7 bitboard, under Botzone's judge or standard rules.
//!
//! - [`Board`]: the position (49-bit bitboards per side, blocked cells, side to move, rule set
//!   and counters), FEN, legal moves ordered by gain, checked [`Board::play`] and
//!   [`Board::play_unchecked`], the end of game under either [`Rules`].
//! - [`Move`]: UAI notation (`f2`, `g1e3`, `0000`) and Botzone's `x0 y0 x1 y1`
//!   ([`BotzoneMove`]).
//! - [`History`] and [`Match`]: Botzone's repetition ("circular move") rule, and the
//!   positions since the last copy (standard rules' repetition).
//! - [`Player`]: the engine behind the [`crate::Player`] seam, the entry point of the C API,
//!   the programs and the arena; [`crate::Allowance`] is the time a protocol grants it. Scores are in
//!   hundredths of a piece ([`PIECE`]); a won game scores [`WIN`] plus the margin.
//! - [`Trained`]: the evaluation, a network ([`nnue`]); [`Eval`]: the linear evaluation the
//!   firmware chooses; both are an [`Evaluation`], which the search updates move by move.
//! - [`Tuning`]: the selective search's parameters (tuning matches, through
//!   [`Player::with_tuning`]); Ataxx's own search uses the table steps of [`crate::tt`];
//!   [`circular_moves`], which the player excludes at the root under Botzone's rules;
//!   [`perft`].
//! - [`nnue`]: the efficiently updatable network evaluation, in integers.
//! - [`train`]: what the trainers and the engine's tests need of its internals, the exact
//!   endgame solver among them ([`train::solve`]: win/loss/draw, then the margin, proven by
//!   bounded searches), which [`Player`] tries with few empty cells.

mod board;
mod engine;
mod eval;
mod evaluation;
mod history;
mod moves;
pub mod nnue;
mod player;
mod search;
#[cfg(feature = "ataxx-solve")]
mod solve;
mod square;
mod time;
pub mod train;

pub use board::{
    Board, Fen, HALFMOVE_LIMIT, IllegalMoveError, MAX_MOVES, MoveList, PLY_LIMIT, ParseFenError,
    Rules,
};
pub use engine::{WIN, circular_moves, perft};
pub use eval::{Eval, PIECE};
pub use evaluation::Evaluation;
pub use history::{HISTORY_CAPACITY, History, Match, REPETITION_CAPACITY, ReplayError, Snapshot};
pub use moves::{BotzoneMove, Move, ParseMoveError};
pub use nnue::Trained;
pub use player::{MAX_DEPTH, Player, SOLVE_EMPTIES, SOLVE_LARGE_MICROS, SOLVE_LARGE_NODES, start};
pub use search::Tuning;
pub use square::{CELLS, FULL, NEIGHBOURS, RING, SIZE, Square, SquareIter, dilate, reach};
