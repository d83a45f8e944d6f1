//! The wall clock searches read on the host.

use duel_core::Budget;
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

/// The budget of a `_in` call: `millis` milliseconds from now on `clock` (0: no deadline) and at
/// most `max_nodes` nodes (0: no limit). The callers refuse both being 0.
pub(crate) fn workspace_budget(clock: &WallClock, millis: u32, max_nodes: u64) -> Budget<'_> {
    let budget = if millis == 0 {
        Budget::unlimited()
    } else {
        Budget::millis(clock, u64::from(millis))
    };
    if max_nodes == 0 {
        budget
    } else {
        budget.with_node_limit(max_nodes)
    }
}
