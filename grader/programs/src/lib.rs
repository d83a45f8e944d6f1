//! The contest programs (`reversi`, `ataxx`, `filler`, `fruit-rage`, `stake-your-claim`) and
//! `duel`, whose front ends loop over [`games::GAMES`], the registry of games: each game's
//! module holds its entry and the small pieces of `duel` that are not protocols or the arena
//! (perft, solve, bench). `docs/ADDING-A-GAME.md` says what a new game needs.
#![deny(missing_docs)]

pub mod bench;
pub mod choice;
pub mod games;

pub mod ataxx;
pub mod filler;
pub mod fruit_rage;
pub mod reversi;
pub mod stake;
