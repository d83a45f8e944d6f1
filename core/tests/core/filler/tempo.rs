//! The move count estimated from a protocol board.

use super::naive::naive_region;
use super::random_regular_grid;
use crate::support::Rng;
use duel_core::coord::cells;
use duel_core::filler::tempo::{estimate_moves_played, first_moves_played, follows};
use duel_core::filler::train::{greedy_colour, random_colour};
use duel_core::filler::{Board, Grid};
use duel_core::{Column, Row};

#[test]
fn the_estimate_starts_low_never_falls_and_stays_below_the_limit() {
    let mut rng = Rng::new(50);
    for game in 0..66 {
        let n = 10 + game % 11;
        let grid = random_regular_grid(&mut rng, n);
        let mut board = Board::from_grid(&grid);
        let owned = (board.own().count() + board.opponent().count()) as usize;
        if owned * 32 < n * n {
            // Typical start regions (few cells): at most 3 moves.
            assert!(estimate_moves_played(&board) <= 3, "game {game}");
        }
        let mut last = 0;
        while !board.is_over() {
            let estimate = estimate_moves_played(&board);
            assert!(estimate >= last, "game {game}");
            assert!(estimate < board.move_limit());
            last = estimate;
            let mv = if game % 2 == 0 {
                greedy_colour(&board)
            } else {
                random_colour(&board, rng.next_u64())
            };
            board = board.play_unchecked(mv);
        }
    }
    // Sides outside the contest's have no table: no move assumed.
    let grid = random_regular_grid(&mut rng, 6);
    assert_eq!(estimate_moves_played(&Board::from_grid(&grid)), 0);
}

/// Each cell of `grid` row by row: 1 owned by the reader (top-left), 2 by the other, 0 free;
/// with its colour.
fn owners(grid: &Grid) -> Vec<(u8, u8)> {
    let n = grid.size();
    let colours: Vec<u8> = cells(n).map(|(r, c)| grid.colour(r, c).unwrap()).collect();
    let own = naive_region(n, &colours, 0, colours[0]);
    let other = naive_region(n, &colours, n * n - 1, colours[n * n - 1]);
    (0..n * n)
        .map(|i| {
            let owner = if own[i] {
                1
            } else if other[i] {
                2
            } else {
                0
            };
            (owner, colours[i])
        })
        .collect()
}

/// The slow twin of `follows`, cell by cell: no owned cell lost, every cell free in `later`
/// free in `earlier` with the same colour, more cells owned.
fn follows_by_cells(earlier: &Grid, later: &Grid) -> bool {
    if earlier.size() != later.size() {
        return false;
    }
    let (e, l) = (owners(earlier), owners(later));
    let kept = e
        .iter()
        .zip(&l)
        .all(|(&(eo, ec), &(lo, lc))| (eo == 0 || eo == lo) && (lo != 0 || (eo == 0 && ec == lc)));
    let owned = |v: &[(u8, u8)]| v.iter().filter(|&&(o, _)| o != 0).count();
    kept && owned(&e) < owned(&l)
}

/// The grids a game shows its first player (even plies) and its second (odd plies), as the
/// referee turns them, moves by the greedy player or at random.
fn game_views(rng: &mut Rng, n: usize, greedy: bool) -> Vec<Grid> {
    let mut grid = random_regular_grid(rng, n);
    let mut views = vec![grid];
    for _ in 0..50 {
        let board = Board::from_grid(&grid);
        if board.free().is_empty() {
            break;
        }
        let mv = if greedy {
            greedy_colour(&board)
        } else {
            random_colour(&board, rng.next_u64())
        };
        grid = grid.after_move(mv).rotated();
        views.push(grid);
    }
    views
}

/// The most free cells at which a board of another game or side may pass for a later one.
const FEW_FREE: usize = 6;

#[test]
fn a_board_follows_the_earlier_boards_of_its_game_and_side_only() {
    let mut rng = Rng::new(51);
    let games: Vec<Vec<Grid>> = (0..20)
        .map(|g| game_views(&mut rng, 10 + g % 11, g % 3 != 0))
        .collect();
    let mut same_game = 0;
    for (g, views) in games.iter().enumerate() {
        for (i, earlier) in views.iter().enumerate() {
            for (j, later) in views.iter().enumerate() {
                let fast = follows(&Board::from_grid(earlier), &Board::from_grid(later));
                assert_eq!(
                    fast,
                    follows_by_cells(earlier, later),
                    "game {g}, {i} then {j}"
                );
                if i % 2 == j % 2 {
                    // One side's boards: each follows every earlier one where a cell changed hands.
                    let grew = owners(earlier).iter().filter(|o| o.0 != 0).count()
                        < owners(later).iter().filter(|o| o.0 != 0).count();
                    assert_eq!(fast, i < j && grew, "game {g}, {i} then {j}");
                    same_game += usize::from(fast);
                } else {
                    // The other side's boards: only with a few free cells left to tell them
                    // apart may one seem to follow another (over 300 games: at most 2).
                    let free = owners(later).iter().filter(|o| o.0 == 0).count();
                    assert!(
                        !fast || free <= FEW_FREE,
                        "game {g}: the other side's {i} then {j}"
                    );
                }
            }
        }
        // Another game on a board of the same size.
        let other = game_views(&mut rng, views[0].size(), true);
        for later in other.iter().filter(|l| owners(l).iter().any(|o| o.0 == 0)) {
            for earlier in views {
                let fast = follows(&Board::from_grid(earlier), &Board::from_grid(later));
                assert_eq!(fast, follows_by_cells(earlier, later));
                let free = owners(later).iter().filter(|o| o.0 == 0).count();
                // With a few free cells left, one box can pass for another (over 300 games
                // of two to ten colours: at most 4 free, most often 1).
                assert!(
                    !fast || free <= FEW_FREE,
                    "game {g}: another game's board, {free} free"
                );
            }
        }
    }
    assert!(same_game > 1000, "{same_game}");
}

#[test]
fn the_first_board_guess_is_right_on_85_percent_of_first_boards() {
    let mut rng = Rng::new(52);
    let mut right = 0;
    for g in 0..300 {
        let n = 10 + g % 11;
        // The contest's boards: ten colours, the start cells of two colours.
        let grid = loop {
            let grid = super::random_grid(&mut rng, n, 10);
            let last = Row(n as u8 - 1);
            if grid.colour(Row(0), Column(0)) != grid.colour(last, Column(last.0)) {
                break grid;
            }
        };
        let board = Board::from_grid(&grid);
        let second = grid.after_move(greedy_colour(&board)).rotated();
        let views = [grid, second];
        right += usize::from(first_moves_played(&Board::from_grid(&views[0])) == 0);
        right += usize::from(first_moves_played(&Board::from_grid(&views[1])) == 1);
    }
    // 90% expected (the rule's documentation, from 4,000 boards); this sample of 600 has 531
    // (88.5%), and 85% leaves room for a change of the random boards or of the greedy move.
    assert!(right * 100 >= 600 * 85, "{right} of 600");
}
