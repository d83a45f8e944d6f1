//! `filler`: the Filler contest program. Reads the board on stdin, prints a colour.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use duel_grader::clock::WallClock;
use duel_grader::filler::{ProgramArgs, answer, read_stdin};

fn main() -> ExitCode {
    let clock = WallClock::start();
    let args = ProgramArgs::parse();
    let result = read_stdin().and_then(|input| answer(&args, &input, &clock));
    match result {
        Ok(colour) => {
            let mut out = std::io::stdout().lock();
            if writeln!(out, "{colour}")
                .and_then(|()| out.flush())
                .is_err()
            {
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
