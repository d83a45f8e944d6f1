//! The Fruit Rage through the programs: parsing, and the contest program run for real. (The
//! engine against its naive twin, the search against brute force, whole games in process and
//! time management, which need duel-core alone, are in `core/tests/core/fruit_rage`; this
//! module includes the naive twin from there.)

// Shared with the core tests, which use all of it.
#[allow(dead_code)]
#[path = "../../../core/tests/core/fruit_rage/naive.rs"]
mod naive;

mod fit;
mod parse;
mod program;
