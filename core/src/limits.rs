//! What a caller asks of a search, in one type: [`Limits`] (a node count, a depth, and a time
//! that is either this move's or a whole game's clock, [`Allowance`]), turned into a
//! [`Budget`] in one place, [`Limits::budget`]. Every protocol, program and binding only
//! translates its own words into a [`Limits`].
//!
//! # What a node count means
//!
//! Every limit a [`Limits`] sets binds: the search stops at the first one reached. A node
//! count therefore caps the time (never adds to it), and a [`Limits`] with a node count and no
//! time ([`Allowance::Unlimited`]) never reads the clock: it is reproducible, and stops at
//! exactly its count.
//!
//! Where a room's time is its own default or a referee's rather than the caller's (NBoard's
//! `--nodes`, the arena's node-limited contestants, `duel analyze`, the wasm page, Reversi's
//! [`crate::reversi::Session`], Filler without `--millis`), a node count replaces that time:
//! the room asks [`Limits::or_nodes`], and the game is reproducible. Where the caller gives
//! both (UAI's `go nodes` with a clock, as UAI's specification reads it; Botzone's
//! `--nodes`; the C API's `_in` functions; The Fruit Rage's node cap; Filler's `--millis`
//! with `--nodes`), both bind.

use crate::budget::{Budget, Clock};
use crate::player::TimeUse;

/// How much time a move has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Allowance {
    /// This long for this move; unused time is lost.
    PerMove {
        /// Microseconds from the move's start.
        micros: u64,
    },
    /// A game clock: the player spends the share of it its time management gives the move
    /// ([`TimeUse::WholeGame`]).
    Clock {
        /// Microseconds left on the mover's clock.
        left: u64,
        /// Microseconds added after each move.
        increment: u64,
    },
    /// No time limit (a node count, a depth, or `infinite`).
    Unlimited,
}

/// What a caller asks of one move's search: a time, a node count and a depth, each optional.
/// See the [module](self) for what a node count means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The move's time, or the game's clock.
    pub time: Allowance,
    /// Nodes at most.
    pub nodes: Option<u64>,
    /// Plies at most (see [`Budget::with_max_depth`]).
    pub depth: Option<u8>,
}

impl Limits {
    /// No limit at all.
    pub const NONE: Limits = Limits {
        time: Allowance::Unlimited,
        nodes: None,
        depth: None,
    };

    /// `time`, and nothing else.
    pub fn time(time: Allowance) -> Self {
        Limits { time, ..Self::NONE }
    }

    /// `millis` milliseconds for this move.
    pub fn millis(millis: u64) -> Self {
        Self::time(Allowance::PerMove {
            micros: millis.saturating_mul(1000),
        })
    }

    /// These limits with `nodes` nodes in place of their time when given (the time being a
    /// room's default or a referee's clock): a node-limited search is then reproducible.
    pub fn or_nodes(self, nodes: Option<u64>) -> Self {
        match nodes {
            Some(n) => Limits {
                time: Allowance::Unlimited,
                nodes: Some(n),
                ..self
            },
            None => self,
        }
    }

    /// These limits with at most `nodes` nodes too (`None`: no change).
    pub fn with_nodes(self, nodes: Option<u64>) -> Self {
        Limits {
            nodes: nodes.or(self.nodes),
            ..self
        }
    }

    /// These limits with the search no deeper than `depth` plies too (`None`: no change).
    pub fn with_depth(self, depth: Option<u8>) -> Self {
        Limits {
            depth: depth.or(self.depth),
            ..self
        }
    }

    /// How the player reads the budget of these limits: a game clock is the player's to share
    /// out ([`TimeUse::WholeGame`]); anything else is this move's.
    pub fn time_use(&self) -> TimeUse {
        match self.time {
            Allowance::Clock { .. } => TimeUse::WholeGame,
            _ => TimeUse::ThisMove,
        }
    }

    /// The budget of these limits, the move's time having started when `clock` read `start`,
    /// and how the player reads it: a game clock is the player's to share out
    /// ([`TimeUse::WholeGame`], with its increment); anything else is this move's. Without a
    /// time the budget never reads `clock`.
    pub fn budget<'c>(&self, clock: &'c dyn Clock, start: u64) -> (Budget<'c>, TimeUse) {
        let (budget, time) = match self.time {
            Allowance::PerMove { micros } => (
                Budget::until(clock, start.saturating_add(micros)),
                TimeUse::ThisMove,
            ),
            Allowance::Clock { left, increment } => (
                Budget::until(clock, start.saturating_add(left)).with_increment(increment),
                TimeUse::WholeGame,
            ),
            Allowance::Unlimited => (Budget::unlimited(), TimeUse::ThisMove),
        };
        let budget = match self.nodes {
            Some(n) => budget.with_node_limit(n),
            None => budget,
        };
        let budget = match self.depth {
            Some(d) => budget.with_max_depth(d),
            None => budget,
        };
        (budget, time)
    }

    /// [`Limits::budget`] from now on `clock`.
    pub fn budget_now<'c>(&self, clock: &'c dyn Clock) -> (Budget<'c>, TimeUse) {
        self.budget(clock, clock.now_micros())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::cell::Cell;

    /// A clock at a fixed reading that counts how often it is read.
    struct Counted(Cell<u64>);

    impl Clock for Counted {
        fn now_micros(&self) -> u64 {
            self.0.set(self.0.get() + 1);
            1_000
        }
    }

    #[test]
    fn a_node_count_without_a_time_never_reads_the_clock_and_binds_exactly() {
        let clock = Counted(Cell::new(0));
        let limits = Limits::millis(5).or_nodes(Some(300));
        assert_eq!(limits.time, Allowance::Unlimited);
        let (mut budget, time) = limits.budget_now(&clock);
        assert_eq!(time, TimeUse::ThisMove);
        let mut n = 1;
        while !budget.tick() {
            n += 1;
        }
        assert_eq!(
            (n, clock.0.get()),
            (300, 1),
            "one reading: budget_now's start"
        );
    }

    #[test]
    fn every_limit_set_binds_and_a_game_clock_is_the_players_to_share() {
        let clock = Counted(Cell::new(0));
        let game = Limits::time(Allowance::Clock {
            left: 9_000,
            increment: 250,
        });
        let (budget, time) = game
            .with_nodes(Some(40))
            .with_depth(Some(3))
            .budget(&clock, 0);
        assert_eq!(time, TimeUse::WholeGame);
        assert_eq!(game.time_use(), TimeUse::WholeGame);
        assert_eq!(budget.increment_micros(), 250);
        assert_eq!(budget.micros_left(), 8_000);
        assert_eq!((budget.nodes_left(), budget.max_depth()), (40, Some(3)));
        assert_eq!(Limits::millis(7).or_nodes(None), Limits::millis(7));
        assert_eq!(Limits::NONE.budget_now(&clock).0.micros_left(), u64::MAX);
    }
}
