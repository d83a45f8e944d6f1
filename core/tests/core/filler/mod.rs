//! Filler: the rules against a naive grid version, the engine's search against brute-force
//! minimax, the exact endgame, the engine in play, and the evaluation's measures cell by cell.
//! (The `Game` contract is checked by `conformance`; the contest program through the real
//! binary is in `tests/it/filler`.)

pub(crate) mod naive;

mod engine;
mod eval;
mod exact;
mod helpers;
mod rules;
mod search;
mod tempo;

pub(crate) use helpers::*;
