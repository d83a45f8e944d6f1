//! `reversi`: duel's Reversi engine as a program. By default it is a contest program speaking
//! the grader protocol of `rules/reversi.md`, as the C++ `move` solution linked with
//! `grader/reversi/grader.cpp` does; with `--nboard` it is an NBoard engine (protocol
//! version 2) for Othello GUIs, other tools and duel's arena.

use clap::Parser;
use clap::error::ErrorKind;
use duel_core::Entry;
use duel_core::reversi::{Board, Move, Session};
use duel_protocols::clock::WallClock;
use duel_protocols::nboard::{NboardOptions, serve};
use std::collections::VecDeque;
use std::io::{BufRead, Write};
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
}

fn main() -> ExitCode {
    if let Some(status) =
        duel_programs::bench::from_program_args(duel_programs::bench::Game::Reversi)
    {
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
        contest(cli.nodes, table_entries)
    }
}

/// The integers of the input, read a line at a time as they are needed (so that an answer
/// never waits for input beyond its request).
struct Integers<R> {
    input: R,
    words: VecDeque<String>,
}

/// What the next word of the input is.
enum Next {
    Int(i32),
    End,
    NotAnInteger,
}

impl<R: BufRead> Integers<R> {
    fn new(input: R) -> Self {
        Self {
            input,
            words: VecDeque::new(),
        }
    }

    fn next(&mut self) -> Next {
        loop {
            if let Some(word) = self.words.pop_front() {
                return word.parse().map_or(Next::NotAnInteger, Next::Int);
            }
            let mut line = Vec::new();
            match self.input.read_until(b'\n', &mut line) {
                Ok(0) => return Next::End,
                Ok(_) => self.words.extend(
                    String::from_utf8_lossy(&line)
                        .split_whitespace()
                        .map(str::to_string),
                ),
                Err(_) => return Next::End,
            }
        }
    }
}

/// The contest protocol: this program's colour first, then boards. Each board is answered as
/// the C++ `move` answers it, by the same [`Session`] (games told apart by position, each with
/// its table and 8.5 s of thinking), with `nodes` a move instead of the clock when given. End
/// of input ends it with status 0; malformed input with one line on stderr and status 2. A
/// board that is not a position to move in gets `-1 -1` and a line on stderr, as `move` does.
fn contest(nodes: Option<u64>, table_entries: usize) -> ExitCode {
    let clock = WallClock::start();
    let mut input = Integers::new(std::io::stdin().lock());
    let mut out = std::io::stdout().lock();
    let colour = match input.next() {
        Next::Int(c) => c,
        Next::End | Next::NotAnInteger => {
            eprintln!("reversi: expected the colour (0 or 1) on the first line");
            return ExitCode::from(2);
        }
    };
    if colour != 0 && colour != 1 {
        eprintln!("reversi: colour must be 0 or 1, not {colour}");
        return ExitCode::from(2);
    }
    let mut first = vec![Entry::default(); table_entries];
    let mut second = vec![Entry::default(); table_entries];
    let mut session = Session::new([&mut first, &mut second]).with_node_limit(nodes);
    loop {
        let mut cells = [[0i32; 8]; 8];
        for (r, row) in cells.iter_mut().enumerate() {
            for (k, cell) in row.iter_mut().enumerate() {
                match input.next() {
                    Next::Int(v) => *cell = v,
                    Next::End if r == 0 && k == 0 => return ExitCode::SUCCESS,
                    Next::End | Next::NotAnInteger => {
                        eprintln!("reversi: board row {r}: expected 8 integers");
                        return ExitCode::from(2);
                    }
                }
            }
        }
        let (row, column) = match Board::from_contest_to_move(&cells, colour) {
            Err(e) => {
                eprintln!("reversi: move: {e}");
                (-1, -1)
            }
            Ok(board) => {
                let decision = session.choose(&board, &clock);
                match decision.map(|d| d.mv) {
                    Some(Move::Place(sq)) => (i32::from(sq.row().0), i32::from(sq.column().0)),
                    // The board has a legal square (checked above), so the player never passes.
                    Some(Move::Pass) | None => (-1, -1),
                }
            }
        };
        if let Err(e) = writeln!(out, "{row} {column}").and_then(|()| out.flush()) {
            eprintln!("reversi: cannot write the answer: {e}");
            return ExitCode::from(1);
        }
    }
}
