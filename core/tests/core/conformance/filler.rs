//! Filler through the harness, against `filler::naive`: the rules' moves are every colour
//! other than the opponent's (the engine's narrower search, `filler::Useful`, is checked in
//! `filler::search` and `filler::rules`).

use super::Subject;
use crate::filler::naive::Naive;
use crate::filler::{colours_of, random_regular_grid};
use crate::support::Rng;
use duel_core::coord::{Column, Row, cells};
use duel_core::filler::{self, Board, COLOURS, Heuristic, Move};
use duel_core::{Budget, Entry};

/// The twin of an engine position started from a protocol board: the side to move is player
/// A (start top-left) after an even number of moves, B after an odd one.
fn twin(board: &Board) -> Naive {
    let n = board.size();
    let moves = usize::from(board.moves_played());
    let a_to_move = moves % 2 == 0;
    assert_eq!(
        board.own().contains(Row(0), Column(0)),
        a_to_move,
        "{board:?}"
    );
    let (mover, other) = if a_to_move { (1, 2) } else { (2, 1) };
    let owner = cells(n)
        .map(|(r, c)| {
            if board.own().contains(r, c) {
                mover
            } else if board.opponent().contains(r, c) {
                other
            } else {
                0
            }
        })
        .collect();
    Naive {
        n,
        colours: colours_of(board),
        owner,
        moves,
        limit: usize::from(board.move_limit()),
    }
}

/// The text both sides write: each cell's colour and owner (`m` the side to move's, `t` the
/// other's, `.` nobody's), then the moves played and the limit.
fn naive_text(naive: &Naive) -> String {
    let mover = naive.mover();
    let mut s = String::new();
    for (i, (&colour, &owner)) in naive.colours.iter().zip(&naive.owner).enumerate() {
        s.push(char::from(b'0' + colour));
        s.push(match owner {
            0 => '.',
            o if o == mover => 'm',
            _ => 't',
        });
        if (i + 1) % naive.n == 0 {
            s.push('\n');
        }
    }
    format!("{s}{}/{}", naive.moves, naive.limit)
}

impl Subject for Board {
    /// The colour.
    type Name = u8;
    type Eval = Heuristic;
    const POSITIONS: usize = 4000;
    const MINIMAX_DEPTH: u8 = 3;

    fn start(rng: &mut Rng) -> Self {
        let n = 3 + rng.below(10);
        Board::from_grid(&random_regular_grid(rng, n))
    }

    fn small(rng: &mut Rng) -> Self {
        let n = 4 + rng.below(5);
        let grid = random_regular_grid(rng, n);
        let mut board = Board::from_grid(&grid).with_move_limit(8 + rng.below(4) as u8);
        for _ in 0..rng.below(6) {
            if board.is_over() {
                break;
            }
            board = board.play_unchecked(filler::train::random_colour(&board, rng.next_u64()));
        }
        board
    }

    fn name(&self, mv: Move) -> u8 {
        mv.colour()
    }

    fn text(&self) -> String {
        naive_text(&twin(self))
    }

    fn naive_children(&self) -> Vec<(u8, String)> {
        let naive = twin(self);
        if naive.is_over() {
            return Vec::new();
        }
        (0..COLOURS as u8)
            .filter(|&c| c != naive.forbidden())
            .map(|c| {
                let mut child = naive.clone();
                child.play(c);
                (c, naive_text(&child))
            })
            .collect()
    }

    fn any_move(&self, rng: &mut Rng) -> Option<Move> {
        Move::new(rng.below(COLOURS) as u8)
    }

    fn play_checked(&self, mv: Move) -> Option<Self> {
        self.play(mv).ok()
    }

    fn eval() -> Heuristic {
        Heuristic::default()
    }

    fn choose(&self, nodes: u64) -> Option<Move> {
        let mut table = vec![Entry::default(); 1 << 10];
        Some(filler::train::choose(self, &mut Budget::nodes(nodes), &mut table).colour)
    }
}

super::conformance!(Board, 300);
