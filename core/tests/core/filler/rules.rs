//! The rules: the statement's example, the board text, the bitboard rules and the useful moves
//! against the naive grid, and the baseline players' definitions.

use super::naive::{Naive, cells_vec};
use super::{STATEMENT, colour, random_regular_grid};
use crate::support::Rng;
use duel_core::Game;
use duel_core::coord::{Column, Row, cells};
use duel_core::filler::train::{greedy_colour, random_colour};
use duel_core::filler::{Board, COLOURS, Cells, EXACT_PLIES, Grid, IllegalMoveError};

#[test]
fn statement_example_colour_6_owns_three_cells() {
    let grid = Grid::parse(STATEMENT.as_bytes()).unwrap();
    let board = Board::from_grid(&grid);
    assert_eq!(board.own().count(), 1);
    assert_eq!(board.forbidden(), 2);
    let after = board.play(colour(6)).unwrap();
    let mine = after.opponent();
    let cell = |r, c| Cells::single(Row(r), Column(c));
    let expected = cell(0, 0) | cell(1, 0) | cell(1, 1);
    assert_eq!(mine, expected);
    assert_eq!(after.score(), 1 - 3);
    assert_eq!(board.gain(6), 2);
    assert_eq!(board.play(colour(2)), Err(IllegalMoveError::Forbidden(2)));
}

#[test]
fn grid_display_round_trips_and_rotates() {
    let grid = Grid::parse(STATEMENT.as_bytes()).unwrap();
    let text = grid.to_string();
    assert_eq!(Grid::parse(text.as_bytes()).unwrap(), grid);
    let clean: String = STATEMENT
        .lines()
        .map(|l| l.trim_end().to_string() + "\n")
        .collect();
    assert_eq!(text, clean);
    let turned = grid.rotated();
    assert_eq!(turned.colour(Row(0), Column(0)), Some(2));
    assert_eq!(turned.colour(Row(9), Column(9)), Some(8));
    assert_eq!(turned.colour(Row(0), Column(1)), Some(3));
    assert_eq!(turned.rotated(), grid);
}

#[test]
fn moves_agree_with_naive_grid_on_100000_random_moves() {
    let mut rng = Rng::new(2026);
    let mut total = 0usize;
    let mut games = 0usize;
    let mut finished_full = 0usize;
    while total < 100_000 {
        let n = 10 + games % 11;
        games += 1;
        let grid = random_regular_grid(&mut rng, n);
        let mut naive = Naive::new(&grid, 50);
        let mut board = Board::from_grid(&grid);
        loop {
            let (mover, other) = (naive.mover(), 3 - naive.mover());
            let own: Vec<bool> = naive.owner.iter().map(|&o| o == mover).collect();
            let opp: Vec<bool> = naive.owner.iter().map(|&o| o == other).collect();
            assert_eq!(
                cells_vec(board.own(), n),
                own,
                "own territory, game {games}"
            );
            assert_eq!(
                cells_vec(board.opponent(), n),
                opp,
                "opponent territory, game {games}"
            );
            assert_eq!(board.score(), naive.count(mover) - naive.count(other));
            assert_eq!(board.forbidden(), naive.forbidden());
            assert_eq!(board.is_over(), naive.is_over());
            assert_eq!(board.outcome().is_some(), naive.is_over());
            if total % 16 == 0 {
                for (i, (row, column)) in cells(n).enumerate() {
                    assert_eq!(board.colour(row, column), Some(naive.colours[i]));
                }
            }
            let useful = board.useful_moves();
            let legal_moves: Vec<u8> = board.legal_moves().iter().map(|m| m.colour()).collect();
            if naive.is_over() {
                assert!(useful.is_empty());
                assert!(legal_moves.is_empty());
                assert_eq!(board.play(colour(0)), Err(IllegalMoveError::GameOver));
                if naive.owner.iter().all(|&o| o != 0) {
                    finished_full += 1;
                }
                break;
            }
            // The useful moves: exactly the gaining colours; when none gains, exactly the
            // blocking ones; when none blocks either, one legal colour.
            assert!(!useful.is_empty());
            let borders = naive.borders();
            let legal = |c: u8| c != naive.forbidden();
            let gaining: Vec<u8> = (0..COLOURS as u8)
                .filter(|&c| legal(c) && borders[mover as usize][c as usize] > 0)
                .collect();
            let blocking: Vec<u8> = (0..COLOURS as u8)
                .filter(|&c| legal(c) && borders[other as usize][c as usize] > 0)
                .collect();
            // The legal moves: every allowed colour.
            let allowed: Vec<u8> = (0..COLOURS as u8).filter(|&c| legal(c)).collect();
            assert_eq!(legal_moves, allowed);
            let mut listed: Vec<u8> = useful.iter().map(|m| m.colour()).collect();
            listed.sort_unstable();
            if board.plies_left() <= EXACT_PLIES {
                // Near the move limit: the gaining colours, then the blocking ones, then one
                // inert colour if there is one.
                let mut expected: Vec<u8> = gaining.clone();
                for &c in &blocking {
                    if !expected.contains(&c) {
                        expected.push(c);
                    }
                }
                let inert = allowed.iter().any(|c| !expected.contains(c));
                assert_eq!(listed.len(), expected.len() + usize::from(inert));
                for c in &expected {
                    assert!(listed.contains(c), "game {games}");
                }
                let exact: Vec<u8> = board.exact_moves().iter().map(|m| m.colour()).collect();
                let mut sorted = exact.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, listed);
            } else if !gaining.is_empty() {
                assert_eq!(listed, gaining, "game {games}");
            } else if !blocking.is_empty() {
                assert_eq!(listed, blocking, "game {games}");
            } else {
                assert_eq!(listed.len(), 1);
                assert!(legal(listed[0]));
            }
            let c = match rng.below(3) {
                0 => greedy_colour(&board).colour(),
                1 => useful.as_slice()[rng.below(useful.len())].colour(),
                _ => loop {
                    let c = rng.below(COLOURS) as u8;
                    if c != naive.forbidden() {
                        break c;
                    }
                },
            };
            let before = naive.count(mover);
            naive.play(c);
            let next = board.play(colour(c)).unwrap();
            assert_eq!(board.gain(c) as i32, naive.count(mover) - before);
            board = next;
            total += 1;
        }
    }
    assert!(
        finished_full > 100,
        "only {finished_full} games filled the board"
    );
}

#[test]
fn greedy_and_random_colours_follow_their_definitions() {
    let mut rng = Rng::new(7);
    for case in 0..300 {
        let n = 10 + case % 11;
        let grid = random_regular_grid(&mut rng, n);
        let naive = Naive::new(&grid, 50);
        let board = Board::from_grid(&grid);
        // Greedy: most cells gained now, ties to the lowest colour, never the forbidden one.
        let mut best = (0i32, 99u8);
        for c in (0..COLOURS as u8).rev() {
            if c == naive.forbidden() {
                continue;
            }
            let mut after = naive.clone();
            after.play(c);
            let gain = after.count(1) - naive.count(1);
            if gain >= best.0 || best.1 == 99 {
                best = (gain, c);
            }
        }
        assert_eq!(greedy_colour(&board).colour(), best.1);
        let mut seen = [false; COLOURS];
        for seed in 0..200u64 {
            let c = random_colour(&board, seed);
            assert_ne!(c.colour(), board.forbidden());
            assert_eq!(random_colour(&board, seed), c);
            seen[c.colour() as usize] = true;
        }
        assert_eq!(
            seen.iter().filter(|&&s| s).count(),
            9,
            "random_colour covers all nine colours"
        );
    }
}
