//! One time manager for the Botzone bot and the UAI engine (used by [`super::Player`]).
//!
//! A move's time comes as an [`Allowance`]: a fixed time for this move that does not carry over
//! (Botzone's turn, UAI `movetime`), a game clock (`wtime`/`btime` with `winc`/`binc`), or
//! none (`depth`, `nodes`, `infinite`). The manager turns it into a hard deadline, which the
//! search's [`crate::Budget`] enforces node by node, and decides after every completed
//! iteration whether to start the next:
//!
//! - On a game clock it aims at a soft target (a share of the time left plus most of the
//!   increment) and stops before an iteration that is predicted not to finish by the hard
//!   deadline (the next iteration is predicted to take as long as the last one times the
//!   growth seen between the last two). When the best move changes between iterations the
//!   target grows (up to the hard deadline), and it shrinks back while the move stays.
//! - On a fixed time a move, time saved is lost, and an interrupted iteration may still
//!   improve the move, so it searches until the hard deadline.
//!
//! Times are microseconds on the caller's clock, so the decisions can be replayed with made-up
//! times.

use super::moves::Move;
use crate::limits::Allowance;
use crate::search::SearchResult;

/// The share of the time left a move aims at on a game clock (1/`MOVES_AHEAD`).
const MOVES_AHEAD: u64 = 25;
/// At most this share of the time left (1/`HARD_SHARE`) goes to one move.
const HARD_SHARE: u64 = 4;
/// The soft target at most triples while the best move keeps changing.
const MAX_INSTABILITY: u64 = 4;

/// The time plan of one move and the search's progress through it.
#[derive(Clone, Copy, Debug)]
pub struct TimeManager {
    start: u64,
    soft: u64,
    hard: u64,
    banked: bool,
    last_best: Option<Move>,
    /// Half-steps of extra time earned by best-move changes (each adds half the base target).
    instability: u64,
    last_end: u64,
    last_len: u64,
    growth_16: u64,
}

impl TimeManager {
    /// The plan for a move whose time started at `start` (microseconds on the caller's
    /// clock), keeping `overhead` microseconds in hand for answering and the process's own
    /// latency.
    pub fn new(start: u64, allowance: Allowance, overhead: u64) -> Self {
        let (soft, hard, banked) = match allowance {
            Allowance::PerMove { micros } => {
                let hard = micros.saturating_sub(overhead).max(1_000);
                (hard, hard, false)
            }
            Allowance::Clock { left, increment } => {
                let usable = left.saturating_sub(overhead);
                let soft = (left / MOVES_AHEAD + increment * 3 / 4).min(usable / 2);
                let hard = (soft * 3).min(usable / HARD_SHARE + increment * 3 / 4);
                let hard = hard.min(usable).max(1_000);
                (soft.clamp(1_000, hard), hard, true)
            }
            Allowance::Unlimited => (u64::MAX, u64::MAX, false),
        };
        TimeManager {
            start,
            soft,
            hard,
            banked,
            last_best: None,
            instability: 0,
            last_end: start,
            last_len: 0,
            growth_16: 40,
        }
    }

    /// The clock reading at which the search must stop (`u64::MAX`: never).
    pub fn deadline(&self) -> u64 {
        self.start.saturating_add(self.hard)
    }

    /// The soft target in microseconds from the move's start, as it stands now.
    pub fn target(&self) -> u64 {
        let extra = self.soft / 2 * self.instability;
        self.soft.saturating_add(extra).min(self.hard)
    }

    /// Called after each completed iteration at clock reading `now`: whether to search one
    /// ply deeper.
    pub fn deepen(&mut self, now: u64, result: &SearchResult<Move>) -> bool {
        let elapsed = now.saturating_sub(self.start);
        let len = now.saturating_sub(self.last_end);
        if self.last_len >= 1_000 && len >= 1_000 {
            self.growth_16 = (len * 16 / self.last_len).clamp(24, 96);
        }
        self.last_end = now;
        self.last_len = len;
        if result.depth >= 4 && self.last_best.is_some() && self.last_best != result.best {
            self.instability = (self.instability + 2).min(MAX_INSTABILITY);
        } else {
            self.instability = self.instability.saturating_sub(1);
        }
        self.last_best = result.best;
        if elapsed >= self.hard {
            return false;
        }
        if !self.banked {
            return true;
        }
        let predicted = len.saturating_mul(self.growth_16) / 16;
        elapsed < self.target() && elapsed.saturating_add(predicted) <= self.hard
    }
}
