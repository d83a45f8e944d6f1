//! [`Grid`]: the colours of every cell, as the protocol writes them, and its parser.

use core::fmt;

use super::cells::MAX_SIZE;
use crate::coord::{Column, Row, cells};

/// The number of colours: cells are coloured 0..=9.
pub const COLOURS: usize = 10;

/// A board as the protocol shows it: a side of 1..=20 and the colour of every cell, row by row,
/// the reader's own start cell top-left.
///
/// Its [`fmt::Display`] is the protocol text: the side, then one line of space-separated
/// digits per row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    size: u8,
    colours: [u8; MAX_SIZE * MAX_SIZE],
}

/// Why a side and a list of colours do not make a [`Grid`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridError {
    /// The side is outside 1..=20.
    SizeOutOfRange(usize),
    /// The number of colours is not the side squared.
    WrongCellCount {
        /// The side squared.
        expected: usize,
        /// The number given.
        found: usize,
    },
    /// A colour is above 9.
    ColourOutOfRange(u8),
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GridError::SizeOutOfRange(n) => write!(f, "board size {n} outside 1..=20"),
            GridError::WrongCellCount { expected, found } => {
                write!(f, "expected {expected} cells, found {found}")
            }
            GridError::ColourOutOfRange(c) => write!(f, "colour {c} outside 0..=9"),
        }
    }
}

impl core::error::Error for GridError {}

/// What is wrong with one line of the protocol text (see [`ParseError`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// The input has no board size.
    MissingSize,
    /// The size line is not one decimal number.
    SizeNotANumber,
    /// The size is outside 1..=20.
    SizeOutOfRange(u32),
    /// A board row has the wrong number of cells.
    WrongCellCount {
        /// The board size.
        expected: usize,
        /// The cells on the line.
        found: usize,
    },
    /// A cell is not a single digit 0..=9.
    NotADigit,
    /// The input ends before the last board row.
    MissingRows {
        /// The board size.
        expected: usize,
        /// The rows read.
        found: usize,
    },
    /// Something other than blank lines follows the last board row.
    TrailingData,
}

/// A syntax error in the protocol text: what is wrong and on which line (1-based, counting
/// blank lines).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The 1-based line the error is on (for missing rows: the last line of the input).
    pub line: usize,
    /// What is wrong there.
    pub kind: ParseErrorKind,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match self.kind {
            ParseErrorKind::MissingSize => write!(f, "missing the board size"),
            ParseErrorKind::SizeNotANumber => write!(f, "the board size is not a number"),
            ParseErrorKind::SizeOutOfRange(n) => write!(f, "board size {n} outside 1..=20"),
            ParseErrorKind::WrongCellCount { expected, found } => {
                write!(f, "expected {expected} cells, found {found}")
            }
            ParseErrorKind::NotADigit => write!(f, "a cell is not a colour digit 0..=9"),
            ParseErrorKind::MissingRows { expected, found } => {
                write!(f, "expected {expected} board rows, found {found}")
            }
            ParseErrorKind::TrailingData => write!(f, "unexpected text after the board"),
        }
    }
}

impl core::error::Error for ParseError {}

impl Grid {
    /// A grid of side `size` (1..=20) from `size * size` colours (0..=9), row by row.
    ///
    /// # Errors
    /// [`GridError`] for a size outside 1..=20, a wrong number of colours or a colour above 9.
    pub fn new(size: usize, colours: &[u8]) -> Result<Grid, GridError> {
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(GridError::SizeOutOfRange(size));
        }
        if colours.len() != size * size {
            return Err(GridError::WrongCellCount {
                expected: size * size,
                found: colours.len(),
            });
        }
        let mut grid = Grid {
            size: size as u8,
            colours: [0; MAX_SIZE * MAX_SIZE],
        };
        for (i, &c) in colours.iter().enumerate() {
            if c as usize >= COLOURS {
                return Err(GridError::ColourOutOfRange(c));
            }
            if let Some(slot) = grid.colours.get_mut(i / size * MAX_SIZE + i % size) {
                *slot = c;
            }
        }
        Ok(grid)
    }

    /// Parses the protocol text: a line with the side, then one line per row of
    /// whitespace-separated digits. Blank lines, extra spaces and tabs, CR line ends and a
    /// missing final newline are accepted anywhere.
    ///
    /// # Errors
    /// [`ParseError`] naming the line: no size, a size that is not a number or is outside
    /// 1..=20, a row with the wrong number of cells, a cell that is not one digit, too few rows,
    /// or text after the last row.
    pub fn parse(text: &[u8]) -> Result<Grid, ParseError> {
        let mut grid = Grid {
            size: 0,
            colours: [0; MAX_SIZE * MAX_SIZE],
        };
        let mut size = 0usize;
        let mut rows = 0usize;
        let mut last_line = 0usize;
        for (index, raw) in text.split(|&b| b == b'\n').enumerate() {
            let line = index + 1;
            let mut tokens = raw
                .split(|b| b.is_ascii_whitespace())
                .filter(|t| !t.is_empty())
                .peekable();
            if tokens.peek().is_none() {
                continue;
            }
            last_line = line;
            if size == 0 {
                size = parse_size(tokens).map_err(|kind| ParseError { line, kind })?;
                grid.size = size as u8;
                continue;
            }
            if rows == size {
                return Err(ParseError {
                    line,
                    kind: ParseErrorKind::TrailingData,
                });
            }
            let mut found = 0usize;
            for token in tokens {
                let colour = match token {
                    [d @ b'0'..=b'9'] => d - b'0',
                    _ => {
                        return Err(ParseError {
                            line,
                            kind: ParseErrorKind::NotADigit,
                        });
                    }
                };
                if found < size {
                    if let Some(slot) = grid.colours.get_mut(rows * MAX_SIZE + found) {
                        *slot = colour;
                    }
                }
                found += 1;
            }
            if found != size {
                return Err(ParseError {
                    line,
                    kind: ParseErrorKind::WrongCellCount {
                        expected: size,
                        found,
                    },
                });
            }
            rows += 1;
        }
        if size == 0 {
            return Err(ParseError {
                line: last_line.max(1),
                kind: ParseErrorKind::MissingSize,
            });
        }
        if rows < size {
            return Err(ParseError {
                line: line_count(text),
                kind: ParseErrorKind::MissingRows {
                    expected: size,
                    found: rows,
                },
            });
        }
        Ok(grid)
    }

    /// The side of the board.
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// The colour at `row`, `column`, or `None` off the board.
    pub fn colour(&self, row: Row, column: Column) -> Option<u8> {
        let (row, col) = (row.index(), column.index());
        if row < self.size() && col < self.size() {
            self.colours.get(row * MAX_SIZE + col).copied()
        } else {
            None
        }
    }

    /// Sets the colour at `row`, `column` (ignored off the board or for a colour above 9).
    pub fn set_colour(&mut self, row: Row, column: Column, colour: u8) {
        let (row, col) = (row.index(), column.index());
        if row < self.size() && col < self.size() && (colour as usize) < COLOURS {
            if let Some(slot) = self.colours.get_mut(row * MAX_SIZE + col) {
                *slot = colour;
            }
        }
    }

    /// The grid after the player whose start is top-left chooses `colour`: its territory (the
    /// region of the top-left cell) repainted. The rules' legality is not checked (see
    /// [`super::Board::play`]); the newly reached cells now share the colour, which is how the
    /// territory grows.
    pub fn after_move(&self, colour: super::Move) -> Grid {
        let mut out = *self;
        let own = super::Board::from_grid(self).own();
        for (row, column) in cells(self.size()) {
            if own.contains(row, column) {
                out.set_colour(row, column, colour.colour());
            }
        }
        out
    }

    /// The grid turned by 180°: what the other player reads.
    pub fn rotated(&self) -> Grid {
        let mut out = *self;
        let last = self.size().saturating_sub(1) as u8;
        for (row, column) in cells(self.size()) {
            if let Some(c) = self.colour(Row(last - row.0), Column(last - column.0)) {
                out.set_colour(row, column, c);
            }
        }
        out
    }
}

/// Reads the size line's single number.
fn parse_size<'a>(mut tokens: impl Iterator<Item = &'a [u8]>) -> Result<usize, ParseErrorKind> {
    let token = tokens.next().ok_or(ParseErrorKind::MissingSize)?;
    if tokens.next().is_some() || token.is_empty() || !token.iter().all(u8::is_ascii_digit) {
        return Err(ParseErrorKind::SizeNotANumber);
    }
    let mut n: u32 = 0;
    for &d in token {
        n = n.saturating_mul(10).saturating_add((d - b'0') as u32);
    }
    if (1..=MAX_SIZE as u32).contains(&n) {
        Ok(n as usize)
    } else {
        Err(ParseErrorKind::SizeOutOfRange(n))
    }
}

/// The number of lines of `text` (a final newline does not start a new line); at least 1.
fn line_count(text: &[u8]) -> usize {
    let newlines = text.iter().filter(|&&b| b == b'\n').count();
    let unterminated = usize::from(!text.is_empty() && text.last() != Some(&b'\n'));
    (newlines + unterminated).max(1)
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size();
        writeln!(f, "{n}")?;
        for (row, column) in cells(n) {
            let sep = if column.0 == 0 { "" } else { " " };
            write!(f, "{sep}{}", self.colour(row, column).unwrap_or(0))?;
            if column.index() + 1 == n {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}
