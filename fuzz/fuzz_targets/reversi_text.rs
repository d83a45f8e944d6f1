//! The Reversi text line (`<64 cells> <X|O>`, the `duel solve reversi` and FFO format) and
//! move names: parse, print, parse again gives the same; a position with a legal square gets
//! a legal move from a node-limited search.
#![no_main]

use duel_core::reversi::{Board, Move, Square};
use duel_core::reversi::train::Engine;
use duel_core::{Budget, Entry};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for line in text.lines() {
        if let Ok(board) = Board::parse_text(line) {
            let printed = board.to_string();
            assert_eq!(
                Board::parse_text(&printed),
                Ok(board),
                "{line:?} -> {printed:?}"
            );
            if board.has_move() {
                let mut table = vec![Entry::default(); 64];
                let choice = Engine::new(&mut table).choose(&board, &mut Budget::nodes(500));
                assert!(board.play(choice.mv).is_ok(), "{board}: {}", choice.mv);
                assert_ne!(choice.mv, Move::Pass);
            }
        }
        let word = line.trim();
        if let Ok(mv) = Move::parse(word) {
            assert_eq!(Move::parse(&mv.to_string()), Ok(mv));
            assert!(word.eq_ignore_ascii_case(&mv.to_string()));
        }
        if let Ok(sq) = Square::parse(word) {
            assert_eq!(Square::parse(&sq.to_string()), Ok(sq));
        }
    }
});
