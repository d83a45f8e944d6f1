//! The `reversi --nboard` engine's whole input path (`nboard::serve`), node-limited: whatever
//! the commands, every reply line is one of the protocol's, every `===` move is a move name,
//! and the engine never fails on in-memory input.
#![no_main]

use duel_core::reversi::Move;
use duel_protocols::nboard::{NboardOptions, serve};
use libfuzzer_sys::fuzz_target;

const REPLIES: [&str; 9] = [
    "set myname ",
    "status",
    "search ",
    "nodestats ",
    "=== ",
    "pong ",
    "learned",
    "analysis ",
    "set ",
];

fuzz_target!(|data: &[u8]| {
    let options = NboardOptions {
        nodes: Some(300),
        table_entries: 64,
        book: true,
    };
    let mut output = Vec::new();
    serve(data, &mut output, &options).expect("in-memory i/o cannot fail");
    let text = String::from_utf8(output).expect("replies are text");
    for line in text.lines() {
        assert!(REPLIES.iter().any(|r| line.starts_with(r)), "{line:?}");
        if let Some(answer) = line.strip_prefix("=== ") {
            let name = answer.split('/').next().unwrap_or("");
            assert!(name == "PA" || Move::parse(name).is_ok(), "{line:?}");
        }
    }
});
