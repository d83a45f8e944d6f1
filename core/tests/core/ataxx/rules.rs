//! The rules: FEN and move names, the bitboard rules against the naive grid twin on random
//! games under both rule sets, and Botzone's end-of-game cases.

use super::naive::{
    BLACK, BLOCK, Grid, Judgement, WHITE, move_id, random_grid, sorted_ids, start_grid,
};
use crate::support::Rng;
use duel_core::Colour;
use duel_core::ataxx::{Board, BotzoneMove, Move, Rules, Square};
use duel_core::{Bitboard, Column, Row};

#[test]
fn fen_round_trips() {
    for fen in [
        "x5o/7/7/7/7/7/o5x x 0 1",
        "x5o/7/2-1-2/3-3/2-1-2/7/o5x o 12 7",
        "7/7/7/7/-------/-------/x5o x 0 1",
    ] {
        let board = Board::from_fen(fen, Rules::Standard).unwrap();
        assert_eq!(board.fen().to_string(), fen);
    }
    for bad in [
        "",
        "x5o/7/7/7/7/7 x",
        "x6o/7/7/7/7/7/o5x x",
        "x5o/7/7/7/7/7/o5x y",
        "x5o/7/7/7/7/7/o5x x a",
    ] {
        assert!(Board::from_fen(bad, Rules::Standard).is_err(), "{bad:?}");
    }
}

#[test]
fn uai_square_names_follow_the_fen() {
    // FEN row 0 is rank 7: black's start pieces (0,0) and (6,6) are a7 and g1.
    assert_eq!(Square::at(Row(0), Column(0)).unwrap().to_string(), "a7");
    assert_eq!(Square::at(Row(6), Column(6)).unwrap().to_string(), "g1");
    let board = Board::start(Rules::Standard);
    let next = board.play(Move::parse_uai("g2").unwrap()).unwrap();
    assert_eq!(next.fen().to_string(), "x5o/7/7/7/7/6x/o5x o 0 1");
    let next = next.play(Move::parse_uai("a1a3").unwrap()).unwrap();
    assert_eq!(next.fen().to_string(), "x5o/7/7/7/o6/6x/6x x 1 2");
    assert_eq!(Move::parse_uai("g1e3").unwrap().to_string(), "g1e3");
    assert_eq!(Move::parse_uai("g1f2").unwrap().to_string(), "f2");
    assert_eq!(Move::parse_uai("0000").unwrap(), Move::Pass);
    for bad in ["", "h1", "a8", "a1a1", "a1d1", "a1b", "00000"] {
        assert!(Move::parse_uai(bad).is_err(), "{bad:?}");
    }
}

fn check_agrees(grid: &Grid, judged: &Judgement, board: &Board) {
    assert_eq!(
        board.pieces(Colour::Black).bits(),
        grid.bits(BLACK),
        "{}",
        grid.fen()
    );
    assert_eq!(
        board.pieces(Colour::White).bits(),
        grid.bits(WHITE),
        "{}",
        grid.fen()
    );
    assert_eq!(board.blocked().bits(), grid.bits(BLOCK), "{}", grid.fen());
    assert_eq!(board.side() == Colour::Black, grid.to_move == BLACK);
    assert_eq!(board.is_over(), judged.over, "{}", grid.fen());
    assert_eq!(board.final_margin(), judged.margin, "{}", grid.fen());
    let expected = &judged.moves;
    // Sorted lists: equal lists also rule out duplicates.
    assert_eq!(
        &sorted_ids(board.legal_moves().as_slice()),
        expected,
        "{}",
        grid.fen()
    );
    assert_eq!(
        &sorted_ids(board.legal_moves_unordered().as_slice()),
        expected,
        "{}",
        grid.fen()
    );
    assert_eq!(board.move_count(), expected.len() as u64);
}

/// Plays random games on both sides and compares everything at every position; returns the
/// number of positions compared.
fn random_games(rules: Rules, seed: u64, positions: usize) -> usize {
    let mut rng = Rng::new(seed);
    let mut seen = 0;
    let mut game = 0;
    while seen < positions {
        let mut grid = if game % 3 == 0 {
            start_grid(rules)
        } else {
            random_grid(&mut rng, rules)
        };
        game += 1;
        let mut board = Board::from_fen(&grid.fen(), rules).unwrap();
        loop {
            let judged = grid.judge();
            check_agrees(&grid, &judged, &board);
            seen += 1;
            // A random candidate (legal or not) must be judged like the grid judges it.
            let from = (rng.below(7), rng.below(7));
            let to = (rng.below(7), rng.below(7));
            let legal_pair = judged.pairs.contains(&(from, to));
            let sq = |(x, y): (usize, usize)| Square::at(Row(y as u8), Column(x as u8)).unwrap();
            if let Ok(mv) = Move::from_squares(sq(from), sq(to)) {
                // A copy names only its destination: legal from any source.
                let legal = match mv {
                    Move::Single(_) => judged.moves.contains(&move_id(mv)),
                    _ => legal_pair,
                };
                assert_eq!(board.play(mv).is_ok(), legal, "{} {mv}", grid.fen());
            }
            let bm = BotzoneMove::between(sq(from), sq(to));
            assert_eq!(
                board.parse_botzone(bm).is_ok(),
                legal_pair,
                "{} {bm}",
                grid.fen()
            );
            if judged.over {
                break;
            }
            let pairs = judged.pairs;
            if pairs.is_empty() {
                grid = grid.play((0, 0), (0, 0), true);
                board = board.play(Move::Pass).unwrap();
                continue;
            }
            let (from, to) = pairs[rng.below(pairs.len())];
            let mv = Move::from_squares(sq(from), sq(to)).unwrap();
            let placed = board.placed(mv);
            grid = grid.play(from, to, false);
            board = board.play(mv).unwrap();
            // Pre-capture: the mover has the destination, lost the source of a jump, and
            // the opponent still has everything captures took.
            let mover = if grid.to_move == WHITE {
                Colour::Black
            } else {
                Colour::White
            };
            let (mine, theirs) = match mover {
                Colour::Black => (placed.0, placed.1),
                Colour::White => (placed.1, placed.0),
            };
            assert_eq!(mine & !board.pieces(mover), Bitboard::EMPTY);
            assert_eq!(theirs | board.pieces(mover.other()), theirs);
        }
    }
    seen
}

#[test]
fn bitboard_rules_agree_with_grid_botzone() {
    assert!(random_games(Rules::Botzone, 1, 60_000) >= 60_000);
}

#[test]
fn bitboard_rules_agree_with_grid_standard() {
    assert!(random_games(Rules::Standard, 2, 60_000) >= 60_000);
}

#[test]
fn botzone_end_of_game_gives_empties_to_the_side_that_moves() {
    // White (o) to move has no move: the game ends; black can still move and takes the 14
    // empty cells. The margin is white's: 7 against 28 + 14.
    let board = Board::from_fen(
        "ooooooo/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/7/7 o 0 1",
        Rules::Botzone,
    )
    .unwrap();
    assert!(board.is_over());
    assert_eq!(board.final_margin(), Some(7 - 42));
    assert!(board.legal_moves().is_empty());
    // Black to move in the same position: black can move, white cannot; the game is over too.
    let board = Board::from_fen(
        "ooooooo/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/7/7 x 0 1",
        Rules::Botzone,
    )
    .unwrap();
    assert_eq!(board.final_margin(), Some(42 - 7));
    // Under standard rules white passes instead.
    let board = Board::from_fen(
        "ooooooo/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/7/7 o 0 1",
        Rules::Standard,
    )
    .unwrap();
    assert!(!board.is_over());
    assert_eq!(board.legal_moves().as_slice(), &[Move::Pass]);
}

#[test]
fn botzone_end_of_game_cases_have_the_judges_outcomes() {
    // A side with no pieces has lost at once: white to move, none left; black's 7 count.
    let wiped = Board::from_fen("xxxxxxx/7/7/7/7/7/7 o 0 1", Rules::Botzone).unwrap();
    assert!(wiped.is_over());
    assert!(wiped.legal_moves().is_empty());
    assert_eq!(wiped.final_margin(), Some(-7));
    // Neither side can move (Botzone has no blocked cells, so the board is full): the pieces
    // are counted as they stand, 25 against 24.
    let full = Board::from_fen(
        "xxxxxxx/xxxxxxx/xxxxxxx/xxxxooo/ooooooo/ooooooo/ooooooo x 0 1",
        Rules::Botzone,
    )
    .unwrap();
    assert!(full.is_over());
    assert_eq!(full.final_margin(), Some(1));
    // The ply limit: after the 401st ply the game ends by count, whatever moves remain.
    let late = Board::from_fen("x5o/7/7/7/7/7/o5x x 0 201", Rules::Botzone).unwrap();
    assert_eq!(late.ply(), 400);
    assert!(!late.is_over());
    let copy = late
        .parse_botzone(BotzoneMove {
            x0: 0,
            y0: 0,
            x1: 1,
            y1: 1,
        })
        .unwrap();
    let last = late.play(copy).unwrap();
    assert_eq!(last.ply(), 401);
    assert!(last.is_over());
    assert!(last.legal_moves().is_empty());
    // White to move, 2 pieces against black's 3, no empties given to anyone.
    assert_eq!(last.final_margin(), Some(-1));
    // One ply earlier the same position plays on.
    let earlier = Board::from_fen("x5o/7/7/7/7/7/o5x x 0 200", Rules::Botzone).unwrap();
    assert!(!earlier.play(copy).unwrap().is_over());
}
