//! Regions and board rules: the largest region against a grid flood fill, moves and outcome,
//! and the parser's errors.

use super::naive::{Grid, naive_region, other};
use crate::support::Rng;
use duel_core::stake::train::solve;
use duel_core::stake::{
    Board, BoardBuilder, Mark, Move, ParseError, PositionError, RowError, Slot, SolveError,
    largest_region,
};
use duel_core::{Bitboard, Column, Game, Row};

#[test]
fn largest_region_agrees_with_a_grid_flood_fill() {
    let mut rng = Rng::new(7);
    for case in 0..3000 {
        let n = 1 + rng.below(8);
        let density = 1 + rng.below(9);
        let mut grid = Grid {
            n,
            cells: [[b'.'; 8]; 8],
        };
        let mut bits = 0u64;
        for r in 0..n {
            for c in 0..n {
                if rng.below(10) < density {
                    grid.cells[r][c] = b'0';
                    bits |= 1 << (r * 8 + c);
                }
            }
        }
        assert_eq!(
            largest_region(Bitboard(bits)) as i32,
            naive_region(&grid, b'0'),
            "case {case}:\n{}",
            grid.text()
        );
    }
    // Shapes that defeat a naive shift: wrapping across the 8-column edge must not connect.
    assert_eq!(largest_region(Bitboard(0x0000_0000_0000_0180)), 1);
    assert_eq!(largest_region(Bitboard(0x8000_0000_0000_0001)), 1);
    assert_eq!(largest_region(Bitboard(u64::MAX)), 64);
    assert_eq!(largest_region(Bitboard(0xAAAA_AAAA_AAAA_AAAA)), 8);
    assert_eq!(largest_region(Bitboard(0xAA55_AA55_AA55_AA55)), 1);
    assert_eq!(largest_region(Bitboard::EMPTY), 0);
}

#[test]
fn board_rules_moves_and_outcome() {
    let board = Board::from_rows(&["01.1", "00..", ".01.", "...1"]).unwrap();
    assert_eq!(board.size(), 4);
    assert_eq!(board.to_move(), Mark::Zero);
    assert_eq!(board.to_string(), "01.1\n00..\n.01.\n...1\n");
    let moves: Vec<String> = board.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(
        moves,
        [
            "(0,2)", "(1,2)", "(1,3)", "(2,0)", "(2,3)", "(3,0)", "(3,1)", "(3,2)"
        ]
    );
    assert_eq!(board.at(Row(1), Column(2)), Some(b'.'));
    assert_eq!(board.at(Row(0), Column(1)), Some(b'1'));
    assert_eq!(board.at(Row(4), Column(0)), None);
    assert_eq!(Game::outcome(&board), None);

    let next = board.play(Move::at(Row(1), Column(2)).unwrap()).unwrap();
    assert_eq!(next.at(Row(1), Column(2)), Some(b'0'));
    assert_eq!(next.to_move(), Mark::One);
    for bad in [
        Move::at(Row(0), Column(0)).unwrap(),
        Move::at(Row(4), Column(4)).unwrap(),
        Move::at(Row(0), Column(7)).unwrap(),
    ] {
        assert_eq!(board.play(bad).unwrap_err().mv, bad);
        assert_eq!(board.play_unchecked(bad), board);
    }
    assert_eq!(Move::at(Row(8), Column(0)), None);
    assert_eq!(Move::from_index(64), None);

    // Play the game out along the first legal move each time; the outcome is the grid's.
    let mut pos = board;
    while let Some(&mv) = pos.legal_moves().as_slice().first() {
        assert_ne!(pos.hash(), pos.play_unchecked(mv).hash());
        pos = pos.play(mv).unwrap();
    }
    assert!(pos.is_over());
    let grid = Grid::from_text(&pos.to_string().lines().collect::<Vec<_>>());
    let mover = if pos.to_move() == Mark::Zero {
        b'0'
    } else {
        b'1'
    };
    let expected = naive_region(&grid, mover) - naive_region(&grid, other(mover));
    assert_eq!(Game::outcome(&pos), Some(expected));
    assert_eq!(
        solve(&pos, &mut [Slot::default(); 1]),
        Err(SolveError::GameOver)
    );
}

#[test]
fn parse_errors_are_layered_and_named() {
    let err = |rows: &[&str]| Board::from_rows(rows).unwrap_err();
    let cases: Vec<(ParseError, ParseError, &str)> = vec![
        (
            err(&[]),
            ParseError::Size { size: 0 },
            "board size 0 is outside 1..8",
        ),
        (
            err(&["........."; 9]),
            ParseError::Size { size: 9 },
            "board size 9 is outside 1..8",
        ),
        (
            err(&["0.", "1x"]),
            ParseError::Row {
                row: 1,
                error: RowError::BadCharacter {
                    column: 1,
                    byte: b'x',
                },
            },
            "row 1, column 1 holds 'x', expected '0', '1' or '.'",
        ),
        (
            err(&["0.", "1\u{7f}"]),
            ParseError::Row {
                row: 1,
                error: RowError::BadCharacter {
                    column: 1,
                    byte: 0x7f,
                },
            },
            "row 1, column 1 holds byte 0x7f, expected '0', '1' or '.'",
        ),
        (
            err(&["0..", "1.", "..."]),
            ParseError::Row {
                row: 1,
                error: RowError::WrongLength {
                    found: 2,
                    expected: 3,
                },
            },
            "row 1 has 2 cells, expected 3",
        ),
        (
            err(&["00", ".."]),
            ParseError::Position(PositionError::Counts { zeros: 2, ones: 0 }),
            "2 zeros and 0 ones: there must be as many 0s as 1s, or one more 0",
        ),
        (
            err(&["1.", ".."]),
            ParseError::Position(PositionError::Counts { zeros: 0, ones: 1 }),
            "0 zeros and 1 ones: there must be as many 0s as 1s, or one more 0",
        ),
        (
            err(&["01", "10"]),
            ParseError::Position(PositionError::NoEmpty),
            "no empty cell",
        ),
        (
            err(&["0...", "....", "....", "...."]),
            ParseError::Position(PositionError::TooManyEmpties { empties: 15 }),
            "15 empty cells, at most 10",
        ),
    ];
    for (got, expected, message) in cases {
        assert_eq!(got, expected);
        assert_eq!(got.to_string(), message);
    }

    let mut builder = BoardBuilder::new(2).unwrap();
    assert_eq!(
        builder.finish(),
        Err(ParseError::MissingRows {
            found: 0,
            expected: 2
        })
    );
    builder.push_row(b"0.").unwrap();
    assert!(builder.push_row(b"0x").is_err());
    assert_eq!(builder.rows(), 1, "a bad row leaves the builder unchanged");
    builder.push_row(b"1.").unwrap();
    assert_eq!(
        builder.push_row(b".."),
        Err(ParseError::ExtraRow { expected: 2 })
    );
    assert_eq!(builder.finish().unwrap().to_move(), Mark::Zero);

    // Both players to move, and boards where a player has no cell yet.
    let empty = Board::from_rows(&["..", ".."]).unwrap();
    assert_eq!((empty.to_move(), empty.score(Mark::Zero)), (Mark::Zero, 0));
    let one = Board::from_rows(&["0.", ".."]).unwrap();
    assert_eq!((one.to_move(), one.score(Mark::One)), (Mark::One, 0));
}
