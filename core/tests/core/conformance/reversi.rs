//! Reversi through the harness, against `reversi::naive`; and perft against
//! `data/reversi/perft.txt`.

use super::{Subject, perft};
use crate::reversi::naive::{grid_of, naive_flips, naive_moves};
use crate::reversi::random_position;
use crate::support::{Rng, perft_rows};
use duel_core::reversi::{self, Board, Move, Square};
use duel_core::{Budget, Entry};

/// The text form of the twin's grid (1: the side to move, whose letter is `mover`).
fn grid_text(grid: &[u8; 64], mover: char, other: char, to_move: char) -> String {
    let cells: String = grid
        .iter()
        .map(|&c| match c {
            1 => mover,
            2 => other,
            _ => '-',
        })
        .collect();
    format!("{cells} {to_move}")
}

impl Subject for Board {
    /// The square's index, 64 for a pass.
    type Name = u8;
    type Eval = reversi::Eval;
    const POSITIONS: usize = 6000;
    const MINIMAX_DEPTH: u8 = 3;

    fn start(rng: &mut Rng) -> Self {
        let plies = rng.below(8);
        random_position(rng, plies)
    }

    fn small(rng: &mut Rng) -> Self {
        let plies = 10 + rng.below(52);
        random_position(rng, plies)
    }

    fn name(&self, mv: Move) -> u8 {
        match mv {
            Move::Place(square) => square.index(),
            Move::Pass => 64,
        }
    }

    fn text(&self) -> String {
        self.to_string()
    }

    fn naive_children(&self) -> Vec<(u8, String)> {
        let grid = grid_of(self);
        let mover = self.to_move().letter() as char;
        let other = self.to_move().other().letter() as char;
        let mine = naive_moves(&grid, 1);
        if mine == 0 {
            return if naive_moves(&grid, 2) == 0 {
                Vec::new()
            } else {
                vec![(64, grid_text(&grid, mover, other, other))]
            };
        }
        (0..64)
            .filter(|&sq| mine >> sq & 1 == 1)
            .map(|sq| {
                let flips = naive_flips(&grid, sq, 1);
                let mut child = grid;
                child[sq] = 1;
                for (i, cell) in child.iter_mut().enumerate() {
                    if flips >> i & 1 == 1 {
                        *cell = 1;
                    }
                }
                (sq as u8, grid_text(&child, mover, other, other))
            })
            .collect()
    }

    fn any_move(&self, rng: &mut Rng) -> Option<Move> {
        if rng.below(8) == 0 {
            Some(Move::Pass)
        } else {
            Square::new(rng.below(64) as u8).map(Move::Place)
        }
    }

    fn play_checked(&self, mv: Move) -> Option<Self> {
        self.play(mv).ok()
    }

    fn eval() -> reversi::Eval {
        reversi::Eval
    }

    fn choose(&self, nodes: u64) -> Option<Move> {
        let mut table = vec![Entry::default(); 1 << 10];
        let choice =
            reversi::train::Engine::new(&mut table).choose(self, &mut Budget::nodes(nodes));
        Some(choice.mv)
    }
}

super::conformance!(Board, 100);

/// Every row of the perft file through the bitboard perft (to depth 9, the rest is a
/// benchmark), and the small ones through the `Game` trait alone.
#[test]
fn perft_matches_the_data_file() {
    let rows = perft_rows("reversi/perft.txt");
    assert_eq!(rows.len(), 11);
    let mut checked = 0;
    for row in rows.iter().filter(|r| r.depth <= 9) {
        let board = Board::parse_text(&row.position).expect("a board");
        assert_eq!(reversi::perft(&board, row.depth), row.nodes, "{row:?}");
        if row.nodes <= 400_000 {
            assert_eq!(perft(&board, row.depth), row.nodes, "{row:?} (Game)");
        }
        checked += 1;
    }
    assert_eq!(checked, 9);
    assert_eq!(reversi::perft(&Board::start(), 0), 1);
}
