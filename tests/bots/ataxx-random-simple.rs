//! `ataxx-random-simple`: a Botzone Ataxx bot that plays a random legal move, spoken to with
//! Botzone's simple (line) interaction. A test opponent written for this project.
//!
//! Input: the turn number n, then 2n−1 lines `x0 y0 x1 y1` alternating the requests received
//! and the responses given, ending with the new request (data lines after it are ignored).
//! Output: the response line. `--keep-running` then prints Botzone's keep-running line and
//! answers each later request line; `--seed N` fixes the random choice.

mod ataxx;
mod rng;

use ataxx::{Board, Move, read_line};
use std::io::BufRead;
use std::process::ExitCode;

/// Reads a whole first turn in the simple form and replays it.
fn first_turn(input: &mut dyn BufRead) -> Result<Board, String> {
    let header = read_line(input)?;
    let turns: usize = header
        .trim()
        .parse()
        .map_err(|_| format!("the turn number is not a number: {:?}", header.trim()))?;
    if turns == 0 {
        return Err("the turn number is 0".to_string());
    }
    let (mut requests, mut responses) = (Vec::new(), Vec::new());
    for i in 0..2 * turns - 1 {
        let mv = parse_move(&read_line(input)?)?;
        if i % 2 == 0 {
            requests.push(mv);
        } else {
            responses.push(mv);
        }
    }
    Board::replay(&requests, &responses)
}

/// Parses `x0 y0 x1 y1`.
fn parse_move(line: &str) -> Result<Move, String> {
    let numbers: Vec<i32> = line
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| format!("not a move: {line:?}"))?;
    numbers
        .try_into()
        .map_err(|_| format!("not four numbers: {line:?}"))
}

fn main() -> ExitCode {
    let result = rng::parse_args(true).and_then(|(mut rng, keep_running)| {
        ataxx::serve(
            &mut rng,
            keep_running,
            first_turn,
            parse_move,
            |[x0, y0, x1, y1]| format!("{x0} {y0} {x1} {y1}"),
        )
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ataxx-random-simple: {e}");
            ExitCode::FAILURE
        }
    }
}
