//! The `filler` program's input path (`answer`), node-limited, with fuzzer-chosen move count and
//! limit: a board it accepts gets a colour 0..9 other than the forbidden one; an error is one
//! line.
#![no_main]

use duel_core::filler::{Board, Grid};
use duel_fuzz::Bytes;
use duel_protocols::clock::WallClock;
use duel_protocols::filler::{ProgramArgs, answer};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let args = ProgramArgs {
        millis: None,
        nodes: Some(u64::from(bytes.u8()) * 4),
        any_size: bytes.u8() & 1 == 1,
        // Odd: the move count given; even: the program's estimate from the cells owned.
        moves_played: match bytes.u8() {
            b if b & 1 == 1 => Some(b / 2),
            _ => None,
        },
        move_limit: bytes.u8(),
        // The memory file is the file system's, not the input's: tested in tests/it/filler.
        memory: None,
        hash_mib: 0,
        info: false,
        control: None,
        tempo: None,
        horizon: None,
        fitted: None,
        weights: None,
    };
    let input = bytes.rest();
    match answer(&args, input, &WallClock::start()) {
        Ok(colour) => {
            let grid = Grid::parse(input).expect("an answered board parses");
            assert!(colour.colour() <= 9);
            assert_ne!(colour.colour(), Board::from_grid(&grid).forbidden());
        }
        Err(message) => assert!(!message.contains('\n'), "{message}"),
    }
});
