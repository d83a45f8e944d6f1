//! The wall clock for searches: [`duel_core::Clock`] over [`std::time::Instant`].
//!
//! The one std wall clock of the protocols, the programs (`duel`, the contest programs), the
//! arena and the trainers. The C API keeps a private twin (`ffi/src/clock.rs`), as `duel-ffi`
//! depends on `duel-core` alone; duel-core is `no_std` and leaves clocks to its caller.

use std::time::Instant;

/// A monotonic clock whose origin is its creation (make one at process start).
#[derive(Clone, Copy, Debug)]
pub struct WallClock {
    origin: Instant,
}

impl WallClock {
    /// A clock reading zero now.
    pub fn start() -> Self {
        Self {
            origin: Instant::now(),
        }
    }
}

impl Default for WallClock {
    fn default() -> Self {
        Self::start()
    }
}

impl duel_core::Clock for WallClock {
    fn now_micros(&self) -> u64 {
        self.origin.elapsed().as_micros().min(u64::MAX as u128) as u64
    }
}
