//! The evaluation's control measures against a cell-by-cell version.

use super::colour;
use super::naive::{Naive, naive_region};
use super::random_regular_grid;
use crate::support::Rng;
use duel_core::filler::Board;
use duel_core::filler::train::{greedy_colour, random_colour};

/// Who reaches the unowned cells first, cell by cell: each round, every unowned cell next to a
/// side's last round (with, in `moves` mode, the rest of its one-colour unowned region) goes to
/// that side, or to nobody if both reach it in the same round.
fn naive_control(naive: &Naive, player: u8, moves: bool) -> (u32, u32) {
    let n = naive.n;
    let mut open: Vec<bool> = naive.owner.iter().map(|&o| o == 0).collect();
    let mut fronts: [Vec<bool>; 2] = [
        naive.owner.iter().map(|&o| o == player).collect(),
        naive.owner.iter().map(|&o| o == 3 - player).collect(),
    ];
    let mut counts = [0u32; 2];
    loop {
        let mut reached: [Vec<bool>; 2] = [vec![false; n * n], vec![false; n * n]];
        for side in 0..2 {
            for i in 0..n * n {
                if !open[i] {
                    continue;
                }
                let (r, c) = (i / n, i % n);
                let near = (r > 0 && fronts[side][i - n])
                    || (r + 1 < n && fronts[side][i + n])
                    || (c > 0 && fronts[side][i - 1])
                    || (c + 1 < n && fronts[side][i + 1]);
                if !near {
                    continue;
                }
                reached[side][i] = true;
                if moves {
                    let region = naive_region(n, &naive.colours, i, naive.colours[i]);
                    // The region through open cells only: grow from i inside open ∩ region.
                    let mut inside = vec![false; n * n];
                    inside[i] = true;
                    let mut stack = vec![i];
                    while let Some(j) = stack.pop() {
                        let (jr, jc) = (j / n, j % n);
                        for (ok, k) in [
                            (jr > 0, j.wrapping_sub(n)),
                            (jr + 1 < n, j + n),
                            (jc > 0, j.wrapping_sub(1)),
                            (jc + 1 < n, j + 1),
                        ] {
                            if ok && !inside[k] && open[k] && region[k] {
                                inside[k] = true;
                                stack.push(k);
                            }
                        }
                    }
                    for (k, &x) in inside.iter().enumerate() {
                        if x {
                            reached[side][k] = true;
                        }
                    }
                }
            }
        }
        if !reached[0].contains(&true) && !reached[1].contains(&true) {
            return (counts[0], counts[1]);
        }
        for side in 0..2 {
            fronts[side] = (0..n * n)
                .map(|i| reached[side][i] && !reached[1 - side][i])
                .collect();
            counts[side] += fronts[side].iter().filter(|&&x| x).count() as u32;
        }
        for i in 0..n * n {
            if reached[0][i] || reached[1][i] {
                open[i] = false;
            }
        }
    }
}

#[test]
fn control_measures_agree_with_cell_by_cell_version() {
    use duel_core::filler::eval::{control, control_in_moves};
    let mut rng = Rng::new(31);
    for case in 0..150 {
        let n = 10 + case % 11;
        let grid = random_regular_grid(&mut rng, n);
        let mut naive = Naive::new(&grid, 50);
        let mut board = Board::from_grid(&grid);
        for _ in 0..rng.below(30) {
            if board.is_over() {
                break;
            }
            let c = greedy_colour(&board).colour();
            let c = if rng.below(3) == 0 {
                random_colour(&board, rng.next_u64()).colour()
            } else {
                c
            };
            naive.play(c);
            board = board.play(colour(c)).unwrap();
        }
        let mover = naive.mover();
        assert_eq!(
            control(&board),
            naive_control(&naive, mover, false),
            "case {case}"
        );
        assert_eq!(
            control_in_moves(&board),
            naive_control(&naive, mover, true),
            "case {case}"
        );
    }
}

#[test]
fn fast_race_equals_control_in_moves() {
    use super::random_grid;
    use duel_core::filler::eval::control_in_moves;
    use duel_core::filler::race::race;
    let mut rng = Rng::new(77);
    for case in 0..600 {
        let n = 1 + case % 20;
        // Few colours make long, branching regions (several spread passes); any board, the
        // start regions meeting included.
        let k = 2 + rng.below(9);
        let grid = if case % 3 == 0 || n < 4 {
            random_grid(&mut rng, n, k)
        } else {
            random_regular_grid(&mut rng, n)
        };
        let mut board = Board::from_grid(&grid);
        for ply in 0..rng.below(40) {
            assert_eq!(
                race(&board),
                control_in_moves(&board),
                "case {case} ply {ply}"
            );
            if board.is_over() {
                break;
            }
            let c = if rng.below(2) == 0 {
                greedy_colour(&board)
            } else {
                random_colour(&board, rng.next_u64())
            };
            board = board.play(c).unwrap();
        }
        assert_eq!(race(&board), control_in_moves(&board), "case {case} end");
    }
}

#[test]
fn fitted_evaluation_is_the_weighted_features_of_the_phase() {
    use duel_core::Evaluator;
    use duel_core::filler::Heuristic;
    use duel_core::filler::eval::control_in_moves;
    use duel_core::filler::fitted::{FITTED, features, phase_of, size_group};
    let mut rng = Rng::new(91);
    for case in 0..60 {
        let n = 10 + case % 11;
        let mut board = Board::from_grid(&random_regular_grid(&mut rng, n));
        for _ in 0..rng.below(45) {
            if board.is_over() {
                break;
            }
            board = board.play(random_colour(&board, rng.next_u64())).unwrap();
        }
        let f = features(&board);
        let (mine, theirs) = control_in_moves(&board);
        assert_eq!(f[1], board.score());
        assert_eq!(f[2], mine as i32 - theirs as i32);
        let w = FITTED.0[size_group(n)][phase_of(board.plies_left())];
        let expected: i32 = f.iter().zip(w).map(|(&x, w)| x * i32::from(w)).sum();
        assert_eq!(
            Heuristic::default().evaluate(&board),
            expected,
            "case {case}"
        );
    }
}
