//! Filler through the real binary: the contest program. (The rules, search, evaluation and
//! engine, which need duel-core alone, are in `core/tests/core/filler`; this module includes
//! its naive twin and helpers from there.)

// Shared with the core tests, which use all of them.
#[allow(dead_code)]
#[path = "../../../core/tests/core/filler/helpers.rs"]
mod helpers;
#[allow(dead_code)]
#[path = "../../../core/tests/core/filler/naive.rs"]
mod naive;

mod label;
mod program;

use helpers::{STATEMENT, awkward_grid, random_grid};
