//! The engine's search over the useful moves (`filler::Useful`) against brute-force minimax.

use super::{colour, random_regular_grid};
use crate::support::Rng;
use duel_core::filler::train::random_colour;
use duel_core::filler::{Board, COLOURS, EXACT_PLIES, Heuristic, Useful};
use duel_core::{Budget, Evaluator, Game, SearchConfig, Searcher};

/// Plain minimax over the same moves the search sees: the useful ones.
fn minimax(board: &Board, eval: &Heuristic, depth: u8) -> i32 {
    let moves = board.useful_moves();
    if moves.is_empty() {
        return board.outcome().unwrap();
    }
    if depth == 0 {
        return eval.evaluate(board);
    }
    moves
        .iter()
        .map(|&m| -minimax(&board.play_unchecked(m), eval, depth - 1))
        .max()
        .unwrap()
}

/// Plain minimax over every colour the rules allow that gains a cell, or over every colour the
/// rules allow when none gains (the search also prunes the useless ones of those).
fn minimax_gaining_colours(board: &Board, eval: &Heuristic, depth: u8) -> i32 {
    if let Some(score) = board.outcome() {
        return score;
    }
    if depth == 0 {
        return eval.evaluate(board);
    }
    let legal: Vec<u8> = (0..COLOURS as u8)
        .filter(|&c| c != board.forbidden())
        .collect();
    let gaining: Vec<u8> = legal
        .iter()
        .copied()
        .filter(|&c| board.gain(c) > 0)
        .collect();
    let choices = if gaining.is_empty() { legal } else { gaining };
    choices
        .into_iter()
        .map(|c| -minimax_gaining_colours(&board.play_unchecked(colour(c)), eval, depth - 1))
        .max()
        .unwrap()
}

#[test]
fn search_equals_brute_force_minimax() {
    let mut rng = Rng::new(99);
    let evals = [Heuristic::default(), Heuristic::AREA];
    for case in 0..120 {
        let n = 4 + case % 5;
        let grid = random_regular_grid(&mut rng, n);
        let played = rng.below(6) as u8;
        let mut board = Board::from_grid(&grid).with_move_limit(8 + rng.below(4) as u8);
        for _ in 0..played {
            if board.is_over() {
                break;
            }
            board = board.play_unchecked(random_colour(&board, rng.next_u64()));
        }
        let eval = evals[case % 2];
        for depth in 1..=4u8 {
            let config = SearchConfig {
                max_depth: depth,
                aspiration: 0,
            };
            let result = Searcher::new(&mut []).search(
                &Useful(board),
                &eval,
                config,
                &mut Budget::unlimited(),
                &mut |_| {},
            );
            let moves = board.useful_moves();
            match moves.len() {
                0 => {
                    assert_eq!(result.best, None);
                    assert_eq!(result.score, board.outcome().unwrap());
                }
                1 => assert_eq!(
                    result.score,
                    -eval.evaluate(&board.play_unchecked(moves.as_slice()[0]))
                ),
                _ => {
                    let expected = minimax(&board, &eval, depth);
                    assert_eq!(result.score, expected, "case {case} depth {depth}");
                    assert_eq!(result.depth, depth);
                    let best = result.best.unwrap();
                    assert_eq!(
                        -minimax(&board.play_unchecked(best), &eval, depth - 1),
                        expected
                    );
                }
            }
        }
        if case % 2 == 1 {
            // With area alone, skipping the colours that change nothing when none gains loses
            // nothing (far from the move limit, where the useful moves are the gaining ones).
            let far = board.with_move_limit(board.moves_played() + EXACT_PLIES + 4);
            for depth in 1..=3u8 {
                assert_eq!(
                    minimax(&far, &eval, depth),
                    minimax_gaining_colours(&far, &eval, depth),
                    "case {case}"
                );
            }
        }
    }
}
