//! `ataxx-random-json`: a Botzone Ataxx bot that plays a random legal move, spoken to with
//! Botzone's JSON interaction (parsed by hand, no JSON library). A test opponent written for
//! this project.
//!
//! Input, one line: `{"requests":[…],"responses":[…],…}`, each move `{"x0":…,"y0":…,"x1":…,"y1":…}`.
//! Output, one line: `{"response":{"x0":…,"y0":…,"x1":…,"y1":…}}`. `--keep-running` then prints
//! Botzone's keep-running line and answers each later request (a bare move object a line);
//! `--seed N` fixes the random choice.

mod ataxx;
mod json;
mod rng;

use ataxx::{Board, read_line};
use json::Value;
use std::io::BufRead;
use std::process::ExitCode;

/// Reads a whole first turn in the JSON form and replays it.
fn first_turn(input: &mut dyn BufRead) -> Result<Board, String> {
    let line = loop {
        let line = read_line(input)?;
        if !line.trim().is_empty() {
            break line;
        }
    };
    let turn = Value::parse(&line)?;
    Board::replay(&turn.moves("requests")?, &turn.moves("responses")?)
}

fn main() -> ExitCode {
    let result = rng::parse_args(true).and_then(|(mut rng, keep_running)| {
        ataxx::serve(
            &mut rng,
            keep_running,
            first_turn,
            |line| Value::parse(line)?.to_move(),
            |[x0, y0, x1, y1]| {
                format!(r#"{{"response":{{"x0":{x0},"y0":{y0},"x1":{x1},"y1":{y1}}}}}"#)
            },
        )
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ataxx-random-json: {e}");
            ExitCode::FAILURE
        }
    }
}
