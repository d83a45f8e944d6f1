//! For the engine's own tests only (Stake Your Claim has no trainer): the exact solver behind
//! [`super::Player`], [`solve`], and its answer, [`Solution`] (which prints the contest's
//! answer line). The solver's module is crate-private; this one re-exports what is public in
//! it, less the table ([`super::Slot`], [`super::TABLE_LEN`], [`super::table_len`]) and
//! [`super::SolveError`], which the player's callers use too. It may change with the engine at
//! any time; programs, protocols and the C API call the engine through [`super::Player`] (the
//! `seam` test checks it).

pub use super::solve::{Solution, solve};
