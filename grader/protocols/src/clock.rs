//! The wall clock for searches: [`duel_core::Clock`] over [`std::time::Instant`].

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
