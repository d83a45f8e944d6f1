//! What the Stake Your Claim tests share (with `tests/it/stake` too, which includes this
//! file): the naive grid as the engine's board, and the engine's answer for it.

use super::naive::Grid;
use duel_core::stake::train::solve;
use duel_core::stake::{Board, Slot};

pub(crate) fn board_of(grid: &Grid) -> Board {
    Board::from_rows(&grid.rows()).unwrap_or_else(|e| panic!("{e}:\n{}", grid.text()))
}

pub(crate) fn engine(grid: &Grid, table: &mut [Slot]) -> ((usize, usize), i32) {
    let s = solve(&board_of(grid), table).unwrap();
    ((s.mv.row().index(), s.mv.column().index()), s.value)
}
