//! Core's plain minimax against brute force, and the baseline players.

use super::naive::{EMPTY, Grid};
use super::{board_of, random_grid};
use crate::support::Rng;
use duel_core::fruit_rage::train::{greedy_move, minimax3_move, random_move};
use duel_core::fruit_rage::{self};

#[test]
fn plain_minimax_deep_enough_to_reach_the_end_finds_the_exact_value() {
    // The search's own twins (plain minimax on the naive grid, brute force) are in engine.rs;
    // this checks core's `minimax`, which `minimax3_move` and the conformance harness use.
    let mut rng = Rng::new(11);
    for _ in 0..300 {
        let n = 1 + rng.below(3);
        let kinds = 1 + rng.below(4);
        let grid = random_grid(&mut rng, n, kinds);
        if grid.cells.iter().filter(|&&v| v != EMPTY).count() <= 8 {
            let board = board_of(&grid);
            assert_eq!(
                i64::from(fruit_rage::train::minimax(&board, 8)),
                grid.exact_value(),
                "on\n{}",
                grid.text()
            );
        }
    }
}

#[test]
fn greedy_minimax3_and_random_moves_are_what_they_say() {
    let mut rng = Rng::new(12);
    for _ in 0..40 {
        let n = 2 + rng.below(5);
        let grid = random_grid(&mut rng, n, 3);
        let board = board_of(&grid);
        let moves = board.legal_moves();
        let largest = grid.groups().iter().map(|g| g.cells.len()).max().unwrap();
        assert_eq!(greedy_move(&board).unwrap().size() as usize, largest);
        // minimax3: the best move by depth-3 brute force over the naive grid.
        let depth3 = |g: &Grid| -> i64 {
            fn value(g: &Grid, depth: u32) -> i64 {
                let groups = g.groups();
                if depth == 0 || groups.is_empty() {
                    return 0;
                }
                groups
                    .iter()
                    .map(|x| {
                        let mut c = g.clone();
                        let p = c.claim(x);
                        p - value(&c, depth - 1)
                    })
                    .max()
                    .unwrap()
            }
            value(g, 3)
        };
        let mv = minimax3_move(&board, 3).unwrap();
        let cell = board.label(mv);
        let mut child = grid.clone();
        let points = child.claim(
            &grid
                .group_at(cell.column as usize, cell.row as usize)
                .unwrap(),
        );
        let chosen = points - {
            fn value2(g: &Grid, depth: u32) -> i64 {
                let groups = g.groups();
                if depth == 0 || groups.is_empty() {
                    return 0;
                }
                groups
                    .iter()
                    .map(|x| {
                        let mut c = g.clone();
                        let p = c.claim(x);
                        p - value2(&c, depth - 1)
                    })
                    .max()
                    .unwrap()
            }
            value2(&child, 2)
        };
        assert_eq!(chosen, depth3(&grid), "minimax3 on\n{}", grid.text());
        let r1 = random_move(&board, 7).unwrap();
        assert_eq!(
            random_move(&board, 7),
            Some(r1),
            "seeded: the same seed, the same move"
        );
        assert!(moves.iter().any(|&m| m == r1));
    }
    // Random moves spread over all groups.
    let board = board_of(&Grid::from_rows(&["0101", "1010", "0101", "1010"]));
    let mut seen = std::collections::HashSet::new();
    for seed in 0..400 {
        seen.insert(random_move(&board, seed).unwrap().key());
    }
    assert_eq!(seen.len(), 16);
}
