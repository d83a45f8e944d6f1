//! Reversi: the bitboard rules against a naive grid, the exact solver against plain minimax and
//! FFO #40, move ordering, the pattern and trained evaluations, multi-probcut, the search and
//! the engine. (Perft against the data file, search against minimax and the `Game` contract are
//! checked by `conformance`; `duel perft|solve|bench reversi`, the programs and the training
//! pipeline are in `tests/it/reversi`.)

pub(crate) mod naive;

mod engine;
mod helpers;
mod mpc;
mod ordering;
mod pattern;
mod rules;
mod search;
mod solver;
mod trained;

pub(crate) use helpers::*;
