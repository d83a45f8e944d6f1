//! The move count estimated from a protocol board.

use super::random_regular_grid;
use crate::support::Rng;
use duel_core::filler::Board;
use duel_core::filler::tempo::estimate_moves_played;
use duel_core::filler::train::{greedy_colour, random_colour};

#[test]
fn the_estimate_starts_low_never_falls_and_stays_below_the_limit() {
    let mut rng = Rng::new(50);
    for game in 0..66 {
        let n = 10 + game % 11;
        let grid = random_regular_grid(&mut rng, n);
        let mut board = Board::from_grid(&grid);
        let owned = (board.own().count() + board.opponent().count()) as usize;
        if owned * 32 < n * n {
            // Typical start regions (few cells): at most 3 moves.
            assert!(estimate_moves_played(&board) <= 3, "game {game}");
        }
        let mut last = 0;
        while !board.is_over() {
            let estimate = estimate_moves_played(&board);
            assert!(estimate >= last, "game {game}");
            assert!(estimate < board.move_limit());
            last = estimate;
            let mv = if game % 2 == 0 {
                greedy_colour(&board)
            } else {
                random_colour(&board, rng.next_u64())
            };
            board = board.play_unchecked(mv);
        }
    }
    // Sides outside the contest's have no table: no move assumed.
    let grid = random_regular_grid(&mut rng, 6);
    assert_eq!(estimate_moves_played(&Board::from_grid(&grid)), 0);
}
