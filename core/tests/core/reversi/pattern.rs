//! The pattern evaluation the solver orders by: its symmetries and features square by square.

use super::random_position;
use crate::support::Rng;
use duel_core::reversi;

/// `x` with every square (row r, column c) moved to `to(r, c)`, one square at a time.
fn naive_map(x: u64, to: impl Fn(usize, usize) -> (usize, usize)) -> u64 {
    (0..64)
        .filter(|&sq| x >> sq & 1 == 1)
        .map(|sq| to(sq / 8, sq % 8))
        .fold(0, |m, (r, c)| m | 1 << (r * 8 + c))
}

#[test]
fn pattern_views_are_the_eight_symmetries_square_by_square() {
    use reversi::pattern::{mirror, transpose, view};
    let mut rng = Rng::new(41);
    for _ in 0..2000 {
        let x = rng.next_u64() & rng.next_u64();
        assert_eq!(mirror(x), naive_map(x, |r, c| (r, 7 - c)));
        assert_eq!(transpose(x), naive_map(x, |r, c| (c, r)));
        assert_eq!(x.swap_bytes(), naive_map(x, |r, c| (7 - r, c)));
        let views: Vec<u64> = (0..8).map(|v| view(x, v)).collect();
        let naive: Vec<u64> = [
            |r, c| (r, c),
            |r, c| (r, 7 - c),
            |r, c| (7 - r, c),
            |r, c| (7 - r, 7 - c),
            |r, c| (c, r),
            |r, c| (7 - c, r),
            |r, c| (c, 7 - r),
            |r, c| (7 - c, 7 - r),
        ]
        .iter()
        .map(|f: &fn(usize, usize) -> (usize, usize)| naive_map(x, f))
        .collect();
        assert_eq!(views, naive, "views of {x:#x}");
    }
}

/// The pattern cell of `squares` (in digit order) read square by square: 0 empty, 1 the
/// player's, 2 the opponent's.
fn naive_cell(p: u64, o: u64, squares: &[usize]) -> u16 {
    squares.iter().rev().fold(0u16, |acc, &sq| {
        acc * 3 + (p >> sq & 1) as u16 + 2 * (o >> sq & 1) as u16
    })
}

#[test]
fn pattern_features_read_each_view_square_by_square() {
    use reversi::pattern::{features, view};
    const ROW: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
    const BLOCK: [usize; 8] = [0, 1, 2, 3, 8, 9, 10, 11];
    const DIAGONAL: [usize; 8] = [0, 9, 18, 27, 36, 45, 54, 63];
    let mut rng = Rng::new(43);
    for _ in 0..300 {
        let plies = 10 + rng.below(50);
        let b = random_position(&mut rng, plies);
        let (p, o) = (b.player().bits(), b.opponent().bits());
        let f = features(p, o);
        for (v, cells) in f.indices.iter().enumerate() {
            let (vp, vo) = (view(p, v), view(o, v));
            let want = [ROW, BLOCK, DIAGONAL].map(|sq| naive_cell(vp, vo, &sq));
            assert_eq!(*cells, want, "view {v} of {b}");
        }
        let empty = !(p | o);
        assert_eq!(f.scalars[1], b.move_mask().len() as i32);
        assert_eq!(f.scalars[2], b.pass().move_mask().len() as i32);
        assert_eq!(f.phase, reversi::pattern::phase(empty.count_ones()));
    }
}

#[test]
fn pattern_evaluation_is_the_same_in_every_view() {
    use reversi::pattern::{score, view};
    let mut rng = Rng::new(47);
    for _ in 0..500 {
        let plies = 20 + rng.below(40);
        let b = random_position(&mut rng, plies);
        let s = score(b.player().bits(), b.opponent().bits());
        for v in 1..8 {
            assert_eq!(
                score(view(b.player().bits(), v), view(b.opponent().bits(), v)),
                s,
                "{b} view {v}"
            );
        }
    }
}
