//! Cross-crate tests, one module a game or protocol (one test binary keeps link times down).
//! Each game's folder splits its tests by concern and holds its naive twin (`naive.rs`);
//! `conformance` checks every game's `duel_core::Game` contract with one generic harness;
//! `self_contained` checks that the repository needs nothing beside it.

mod analyze;
mod arena;
mod arena_match;
mod ataxx;
mod ataxx_search;
mod bench;
mod cluster;
mod conformance;
mod core_search;
mod embedded;
mod ffi;
mod filler;
mod fruit_rage;
mod nboard;
mod no_std;
mod reversi;
mod sanitizers;
mod seam;
mod self_contained;
mod stake;
