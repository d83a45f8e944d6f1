//! reversi: the contest's grader protocol (`rules/reversi.md`) as the `reversi` program speaks
//! it: this program's colour on the first line (0 white, 1 black), then for each move 8 lines of
//! 8 integers (-1 empty, 0 white, 1 black), each answered by `row column`.

use crate::clock::WallClock;
use duel_core::Entry;
use duel_core::reversi::{Board, Book, Move, Session};
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};

/// Why a contest session stopped early.
#[derive(Debug)]
pub enum ContestError {
    /// The input is not the protocol (one line for the user; the program exits with status 2).
    Input(String),
    /// An answer could not be written.
    Output(io::Error),
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
/// its table and 8.5 s of thinking), from `book` where it holds the position (`reversi --book`
/// passes [`Book::committed`]), with `nodes` a move instead of the clock when given. End
/// of input ends it with `Ok`; malformed input with [`ContestError::Input`]. A board that is not
/// a position to move in gets `-1 -1` and a line on stderr, as `move` does.
///
/// # Errors
/// Malformed input, or an answer that cannot be written.
pub fn contest(
    input: impl BufRead,
    mut out: impl Write,
    clock: &WallClock,
    nodes: Option<u64>,
    table_entries: usize,
    book: Option<Book<'static>>,
) -> Result<(), ContestError> {
    let mut input = Integers::new(input);
    let colour = match input.next() {
        Next::Int(c) => c,
        Next::End | Next::NotAnInteger => {
            return Err(ContestError::Input(
                "expected the colour (0 or 1) on the first line".into(),
            ));
        }
    };
    if colour != 0 && colour != 1 {
        return Err(ContestError::Input(format!(
            "colour must be 0 or 1, not {colour}"
        )));
    }
    let mut first = vec![Entry::default(); table_entries];
    let mut second = vec![Entry::default(); table_entries];
    let mut session = Session::new([&mut first, &mut second])
        .with_node_limit(nodes)
        .with_book(book);
    loop {
        let mut cells = [[0i32; 8]; 8];
        for (r, row) in cells.iter_mut().enumerate() {
            for (k, cell) in row.iter_mut().enumerate() {
                match input.next() {
                    Next::Int(v) => *cell = v,
                    Next::End if r == 0 && k == 0 => return Ok(()),
                    Next::End | Next::NotAnInteger => {
                        return Err(ContestError::Input(format!(
                            "board row {r}: expected 8 integers"
                        )));
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
                let decision = session.choose(&board, clock);
                match decision.map(|d| d.mv) {
                    Some(Move::Place(sq)) => (i32::from(sq.row().0), i32::from(sq.column().0)),
                    // The board has a legal square (checked above), so the player never passes.
                    Some(Move::Pass) | None => (-1, -1),
                }
            }
        };
        writeln!(out, "{row} {column}")
            .and_then(|()| out.flush())
            .map_err(ContestError::Output)?;
    }
}
