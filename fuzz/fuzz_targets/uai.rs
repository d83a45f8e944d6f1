//! The `ataxx --uai` command lines (`parse_command`): a position it accepts prints as a FEN that
//! reads back to the same board, and the depth of any `go` is in 1..=60.
#![no_main]

use duel_core::ataxx::{Board, Rules};
use duel_protocols::uai::{Command, parse_command};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for line in text.lines() {
        match parse_command(line) {
            Command::Position(Ok(game)) => {
                let fen = game.board().fen().to_string();
                let again = Board::from_fen(&fen, Rules::Standard).expect("a printed FEN");
                assert_eq!(again.fen().to_string(), fen);
                match parse_command(&format!("position fen {fen}")) {
                    Command::Position(Ok(read)) => assert_eq!(*read.board(), again),
                    other => panic!("its own FEN refused: {other:?}"),
                }
            }
            Command::Position(Err(message)) => assert!(!message.contains('\n')),
            Command::Go(limits) => {
                if let Some(depth) = limits.depth {
                    assert!((1..=60).contains(&depth));
                }
            }
            _ => {}
        }
    }
});
