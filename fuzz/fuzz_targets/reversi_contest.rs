//! The Reversi contest array (`a[8][8]` of -1/0/1 and the colour to move): reading it agrees
//! with the cells, writing it back gives the same array, and a position with a legal square
//! gets a legal move from a node-limited search.
#![no_main]

use duel_core::reversi::{Board, ContestError, Move};
use duel_core::reversi::train::Engine;
use duel_core::{Budget, Entry};
use duel_fuzz::Bytes;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let mut a = [[0i32; 8]; 8];
    for cell in a.iter_mut().flatten() {
        *cell = match bytes.u8() {
            0..=84 => -1,
            85..=169 => 0,
            170..=253 => 1,
            _ => bytes.small_i32(),
        };
    }
    let colour = match bytes.u8() {
        0..=126 => 0,
        127..=253 => 1,
        _ => bytes.small_i32(),
    };
    let cells_ok = a.iter().flatten().all(|v| (-1..=1).contains(v));
    let colour_ok = colour == 0 || colour == 1;
    match Board::from_contest(&a, colour) {
        Ok(board) => {
            assert!(cells_ok && colour_ok);
            assert_eq!(board.to_contest(), a, "the array round-trips");
            let to_move = Board::from_contest_to_move(&a, colour);
            assert_eq!(to_move.is_ok(), board.has_move());
            if let Ok(board) = to_move {
                let mut table = vec![Entry::default(); 1 << (bytes.u8() % 8)];
                let mut budget = Budget::nodes(u64::from(bytes.u16() % 4096));
                let choice = Engine::new(&mut table).choose(&board, &mut budget);
                assert!(matches!(choice.mv, Move::Place(_)), "{board}");
                assert!(board.play(choice.mv).is_ok(), "{board}: {}", choice.mv);
            } else {
                assert_eq!(to_move, Err(ContestError::NoLegalMove));
            }
        }
        Err(ContestError::InvalidColour) => assert!(!colour_ok),
        Err(ContestError::InvalidCell) => assert!(!cells_ok && colour_ok),
        Err(ContestError::NoLegalMove) => panic!("from_contest never asks for a move"),
    }
});
