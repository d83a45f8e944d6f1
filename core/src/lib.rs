//! Rules and search for five two-player board games, as their contests play them.
//!
//! `duel-core` is `#![no_std]` and never allocates: boards are a few machine words of bitboards,
//! move lists have a fixed capacity, and every search takes its transposition table as a
//! caller-provided slice and its time as a [`Budget`]. It builds for `thumbv7em-none-eabihf`.
//!
//! - [`game`]: the [`Game`] trait every game implements, and [`MoveList`].
//! - [`search`]: negamax alpha-beta with PVS, killer and history ordering, over any [`Game`]
//!   (Filler's search; Reversi, Ataxx and The Fruit Rage have node loops of their own).
//! - [`deepening`]: the iterative-deepening and aspiration driver every heuristic search runs
//!   on (Filler's, Reversi's, Ataxx's, The Fruit Rage's), with each game's parameters.
//! - [`tt`]: the transposition table entry and its slice-backed table, with the steps every
//!   search shares: the bound of a result, the probe's window step, the principal variation.
//! - [`budget`]: deadlines (through a [`Clock`] the caller implements) and node limits.
//! - [`bitboard`]: [`Bitboard`], a set of up to 64 squares with set operators.
//! - [`colour`]: [`Colour`], Black or White, the sides of Reversi and Ataxx (`other()`).
//! - [`coord`]: [`Row`] and [`Column`], so that no game's coordinates can be swapped silently.
//! - [`player`]: the [`Player`] seam every engine is called through: a position and a
//!   [`Budget`] in, a [`Decision`] out.
//! - One module a game: [`reversi`], [`stake`], [`filler`], [`fruit_rage`], [`ataxx`].
//!
//! No public function panics on any input: bad input is an error value.
//!
//! # Vocabulary
//!
//! Every game spells the same idea the same way:
//! - [`Colour`] (`Black`, `White`) is a side of a game with two coloured sides (Reversi,
//!   Ataxx); Stake Your Claim's sides are [`stake::Mark`]s. The other side is `other()`.
//! - `is_over()` on a board says the game has ended (`is_empty`/`is_full` mean only that a
//!   container is empty or full).
//! - `final_margin()` is the final difference of discs, pieces or cells: for the side to move
//!   on Reversi's and Ataxx's boards, for Black on a GGF game record.
//! - [`MoveList`] is a game's list of moves.
//! - [`Player`] is the seam every engine is called through, and each game's `Player` implements
//!   it; `Engine` is only Reversi's search engine ([`reversi::train::Engine`]). (The protocols crate's
//!   servers and clients are `UaiServer`, `UaiClient`, `NboardClient`; the arena's sides are
//!   `Contestant`s.)
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod ataxx;
pub mod bitboard;
pub mod budget;
pub mod colour;
pub mod coord;
pub mod deepening;
pub mod filler;
pub mod fruit_rage;
pub mod game;
pub mod limits;
pub mod player;
pub mod reversi;
pub mod search;
pub mod stake;
pub mod tt;

#[cfg(test)]
mod test_rng;

pub use bitboard::Bitboard;
pub use budget::{Budget, Clock};
pub use colour::Colour;
pub use coord::{Column, Row};
pub use game::{Evaluator, Game, MoveList, Score};
pub use limits::{Allowance, Limits};
pub use player::{Decision, Line, Player, TimeUse};
pub use search::{SearchConfig, SearchResult, Searcher};
pub use tt::{Entry, TranspositionTable};

/// The README's Rust examples, compiled and run as doctests, so the front page cannot drift
/// from the API.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeExamples;
