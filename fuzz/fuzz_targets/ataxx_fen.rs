//! Ataxx FEN under both rule sets: parse, print, parse again gives the same board; every
//! listed move is legal and plays, and perft 1 counts them.
#![no_main]

use duel_core::ataxx::{Board, Rules, perft};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for rules in [Rules::Standard, Rules::Botzone] {
        let Ok(board) = Board::from_fen(text, rules) else {
            continue;
        };
        let printed = board.fen().to_string();
        assert_eq!(
            Board::from_fen(&printed, rules),
            Ok(board),
            "{text:?} -> {printed:?}"
        );
        let moves = board.legal_moves();
        assert_eq!(moves.len(), board.legal_moves_unordered().len());
        assert_eq!(perft(&board, 1), moves.len() as u64);
        for &mv in moves.as_ref() {
            assert!(board.is_legal(mv), "{printed}: {mv}");
            let next = board.play(mv).expect("a listed move plays");
            assert_eq!(next, board.play_unchecked(mv));
            let again = next.fen().to_string();
            assert_eq!(
                Board::from_fen(&again, rules).map(|b| b.fen().to_string()),
                Ok(again)
            );
        }
    }
});
