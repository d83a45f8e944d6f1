//! The generic search (`duel_core::Searcher`) against plain minimax on a game small enough to
//! solve completely: tic-tac-toe, written here from scratch.

use crate::support::Rng;
use duel_core::game::{Evaluator, Game, MoveList, Score};
use duel_core::{Budget, Entry, SearchConfig, Searcher};

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Cells: 0 empty, 1 the side to move, 2 the other side.
#[derive(Clone, Copy, Debug, PartialEq)]
struct TicTacToe {
    cells: [u8; 9],
}

impl TicTacToe {
    fn won_by(&self, who: u8) -> bool {
        LINES
            .iter()
            .any(|l| l.iter().all(|&i| self.cells[i] == who))
    }
    fn empties(&self) -> usize {
        self.cells.iter().filter(|&&c| c == 0).count()
    }
}

impl Game for TicTacToe {
    type Move = u8;
    type MoveList = MoveList<u8, 9>;

    fn legal_moves(&self) -> Self::MoveList {
        let mut list = MoveList::new();
        if !self.won_by(2) {
            for i in 0..9 {
                if self.cells[i] == 0 {
                    list.push(i as u8);
                }
            }
        }
        list
    }

    fn play_unchecked(&self, mv: u8) -> Self {
        let mut cells = self.cells.map(|c| match c {
            1 => 2,
            2 => 1,
            c => c,
        });
        cells[mv as usize] = 2;
        Self { cells }
    }

    fn outcome(&self) -> Option<Score> {
        // The side that just moved is 2; faster wins score higher.
        if self.won_by(2) {
            Some(-(100 + self.empties() as Score))
        } else if self.empties() == 0 {
            Some(0)
        } else {
            None
        }
    }

    fn hash(&self) -> u64 {
        self.cells
            .iter()
            .fold(0u64, |h, &c| h * 3 + c as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    fn move_key(mv: u8) -> u16 {
        mv as u16
    }
}

/// A weak, deliberately imperfect evaluation so depth-limited iterations disagree with the truth.
struct CentreLover;

impl Evaluator<TicTacToe> for CentreLover {
    fn evaluate(&self, pos: &TicTacToe) -> Score {
        match pos.cells[4] {
            1 => 5,
            2 => -5,
            _ => 0,
        }
    }
}

fn minimax(pos: &TicTacToe) -> Score {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return pos.outcome().expect("no move means the game is over");
    }
    moves
        .iter()
        .map(|&m| -minimax(&pos.play_unchecked(m)))
        .max()
        .expect("moves exist")
}

fn random_position(rng: &mut Rng) -> TicTacToe {
    loop {
        let mut pos = TicTacToe { cells: [0; 9] };
        let plies = rng.below(7);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(moves.as_slice()[rng.below(moves.len())]);
        }
        if !pos.legal_moves().is_empty() {
            return pos;
        }
    }
}

#[test]
fn full_depth_search_equals_minimax_with_every_table_size() {
    let mut rng = Rng::new(7);
    let mut big = vec![Entry::default(); 1 << 12];
    let mut tiny = [Entry::default(); 3];
    for case in 0..300 {
        let pos = random_position(&mut rng);
        let exact = minimax(&pos);
        for (table, aspiration) in [(&mut big[..], 0), (&mut tiny[..], 3), (&mut [][..], 1)] {
            let mut searcher = Searcher::new(table);
            let config = SearchConfig {
                max_depth: 9,
                aspiration,
            };
            let result = searcher.search(
                &pos,
                &CentreLover,
                config,
                &mut Budget::unlimited(),
                &mut |_| {},
            );
            let best = result.best.expect("a move exists");
            let moves = pos.legal_moves();
            assert!(
                moves.iter().any(|&m| m == best),
                "case {case}: illegal move {best}"
            );
            if moves.len() > 1 {
                assert_eq!(result.score, exact, "case {case}: {pos:?}");
                assert_eq!(
                    -minimax(&pos.play_unchecked(best)),
                    exact,
                    "case {case}: move {best}"
                );
            }
        }
    }
}

#[test]
fn node_budget_stops_the_search_exactly_and_still_gives_a_legal_move() {
    let start = TicTacToe { cells: [0; 9] };
    for limit in [1, 2, 10, 100, 1000] {
        let mut table = vec![Entry::default(); 256];
        let mut searcher = Searcher::new(&mut table);
        let mut budget = Budget::nodes(limit);
        let result = searcher.search(
            &start,
            &CentreLover,
            SearchConfig::default(),
            &mut budget,
            &mut |_| {},
        );
        assert!(
            budget.nodes_used() <= limit,
            "limit {limit}: used {}",
            budget.nodes_used()
        );
        assert!(
            result
                .best
                .is_some_and(|m| m < 9 && start.cells[m as usize] == 0)
        );
    }
}

#[test]
fn iterations_are_reported_in_order_and_the_same_budget_gives_the_same_answer() {
    let start = TicTacToe { cells: [0; 9] };
    let run = || {
        let mut table = vec![Entry::default(); 64];
        let mut searcher = Searcher::new(&mut table);
        let mut depths = Vec::new();
        let r = searcher.search(
            &start,
            &CentreLover,
            SearchConfig::default(),
            &mut Budget::nodes(5000),
            &mut |it| depths.push(it.depth),
        );
        (r, depths)
    };
    let (a, depths) = run();
    assert_eq!(depths, (1..=depths.len() as u8).collect::<Vec<_>>());
    assert_eq!(a, run().0);
}

#[test]
fn a_finished_game_has_no_best_move() {
    // X (the side that just moved, 2) holds the top row.
    let done = TicTacToe {
        cells: [2, 2, 2, 1, 1, 0, 0, 0, 0],
    };
    let mut searcher = Searcher::new(&mut []);
    let r = searcher.search(
        &done,
        &CentreLover,
        SearchConfig::default(),
        &mut Budget::unlimited(),
        &mut |_| {},
    );
    assert_eq!(r.best, None);
    assert_eq!(r.score, -104);
}
