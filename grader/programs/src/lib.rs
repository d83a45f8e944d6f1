//! The contest programs (`reversi`, `ataxx`, `filler`, `fruit-rage`, `stake-your-claim`) and
//! `duel`, and the small per-game pieces of `duel` that are not protocols or the arena: perft,
//! solve and bench.
#![deny(missing_docs)]

pub mod ataxx;
pub mod bench;
pub mod reversi;
