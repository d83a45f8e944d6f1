//! Stake Your Claim (POJ 3317): an n×n board (n ≤ 8) of `0`, `1` and empty cells, at most ten
//! of them empty; players write their digit into empty cells in turn, and a finished board is
//! worth the largest 4-connected region of one's digit minus the opponent's.
//!
//! - [`Board`]: one `u64` per digit in an 8×8 frame (bit `row * 8 + col`) and the mask of the
//!   board's cells; [`Move`], [`Mark`], and the [`crate::Game`] implementation.
//! - [`BoardBuilder`] and [`Board::from_rows`]: the contest's row format, with layered errors
//!   ([`RowError`], [`PositionError`], both wrapped by [`ParseError`]).
//! - [`largest_region`]: the largest 4-connected region of a bitboard, by shift-and-mask flood
//!   fill.
//! - [`Player`]: the engine behind the [`crate::Player`] seam, an exact solve whatever the
//!   budget (negamax alpha-beta with a transposition table of [`Slot`]s indexed by the base-3
//!   pattern of the empties; [`TABLE_LEN`] slots serve every board, [`table_len`] one number of
//!   empties), with the contest's tie-break: among equally good moves, the first in (row,
//!   column) order. [`SolveError`] is why a board cannot be solved.
//! - [`train`]: the solver itself, for the engine's tests only.
//!
//! # Examples
//! ```
//! use duel_core::stake::{Board, Player, Slot, TABLE_LEN};
//! use duel_core::{Budget, Column, Player as _, Row};
//!
//! let rows: [&[u8]; 4] = [b"01.1", b"00..", b".01.", b"...1"];
//! let board = Board::from_rows(&rows).unwrap();
//! let mut table = [Slot::default(); TABLE_LEN];
//! let decision = Player::new(&mut table)
//!     .choose(&board, &mut Budget::unlimited())
//!     .unwrap();
//! assert_eq!((decision.mv.row(), decision.mv.column()), (Row(1), Column(2)));
//! assert_eq!((decision.score, decision.exact), (2, true));
//! ```

mod board;
mod parse;
pub mod player;
mod region;
mod solve;
pub mod train;

pub use board::{Board, IllegalMoveError, Mark, Move, MoveList};
pub use parse::{BoardBuilder, ParseError, PositionError, RowError};
pub use player::Player;
pub use region::{flood, largest_region};
pub use solve::{Slot, SolveError, TABLE_LEN, table_len};

/// The largest board side.
pub const MAX_SIZE: usize = 8;

/// The most empty cells a position may have (the solver's table is sized for them).
pub const MAX_EMPTIES: usize = 10;
