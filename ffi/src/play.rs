//! One path from a C call to a [`duel_core::Player`]: the limits the call sets, a budget on the
//! wall clock, and the player's decision. Every game's `duel_*_move` and `duel_*_move_in` goes
//! through [`decide`], so the budget rules are written once.

use crate::clock::WallClock;
use crate::result::DuelResult;
use duel_core::{Allowance, Decision, Limits, Player};

/// The time of a call that gives `millis` milliseconds for the move (0: answer at once).
pub(crate) fn per_move(millis: u32) -> Allowance {
    Allowance::PerMove {
        micros: u64::from(millis).saturating_mul(1000),
    }
}

/// The limits of a `_in` variant: `time` unless its milliseconds were 0 (`None`: no time
/// limit), and at most `max_nodes` nodes (0: no limit), both binding. Neither would search
/// without end, so it is refused.
pub(crate) fn in_workspace(time: Option<Allowance>, max_nodes: u64) -> Result<Limits, DuelResult> {
    if time.is_none() && max_nodes == 0 {
        return Err(DuelResult::InvalidSize);
    }
    let limits = Limits::time(time.unwrap_or(Allowance::Unlimited));
    Ok(limits.with_nodes((max_nodes != 0).then_some(max_nodes)))
}

/// Asks `player` for its decision on `position` within `limits`, timed from this call on.
/// `None` when the player has no move (the game is over).
pub(crate) fn decide<P: Player>(
    player: &mut P,
    position: &P::Position,
    limits: Limits,
) -> Option<Decision<P::Move>> {
    let clock = WallClock::start();
    let (mut budget, _) = limits.budget_now(&clock);
    player.choose(position, &mut budget)
}
