//! Stake Your Claim through the harness, against `stake::naive`.

use super::Subject;
use crate::stake::board_of;
use crate::stake::naive::{Grid, random_grid};
use crate::support::Rng;
use duel_core::stake::train::solve;
use duel_core::stake::{Board, Move, Slot, TABLE_LEN};
use duel_core::{Column, Evaluator, Row, Score};

/// The largest region of the side to move minus the other's, as the game stands (the
/// outcome's own measure, applied before the board is full).
pub(crate) struct RegionLead;

impl Evaluator<Board> for RegionLead {
    fn evaluate(&self, pos: &Board) -> Score {
        let me = pos.to_move();
        pos.score(me) as Score - pos.score(me.other()) as Score
    }
}

/// The twin of a position: its grid read back from the text form.
fn twin(board: &Board) -> Grid {
    let text = board.to_string();
    let rows: Vec<&str> = text.lines().collect();
    Grid::from_text(&rows)
}

impl Subject for Board {
    /// (row, column).
    type Name = (usize, usize);
    type Eval = RegionLead;
    const POSITIONS: usize = 4000;
    const MINIMAX_DEPTH: u8 = 3;

    fn start(rng: &mut Rng) -> Self {
        let n = 1 + rng.below(8);
        let empties = (1 + rng.below(10)).min(n * n);
        board_of(&random_grid(rng, n, empties))
    }

    fn small(rng: &mut Rng) -> Self {
        let n = 2 + rng.below(7);
        let empties = (2 + rng.below(6)).min(n * n);
        board_of(&random_grid(rng, n, empties))
    }

    fn name(&self, mv: Move) -> (usize, usize) {
        (mv.row().index(), mv.column().index())
    }

    fn text(&self) -> String {
        self.to_string()
    }

    fn naive_children(&self) -> Vec<((usize, usize), String)> {
        let grid = twin(self);
        let mover = grid.mover();
        grid.empties()
            .into_iter()
            .map(|(r, c)| {
                let mut child = grid;
                child.cells[r][c] = mover;
                ((r, c), child.text())
            })
            .collect()
    }

    fn any_move(&self, rng: &mut Rng) -> Option<Move> {
        Move::at(Row(rng.below(8) as u8), Column(rng.below(8) as u8))
    }

    fn play_checked(&self, mv: Move) -> Option<Self> {
        self.play(mv).ok()
    }

    fn eval() -> RegionLead {
        RegionLead
    }

    fn choose(&self, _nodes: u64) -> Option<Move> {
        // The exact solver has no budget: at most ten empties are always affordable.
        let mut table = vec![Slot::default(); TABLE_LEN];
        solve(self, &mut table).ok().map(|s| s.mv)
    }
}

super::conformance!(Board, 500);
