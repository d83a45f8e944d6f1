//! The contest's board format: n rows of n bytes `0`, `1` and `.`, with layered errors.

use super::board::Board;
use super::{MAX_EMPTIES, MAX_SIZE};
use core::fmt;

/// A row that is not n bytes of `0`, `1` and `.`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowError {
    /// A byte other than `0`, `1` and `.`, at 0-based column `column`.
    BadCharacter {
        /// The 0-based column of the byte.
        column: u8,
        /// The byte found.
        byte: u8,
    },
    /// A row of `found` bytes on a board of side `expected`.
    WrongLength {
        /// The row's length in bytes.
        found: usize,
        /// The board's side.
        expected: u8,
    },
}

/// "cell" or "cells".
const fn cells(count: usize) -> &'static str {
    if count == 1 { "cell" } else { "cells" }
}

/// Writes a byte for a message: `'x'` when printable ASCII, `byte 0xNN` otherwise.
struct ShowByte(u8);

impl fmt::Display for ShowByte {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_ascii_graphic() || self.0 == b' ' {
            write!(f, "'{}'", self.0 as char)
        } else {
            write!(f, "byte 0x{:02x}", self.0)
        }
    }
}

impl fmt::Display for RowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            RowError::BadCharacter { column, byte } => write!(
                f,
                "column {column} holds {}, expected '0', '1' or '.'",
                ShowByte(byte)
            ),
            RowError::WrongLength { found, expected } => {
                write!(f, "{found} {}, expected {expected}", cells(found))
            }
        }
    }
}

impl core::error::Error for RowError {}

/// A board whose rows are well formed but whose position breaks the contest's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The counts allow no player to move: there must be as many `0`s as `1`s (player 0 to
    /// move) or one more `0` (player 1 to move).
    Counts {
        /// The number of `0`s.
        zeros: u32,
        /// The number of `1`s.
        ones: u32,
    },
    /// No cell is empty.
    NoEmpty,
    /// More than [`MAX_EMPTIES`] cells are empty.
    TooManyEmpties {
        /// The number of empty cells.
        empties: u32,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PositionError::Counts { zeros, ones } => write!(
                f,
                "{zeros} zeros and {ones} ones: there must be as many 0s as 1s, or one more 0"
            ),
            PositionError::NoEmpty => write!(f, "no empty cell"),
            PositionError::TooManyEmpties { empties } => {
                write!(f, "{empties} empty cells, at most {MAX_EMPTIES}")
            }
        }
    }
}

impl core::error::Error for PositionError {}

/// Why a board could not be read: its size, one of its rows, or its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// A side outside 1..=8.
    Size {
        /// The side asked for.
        size: usize,
    },
    /// A malformed row (0-based `row`).
    Row {
        /// The 0-based row.
        row: u8,
        /// What is wrong with it.
        error: RowError,
    },
    /// Fewer rows than the side.
    MissingRows {
        /// The rows given.
        found: u8,
        /// The side.
        expected: u8,
    },
    /// More rows than the side.
    ExtraRow {
        /// The side.
        expected: u8,
    },
    /// Well-formed rows, but a position the rules do not allow.
    Position(PositionError),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseError::Size { size } => write!(f, "board size {size} is outside 1..{MAX_SIZE}"),
            ParseError::Row {
                row,
                error: RowError::WrongLength { found, expected },
            } => {
                write!(
                    f,
                    "row {row} has {found} {}, expected {expected}",
                    cells(found)
                )
            }
            ParseError::Row { row, error } => write!(f, "row {row}, {error}"),
            ParseError::MissingRows { found, expected } => {
                write!(f, "{found} rows given, expected {expected}")
            }
            ParseError::ExtraRow { expected } => write!(f, "more than {expected} rows"),
            ParseError::Position(error) => write!(f, "{error}"),
        }
    }
}

impl core::error::Error for ParseError {}

impl From<PositionError> for ParseError {
    fn from(error: PositionError) -> Self {
        ParseError::Position(error)
    }
}

/// Reads a board row by row, as a stream parser meets them.
///
/// # Examples
/// ```
/// use duel_core::stake::{BoardBuilder, Mark};
///
/// let mut builder = BoardBuilder::new(2).unwrap();
/// builder.push_row(b"0.").unwrap();
/// builder.push_row(b"1.").unwrap();
/// let board = builder.finish().unwrap();
/// assert_eq!(board.to_move(), Mark::Zero);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct BoardBuilder {
    size: u8,
    rows: u8,
    zeros: u64,
    ones: u64,
}

impl BoardBuilder {
    /// A builder for an n×n board.
    ///
    /// # Errors
    /// [`ParseError::Size`] unless `size` is 1..=8.
    pub const fn new(size: usize) -> Result<Self, ParseError> {
        if size == 0 || size > MAX_SIZE {
            return Err(ParseError::Size { size });
        }
        Ok(Self {
            size: size as u8,
            rows: 0,
            zeros: 0,
            ones: 0,
        })
    }

    /// The board's side.
    pub const fn size(&self) -> usize {
        self.size as usize
    }

    /// The rows read so far.
    pub const fn rows(&self) -> usize {
        self.rows as usize
    }

    /// Whether every row has been read.
    pub const fn is_complete(&self) -> bool {
        self.rows == self.size
    }

    /// Reads the next row: exactly n bytes of `0`, `1` and `.` (column 0 first).
    ///
    /// # Errors
    /// [`ParseError::ExtraRow`] when every row was read already; [`ParseError::Row`] for a
    /// row of the wrong length or with another byte (the builder is unchanged).
    pub fn push_row(&mut self, row: &[u8]) -> Result<(), ParseError> {
        if self.is_complete() {
            return Err(ParseError::ExtraRow {
                expected: self.size,
            });
        }
        let fail = |error| ParseError::Row {
            row: self.rows,
            error,
        };
        if row.len() != self.size() {
            return Err(fail(RowError::WrongLength {
                found: row.len(),
                expected: self.size,
            }));
        }
        let (mut zeros, mut ones) = (0u64, 0u64);
        for (col, &byte) in row.iter().enumerate() {
            let bit = 1u64 << ((self.rows as usize * 8 + col) & 63);
            match byte {
                b'0' => zeros |= bit,
                b'1' => ones |= bit,
                b'.' => {}
                _ => {
                    return Err(fail(RowError::BadCharacter {
                        column: col as u8,
                        byte,
                    }));
                }
            }
        }
        self.zeros |= zeros;
        self.ones |= ones;
        self.rows += 1;
        Ok(())
    }

    /// The board, once every row is read.
    ///
    /// # Errors
    /// [`ParseError::MissingRows`] before the last row; [`ParseError::Position`] when the
    /// counts allow no player to move, or when no cell or more than [`MAX_EMPTIES`] cells are
    /// empty (checked in that order).
    pub const fn finish(&self) -> Result<Board, ParseError> {
        if !self.is_complete() {
            return Err(ParseError::MissingRows {
                found: self.rows,
                expected: self.size,
            });
        }
        let (zeros, ones) = (self.zeros.count_ones(), self.ones.count_ones());
        if zeros != ones && zeros != ones + 1 {
            return Err(ParseError::Position(PositionError::Counts { zeros, ones }));
        }
        let empties = (self.size as u32) * (self.size as u32) - zeros - ones;
        if empties == 0 {
            return Err(ParseError::Position(PositionError::NoEmpty));
        }
        if empties > MAX_EMPTIES as u32 {
            return Err(ParseError::Position(PositionError::TooManyEmpties {
                empties,
            }));
        }
        Ok(Board::from_parts(self.size, self.zeros, self.ones))
    }
}

impl Board {
    /// A board from its n rows (n = `rows.len()`), each n bytes of `0`, `1` and `.`.
    ///
    /// # Errors
    /// [`ParseError`]: a side outside 1..=8, a malformed row (the first one), or a position
    /// the rules do not allow.
    pub fn from_rows<R: AsRef<[u8]>>(rows: &[R]) -> Result<Self, ParseError> {
        let mut builder = BoardBuilder::new(rows.len())?;
        for row in rows {
            builder.push_row(row.as_ref())?;
        }
        builder.finish()
    }
}
