//! Filler's self-play data: random boards, and the labels of positions by a deep search,
//! exact where it reaches the end.

use crate::Rng;
use duel_core::filler::train::choose_with;
use duel_core::filler::{Board, CELL, Grid, Heuristic, WIN};
use duel_core::{Budget, Entry};

/// A random board of side `n` for self-play data, as the arena draws them: uniform colours, the
/// start cells of different colours, start regions that do not touch. `rng` is seeded, so a
/// seed gives the same boards on every machine (the trainers' shards rely on it).
pub fn random_board(n: usize, rng: &mut Rng) -> Board {
    loop {
        let colours: Vec<u8> = (0..n * n).map(|_| rng.below(10) as u8).collect();
        let Ok(grid) = Grid::new(n, &colours) else {
            continue;
        };
        let board = Board::from_grid(&grid);
        if board.own_colour() != board.forbidden()
            && board.own().neighbours(board.opponent()).is_empty()
        {
            return board;
        }
    }
}

/// A position's training label: the value of a search, in cells for the side to move, and
/// whether that value is exact.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Label {
    /// The final margin the search expects, in cells (a fraction where the evaluation speaks).
    pub cells: f64,
    /// The search reached the end of every line: `cells` is the exact final margin, with
    /// wins ranked above any margin.
    pub exact: bool,
}

/// The label of `board` by a search of `nodes` nodes over every move that can change the
/// value ([`Board::exact_moves`], blocks included, so that a completed search is minimax over
/// every colour), with `eval` at the horizon and `table` (cleared here) for transpositions.
/// The value is exact when the search completes the depth of the moves left (it stops there);
/// a forced move is followed. `None` on a finished game.
pub fn label(board: &Board, eval: &Heuristic, nodes: u64, table: &mut [Entry]) -> Option<Label> {
    if board.is_over() {
        return None;
    }
    let mut exact_game = board.with_exact_plies(u8::MAX);
    let mut sign = 1.0;
    loop {
        if exact_game.is_over() {
            return Some(Label {
                cells: sign * f64::from(exact_game.score()),
                exact: true,
            });
        }
        match exact_game.exact_moves().as_ref() {
            &[forced] => {
                exact_game = exact_game.play_unchecked(forced);
                sign = -sign;
            }
            _ => break,
        }
    }
    table.fill(Entry::default());
    let left = exact_game.plies_left();
    let mut budget = Budget::nodes(nodes).with_max_depth(left);
    let choice = choose_with(&exact_game, eval, &mut budget, table, &mut |_| {});
    let score = choice.score;
    let cells = if score.abs() >= WIN {
        score - score.signum() * WIN
    } else {
        score
    };
    Some(Label {
        cells: sign * f64::from(cells) / f64::from(CELL),
        exact: choice.depth >= left,
    })
}
