//! The Fruit Rage: the bitboard engine against a naive grid model, the search against brute
//! force, whole games in process and time management. (The `Game` contract is checked by
//! `conformance`; parsing and the contest program run for real are in `tests/it/fruit_rage`.)

pub(crate) mod naive;

mod engine;
mod games;
mod rules;
mod search;
mod time;

use crate::support::Rng;
use duel_core::fruit_rage::{Board, parse_input};
use naive::{EMPTY, Grid};

pub(crate) fn random_grid(rng: &mut Rng, n: usize, kinds: usize) -> Grid {
    let mut cells: Vec<u8> = (0..n * n).map(|_| rng.below(kinds) as u8).collect();
    // Empty the top of some columns, so boxes in mid-game are covered from the start too.
    if rng.below(2) == 0 {
        for c in 0..n {
            let gone = rng.below(n + 1);
            for r in 0..gone {
                cells[r * n + c] = EMPTY;
            }
        }
    }
    let mut grid = Grid { n, cells };
    if grid.is_empty() {
        grid.cells[(n - 1) * n] = 0;
    }
    grid
}

pub(crate) fn input_text(grid: &Grid, kinds: usize, seconds: &str) -> String {
    format!("{}\n{}\n{}\n{}", grid.n, kinds, seconds, grid.text())
}

pub(crate) fn board_of(grid: &Grid) -> Board {
    parse_input(&input_text(grid, 10, "100"))
        .expect("a valid grid parses")
        .board
}
