//! Cross-crate tests, one module a game or protocol (one test binary keeps link times down):
//! the programs through their real binaries, the protocols, the C API (`ffi`, `sanitizers`),
//! the arena, the trainers' pipeline, the embedded firmware, and the repository's own checks
//! (`self_contained`: nothing outside it is needed; `seam`; `registry`; `no_std`). Tests that need
//! duel-core alone (rules against naive twins, searches against brute force, the `Game`
//! contract, time management, whole games in process) are duel-core's, in `core/tests/core`;
//! the game modules here include the naive twins and helpers they share from there.

// The files shared with `core/tests/core` name the process-free helpers `crate::support::..`.
use duel_tests::support;

mod analyze;
mod arena;
mod arena_match;
mod ataxx;
mod bench;
mod browser;
mod cluster;
mod embedded;
mod ffi;
mod filler;
mod filler_partners;
mod fruit_rage;
mod nboard;
mod no_std;
mod registry;
mod reversi;
mod sanitizers;
mod seam;
mod self_contained;
mod stake;
mod wasm;
