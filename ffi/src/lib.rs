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
mod play;
mod result;
pub mod reversi;
pub mod stake;
#[cfg(test)]
mod tests;
mod workspace;

pub use result::{DuelResult, duel_result_message};

use std::ffi::{CStr, c_char};

/// The library's version, from its crate: `MAJOR.MINOR.PATCH`.
const VERSION: &CStr =
    match CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
        Ok(version) => version,
        Err(_) => c"unknown",
    };

/// duel's version, `MAJOR.MINOR.PATCH`: a static, NUL-terminated string; never null, never to be
/// freed. Until 1.0.0 a minor version may rename or remove functions (see `CHANGELOG.md`).
#[unsafe(no_mangle)]
pub extern "C" fn duel_version() -> *const c_char {
    VERSION.as_ptr()
}
