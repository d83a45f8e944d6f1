//! The wall clock searches read on the host.
//!
//! A twin of `duel_protocols::clock::WallClock`, the one std wall clock of the rest of duel:
//! `duel-ffi` depends on `duel-core` alone (and `jni` for Java), so that the contest libraries
//! link nothing more (the protocols crate brings clap, serde_json and libc, and needs Rust 1.89
//! where this crate keeps the workspace's 1.85), and duel-core is `no_std`. Keep the two alike.

use std::time::Instant;

/// A monotonic clock whose origin is its creation: microseconds since it was made.
pub(crate) struct WallClock(Instant);

impl WallClock {
    /// A clock reading zero now.
    pub(crate) fn start() -> Self {
        Self(Instant::now())
    }
}

impl duel_core::Clock for WallClock {
    fn now_micros(&self) -> u64 {
        self.0.elapsed().as_micros().min(u64::MAX as u128) as u64
    }
}
