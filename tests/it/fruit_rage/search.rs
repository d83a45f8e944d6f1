//! The search against brute force, the pruned search, and the baseline players.

use super::naive::{EMPTY, Grid};
use super::{board_of, random_grid};
use duel_core::fruit_rage::{self, greedy_move, minimax3_move, random_move};
use duel_core::{Budget, Entry};
use duel_tests::Rng;

#[test]
fn unlimited_full_width_search_finds_the_exact_value_of_small_boxes() {
    let mut rng = Rng::new(11);
    let mut table = vec![Entry::default(); 1 << 12];
    for case in 0..300 {
        let n = 1 + rng.below(3) + usize::from(case % 10 == 0);
        let kinds = 1 + rng.below(if n == 4 { 2 } else { 4 });
        let grid = random_grid(&mut rng, n, kinds);
        let board = board_of(&grid);
        let exact = grid.exact_value();
        let result = fruit_rage::search_with(
            &board,
            &fruit_rage::GreedyEval::<4>,
            &mut Budget::unlimited(),
            &mut table,
        );
        let mv = result.best.expect("a box with fruit has a move");
        if board.legal_moves().len() > 1 {
            assert_eq!(
                i64::from(result.score),
                exact,
                "search value on\n{}",
                grid.text()
            );
        }
        // The move chosen reaches the exact value.
        let cell = board.label(mv);
        let mut child = grid.clone();
        let points = child.claim(
            &grid
                .group_at(cell.column as usize, cell.row as usize)
                .unwrap(),
        );
        assert_eq!(
            points - child.exact_value(),
            exact,
            "move {cell} on\n{}",
            grid.text()
        );
        // Plain minimax deep enough to reach the end agrees too.
        if grid.cells.iter().filter(|&&v| v != EMPTY).count() <= 8 {
            assert_eq!(i64::from(fruit_rage::minimax(&board, 8)), exact);
        }
        table.fill(Entry::default());
    }
}

#[test]
fn pruned_search_is_the_full_search_when_nothing_is_pruned_and_legal_otherwise() {
    use duel_core::Game;
    let mut rng = Rng::new(13);
    let mut table = vec![Entry::default(); 1 << 12];
    for _ in 0..200 {
        let n = 1 + rng.below(3);
        let kinds = 1 + rng.below(4);
        let grid = random_grid(&mut rng, n, kinds);
        let board = board_of(&grid);
        // At most 9 cells, so at most 9 groups: K = 9 prunes nothing.
        let wide = fruit_rage::search_pruned::<9, _>(
            &board,
            &fruit_rage::GreedyEval::<4>,
            &mut Budget::unlimited(),
            &mut table,
        );
        table.fill(Entry::default());
        let exact = grid.exact_value();
        if board.legal_moves().len() > 1 {
            assert_eq!(i64::from(wide.score), exact, "on\n{}", grid.text());
        }
        // Pruned to one group below the root: still a legal move, and every root move listed.
        let root = fruit_rage::Pruned::<1>::root(board);
        assert_eq!(root.legal_moves().as_ref(), board.legal_moves().as_slice());
        let child = root.play_unchecked(board.legal_moves().as_slice()[0]);
        assert!(child.legal_moves().as_ref().len() <= 1);
        let narrow = fruit_rage::search_pruned::<1, _>(
            &board,
            &fruit_rage::LeadEval,
            &mut Budget::nodes(500),
            &mut table,
        );
        table.fill(Entry::default());
        assert!(board.legal_moves().iter().any(|&m| Some(m) == narrow.best));
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
