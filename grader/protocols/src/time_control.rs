//! Time controls and the clock each player runs on during a game.
//!
//! The syntax is fastchess's: `--tc 10+0.1` gives each player 10 s for the whole game and
//! adds 0.1 s after each of its moves; `--st 1` allows 1 s for every move. A player that
//! overruns loses on time, after a grace of `--timemargin` milliseconds.

use std::fmt;
use std::time::Duration;

/// How much time a player has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// `base` for the whole game, plus `increment` after every move.
    Game {
        /// The time at the start of the game.
        base: Duration,
        /// Added after each move.
        increment: Duration,
    },
    /// A fixed time for every move.
    Move(Duration),
}

impl TimeControl {
    /// Parses fastchess's `--tc`: `BASE` or `BASE+INCREMENT`, in seconds (decimals allowed).
    ///
    /// # Errors
    /// Anything else, or a negative or non-finite number, or a zero base.
    pub fn parse_tc(text: &str) -> Result<Self, String> {
        let (base, increment) = match text.split_once('+') {
            Some((b, i)) => (b, i),
            None => (text, "0"),
        };
        let base = seconds(base).map_err(|e| format!("--tc {text:?}: {e}"))?;
        let increment = seconds(increment).map_err(|e| format!("--tc {text:?}: {e}"))?;
        if base.is_zero() {
            return Err(format!("--tc {text:?}: the base time must be above zero"));
        }
        Ok(TimeControl::Game { base, increment })
    }

    /// Parses `--st`: seconds a move (decimals allowed).
    ///
    /// # Errors
    /// Not a positive finite number.
    pub fn parse_st(text: &str) -> Result<Self, String> {
        let per_move = seconds(text).map_err(|e| format!("--st {text:?}: {e}"))?;
        if per_move.is_zero() {
            return Err(format!("--st {text:?}: the time must be above zero"));
        }
        Ok(TimeControl::Move(per_move))
    }

    /// Scales every time by `factor` (for "the same clock, doubled").
    pub fn scaled(self, factor: f64) -> Self {
        match self {
            TimeControl::Game { base, increment } => TimeControl::Game {
                base: base.mul_f64(factor),
                increment: increment.mul_f64(factor),
            },
            TimeControl::Move(d) => TimeControl::Move(d.mul_f64(factor)),
        }
    }
}

impl fmt::Display for TimeControl {
    /// `tc=10+0.1` or `st=1` (seconds, as they were given).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Game { base, increment } => {
                write!(f, "tc={}", base.as_secs_f64())?;
                if !increment.is_zero() {
                    write!(f, "+{}", increment.as_secs_f64())?;
                }
                Ok(())
            }
            TimeControl::Move(d) => write!(f, "st={}", d.as_secs_f64()),
        }
    }
}

/// A number of seconds: finite and not negative.
fn seconds(text: &str) -> Result<Duration, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if !(0.0..=1e9).contains(&value) {
        return Err(format!("{text:?} is not a number of seconds"));
    }
    Ok(Duration::from_secs_f64(value))
}

/// One player's clock during one game.
#[derive(Clone, Copy, Debug)]
pub struct PlayerClock {
    control: TimeControl,
    margin: Duration,
    left: Duration,
}

impl PlayerClock {
    /// A full clock under `control`, with `margin` of grace before a loss on time.
    pub fn new(control: TimeControl, margin: Duration) -> Self {
        let left = match control {
            TimeControl::Game { base, .. } => base,
            TimeControl::Move(d) => d,
        };
        Self {
            control,
            margin,
            left,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The time the player may use for its next move: what is left of a game clock, or the
    /// time a move.
    pub fn left(&self) -> Duration {
        self.left
    }

    /// The increment added after each move (zero for a per-move clock).
    pub fn increment(&self) -> Duration {
        match self.control {
            TimeControl::Game { increment, .. } => increment,
            TimeControl::Move(_) => Duration::ZERO,
        }
    }

    /// How long the referee waits for an answer before the player has lost on time.
    pub fn deadline(&self) -> Duration {
        self.left + self.margin
    }

    /// Charges a move that took `spent`. Returns `false` when the player ran out of time (the
    /// game is lost); otherwise the clock is updated (the increment added).
    pub fn charge(&mut self, spent: Duration) -> bool {
        if spent > self.deadline() {
            return false;
        }
        if let TimeControl::Game { increment, .. } = self.control {
            self.left = self.left.saturating_sub(spent) + increment;
        }
        true
    }
}
