//! `reversi`: duel's Reversi engine as a program. By default it is a contest program speaking
//! the grader protocol of `rules/reversi.md`, as the C++ `move` solution linked with
//! `grader/reversi/grader.cpp` does; with `--nboard` it is an NBoard engine (protocol
//! version 2) for Othello GUIs, other tools and duel's arena.

use clap::Parser;
use clap::error::ErrorKind;
use duel_core::Entry;
use duel_core::reversi::Book;
use duel_protocols::clock::WallClock;
use duel_protocols::nboard::{NboardOptions, serve};
use duel_protocols::reversi::{ContestError, contest};
use std::process::ExitCode;

/// duel's Reversi engine. Without --nboard: the contest's grader protocol on stdin/stdout (the
/// colour, 0 white or 1 black, on the first line; then for each move 8 lines of 8 integers,
/// -1 empty, 0 white, 1 black, answered by "row column"), with 10 seconds of thinking for the
/// whole game, spent as the C++ `move` spends it (the same `duel_core::reversi::Session`).
/// With --nboard: the NBoard protocol, version 2.
#[derive(Parser, Debug)]
#[command(name = "reversi", version)]
struct Cli {
    /// Speak the NBoard protocol (version 2) instead of the contest's grader protocol.
    #[arg(long)]
    nboard: bool,
    /// Search at most N nodes a move and use no clock, so that play is reproducible.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Transposition table size in MiB (in the contest protocol, a game's: the program keeps
    /// two games' tables, as `move` does).
    #[arg(long, value_name = "M", default_value_t = 32,
          value_parser = clap::value_parser!(u16).range(1..=4096))]
    hash_mib: u16,
    /// Play the opening from the committed opening book where it holds the position, without
    /// searching (off by default: the book has not yet measured better than the search).
    #[arg(long)]
    book: bool,
}

fn main() -> ExitCode {
    if let Some(status) = duel_programs::bench::from_program_args(&duel_programs::reversi::BENCH) {
        return status;
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            print!("{e}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            // clap's own report spans several lines; keep its first, without the prefix.
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("bad arguments");
            eprintln!("reversi: {}", first.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    let table_entries = usize::from(cli.hash_mib) * (1 << 20) / std::mem::size_of::<Entry>();
    if cli.nboard {
        let options = NboardOptions {
            nodes: cli.nodes,
            table_entries,
            book: cli.book,
        };
        match serve(std::io::stdin().lock(), std::io::stdout().lock(), &options) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("reversi: {e}");
                ExitCode::from(1)
            }
        }
    } else {
        let clock = WallClock::start();
        let (input, output) = (std::io::stdin().lock(), std::io::stdout().lock());
        let book = cli.book.then(Book::committed);
        match contest(input, output, &clock, cli.nodes, table_entries, book) {
            Ok(()) => ExitCode::SUCCESS,
            Err(ContestError::Input(message)) => {
                eprintln!("reversi: {message}");
                ExitCode::from(2)
            }
            Err(ContestError::Output(e)) => {
                eprintln!("reversi: cannot write the answer: {e}");
                ExitCode::from(1)
            }
        }
    }
}
