//! The protocols duel speaks and drives, one module each: the contest programs' own (Botzone
//! for Ataxx, the Reversi, Filler, Fruit Rage and Stake Your Claim contests' text protocols), UAI and
//! NBoard (each a server, duel's engine speaking it, and a client, the arena driving another
//! engine), the game records GGF and PGN; and what they share: the std wall clock, the child
//! processes the clients talk to, and the time controls they run on.
#![deny(missing_docs)]

pub mod botzone;
pub mod clock;
pub mod filler;
pub mod fruit_rage;
pub mod ggf;
pub mod nboard;
pub mod pgn;
pub mod process;
pub mod reversi;
pub mod stake;
pub mod time_control;
pub mod uai;
