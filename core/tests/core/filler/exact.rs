//! The end of the game searched exactly: the pruned move set ([`Board::exact_moves`]) against
//! every legal colour, and the engine's answer a few moves before the move limit against
//! brute-force minimax of the final count.

use super::{awkward_grid, colour, random_regular_grid};
use crate::support::Rng;
use duel_core::filler::train::{choose, random_colour};
use duel_core::filler::{Board, COLOURS, Heuristic, Useful};
use duel_core::{Budget, Game, SearchConfig, Searcher};

/// The final score (own cells minus the opponent's) under perfect play to the end, over every
/// colour the rules allow.
fn minimax_all(board: &Board) -> i32 {
    if board.is_over() {
        return board.score();
    }
    (0..COLOURS as u8)
        .filter(|&c| c != board.forbidden())
        .map(|c| -minimax_all(&board.play_unchecked(colour(c))))
        .max()
        .unwrap()
}

/// The same over the pruned moves only.
fn minimax_exact(board: &Board) -> i32 {
    if board.is_over() {
        return board.score();
    }
    board
        .exact_moves()
        .iter()
        .map(|&m| -minimax_exact(&board.play_unchecked(m)))
        .max()
        .unwrap()
}

/// A board `left` moves before its limit, reached by random play from a random board.
fn near_the_limit(rng: &mut Rng, grid: &duel_core::filler::Grid, left: u8) -> Board {
    let played = rng.below(5) as u8;
    let mut board = Board::from_grid(grid).with_move_limit(played + left);
    for _ in 0..played {
        if board.is_over() {
            break;
        }
        board = board.play_unchecked(random_colour(&board, rng.next_u64()));
    }
    board
}

#[test]
fn pruned_colours_never_change_the_minimax_value() {
    let mut rng = Rng::new(16);
    for case in 0..400 {
        let n = 4 + case % 3;
        let grid = if case % 5 == 4 {
            awkward_grid(&mut rng, n, case % 4)
        } else {
            random_regular_grid(&mut rng, n)
        };
        let left = 1 + rng.below(4) as u8;
        let board = near_the_limit(&mut rng, &grid, left);
        let exact = board.exact_moves();
        assert!(exact.iter().all(|&m| board.is_legal(m)), "case {case}");
        assert_eq!(exact.is_empty(), board.is_over(), "case {case}");
        assert_eq!(minimax_exact(&board), minimax_all(&board), "case {case}");
    }
}

#[test]
fn search_near_the_limit_finds_the_best_final_count() {
    let mut rng = Rng::new(61);
    for case in 0..150 {
        let n = 4 + case % 3;
        let grid = random_regular_grid(&mut rng, n);
        let left = 1 + rng.below(5) as u8;
        let board = near_the_limit(&mut rng, &grid, left);
        if board.is_over() {
            continue;
        }
        let best = minimax_all(&board);
        // The engine, node-limited but with room to reach the end.
        let mut table = vec![duel_core::Entry::default(); 1 << 12];
        let choice = choose(&board, &mut Budget::nodes(200_000), &mut table);
        assert_eq!(
            -minimax_all(&board.play_unchecked(choice.colour)),
            best,
            "case {case}: {} left",
            left
        );
        // Its score is the exact final margin (with the win bonus), once it sees the end (a
        // single move is answered without a search).
        if board.useful_moves().len() < 2 {
            continue;
        }
        let result = Searcher::new(&mut []).search(
            &Useful(board),
            &Heuristic::default(),
            SearchConfig {
                max_depth: left,
                aspiration: 0,
            },
            &mut Budget::unlimited(),
            &mut |_| {},
        );
        assert_eq!(
            result.score,
            best * duel_core::filler::CELL + best.signum() * duel_core::filler::WIN,
            "case {case}"
        );
    }
}

/// A constructed board where the greedy last-but-one move loses: the opponent's big region
/// is of a colour only a block can keep it from.
#[test]
fn the_engine_blocks_on_the_last_moves_when_greedy_loses() {
    // Own start top-left (colour 0). Own border: colour 1 (one cell) and colour 2 (nothing
    // else). The opponent (bottom-right, colour 9) has a big region of colour 2 next to it.
    let text = b"4\n0 1 5 6\n3 7 8 2\n4 5 2 2\n6 2 2 9\n";
    let grid = duel_core::filler::Grid::parse(text).unwrap();
    let board = Board::from_grid(&grid).with_move_limit(2);
    assert_eq!(board.gain(1), 1);
    assert_eq!(board.gain(2), 0);
    let best = minimax_all(&board);
    let mut table = vec![duel_core::Entry::default(); 1 << 10];
    let choice = choose(&board, &mut Budget::nodes(10_000), &mut table);
    assert_eq!(choice.colour.colour(), 2, "blocks colour 2");
    assert_eq!(-minimax_all(&board.play_unchecked(choice.colour)), best);
    // Every legal colour is on offer to the rules; the engine's pruned set keeps the block.
    assert!(Game::legal_moves(&board).len() > board.exact_moves().len());
}
