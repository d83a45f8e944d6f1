//! How long a search may run: a deadline read through a [`Clock`], and a node limit.

/// A monotonic clock. `duel-core` cannot read time itself; the caller implements this (with
/// `std::time::Instant` on a host, a cycle counter on a microcontroller).
pub trait Clock {
    /// Microseconds since an arbitrary, fixed origin; never decreases.
    fn now_micros(&self) -> u64;
}

/// How often (in nodes) a search reads the clock. Small enough that even a slow node rate
/// (a few hundred thousand nodes a second) stops within a few milliseconds of the deadline.
const CLOCK_INTERVAL: u64 = 256;

/// The resources a search may use: a deadline, a node limit, or both (or neither).
///
/// A search calls [`Budget::tick`] once per node; once it returns true the search unwinds and
/// reports its last complete result. A budget with only a node limit is reproducible.
pub struct Budget<'c> {
    clock: Option<&'c dyn Clock>,
    deadline_micros: u64,
    node_limit: u64,
    nodes: u64,
    next_check: u64,
    stopped: bool,
}

impl<'c> Budget<'c> {
    /// No limit at all: the search ends when its depth limit is reached.
    pub fn unlimited() -> Self {
        Self {
            clock: None,
            deadline_micros: u64::MAX,
            node_limit: u64::MAX,
            nodes: 0,
            next_check: CLOCK_INTERVAL,
            stopped: false,
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

    /// Counts one node; returns true when the search must stop (and from then on).
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.next_check = self
                .nodes
                .saturating_add(CLOCK_INTERVAL)
                .min(self.node_limit);
            self.check();
        }
        self.stopped
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
        if let Some(clock) = self.clock {
            if clock.now_micros() >= self.deadline_micros {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// The nodes counted so far.
    pub fn nodes_used(&self) -> u64 {
        self.nodes
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
