//! One path from a C call to a [`duel_core::Player`]: the limits the call sets, a budget on the
//! wall clock, and the player's decision. Every game's `duel_*_move` and `duel_*_move_in` goes
//! through [`decide`], so the budget rules are written once.

use crate::clock::WallClock;
use crate::result::DuelResult;
use duel_core::{Budget, Decision, Player};

/// What a C call allows its search: a wall-clock time and a node count, either optional.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// Milliseconds from the call on; `Some(0)` asks for an answer at once.
    millis: Option<u32>,
    /// Nodes at most.
    nodes: Option<u64>,
}

impl Limits {
    /// The limits of a variant that allocates: `millis` milliseconds (0: answer at once).
    pub(crate) fn millis(millis: u32) -> Self {
        Self {
            millis: Some(millis),
            nodes: None,
        }
    }

    /// The limits of a `_in` variant: `millis` milliseconds (0: no time limit) and at most
    /// `max_nodes` nodes (0: no limit). Both 0 would search without end, so it is refused.
    pub(crate) fn workspace(millis: u32, max_nodes: u64) -> Result<Self, DuelResult> {
        if millis == 0 && max_nodes == 0 {
            return Err(DuelResult::InvalidSize);
        }
        Ok(Self {
            millis: (millis != 0).then_some(millis),
            nodes: (max_nodes != 0).then_some(max_nodes),
        })
    }

    /// No limit: for players whose answer does not depend on the budget (an exact solver).
    pub(crate) fn none() -> Self {
        Self {
            millis: None,
            nodes: None,
        }
    }
}

/// Asks `player` for its decision on `position` within `limits`, timed from this call on.
/// `None` when the player has no move (the game is over).
pub(crate) fn decide<P: Player>(
    player: &mut P,
    position: &P::Position,
    limits: Limits,
) -> Option<Decision<P::Move>> {
    let clock = WallClock::start();
    let budget = match limits.millis {
        Some(millis) => Budget::millis(&clock, u64::from(millis)),
        None => Budget::unlimited(),
    };
    let mut budget = match limits.nodes {
        Some(nodes) => budget.with_node_limit(nodes),
        None => budget,
    };
    player.choose(position, &mut budget)
}
