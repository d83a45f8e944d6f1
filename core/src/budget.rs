//! How long a search may run: a deadline read through a [`Clock`], a node limit and a depth
//! limit; and, for whole-game time managers, what the clock gains after the move.

/// A monotonic clock. `duel-core` cannot read time itself; the caller implements this (with
/// `std::time::Instant` on a host, a cycle counter on a microcontroller).
pub trait Clock {
    /// Microseconds since an arbitrary, fixed origin; never decreases.
    fn now_micros(&self) -> u64;
}

/// How long a search may run between two readings of the clock: a deadline is seen within
/// about this much time, whatever the node rate.
const CHECK_MICROS: u64 = 500;

/// Nodes between the first two readings of the clock; the interval then adapts to the measured
/// node rate so that readings are about [`CHECK_MICROS`] apart.
const FIRST_INTERVAL: u64 = 16;

/// The most nodes between two readings (a bound on a wrong estimate, e.g. after a slow node).
const MAX_INTERVAL: u64 = 1 << 16;

/// The resources a search may use: a deadline, a node limit, or both (or neither); a depth
/// limit; and, for a whole-game clock, the increment the clock gains after the move.
///
/// A search calls [`Budget::tick`] once per node; once it returns true the search unwinds and
/// reports its last complete result. A budget with only a node limit is reproducible: it
/// never reads a clock, and stops at exactly its limit.
///
/// With a clock, the budget reads it by time, not by a fixed node count: from the nodes and
/// microseconds between two readings it sets the next interval so that readings are about
/// half a millisecond apart. A deadline is then seen within about half a millisecond both on a
/// host doing millions of nodes a second and on a microcontroller doing a few thousand.
pub struct Budget<'c> {
    clock: Option<&'c dyn Clock>,
    deadline_micros: u64,
    node_limit: u64,
    nodes: u64,
    next_check: u64,
    /// Nodes between clock readings, adapted to the node rate.
    interval: u64,
    /// The clock and the node count at the last reading.
    last_micros: u64,
    last_nodes: u64,
    stopped: bool,
    /// Microseconds the player's clock gains after this move (a Fischer increment).
    increment_micros: u64,
    /// The deepest iteration a search may complete, if limited.
    max_depth: Option<u8>,
}

impl<'c> Budget<'c> {
    /// No limit at all: the search ends when its depth limit is reached.
    pub fn unlimited() -> Self {
        Self {
            clock: None,
            deadline_micros: u64::MAX,
            node_limit: u64::MAX,
            nodes: 0,
            next_check: u64::MAX,
            interval: FIRST_INTERVAL,
            last_micros: 0,
            last_nodes: 0,
            stopped: false,
            increment_micros: 0,
            max_depth: None,
        }
    }

    /// At most `limit` nodes.
    pub fn nodes(limit: u64) -> Self {
        Self::unlimited().with_node_limit(limit)
    }

    /// Until `clock` reads `deadline_micros` or later.
    pub fn until(clock: &'c dyn Clock, deadline_micros: u64) -> Self {
        Self {
            clock: Some(clock),
            deadline_micros,
            next_check: FIRST_INTERVAL,
            last_micros: clock.now_micros(),
            ..Self::unlimited()
        }
    }

    /// For `millis` milliseconds from now on `clock`.
    pub fn millis(clock: &'c dyn Clock, millis: u64) -> Self {
        let deadline = clock
            .now_micros()
            .saturating_add(millis.saturating_mul(1000));
        Self::until(clock, deadline)
    }

    /// Adds a node limit to this budget.
    pub fn with_node_limit(mut self, limit: u64) -> Self {
        self.node_limit = limit;
        self.next_check = self.next_check.min(limit);
        self
    }

    /// This budget with `micros` added to the player's clock after the move (UAI's
    /// `winc`/`binc`). Only a player reading the budget as a whole-game clock
    /// ([`crate::TimeUse::WholeGame`]) uses it, to plan its share of the time left.
    pub fn with_increment(mut self, micros: u64) -> Self {
        self.increment_micros = micros;
        self
    }

    /// Microseconds the player's clock gains after the move (0 unless set).
    pub fn increment_micros(&self) -> u64 {
        self.increment_micros
    }

    /// This budget with the search no deeper than `depth` plies (at least 1): a playing level,
    /// or a fixed-depth search for tools. Iterative searches stop after completing that depth;
    /// what else a depth limit means (Reversi also solves exactly from fewer empties) is the
    /// player's to say.
    pub fn with_max_depth(mut self, depth: u8) -> Self {
        self.max_depth = Some(depth.max(1));
        self
    }

    /// The depth limit, if any.
    pub fn max_depth(&self) -> Option<u8> {
        self.max_depth
    }

    /// Counts one node; returns true when the search must stop (and from then on).
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.check_rarely();
        }
        self.stopped
    }

    /// [`Budget::check`] out of line: the hot path of [`Budget::tick`] stays a compare and a
    /// branch, and the recursive searches that inline it keep their frames small.
    #[cold]
    #[inline(never)]
    fn check_rarely(&mut self) {
        self.check();
    }

    /// Whether the budget ran out (as of the last check).
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.stopped
    }

    /// Reads the clock and node count now; returns true when the search must stop.
    pub fn check(&mut self) -> bool {
        if self.nodes >= self.node_limit {
            self.stopped = true;
        }
        let mut next = u64::MAX;
        if let Some(clock) = self.clock {
            let now = clock.now_micros();
            if now >= self.deadline_micros {
                self.stopped = true;
            }
            self.interval = next_interval(
                self.interval,
                self.nodes.saturating_sub(self.last_nodes),
                now.saturating_sub(self.last_micros),
            );
            self.last_micros = now;
            self.last_nodes = self.nodes;
            next = self.nodes.saturating_add(self.interval);
        }
        self.next_check = next.min(self.node_limit);
        self.stopped
    }

    /// Runs `search` on part of this budget, counting the nodes it used as this budget's own:
    /// at most `micros` from now (never past this budget's own deadline) and at most `nodes`
    /// (never more than this budget has left), with the same depth limit and increment. The
    /// one way a whole-game time manager spends its share of the clock.
    pub fn spend<R>(
        &mut self,
        micros: u64,
        nodes: u64,
        search: impl FnOnce(&mut Budget<'c>) -> R,
    ) -> R {
        let part = self.share(micros);
        let limit = nodes.min(part.node_limit);
        let mut part = part.with_node_limit(limit);
        let result = search(&mut part);
        self.nodes = self.nodes.saturating_add(part.nodes);
        if self.nodes >= self.node_limit {
            self.stopped = true;
        }
        result
    }

    /// A budget for part of this one: at most `micros` from now (never past this budget's own
    /// deadline) and at most the nodes this one has left, with the same depth limit and
    /// increment.
    fn share(&self, micros: u64) -> Budget<'c> {
        let mut part = match self.clock {
            Some(clock) => {
                let deadline = clock.now_micros().saturating_add(micros);
                Budget::until(clock, deadline.min(self.deadline_micros))
            }
            None => Budget::unlimited(),
        };
        if self.node_limit != u64::MAX {
            part = part.with_node_limit(self.node_limit.saturating_sub(self.nodes));
        }
        part.increment_micros = self.increment_micros;
        part.max_depth = self.max_depth;
        part
    }

    /// Nodes between the clock's readings as it stands (adapted to the node rate).
    pub fn check_interval(&self) -> u64 {
        self.interval
    }

    /// The nodes counted so far.
    pub fn nodes_used(&self) -> u64 {
        self.nodes
    }

    /// Nodes left before the node limit (`u64::MAX` without one).
    pub fn nodes_left(&self) -> u64 {
        match self.node_limit {
            u64::MAX => u64::MAX,
            limit => limit.saturating_sub(self.nodes),
        }
    }

    /// Microseconds left before the deadline (`u64::MAX` without a deadline).
    pub fn micros_left(&self) -> u64 {
        match self.clock {
            Some(clock) => self.deadline_micros.saturating_sub(clock.now_micros()),
            None => u64::MAX,
        }
    }

    /// The clock this budget reads, if any.
    pub fn clock(&self) -> Option<&'c dyn Clock> {
        self.clock
    }
}

/// The next interval between clock readings: `nodes` were searched in `micros` since the last
/// reading under `interval`. Aims at [`CHECK_MICROS`]; when the clock did not move (a coarse
/// clock, or few nodes) the interval doubles; it never more than doubles at once, so one fast
/// stretch cannot make the next reading late.
fn next_interval(interval: u64, nodes: u64, micros: u64) -> u64 {
    let target = nodes
        .saturating_mul(CHECK_MICROS)
        .checked_div(micros)
        .unwrap_or(interval.saturating_mul(2));
    target.clamp(1, interval.saturating_mul(2).min(MAX_INTERVAL))
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::cell::Cell;

    /// A clock the test moves by hand, counting how often it is read.
    struct FakeClock {
        now: Cell<u64>,
        reads: Cell<u64>,
    }

    impl Clock for FakeClock {
        fn now_micros(&self) -> u64 {
            self.reads.set(self.reads.get() + 1);
            self.now.get()
        }
    }

    /// Searches "nodes" that each cost `nanos` nanoseconds until the budget stops; returns how
    /// late the stop was (µs past the deadline) and how many times the clock was read.
    fn overshoot(nanos: u64, deadline_micros: u64) -> (u64, u64) {
        let clock = FakeClock {
            now: Cell::new(1_000),
            reads: Cell::new(0),
        };
        let mut budget = Budget::until(&clock, 1_000 + deadline_micros);
        let mut elapsed_nanos = 0u64;
        while !budget.tick() {
            elapsed_nanos += nanos;
            clock.now.set(1_000 + elapsed_nanos / 1_000);
        }
        (
            clock.now.get() - (1_000 + deadline_micros),
            clock.reads.get(),
        )
    }

    #[test]
    fn a_deadline_is_seen_within_a_millisecond_at_any_node_rate() {
        // From 20 million nodes a second (a host) down to 1,000 (a slow microcontroller node).
        for nanos in [50, 300, 2_000, 20_000, 200_000, 1_000_000] {
            let (late, reads) = overshoot(nanos, 200_000);
            assert!(late <= 1_000, "{nanos} ns a node: {late} µs late");
            // And the clock is not read much more often than every CHECK_MICROS.
            assert!(
                reads <= 200_000 / CHECK_MICROS * 3 + 40,
                "{nanos} ns a node: {reads} reads"
            );
        }
    }

    #[test]
    fn node_limits_bind_exactly_and_node_budgets_read_no_clock() {
        for limit in [1, 7, 256, 1_000, 70_000] {
            let mut budget = Budget::nodes(limit);
            let mut n = 0;
            while !budget.tick() {
                n += 1;
            }
            assert_eq!(n + 1, limit);
            assert_eq!(budget.nodes_used(), limit);
        }
        let clock = FakeClock {
            now: Cell::new(0),
            reads: Cell::new(0),
        };
        let mut budget = Budget::until(&clock, u64::MAX).with_node_limit(5_000);
        let mut n = 0;
        while !budget.tick() {
            n += 1;
        }
        assert_eq!(n + 1, 5_000);
    }

    #[test]
    fn the_interval_grows_on_a_coarse_clock_and_never_more_than_doubles() {
        assert_eq!(next_interval(16, 16, 0), 32);
        assert_eq!(next_interval(16, 16, 1), 32);
        assert_eq!(next_interval(1_000, 1_000, 1_000), 500);
        assert_eq!(next_interval(1, 1, 100_000), 1);
        assert_eq!(next_interval(MAX_INTERVAL, MAX_INTERVAL, 0), MAX_INTERVAL);
    }
}
