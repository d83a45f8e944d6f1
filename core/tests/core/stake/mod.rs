//! Stake Your Claim: the bitboard regions against a grid flood fill, and the exact solver
//! against plain minimax. (The `Game` contract is checked by `conformance`; the batch protocol
//! through both programs is in `tests/it/stake`.)

pub(crate) mod naive;

mod helpers;
mod rules;
mod solver;

pub(crate) use helpers::*;
