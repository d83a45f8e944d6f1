//! The Fruit Rage through the harness, against `fruit_rage::naive`.

use super::Subject;
use crate::fruit_rage::naive::Grid;
use crate::fruit_rage::{board_of, random_grid};
use crate::support::Rng;
use duel_core::fruit_rage::train::GreedyEval;
use duel_core::fruit_rage::{self, Board, Move};
use duel_core::{Budget, Entry};

/// The twin of a position: its box read back from the text form.
fn twin(board: &Board) -> Grid {
    let text = board.to_string();
    let rows: Vec<&str> = text.lines().collect();
    Grid::from_rows(&rows)
}

/// The text both sides write: the box, then the lead of the side to move.
fn text(grid: &Grid, lead: i64) -> String {
    format!("{}lead {lead}", grid.text())
}

impl Subject for Board {
    /// The group's first cell in reading order, (column, row).
    type Name = (usize, usize);
    type Eval = GreedyEval<4>;
    const POSITIONS: usize = 4000;
    const MINIMAX_DEPTH: u8 = 3;

    fn start(rng: &mut Rng) -> Self {
        let n = 1 + rng.below(8);
        let kinds = 1 + rng.below(5);
        board_of(&random_grid(rng, n, kinds))
    }

    fn small(rng: &mut Rng) -> Self {
        let n = 2 + rng.below(3);
        let kinds = 2 + rng.below(3);
        board_of(&random_grid(rng, n, kinds))
    }

    fn name(&self, mv: Move) -> (usize, usize) {
        let cell = self.label(mv);
        (usize::from(cell.column), usize::from(cell.row))
    }

    fn text(&self) -> String {
        text(&twin(self), i64::from(self.lead()))
    }

    fn naive_children(&self) -> Vec<((usize, usize), String)> {
        let grid = twin(self);
        let lead = i64::from(self.lead());
        grid.groups()
            .iter()
            .map(|group| {
                let mut child = grid.clone();
                let points = child.claim(group);
                (group.first, text(&child, -(lead + points)))
            })
            .collect()
    }

    /// A move of the position after a random move: some are still groups here, some not.
    fn any_move(&self, rng: &mut Rng) -> Option<Move> {
        let moves = self.legal_moves();
        let next = self.play_unchecked(*moves.as_slice().get(rng.below(moves.len().max(1)))?);
        let later = next.legal_moves();
        later.as_slice().get(rng.below(later.len().max(1))).copied()
    }

    fn play_checked(&self, mv: Move) -> Option<Self> {
        self.play(mv).ok()
    }

    fn eval() -> GreedyEval<4> {
        GreedyEval::<4>
    }

    fn choose(&self, nodes: u64) -> Option<Move> {
        let mut table = vec![Entry::default(); 1 << 10];
        fruit_rage::train::choose(self, &mut Budget::nodes(nodes), &mut table)
    }
}

super::conformance!(Board, 400);
