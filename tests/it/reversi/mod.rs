//! Reversi through other crates: `duel perft|solve|bench reversi` through the binary, and the
//! trained evaluation's training pipeline (duel-train) end to end. (The rules, solver, search,
//! evaluations and engine, which need duel-core alone, are in `core/tests/core/reversi`; this
//! module includes its naive twin and helpers from there.)

// Shared with the core tests, which use all of them.
#[allow(dead_code)]
#[path = "../../../core/tests/core/reversi/helpers.rs"]
mod helpers;
#[allow(dead_code)]
#[path = "../../../core/tests/core/reversi/naive.rs"]
mod naive;

mod book;
mod book_archive;
mod pipeline;
mod programs;
mod wthor;

use helpers::{assert_symmetric, first_ffo_line, naive_decode, random_position};
