//! The one budget path of every built-in engine the referees run.

use duel_protocols::time_control::{PlayerClock, TimeControl};

/// The one budget path of every built-in engine: `player` decides on `position` within
/// `millis` of wall time from now, or within `nodes` when given, in place of the time
/// ([`duel_core::Limits::or_nodes`]: reproducible games).
pub fn decide<P: duel_core::Player>(
    player: &mut P,
    position: &P::Position,
    millis: u64,
    nodes: Option<u64>,
) -> Option<duel_core::Decision<P::Move>> {
    let wall = duel_protocols::clock::WallClock::start();
    let (mut budget, _) = duel_core::Limits::millis(millis)
        .or_nodes(nodes)
        .budget_now(&wall);
    player.choose(position, &mut budget)
}

/// How a built-in reads its budget under `clock`: a game clock is the whole game's.
pub fn time_use(clock: &PlayerClock) -> duel_core::TimeUse {
    match clock.control() {
        TimeControl::Game { .. } => duel_core::TimeUse::WholeGame,
        TimeControl::Move(_) => duel_core::TimeUse::ThisMove,
    }
}
