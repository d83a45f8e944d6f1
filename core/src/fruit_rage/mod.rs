//! The Fruit Rage (USC CSCI-561, fall 2017): an n×n box of fruit, n ≤ 26, up to ten types.
//!
//! A move claims a 4-connected group of one fruit type; the mover scores the group's size
//! squared; fruit above the claimed cells falls down. The game ends when the box is empty.
//!
//! - [`board`]: the [`Board`] (one bit plane per fruit type, column-major so that gravity is a
//!   per-column compaction), its groups as [`Move`]s, claiming and gravity.
//! - [`text`]: the contest's `input.txt` format, read with layered errors and written back.
//! - [`horizon`]: the value of a box where the search stops, weights by phase.
//! - [`Player`]: the engine behind the [`crate::Player`] seam: alpha-beta over the points still
//!   to come, one group scan a node, with the whole game's time shared out.
//! - [`train`]: the search's internals for the trainers and tests.
//! - [`builtin`]: the course's opponents as players ([`builtin::Greedy`], [`builtin::Random`],
//!   [`builtin::Minimax`]).

pub mod board;
pub mod builtin;
pub(crate) mod engine;
pub mod horizon;
pub(crate) mod play;
pub mod player;
pub mod text;
pub mod train;

pub use board::{Board, BoardError, Cell, IllegalMoveError, MAX_KINDS, MAX_SIZE, Move, MoveList};
pub use play::table_entries;
pub use player::{Player, planned_micros};
pub use text::{Input, InputError, ParseError, parse_input};
