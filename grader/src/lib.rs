//! The std side of duel: the clock, and for each game the pieces of the `duel` tool
//! (perft, solve, bench, arena) and of its contest program.
#![deny(missing_docs)]

pub mod arena;
pub mod ataxx;
pub mod clock;
pub mod filler;
pub mod fruit_rage;
pub mod ggf;
pub mod nboard;
pub mod openings;
pub mod reversi;
pub mod reversi_train;
pub mod stake;
