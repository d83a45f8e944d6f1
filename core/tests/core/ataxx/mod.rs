//! Ataxx: the naive grid twin and the rules against it, the Botzone repetition rule, and the
//! network evaluation's incremental accumulator.
//! (Perft, search against minimax and the `Game` contract are checked by `conformance`, the
//! search and its time manager by `ataxx_search`; the Botzone bot and the UAI engine through
//! the real binary are in `tests/it/ataxx`.)

pub(crate) mod naive;

mod helpers;
mod nnue;
mod repetition;
mod rules;
mod solve;

pub(crate) use helpers::*;
