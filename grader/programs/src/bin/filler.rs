//! `filler`: the Filler contest program. Reads the board on stdin, prints a colour.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;
use duel_protocols::clock::WallClock;
use duel_protocols::filler::{ProgramArgs, answer, read_stdin};

fn main() -> ExitCode {
    if let Some(status) = duel_programs::bench::from_program_args(&duel_programs::filler::BENCH) {
        return status;
    }
    let clock = WallClock::start();
    let args = match ProgramArgs::try_parse() {
        Ok(args) => args,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            print!("{e}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            // clap's own report spans several lines; keep its first, without the prefix.
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("bad arguments");
            eprintln!("filler: {}", first.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    let result = read_stdin().and_then(|input| answer(&args, &input, &clock));
    match result {
        Ok(colour) => {
            let mut out = std::io::stdout().lock();
            if let Err(e) = writeln!(out, "{colour}").and_then(|()| out.flush()) {
                eprintln!("filler: cannot write the answer: {e}");
                return ExitCode::from(1);
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("filler: {message}");
            ExitCode::from(1)
        }
    }
}
