//! The `fruit-rage` program's input path (`answer`: input.txt text to output.txt text),
//! node-limited: an accepted input gets a legal move, and output.txt names it and holds exactly
//! the box after it; an error is one line.
#![no_main]

use duel_core::fruit_rage::{Cell, parse_input};
use duel_protocols::clock::WallClock;
use duel_protocols::fruit_rage::answer;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match answer(text, &WallClock::start(), None, Some(300)) {
        Ok(answer) => {
            let board = parse_input(text).expect("an answered input parses").board;
            let (label, rest) = answer.output.split_once('\n').expect("two parts");
            let cell = Cell::parse(label).expect("a cell name");
            let mv = board.move_at(cell).expect("the named group");
            assert_eq!(mv, answer.report.mv);
            assert_eq!(rest, board.play(mv).expect("legal").to_string());
        }
        Err(message) => assert!(!message.contains('\n'), "{message}"),
    }
});
