//! The Fruit Rage behind the [`crate::Player`] seam: [`search`] over a table in a caller's
//! slice, and the whole-game time management of [`planned_micros`] when the budget is the
//! game's clock.

use super::board::{Board, Move};
use super::play::{greedy_move, search, think_micros};
use crate::budget::Budget;
use crate::player::{Decision, PV_CAPACITY, TimeUse};
use crate::tt::Entry;

/// How long the player's whole-game time management plans to think on `board` with
/// `remaining_micros` left on the mover's clock and the machine's calibrated speed
/// `nodes_per_second`, if any: [`think_micros`] over the box's groups and fruits. 0 means the
/// greedy move at once. Callers that size a table for the move ([`super::table_entries`])
/// read the plan here.
pub fn planned_micros(board: &Board, remaining_micros: u64, nodes_per_second: Option<u64>) -> u64 {
    let groups = board.legal_moves().len() as u32;
    think_micros(remaining_micros, groups, board.cells(), nodes_per_second)
}

/// duel's Fruit Rage player.
pub struct Player<'t> {
    table: &'t mut [Entry],
    time: TimeUse,
    nodes_per_second: Option<u64>,
    /// The caller's [`planned_micros`] for the move, when it computed it (to size the table).
    plan: Option<u64>,
}

impl<'t> Player<'t> {
    /// A player over `table` (any length) reading its budgets as `time` says;
    /// `nodes_per_second` is this machine's calibrated speed, if known.
    pub fn new(table: &'t mut [Entry], time: TimeUse, nodes_per_second: Option<u64>) -> Self {
        Self {
            table,
            time,
            nodes_per_second,
            plan: None,
        }
    }

    /// This player thinking `micros` on its next move under [`TimeUse::WholeGame`]: the
    /// [`planned_micros`] its caller already computed to size the table, not computed again.
    pub fn with_plan(mut self, micros: u64) -> Self {
        self.plan = Some(micros);
        self
    }
}

impl crate::Player for Player<'_> {
    type Position = Board;
    type Move = Move;

    fn choose(&mut self, board: &Board, budget: &mut Budget<'_>) -> Option<Decision<Move>> {
        let greedy = greedy_move(board)?;
        let result = match (self.time, budget.clock()) {
            (TimeUse::WholeGame, Some(_)) => {
                let think = match self.plan {
                    Some(think) => think,
                    None => planned_micros(board, budget.micros_left(), self.nodes_per_second),
                };
                if think == 0 {
                    return Some(Decision::new(greedy, board.lead(), false, 0, 0));
                }
                let table = &mut *self.table;
                budget.spend(think, u64::MAX, |part| search(board, part, table))
            }
            _ => search(board, budget, self.table),
        };
        let mv = result.best.unwrap_or(greedy);
        let mut line = [Move::default(); PV_CAPACITY];
        let n = super::engine::principal_variation(board, self.table, &mut line);
        let decision = Decision::new(mv, result.score, false, result.depth, result.nodes);
        Some(decision.with_line(&line[..n]))
    }
}
