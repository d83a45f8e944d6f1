//! The group scan and the search of `fruit_rage::engine` against their naive twins: the
//! cell-by-cell flood fill, brute force, and plain minimax.

use super::naive::{EMPTY, Grid};
use super::rules::assert_same_groups;
use super::{board_of, random_grid};
use crate::support::Rng;
use duel_core::fruit_rage::board::{MAX_GROUPS, Move, Scan};
use duel_core::fruit_rage::train::engine::{self, Largest};
use duel_core::fruit_rage::train::greedy_move;
use duel_core::{Budget, Entry};

#[test]
fn group_scan_equals_a_flood_fill_on_100000_random_boxes() {
    let mut rng = Rng::new(17);
    for case in 0..100_000 {
        // Small boxes mostly (where every shape occurs), every side up to 26 often.
        let n = if case % 4 == 0 {
            1 + rng.below(26)
        } else {
            1 + rng.below(8)
        };
        let kinds = 1 + rng.below(10);
        let grid = random_grid(&mut rng, n, kinds);
        let board = board_of(&grid);
        let groups = grid.groups();
        let legal = board.legal_moves();
        assert_same_groups(&board, &legal, &grid, &groups);
        // The one-pass scan of all types reports every group once, by lowest bit.
        let mut by_bit: Vec<(u16, u32)> = legal.iter().map(|m| (m.key(), m.size())).collect();
        by_bit.sort_unstable();
        let mut seen = Vec::new();
        let count = Scan::new().groups_by_bit(&board, |bit, size| {
            seen.push((bit, size));
            1
        });
        assert_eq!(seen, by_bit, "on\n{}", grid.text());
        assert_eq!(count as usize, groups.len());
        for &m in legal.iter() {
            assert_eq!(board.fruit_of(m.key()), m.fruit());
        }
        // The K largest kept by a node are the first K of the full list ordered by size, then
        // lowest bit; the horizon's untyped four are the same sizes and bits.
        let mut ordered: Vec<Move> = legal.iter().copied().collect();
        ordered.sort_by_key(|m| (std::cmp::Reverse(m.size()), m.key()));
        let top = Largest::<10>::of(&board);
        assert_eq!(top.groups() as usize, groups.len());
        let k = legal.len().min(10);
        assert_eq!(top.moves(), &ordered[..k], "on\n{}", grid.text());
        let four = Largest::<4>::scan(&board, &mut Scan::new(), false);
        let key = |m: &Move| (m.key(), m.size());
        assert!(
            four.moves()
                .iter()
                .map(key)
                .eq(ordered.iter().take(4).map(key))
        );
        assert_eq!(four.groups() as usize, groups.len());
    }
}

/// Half the greedy playout of the four largest groups (rounded toward zero), on the naive grid;
/// a box of one group is worth that group whole.
fn greedy_value(grid: &Grid) -> i64 {
    let mut sizes: Vec<i64> = grid.groups().iter().map(|g| g.cells.len() as i64).collect();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    if let [only] = sizes[..] {
        return only * only;
    }
    sizes
        .iter()
        .take(4)
        .enumerate()
        .map(|(i, s)| if i % 2 == 0 { s * s } else { -s * s })
        .sum::<i64>()
        / 2
}

/// Plain minimax (no pruning, no table) on the naive grid: the points still to come to
/// `depth` plies, [`greedy_value`] at the horizon.
fn minimax(grid: &Grid, depth: u32) -> i64 {
    let groups = grid.groups();
    if groups.is_empty() {
        return 0;
    }
    if depth == 0 {
        return greedy_value(grid);
    }
    groups
        .iter()
        .map(|g| {
            let mut child = grid.clone();
            let points = child.claim(g);
            points - minimax(&child, depth - 1)
        })
        .max()
        .unwrap()
}

#[test]
fn depth_limited_search_without_pruning_or_table_equals_plain_minimax() {
    let mut rng = Rng::new(19);
    for case in 0..400 {
        let n = 2 + rng.below(3);
        let kinds = 2 + rng.below(3);
        let grid = random_grid(&mut rng, n, kinds);
        let board = board_of(&grid);
        let depth = 1 + (case % 4) as u8;
        let result = engine::search::<MAX_GROUPS>(&board, &mut Budget::unlimited(), &mut [], depth);
        if board.legal_moves().len() > 1 {
            assert_eq!(
                i64::from(result.score),
                minimax(&grid, u32::from(depth)),
                "depth {depth} on\n{}",
                grid.text()
            );
        }
    }
}

#[test]
fn unlimited_search_with_a_table_finds_the_exact_value_and_a_move_reaching_it() {
    let mut rng = Rng::new(23);
    let mut table = vec![Entry::default(); 1 << 12];
    for case in 0..300 {
        let n = 1 + rng.below(3) + usize::from(case % 10 == 0);
        let kinds = 1 + rng.below(if n == 4 { 2 } else { 4 });
        let grid = random_grid(&mut rng, n, kinds);
        let board = board_of(&grid);
        let exact = grid.exact_value();
        // The pruned search (K = 10) prunes nothing on boxes of at most 10 groups.
        let result = engine::search::<10>(&board, &mut Budget::unlimited(), &mut table, 60);
        let mv = result.best.expect("a box with fruit has a move");
        if grid.groups().len() <= 10 {
            assert_eq!(i64::from(result.score), exact, "on\n{}", grid.text());
            let cell = board.label(mv);
            let mut child = grid.clone();
            let points = child.claim(
                &grid
                    .group_at(cell.column as usize, cell.row as usize)
                    .unwrap(),
            );
            assert_eq!(points - child.exact_value(), exact, "move {cell}");
        }
        table.fill(Entry::default());
    }
}

#[test]
fn node_limited_search_is_reproducible_and_legal_on_every_size() {
    let mut rng = Rng::new(29);
    let mut table = vec![Entry::default(); 1 << 12];
    for _ in 0..60 {
        let n = 1 + rng.below(26);
        let kinds = 1 + rng.below(6);
        let grid = random_grid(&mut rng, n, kinds);
        let board = board_of(&grid);
        let mut answers = Vec::new();
        for _ in 0..2 {
            table.fill(Entry::default());
            let r = engine::search::<10>(&board, &mut Budget::nodes(3000), &mut table, 60);
            assert!(r.nodes <= 3000);
            answers.push(r);
        }
        assert_eq!(answers[0], answers[1]);
        let mv = answers[0].best.expect("a move");
        assert!(board.legal_moves().iter().any(|&m| m == mv));
        // No node at all: the largest group.
        let none = engine::search::<10>(&board, &mut Budget::nodes(0), &mut table, 60);
        assert_eq!(none.best, greedy_move(&board));
        assert!(grid.cells.iter().any(|&v| v != EMPTY));
    }
}
