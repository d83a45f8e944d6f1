//! The Fruit Rage `input.txt`: parse, print, parse again gives the same box; the greedy move is
//! legal, and the box after it keeps gravity and loses exactly the group's fruit.
#![no_main]

use duel_core::fruit_rage::{Board, parse_input};
use duel_core::fruit_rage::train::{greedy_move};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(input) = parse_input(text) else {
        return;
    };
    let board = input.board;
    let printed = format!(
        "{}\n{}\n{}\n{board}",
        board.size(),
        input.kinds,
        input.seconds
    );
    let again = parse_input(&printed).expect("a printed input parses");
    assert_eq!(again.board.to_string(), board.to_string());
    assert_eq!((again.kinds, again.seconds), (input.kinds, input.seconds));
    assert_eq!(again.remaining_micros(), input.remaining_micros());
    let mv = greedy_move(&board).expect("a parsed box holds fruit");
    let after = board.play(mv).expect("the greedy move is legal");
    assert_eq!(after.cells() + mv.size(), board.cells());
    assert_eq!(board.move_at(board.label(mv)), Ok(mv));
    // The box after the move parses as a box: gravity holds (or it is empty).
    if !after.is_over() {
        let n = after.size();
        let rebuilt = Board::from_fn(n, |r, c| after.fruit_at(r, c)).expect("gravity holds");
        assert_eq!(rebuilt.to_string(), after.to_string());
    }
});
