//! The rules: the bitboard move generator against the naive grid on random play, hashed perft,
//! and the contest's array and the text form, both ways.

use super::naive::{grid_of, naive_flips, naive_moves};
use super::{random_move, random_position};
use crate::support::Rng;
use duel_core::Colour;
use duel_core::reversi::{
    Board, ContestError, IllegalMoveError, Move, ParseBoardError, PerftSlot, Square,
    final_margin_of, outcome_score, perft, perft_hashed,
};
use duel_core::{Column, Game, Row};

#[test]
fn hashed_perft_equals_plain_perft() {
    let mut rng = Rng::new(17);
    // A tiny table forces replacements; a bigger one finds transpositions.
    for slots in [0usize, 7, 1 << 12] {
        let mut table = vec![PerftSlot::default(); slots];
        for _ in 0..6 {
            let plies = rng.below(50);
            let b = random_position(&mut rng, plies);
            for depth in 0..=5 {
                assert_eq!(
                    perft_hashed(&b, depth, &mut table),
                    perft(&b, depth),
                    "{b} depth {depth}"
                );
            }
        }
        assert_eq!(perft_hashed(&Board::start(), 8, &mut table), 390_216);
    }
}

#[test]
fn bitboard_rules_agree_with_a_naive_grid_on_random_play() {
    let mut rng = Rng::new(7);
    let mut positions = 0;
    let (mut passes, mut ends) = (0, 0);
    while positions < 100_000 {
        let mut b = Board::start();
        loop {
            positions += 1;
            let g = grid_of(&b);
            let mine = naive_moves(&g, 1);
            assert_eq!(b.move_mask().bits(), mine, "moves of {b}");
            let theirs = naive_moves(&g, 2);
            let mut m = mine;
            while m != 0 {
                let sq = m.trailing_zeros() as usize;
                m &= m - 1;
                let square = Square::new(sq as u8).expect("square");
                let f = naive_flips(&g, sq, 1);
                assert_eq!(b.flips(square).bits(), f, "flips of {square} in {b}");
                let after = b.play(Move::Place(square)).expect("legal");
                assert_eq!(after.opponent().bits(), b.player().bits() | f | 1 << sq);
                assert_eq!(after.player().bits(), b.opponent().bits() & !f);
                assert_eq!(after.to_move(), b.to_move().other());
            }
            let list = b.legal_moves();
            if mine == 0 && theirs == 0 {
                ends += 1;
                assert!(list.is_empty());
                assert!(b.is_over());
                let (p, o) = (b.player().len() as i32, b.opponent().len() as i32);
                let e = 64 - p - o;
                let expected = if p > o {
                    p - o + e
                } else if p < o {
                    p - o - e
                } else {
                    0
                };
                assert_eq!(b.final_margin(), expected);
                assert_eq!(b.outcome(), Some(outcome_score(expected)));
                assert_eq!(b.play(Move::Pass), Err(IllegalMoveError));
                break;
            }
            assert_eq!(b.outcome(), None);
            if mine == 0 {
                passes += 1;
                assert_eq!(list.as_slice(), &[Move::Pass]);
                let after = b.play(Move::Pass).expect("a forced pass is legal");
                assert_eq!(
                    (after.player(), after.opponent()),
                    (b.opponent(), b.player())
                );
            } else {
                assert_eq!(list.len(), mine.count_ones() as usize);
                assert_eq!(b.play(Move::Pass), Err(IllegalMoveError));
            }
            // Squares that flip nothing are illegal.
            for sq in 0..64u8 {
                if mine >> sq & 1 == 0 {
                    let square = Square::new(sq).expect("square");
                    assert_eq!(b.play(Move::Place(square)), Err(IllegalMoveError));
                }
            }
            let mv = random_move(&b, &mut rng).expect("not over");
            b = b.play_unchecked(mv);
        }
    }
    assert!(passes > 0 && ends > 1000, "passes {passes}, ends {ends}");
}

#[test]
fn contest_array_round_trips_and_rejects_bad_input() {
    let start = Board::start();
    let a = start.to_contest();
    assert_eq!(a[3][3], 1);
    assert_eq!(a[4][4], 1);
    assert_eq!(a[3][4], 0);
    assert_eq!(a[4][3], 0);
    assert_eq!(a[0][0], -1);
    assert_eq!(Board::from_contest(&a, 1), Ok(start));
    let mut rng = Rng::new(3);
    for _ in 0..500 {
        let plies = rng.below(61);
        let b = random_position(&mut rng, plies);
        let c = b.to_move().contest_value();
        assert_eq!(Board::from_contest(&b.to_contest(), c), Ok(b));
        let mut text = [0u8; 64];
        b.write_text(&mut text);
        let line = format!(
            "{} {}",
            std::str::from_utf8(&text).expect("ascii"),
            b.to_move().letter() as char
        );
        assert_eq!(Board::parse_text(&line), Ok(b));
        assert_eq!(b.to_string(), line);
        assert_eq!(Board::from_text(&text, b.to_move()), Ok(b));
        let back = Board::from_colours(b.black(), b.white(), b.to_move()).expect("disjoint");
        assert_eq!(back, b);
    }
    // White to move on the same discs swaps the sides.
    let w = Board::from_contest(&a, 0).expect("valid");
    assert_eq!(w.to_move(), Colour::White);
    assert_eq!(
        (w.player(), w.opponent()),
        (start.opponent(), start.player())
    );
    for bad in [2, -2, 7, i32::MIN, i32::MAX] {
        let mut x = a;
        x[5][6] = bad;
        assert_eq!(Board::from_contest(&x, 1), Err(ContestError::InvalidCell));
        assert_eq!(
            Board::from_contest_to_move(&x, 1),
            Err(ContestError::InvalidCell)
        );
    }
    for c in [-1, 2, 100, i32::MIN] {
        assert_eq!(Board::from_contest(&a, c), Err(ContestError::InvalidColour));
    }
    // A side with no legal move: accepted by from_contest, rejected by from_contest_to_move.
    let mut lone = [[-1; 8]; 8];
    lone[0][0] = 1;
    lone[7][7] = 0;
    assert!(Board::from_contest(&lone, 1).is_ok());
    assert_eq!(
        Board::from_contest_to_move(&lone, 1),
        Err(ContestError::NoLegalMove)
    );
    assert_eq!(Board::from_contest_to_move(&a, 1), Ok(start));
    assert_eq!(
        ContestError::NoLegalMove.to_string(),
        "the colour to move has no legal move"
    );
}

#[test]
fn text_form_rejects_bad_input() {
    let cells = "---------------------------XO------OX--------------------------- X";
    assert_eq!(Board::parse_text(cells), Ok(Board::start()));
    assert_eq!(
        Board::parse_text(
            "  ---------------------------XO------OX---------------------------\tX; a"
        ),
        Ok(Board::start())
    );
    let base = cells.as_bytes().to_vec();
    assert_eq!(
        Board::parse_text(&cells[..40]),
        Err(ParseBoardError::TooShort)
    );
    assert_eq!(Board::parse_text(""), Err(ParseBoardError::TooShort));
    assert_eq!(
        Board::parse_text(&cells[..64]),
        Err(ParseBoardError::MissingSide)
    );
    assert_eq!(
        Board::parse_text(&format!("{}   ", &cells[..64])),
        Err(ParseBoardError::MissingSide)
    );
    assert_eq!(
        Board::parse_text(&format!("{}- X", &cells[..64])),
        Err(ParseBoardError::MissingSide)
    );
    assert_eq!(
        Board::parse_text(&format!("{} Y", &cells[..64])),
        Err(ParseBoardError::InvalidSide)
    );
    let mut bad = base.clone();
    bad[10] = b'Z';
    assert_eq!(
        Board::parse_text(std::str::from_utf8(&bad).expect("ascii")),
        Err(ParseBoardError::InvalidCell)
    );
    let mut spaced = base;
    spaced[20] = b' ';
    assert_eq!(
        Board::parse_text(std::str::from_utf8(&spaced).expect("ascii")),
        Err(ParseBoardError::TooShort)
    );
    assert_eq!(
        Board::from_text(b"XO", Colour::Black),
        Err(ParseBoardError::TooShort)
    );
    // Square and move names.
    assert_eq!(Square::parse("a1").map(Square::index), Ok(0));
    assert_eq!(Square::parse("b1").map(Square::index), Ok(1));
    assert_eq!(Square::parse("a2").map(Square::index), Ok(8));
    assert_eq!(Square::parse("H8").map(Square::index), Ok(63));
    for bad in ["", "a", "a0", "a9", "i1", "a10", "pas"] {
        assert!(Square::parse(bad).is_err(), "{bad}");
        assert!(Move::parse(bad).is_err(), "{bad}");
    }
    assert_eq!(Move::parse("pass"), Ok(Move::Pass));
    assert_eq!(
        Square::at(Row(1), Column(0)).map(|s| s.to_string()),
        Some("a2".to_string())
    );
    assert_eq!(Square::new(64), None);
    assert_eq!(Square::at(Row(8), Column(0)), None);
    assert_eq!(final_margin_of(outcome_score(-12)), Some(-12));
    assert_eq!(final_margin_of(outcome_score(64)), Some(64));
    assert_eq!(final_margin_of(outcome_score(0)), Some(0));
    assert_eq!(final_margin_of(500), None);
}
