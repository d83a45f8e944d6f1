//! The group scan and the search of `fruit_rage::engine` against their naive twins: the
//! cell-by-cell flood fill, brute force, and plain minimax.

use super::naive::{EMPTY, Grid};
use super::rules::assert_same_groups;
use super::{board_of, random_grid};
use crate::support::Rng;
use duel_core::fruit_rage::board::{MAX_GROUPS, Move, Scan};
use duel_core::fruit_rage::horizon::{Horizon, PHASES, ROW, TOP, phase_of};
use duel_core::fruit_rage::train::engine::{self, Largest};
use duel_core::fruit_rage::train::{HORIZON, greedy_move};
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

/// The horizon's value on the naive grid with `weights` (by phase of at most 16, 36, 64, 121,
/// 225, 400 and more fruits: 4 weights in 1/256 of a point, then a bias in points): the
/// weighted points of the four largest groups, rounded toward zero, plus the bias, within
/// ±676²; a box of one group is worth that group whole.
fn weighted_value(grid: &Grid, weights: &[[i16; 5]; 7]) -> i64 {
    let mut sizes: Vec<i64> = grid.groups().iter().map(|g| g.cells.len() as i64).collect();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    if let [only] = sizes[..] {
        return only * only;
    }
    let cells = grid.cells.iter().filter(|&&v| v != EMPTY).count();
    let phase = [16, 36, 64, 121, 225, 400]
        .iter()
        .filter(|&&end| cells > end)
        .count();
    let sum: i64 = sizes
        .iter()
        .zip(&weights[phase][..4])
        .map(|(s, &w)| s * s * i64::from(w))
        .sum();
    (sum / 256 + i64::from(weights[phase][4])).clamp(-676 * 676, 676 * 676)
}

/// A horizon's value on the naive grid.
type Twin<'a> = dyn Fn(&Grid) -> i64 + 'a;

/// Plain minimax (no pruning, no table) on the naive grid: the points still to come to
/// `depth` plies, `horizon` at the horizon.
fn minimax(grid: &Grid, depth: u32, horizon: &Twin<'_>) -> i64 {
    let groups = grid.groups();
    if groups.is_empty() {
        return 0;
    }
    if depth == 0 {
        return horizon(grid);
    }
    groups
        .iter()
        .map(|g| {
            let mut child = grid.clone();
            let points = child.claim(g);
            points - minimax(&child, depth - 1, horizon)
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
        // The engine's horizon, the hand-made one (twice: as the playout and as weights), and
        // random weights in every phase.
        let mut random = [[0i16; 5]; 7];
        for w in random.iter_mut().flatten() {
            *w = rng.below(2048) as i16 - 1024;
        }
        let horizons: [(Horizon, &Twin<'_>); 4] = [
            (HORIZON, &|g| weighted_value(g, &HORIZON.0)),
            (Horizon::HALF_GREEDY, &greedy_value),
            (Horizon::HALF_GREEDY, &|g| {
                weighted_value(g, &Horizon::HALF_GREEDY.0)
            }),
            (Horizon(random), &|g| weighted_value(g, &random)),
        ];
        for (horizon, twin) in horizons {
            let result = engine::search::<MAX_GROUPS>(
                &board,
                &mut Budget::unlimited(),
                &mut [],
                depth,
                &horizon,
            );
            if board.legal_moves().len() > 1 {
                assert_eq!(
                    i64::from(result.score),
                    minimax(&grid, u32::from(depth), twin),
                    "depth {depth}, {horizon:?} on\n{}",
                    grid.text()
                );
            }
        }
    }
}

/// The horizon reads a box's phase from its fruits left, as the twin does.
#[test]
fn phases_end_at_16_36_64_121_225_and_400_fruits() {
    let ends = [16, 36, 64, 121, 225, 400];
    for cells in 0..=676u32 {
        let twin = ends.iter().filter(|&&end| cells > end).count();
        assert_eq!(phase_of(cells), twin, "{cells} fruits");
    }
    assert_eq!(PHASES, ends.len() + 1);
    assert_eq!((TOP, ROW), (4, 5));
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
        let result =
            engine::search::<10>(&board, &mut Budget::unlimited(), &mut table, 60, &HORIZON);
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
            let r =
                engine::search::<10>(&board, &mut Budget::nodes(3000), &mut table, 60, &HORIZON);
            assert!(r.nodes <= 3000);
            answers.push(r);
        }
        assert_eq!(answers[0], answers[1]);
        let mv = answers[0].best.expect("a move");
        assert!(board.legal_moves().iter().any(|&m| m == mv));
        // No node at all: the largest group.
        let none = engine::search::<10>(&board, &mut Budget::nodes(0), &mut table, 60, &HORIZON);
        assert_eq!(none.best, greedy_move(&board));
        assert!(grid.cells.iter().any(|&v| v != EMPTY));
    }
}

#[test]
fn the_root_searches_only_the_k_largest_groups_and_is_then_never_exact() {
    let mut rng = Rng::new(31);
    let mut table = vec![Entry::default(); 1 << 12];
    let (mut pruned, mut exact) = (0, 0);
    for _ in 0..300 {
        let n = 3 + rng.below(3);
        let kinds = 2 + rng.below(3);
        let grid = random_grid(&mut rng, n, kinds);
        let board = board_of(&grid);
        let legal = board.legal_moves();
        table.fill(Entry::default());
        let r = engine::search::<4>(&board, &mut Budget::nodes(20_000), &mut table, 60, &HORIZON);
        let best = r.best.expect("a box with fruit has a move");
        // The legal moves are largest first: the move is one of the first four.
        let kept = legal.as_slice().get(..4).unwrap_or(legal.as_slice());
        assert!(kept.contains(&best), "{best:?} on\n{}", grid.text());
        // With more groups than that, no search of the box is exact, however deep: the
        // groups left out were not searched.
        let is_exact = engine::is_exact(&board, &mut table);
        assert!(
            !(is_exact && legal.len() > 4),
            "{} groups, exact at depth {} on\n{}",
            legal.len(),
            r.depth,
            grid.text()
        );
        pruned += usize::from(legal.len() > 4);
        exact += usize::from(is_exact);
    }
    assert!(pruned > 100, "only {pruned} boxes with more than 4 groups");
    assert!(exact > 10, "only {exact} exact searches");
}
