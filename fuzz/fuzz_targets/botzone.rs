//! The `ataxx` bot's whole input path (`Bot::serve`): Botzone's simple and JSON forms,
//! keep-running requests, data and globaldata lines. Whatever the input, the bot answers only
//! well-formed moves in the form of the turn, and an error is one line.
#![no_main]

use duel_core::ataxx::BotzoneMove;
use duel_grader::ataxx::botzone::{Bot, BotOptions, KEEP_RUNNING};
use duel_grader::clock::WallClock;
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
        let bm = match line.strip_prefix("{\"response\":") {
            Some(json) => {
                let numbers: Vec<i32> = json
                    .split(|c: char| c != '-' && !c.is_ascii_digit())
                    .filter(|w| !w.is_empty() && *w != "-")
                    .map(|w| w.parse().expect("an integer"))
                    .collect();
                assert_eq!(numbers.len(), 4, "{line}");
                BotzoneMove {
                    x0: numbers[0],
                    y0: numbers[1],
                    x1: numbers[2],
                    y1: numbers[3],
                }
            }
            None => BotzoneMove::parse(line).expect("a simple answer"),
        };
        assert!(bm.squares().is_ok(), "{line}");
    }
    if let Err(e) = result {
        assert!(!e.to_string().contains('\n'), "{e}");
    }
});
