//! Stake Your Claim: the bitboard regions against a grid flood fill, the exact solver against
//! plain minimax, and the batch protocol through both programs. (The `Game` contract is checked
//! by `conformance`.)

pub(crate) mod naive;

mod protocol;
mod rules;
mod solver;

use duel_core::stake::{Board, Slot, solve};
use naive::Grid;

pub(crate) fn board_of(grid: &Grid) -> Board {
    Board::from_rows(&grid.rows()).unwrap_or_else(|e| panic!("{e}:\n{}", grid.text()))
}

pub(crate) fn engine(grid: &Grid, table: &mut [Slot]) -> ((usize, usize), i32) {
    let s = solve(&board_of(grid), table).unwrap();
    ((s.mv.row().index(), s.mv.column().index()), s.value)
}
