//! duel-core's tests, one module a game (one test binary keeps link times down): everything
//! that needs duel-core alone. Each game's folder holds its naive twin (`naive.rs`) and checks
//! the rules against it, checks the searches and solvers against brute force, and plays whole
//! games in process; `conformance` checks every game's `duel_core::Game` contract with one
//! generic harness; `core_search` the generic search, `deepening` the iterative-deepening
//! driver on a scripted root, `ataxx_search` the Ataxx search and its time management.
//! `support` (`tests/support.rs`, shared with duel-tests) holds the random
//! number generator and reads the test data in `data/`.
//!
//! What runs another crate stays in duel-tests (`tests/it`): the programs through their real
//! binaries, the protocols, the C API, the arena, the trainers and the embedded firmware. Those
//! tests include the naive twins and helpers they share from here by `#[path]`.

#[path = "../../../tests/support.rs"]
mod support;

mod ataxx;
mod ataxx_search;
mod conformance;
mod core_search;
mod deepening;
mod filler;
mod fruit_rage;
mod reversi;
mod stake;
