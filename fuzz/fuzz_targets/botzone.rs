//! The `ataxx` bot's whole input path (`Bot::serve`): Botzone's simple and JSON forms,
//! keep-running requests, data and globaldata lines. Whatever the input, the bot answers only
//! well-formed moves in the form of the turn, and an error is one line.
#![no_main]

use duel_core::ataxx::BotzoneMove;
use duel_protocols::botzone::{Bot, BotOptions, KEEP_RUNNING};
use duel_protocols::clock::WallClock;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let options = BotOptions {
        millis: 60_000,
        max_depth: 2,
        table_entries: 64,
        max_nodes: Some(200),
    };
    let mut bot = Bot::new(options, WallClock::start());
    let mut output = Vec::new();
    let result = bot.serve(&mut &data[..], &mut output);
    let text = String::from_utf8(output).expect("the bot writes text");
    for line in text.lines().filter(|l| *l != KEEP_RUNNING) {
        let bm = if line.starts_with('{') {
            let value: serde_json::Value = serde_json::from_str(line).expect("a JSON answer");
            let field = |name: &str| {
                let n = value["response"][name].as_i64().expect("an integer field");
                i32::try_from(n).expect("an i32")
            };
            BotzoneMove {
                x0: field("x0"),
                y0: field("y0"),
                x1: field("x1"),
                y1: field("y1"),
            }
        } else {
            BotzoneMove::parse(line).expect("a simple answer")
        };
        assert!(bm.squares().is_ok(), "{line}");
    }
    if let Err(e) = result {
        assert!(!e.to_string().contains('\n'), "{e}");
    }
});
