//! Time management: the think time of a move over a whole game.

use duel_core::fruit_rage::train::{greedy_move, think_micros};
use duel_core::fruit_rage::{self, Board};

#[test]
fn think_time_is_instant_when_short_and_never_spends_the_reserve() {
    assert_eq!(think_micros(999_999, 300, 676, None), 0);
    assert_eq!(think_micros(50_000, 300, 676, None), 0);
    assert_eq!(think_micros(300_000_000, 1, 676, None), 0);
    let five = think_micros(5_000_000, 200, 676, None);
    assert!(five > 0 && five <= 250_000, "{five}");
    assert!(think_micros(300_000_000, 300, 676, None) <= fruit_rage::train::MAX_THINK_MICROS);
    // A calibrated fast machine caps a move at MAX_THINK_NODES' worth of time.
    assert_eq!(think_micros(300_000_000, 3, 9, Some(1 << 24)), 1_000_000);
    // A whole game of greedy self-play on a full 26×26 box, each side charged every microsecond
    // it is allowed: neither ever runs out, and each keeps the reserve.
    for seed in 0..5 {
        let mut board = Board::random(26, 3 + seed as u8, seed).unwrap();
        let mut left = [300_000_000u64; 2];
        let mut side = 0;
        while let Some(mv) = greedy_move(&board) {
            let t = think_micros(
                left[side],
                board.legal_moves().len() as u32,
                board.cells(),
                None,
            );
            assert!(t < left[side] / 6 + 1, "{t} of {}", left[side]);
            left[side] -= t + 20_000; // plus the process's own overhead
            board = board.play_unchecked(mv);
            side ^= 1;
        }
        assert!(left.iter().all(|&l| l > 2_000_000), "{left:?}");
    }
}
