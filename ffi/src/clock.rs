//! The wall clock searches read on the host.

use std::time::Instant;

/// Microseconds since the clock was made.
pub(crate) struct WallClock(Instant);

impl WallClock {
    pub(crate) fn start() -> Self {
        Self(Instant::now())
    }
}

impl duel_core::Clock for WallClock {
    fn now_micros(&self) -> u64 {
        self.0.elapsed().as_micros().min(u64::MAX as u128) as u64
    }
}
