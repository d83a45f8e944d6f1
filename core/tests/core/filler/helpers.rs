//! What the Filler tests share (with `tests/it/filler` too, which includes this file): the
//! statement's board, colours, and random boards of every kind.

use super::naive::naive_region;
use crate::support::Rng;
use duel_core::coord::cells;
use duel_core::filler::{Board, COLOURS, Grid, Move};

/// The statement's example board.
pub(crate) const STATEMENT: &str = "10
8 2 4 9 2 8 7 1 6 4
6 6 1 2 5 5 1 5 1 5
4 1 1 3 1 2 1 7 2 2 
9 8 4 1 6 6 7 1 3 5 
1 3 0 9 2 6 0 4 9 8 
9 7 2 8 4 5 5 0 5 5 
5 1 6 5 1 1 6 8 7 3 
6 8 1 6 0 0 5 1 9 3 
5 5 7 6 3 2 8 7 0 4 
7 7 3 6 7 9 9 1 3 2 
";

pub(crate) fn colour(c: u8) -> Move {
    Move::new(c).expect("colour 0..=9")
}

/// A random board of side `n` with colours below `k`.
pub(crate) fn random_grid(rng: &mut Rng, n: usize, k: usize) -> Grid {
    let colours: Vec<u8> = (0..n * n).map(|_| rng.below(k) as u8).collect();
    Grid::new(n, &colours).unwrap()
}

/// A random board whose two start regions do not meet.
pub(crate) fn random_regular_grid(rng: &mut Rng, n: usize) -> Grid {
    loop {
        let k = 2 + rng.below(COLOURS - 1);
        let grid = random_grid(rng, n, k);
        let colours: Vec<u8> = cells(n).map(|(r, c)| grid.colour(r, c).unwrap()).collect();
        if !naive_region(n, &colours, 0, colours[0])[n * n - 1] {
            return grid;
        }
    }
}

/// The colours of `board`, row by row.
pub(crate) fn colours_of(board: &Board) -> Vec<u8> {
    let n = board.size();
    cells(n).map(|(r, c)| board.colour(r, c).unwrap()).collect()
}

/// Boards of every awkward kind: both starts one colour, touching start regions, one colour.
pub(crate) fn awkward_grid(rng: &mut Rng, n: usize, kind: usize) -> Grid {
    let k = [1, 2, 3, 10][rng.below(4)];
    let mut colours: Vec<u8> = (0..n * n).map(|_| rng.below(k) as u8).collect();
    let last = n * n - 1;
    match kind {
        0 => colours[last] = colours[0],
        1 => {
            // A band of the start colour from corner to corner: the start regions meet.
            for i in 0..n {
                colours[i * n + i] = colours[0];
                if i + 1 < n {
                    colours[i * n + i + 1] = colours[0];
                }
            }
        }
        2 => {
            // Different start colours whose regions touch along the anti-diagonal.
            let (a, b) = (colours[0], (colours[0] + 1) % 10);
            for (i, c) in colours.iter_mut().enumerate() {
                *c = if i / n + i % n < n { a } else { b };
            }
        }
        _ => {}
    }
    Grid::new(n, &colours).unwrap()
}
