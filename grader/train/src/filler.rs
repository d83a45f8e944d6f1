//! Random Filler boards for self-play data.

use crate::Rng;
use duel_core::filler::{Board, Grid};

/// A random board of side `n` for self-play data, as the arena draws them: uniform colours, the
/// start cells of different colours, start regions that do not touch. `rng` is seeded, so a
/// seed gives the same boards on every machine (the trainers' shards rely on it).
pub fn random_board(n: usize, rng: &mut Rng) -> Board {
    loop {
        let colours: Vec<u8> = (0..n * n).map(|_| rng.below(10) as u8).collect();
        let Ok(grid) = Grid::new(n, &colours) else {
            continue;
        };
        let board = Board::from_grid(&grid);
        if board.own_colour() != board.forbidden()
            && board.own().neighbours(board.opponent()).is_empty()
        {
            return board;
        }
    }
}
