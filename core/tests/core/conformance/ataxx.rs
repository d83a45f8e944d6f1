//! Ataxx through the harness, under both rule sets, against `ataxx::naive`; and perft against
//! `data/ataxx/perft-standard.txt`.

use super::{Subject, perft};
use crate::ataxx::naive::{Grid, MoveId, move_id, random_grid, start_grid};
use crate::support::{Rng, perft_rows};
use duel_core::ataxx::{self, Board, Eval, Move, Rules, Square};
use duel_core::{Budget, Column, Entry, Player as _, Row, TimeUse};

fn rules(rng: &mut Rng) -> Rules {
    if rng.below(2) == 0 {
        Rules::Botzone
    } else {
        Rules::Standard
    }
}

impl Subject for Board {
    type Name = MoveId;
    type Eval = Eval;
    const POSITIONS: usize = 5000;
    const MINIMAX_DEPTH: u8 = 2;

    fn start(rng: &mut Rng) -> Self {
        let rules = rules(rng);
        // The start position, or a random board (blocked cells under standard rules, and
        // counters near their limits).
        let grid = if rng.below(3) == 0 {
            start_grid(rules)
        } else {
            random_grid(rng, rules)
        };
        Board::from_fen(&grid.fen(), rules).expect("the twin writes valid FEN")
    }

    fn small(rng: &mut Rng) -> Self {
        let mut board = Board::start(rules(rng));
        for _ in 0..rng.below(30) {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            board = board.play_unchecked(moves.as_slice()[rng.below(moves.len())]);
        }
        board
    }

    fn name(&self, mv: Move) -> MoveId {
        move_id(mv)
    }

    fn text(&self) -> String {
        self.fen().to_string()
    }

    fn naive_children(&self) -> Vec<(MoveId, String)> {
        let grid = Grid::from_board(self);
        let judged = grid.judge();
        if judged.over {
            return Vec::new();
        }
        if judged.pairs.is_empty() {
            return vec![((2, 0, 0), grid.play((0, 0), (0, 0), true).fen())];
        }
        let mut children: Vec<(MoveId, String)> = Vec::new();
        for &(from, to) in &judged.pairs {
            let far = from.0.abs_diff(to.0).max(from.1.abs_diff(to.1)) == 2;
            let cell = |p: (usize, usize)| (p.1 * 7 + p.0) as u8;
            let id = if far {
                (1, cell(from), cell(to))
            } else {
                (0, 0, cell(to))
            };
            // A copy names only its destination: every source gives the same position.
            if !children.iter().any(|c| c.0 == id) {
                children.push((id, grid.play(from, to, false).fen()));
            }
        }
        children
    }

    fn any_move(&self, rng: &mut Rng) -> Option<Move> {
        if rng.below(16) == 0 {
            return Some(Move::Pass);
        }
        let square =
            |rng: &mut Rng| Square::at(Row(rng.below(7) as u8), Column(rng.below(7) as u8));
        let (from, to) = (square(rng)?, square(rng)?);
        Move::from_squares(from, to).ok()
    }

    fn play_checked(&self, mv: Move) -> Option<Self> {
        self.play(mv).ok()
    }

    fn eval() -> Eval {
        Eval::default()
    }

    fn choose(&self, nodes: u64) -> Option<Move> {
        let mut table = vec![Entry::default(); 1 << 10];
        ataxx::Player::new(&mut table, TimeUse::ThisMove)
            .choose(&ataxx::Match::from_board(*self), &mut Budget::nodes(nodes))
            .map(|d| d.mv)
    }
}

super::conformance!(Board, 200);

/// Every row of the perft file through the bitboard perft, and the rows up to a million
/// leaves through the `Game` trait alone.
#[test]
fn perft_matches_the_data_file() {
    let rows = perft_rows("ataxx/perft-standard.txt");
    assert_eq!(rows.len(), 116);
    for row in &rows {
        let board = Board::from_fen(&row.position, Rules::Standard).expect("a FEN");
        assert_eq!(ataxx::perft(&board, row.depth), row.nodes, "{row:?}");
        if row.nodes <= 1_000_000 {
            assert_eq!(perft(&board, row.depth), row.nodes, "{row:?} (Game)");
        }
    }
}
