//! The exact solver: the samples, plain and memoised minimax on random positions, table sizes,
//! its own children, and the generic search over the `Game` trait.

use super::naive::{best_of, memo_value, naive_value, random_grid, root_values};
use super::{board_of, engine};
use crate::support::Rng;
use duel_core::stake::train::solve;
use duel_core::stake::{Board, Move, Slot, TABLE_LEN, table_len};
use duel_core::{Column, Game, Row};
use std::collections::HashMap;

#[test]
fn solver_answers_the_samples() {
    let mut table = vec![Slot::default(); TABLE_LEN];
    let a = Board::from_rows(&["01.1", "00..", ".01.", "...1"]).unwrap();
    let b = Board::from_rows(&["0.01", "0.01", "1..0", ".1.."]).unwrap();
    assert_eq!(solve(&a, &mut table).unwrap().to_string(), "(1,2) 2");
    assert_eq!(solve(&b, &mut table).unwrap().to_string(), "(2,2) -1");
    let s = solve(&b, &mut table).unwrap();
    assert_eq!(s.mv, Move::at(Row(2), Column(2)).unwrap());
    // The search is deterministic and its table state does not leak between solves: the same
    // positions visited every time (these counts move only when the search or its move order
    // changes on purpose).
    assert_eq!((solve(&a, &mut table).unwrap().nodes, s.nodes), (1310, 544));
    assert_eq!(table_len(0), 1);
    assert_eq!(table_len(10), 59_049);
    assert_eq!(table_len(200), usize::MAX);
    // Any table length gives the same exact answer: shorter tables share slots between
    // patterns (keyed, so never confused), an empty one stores nothing.
    for len in [0, 1, 7, 100, 6560, 6561] {
        assert_eq!(
            solve(&a, &mut table[..len]).unwrap().to_string(),
            "(1,2) 2",
            "{len} slots"
        );
        assert_eq!(
            solve(&b, &mut table[..len]).unwrap().to_string(),
            "(2,2) -1",
            "{len} slots"
        );
    }
    // One cell: player 0 takes it and wins by one.
    let single = Board::from_rows(&["."]).unwrap();
    assert_eq!(solve(&single, &mut table).unwrap().to_string(), "(0,0) 1");
}

/// How many empties the i-th random case gets. Plain minimax visits empties! leaves (about
/// 25 µs each in the unoptimised test profile), so it takes the cases with up to 8 empties,
/// weighted towards few; the memoised minimax takes the cases with 9 and 10.
fn empties_for(i: usize, rng: &mut Rng) -> usize {
    match i {
        0..100 => 9 + rng.below(2),
        100..108 => 8,
        108..150 => 7,
        150..250 => 6,
        _ => 1 + rng.below(5),
    }
}

#[test]
fn solver_matches_minimax_on_2000_random_positions() {
    let mut rng = Rng::new(3317);
    let mut table = vec![Slot::default(); TABLE_LEN];
    let (mut ties, mut no_cell, mut player_one, mut by_empties) = (0, 0, 0, [0; 11]);
    for i in 0..2000 {
        let want = empties_for(i, &mut rng);
        // Sides that have room for the empties: 1..=8 for up to 4, 3..=8 up to 9, 4..=8 above.
        let smallest = (1..=8).find(|n| n * n >= want).unwrap_or(8);
        let n = smallest + rng.below(9 - smallest);
        let grid = random_grid(&mut rng, n, want);
        let empties = grid.empties();
        let values = if want <= 8 {
            root_values(&grid, &mut |g, m| naive_value(g, &empties, m))
        } else {
            let mut memo = HashMap::new();
            root_values(&grid, &mut |g, m| memo_value(g, &empties, m, &mut memo))
        };
        let (mv, value, tied) = best_of(&values);
        assert_eq!(
            engine(&grid, &mut table),
            (mv, value),
            "case {i}:\n{}",
            grid.text()
        );
        ties += usize::from(tied > 1);
        no_cell += usize::from(grid.count(b'0') == 0 || grid.count(b'1') == 0);
        player_one += usize::from(grid.mover() == b'1');
        by_empties[want] += 1;
    }
    assert!(ties >= 200, "tied best moves: {ties}");
    assert!(
        no_cell >= 20,
        "positions where a player has no cell: {no_cell}"
    );
    assert!(
        (600..1400).contains(&player_one),
        "player 1 to move: {player_one}"
    );
    assert!(
        by_empties[1..].iter().all(|&k| k > 0),
        "empties 1..=10: {by_empties:?}"
    );
    println!(
        "stake random: ties {ties}, no cell {no_cell}, player 1 {player_one}, by empties {by_empties:?}"
    );
}

/// `cargo test --release -p duel-core --test core stake::solver::plain -- --ignored`: plain
/// minimax (no pruning, no memory) on positions with ten empties, too slow for the test profile.
#[test]
#[ignore]
fn plain_minimax_on_ten_empties() {
    let mut rng = Rng::new(10);
    let mut table = vec![Slot::default(); TABLE_LEN];
    for i in 0..20 {
        let n = 4 + rng.below(5);
        let grid = random_grid(&mut rng, n, 10);
        let empties = grid.empties();
        let values = root_values(&grid, &mut |g, m| naive_value(g, &empties, m));
        let (mv, value, _) = best_of(&values);
        assert_eq!(
            engine(&grid, &mut table),
            (mv, value),
            "case {i}:\n{}",
            grid.text()
        );
    }
}

#[test]
fn small_tables_give_the_full_tables_answers() {
    // Keyed slots shared between patterns must never change an answer, only the node count.
    let mut rng = Rng::new(0x5107);
    let mut full = vec![Slot::default(); TABLE_LEN];
    let mut small = vec![Slot::default(); 97];
    for i in 0..400 {
        let n = 3 + rng.below(6);
        let empties = (1 + rng.below(10)).min(n * n);
        let grid = random_grid(&mut rng, n, empties);
        let expected = engine(&grid, &mut full);
        assert_eq!(engine(&grid, &mut small), expected, "case {i}: 97 slots");
        assert_eq!(engine(&grid, &mut []), expected, "case {i}: no table");
    }
}

#[test]
fn solver_value_is_each_root_moves_value_seen_from_the_child() {
    // The solver on every child of a position agrees with its own root choice: the root value
    // is the maximum of minus the children's values, reached first at the chosen move.
    let mut rng = Rng::new(99);
    let mut table = vec![Slot::default(); TABLE_LEN];
    for i in 0..200 {
        let n = 3 + rng.below(6);
        let empties = (2 + rng.below(9)).min(n * n);
        let grid = random_grid(&mut rng, n, empties);
        let board = board_of(&grid);
        let root = solve(&board, &mut table).unwrap();
        let mut children = Vec::new();
        for &mv in board.legal_moves().iter() {
            let child = board.play(mv).unwrap();
            let value = if child.is_over() {
                Game::outcome(&child).unwrap()
            } else {
                solve(&child, &mut table).unwrap().value
            };
            children.push((mv, -value));
        }
        let best = children.iter().map(|&(_, v)| v).max().unwrap();
        let first = children.iter().find(|&&(_, v)| v == best).unwrap().0;
        assert_eq!(
            (root.mv, root.value),
            (first, best),
            "case {i}:\n{}",
            grid.text()
        );
    }
}

/// The finished game's value, 0 before: with a depth of the number of empties, the generic
/// search never evaluates an unfinished position.
struct OutcomeOnly;

impl duel_core::Evaluator<Board> for OutcomeOnly {
    fn evaluate(&self, pos: &Board) -> i32 {
        Game::outcome(pos).unwrap_or(0)
    }
}

#[test]
fn generic_search_over_the_game_trait_finds_the_same_values() {
    use duel_core::{Budget, Entry, SearchConfig, Searcher};
    let mut rng = Rng::new(77);
    let mut table = vec![Slot::default(); TABLE_LEN];
    let mut entries = vec![Entry::default(); 1 << 12];
    for i in 0..200 {
        let n = 2 + rng.below(7);
        let empties = (2 + rng.below(6)).min(n * n);
        let grid = random_grid(&mut rng, n, empties);
        let board = board_of(&grid);
        let mut searcher = Searcher::new(&mut entries);
        searcher.table().clear();
        let config = SearchConfig {
            max_depth: empties as u8,
            aspiration: 0,
        };
        let result = searcher.search(
            &board,
            &OutcomeOnly,
            config,
            &mut Budget::unlimited(),
            &mut |_| {},
        );
        let exact = solve(&board, &mut table).unwrap();
        assert_eq!(result.score, exact.value, "case {i}:\n{}", grid.text());
    }
}

/// `cargo test --release -p duel-core --test core stake::solver::bench -- --ignored --nocapture`:
/// 1,000 random 8×8 positions with ten empties: one timed pass, and each case's fastest of
/// five runs (which filters out preemption on a shared machine).
#[test]
#[ignore]
fn bench_ten_empties_on_8x8() {
    use std::time::{Duration, Instant};
    let mut rng = Rng::new(2026);
    let mut table = vec![Slot::default(); TABLE_LEN];
    let boards: Vec<Board> = (0..1000)
        .map(|_| board_of(&random_grid(&mut rng, 8, 10)))
        .collect();
    let start = Instant::now();
    let mut nodes = Vec::new();
    for board in &boards {
        nodes.push(solve(board, &mut table).unwrap().nodes);
    }
    let pass = start.elapsed();
    let mut best_times = Vec::new();
    for board in &boards {
        let fastest = (0..5)
            .map(|_| {
                let t = Instant::now();
                std::hint::black_box(solve(std::hint::black_box(board), &mut table).unwrap());
                t.elapsed()
            })
            .min()
            .unwrap_or(Duration::ZERO);
        best_times.push(fastest);
    }
    let mut ranked: Vec<usize> = (0..boards.len()).collect();
    ranked.sort_by_key(|&i| std::cmp::Reverse(best_times[i]));
    for &i in ranked.iter().take(5) {
        println!("slow: {:?} nodes {}", best_times[i], nodes[i]);
    }
    let sum: Duration = best_times.iter().sum();
    let slowest = best_times.iter().max().copied().unwrap_or_default();
    println!(
        "stake: 1000 cases, 8x8, 10 empties: one pass {pass:?}; fastest-of-5 per case: sum {sum:?}, \
         mean {:?}, slowest {slowest:?}; nodes mean {}, most {}",
        sum / 1000,
        nodes.iter().sum::<u64>() / 1000,
        nodes.iter().max().unwrap_or(&0)
    );
}
