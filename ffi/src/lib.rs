//! duel's C ABI: `duel_*` functions over `duel-core`, the Reversi contest's C++ `move`, and the
//! JNI export behind Java's `Solution.move`.
//!
//! Conventions (those of `include/duel.h`): every fallible function returns a
//! [`DuelResult`]; inputs come first, then a caller-provided workspace buffer followed by its
//! length, then out-parameters. Every pointer is checked, every value validated, and no panic
//! ever crosses the boundary: it becomes [`DuelResult::Panic`]. Out-parameters are written only
//! on success. No pointer needs to be aligned (see `memory.rs`).
#![deny(missing_docs)]

pub mod ataxx;
mod clock;
mod contest;
pub mod filler;
pub mod fruit_rage;
#[cfg(feature = "jni")]
mod java;
mod memory;
mod result;
pub mod reversi;
pub mod stake;
#[cfg(test)]
mod tests;
mod workspace;

pub use result::{DuelResult, duel_result_message};
