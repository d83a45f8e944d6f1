//! The contest's `input.txt`: side, fruit type count, remaining seconds, then the rows.
//!
//! Errors come in two layers: [`ParseError`] for text that is not the format at all, and
//! [`BoardError`] for a well-formed box that cannot occur in a game; [`InputError`] holds
//! either. Lines may end in `\n` or `\r\n`; the last line may lack its end.

use super::board::{Board, BoardError, MAX_SIZE};
use core::fmt;

/// The format is broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The first line is not a side 1..=26.
    BadSize,
    /// The second line is not a fruit type count 1..=10.
    BadKinds,
    /// The third line is not a positive, finite number of seconds.
    BadTime,
    /// The input ends before the box's last row (1-based row count given).
    MissingRows {
        /// How many rows were present.
        found: u8,
    },
    /// A row does not have `side` cells.
    RowLength {
        /// The row, 1 = top.
        row: u8,
    },
    /// A cell is neither a digit nor `*`.
    BadCharacter {
        /// The row, 1 = top.
        row: u8,
        /// The column, 1 = leftmost.
        column: u8,
    },
    /// Something other than blank lines follows the box.
    TrailingText,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BadSize => f.write_str("line 1 must be the box side, an integer 1 to 26"),
            Self::BadKinds => {
                f.write_str("line 2 must be the number of fruit types, an integer 1 to 10")
            }
            Self::BadTime => {
                f.write_str("line 3 must be the remaining time, a positive number of seconds")
            }
            Self::MissingRows { found } => write!(f, "the box ends after {found} rows"),
            Self::RowLength { row } => write!(f, "row {row} does not have one cell per column"),
            Self::BadCharacter { row, column } => {
                write!(f, "row {row} column {column} is neither a digit nor '*'")
            }
            Self::TrailingText => f.write_str("text follows the last row of the box"),
        }
    }
}

impl core::error::Error for ParseError {}

/// `input.txt` cannot be played from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputError {
    /// The text is not in the contest format.
    Parse(ParseError),
    /// The box is well-formed but impossible.
    Board(BoardError),
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Parse(e) => write!(f, "malformed input: {e}"),
            Self::Board(e) => write!(f, "impossible box: {e}"),
        }
    }
}

impl core::error::Error for InputError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            Self::Parse(e) => Some(e),
            Self::Board(e) => Some(e),
        }
    }
}

impl From<ParseError> for InputError {
    fn from(e: ParseError) -> Self {
        Self::Parse(e)
    }
}

impl From<BoardError> for InputError {
    fn from(e: BoardError) -> Self {
        Self::Board(e)
    }
}

/// A parsed `input.txt`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Input {
    /// The box (lead zero: the input does not give the scores).
    pub board: Board,
    /// The declared number of fruit types (any digit is accepted whatever it says).
    pub kinds: u8,
    /// The mover's remaining time, in seconds: positive and finite.
    pub seconds: f64,
}

impl Input {
    /// The remaining time in whole microseconds (saturating).
    pub fn remaining_micros(&self) -> u64 {
        let micros = self.seconds * 1e6;
        if micros >= u64::MAX as f64 {
            u64::MAX
        } else {
            micros as u64
        }
    }
}

/// Lines without their `\n` or `\r\n` end.
fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l))
}

/// Reads an `input.txt`.
///
/// # Errors
/// [`InputError::Parse`] for broken text, [`InputError::Board`] for an impossible box
/// (fruit floating above an empty cell, no fruit at all).
pub fn parse_input(text: &str) -> Result<Input, InputError> {
    let mut lines = lines(text);
    let size: usize = lines
        .next()
        .and_then(|l| l.trim().parse().ok())
        .filter(|n| (1..=MAX_SIZE).contains(n))
        .ok_or(ParseError::BadSize)?;
    let kinds: u8 = lines
        .next()
        .and_then(|l| l.trim().parse().ok())
        .filter(|p| (1..=10).contains(p))
        .ok_or(ParseError::BadKinds)?;
    let seconds: f64 = lines
        .next()
        .and_then(|l| l.trim().parse().ok())
        .filter(|s: &f64| s.is_finite() && *s > 0.0)
        .ok_or(ParseError::BadTime)?;
    let mut rows = [[0u8; MAX_SIZE]; MAX_SIZE];
    for (r, row) in rows.iter_mut().enumerate().take(size) {
        let line = lines
            .next()
            .ok_or(ParseError::MissingRows { found: r as u8 })?;
        let bytes = line.as_bytes();
        if bytes.is_empty() && lines_done(text, r) {
            return Err(ParseError::MissingRows { found: r as u8 }.into());
        }
        if bytes.len() != size {
            return Err(ParseError::RowLength { row: r as u8 + 1 }.into());
        }
        for (c, &b) in bytes.iter().enumerate() {
            if !(b.is_ascii_digit() || b == b'*') {
                return Err(ParseError::BadCharacter {
                    row: r as u8 + 1,
                    column: c as u8 + 1,
                }
                .into());
            }
            row[c] = b;
        }
    }
    if lines.any(|l| !l.trim().is_empty()) {
        return Err(ParseError::TrailingText.into());
    }
    let board = Board::from_fn(size, |r, c| match rows[r.index()][c.index()] {
        b'*' => None,
        d => Some(d.wrapping_sub(b'0')),
    })?;
    Ok(Input {
        board,
        kinds,
        seconds,
    })
}

/// Whether the text holds no more than `3 + rows` lines with content (the input ended).
fn lines_done(text: &str, rows: usize) -> bool {
    lines(text).skip(3 + rows).all(|l| l.is_empty())
}
