//! Ataxx moves and their two notations: UAI (`f2`, `g1e3`, `0000`) and Botzone
//! (`x0 y0 x1 y1`).

use super::square::Square;
use crate::coord::{Column, Row};
use core::fmt;

/// A move: a copy to an empty neighbour, a jump two cells away, or (standard rules only) a
/// pass.
///
/// A copy names only its destination: every source gives the same position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece is copied onto this empty cell next to one of the mover's pieces.
    Single(Square),
    /// The piece on the first cell jumps to the second, two cells away.
    Double(Square, Square),
    /// No move (standard rules, when the side to move has none but the game goes on).
    #[default]
    Pass,
}

/// Why a move's text could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    /// Not a square name, a pair of them, or `0000`.
    Syntax,
    /// A number is missing, is not an integer, or there are too many.
    Numbers,
    /// A coordinate is off the board.
    OffBoard,
    /// Source and destination are the same cell or more than two cells apart.
    Distance,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseMoveError::Syntax => "move is not a square, two squares or 0000",
            ParseMoveError::Numbers => "move is not four integers x0 y0 x1 y1",
            ParseMoveError::OffBoard => "move coordinate is off the board",
            ParseMoveError::Distance => "move source and destination are not 1 or 2 cells apart",
        })
    }
}

impl core::error::Error for ParseMoveError {}

/// A move as Botzone writes it: source and destination coordinates, `-1` for none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotzoneMove {
    /// Source column.
    pub x0: i32,
    /// Source row.
    pub y0: i32,
    /// Destination column.
    pub x1: i32,
    /// Destination row.
    pub y1: i32,
}

impl BotzoneMove {
    /// `-1 -1 -1 -1`: black's first request, "no move".
    pub const NONE: BotzoneMove = BotzoneMove {
        x0: -1,
        y0: -1,
        x1: -1,
        y1: -1,
    };

    /// Whether this is the all-minus-one "no move".
    pub fn is_none(&self) -> bool {
        *self == Self::NONE
    }

    /// Reads `x0 y0 x1 y1` (whitespace separated integers, nothing else).
    pub fn parse(text: &str) -> Result<Self, ParseMoveError> {
        let mut numbers = [0i32; 4];
        let mut words = text.split_ascii_whitespace();
        for n in numbers.iter_mut() {
            let word = words.next().ok_or(ParseMoveError::Numbers)?;
            *n = word.parse().map_err(|_| ParseMoveError::Numbers)?;
        }
        if words.next().is_some() {
            return Err(ParseMoveError::Numbers);
        }
        let [x0, y0, x1, y1] = numbers;
        Ok(BotzoneMove { x0, y0, x1, y1 })
    }

    /// The squares of this move, `(from, to)`, checking only that both are on the board and
    /// one or two cells apart (legality depends on the board: see
    /// [`super::Board::botzone_move`]).
    pub fn squares(&self) -> Result<(Square, Square), ParseMoveError> {
        let sq = |x: i32, y: i32| {
            let x = u8::try_from(x).map_err(|_| ParseMoveError::OffBoard)?;
            let y = u8::try_from(y).map_err(|_| ParseMoveError::OffBoard)?;
            Square::at(Row(y), Column(x)).ok_or(ParseMoveError::OffBoard)
        };
        let from = sq(self.x0, self.y0)?;
        let to = sq(self.x1, self.y1)?;
        match from.distance(to) {
            1 | 2 => Ok((from, to)),
            _ => Err(ParseMoveError::Distance),
        }
    }

    /// The move from `from` to `to`.
    pub fn between(from: Square, to: Square) -> Self {
        BotzoneMove {
            x0: i32::from(from.column().0),
            y0: i32::from(from.row().0),
            x1: i32::from(to.column().0),
            y1: i32::from(to.row().0),
        }
    }
}

/// Prints `x0 y0 x1 y1`.
impl fmt::Display for BotzoneMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {} {}", self.x0, self.y0, self.x1, self.y1)
    }
}

impl Move {
    /// Reads a UAI move: `f2` (copy), `g1e3` (jump, or a copy written with its source) or
    /// `0000` (pass). A two-square move one cell apart is the copy to its destination.
    pub fn parse_uai(text: &str) -> Result<Self, ParseMoveError> {
        let bytes = text.as_bytes();
        match bytes.len() {
            4 if bytes == b"0000" => Ok(Move::Pass),
            2 => Square::parse_uai(bytes)
                .map(Move::Single)
                .ok_or(ParseMoveError::Syntax),
            4 => {
                let from = Square::parse_uai(&bytes[..2]).ok_or(ParseMoveError::Syntax)?;
                let to = Square::parse_uai(&bytes[2..]).ok_or(ParseMoveError::Syntax)?;
                Move::from_squares(from, to)
            }
            _ => Err(ParseMoveError::Syntax),
        }
    }

    /// The move from `from` to `to`: a copy when one cell apart, a jump when two.
    pub fn from_squares(from: Square, to: Square) -> Result<Self, ParseMoveError> {
        match from.distance(to) {
            1 => Ok(Move::Single(to)),
            2 => Ok(Move::Double(from, to)),
            _ => Err(ParseMoveError::Distance),
        }
    }

    /// The destination cell (`None` for a pass).
    pub fn to(&self) -> Option<Square> {
        match *self {
            Move::Single(to) | Move::Double(_, to) => Some(to),
            Move::Pass => None,
        }
    }
}

/// Prints the UAI form: `f2`, `g1e3`, `0000`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Single(to) => write!(f, "{to}"),
            Move::Double(from, to) => write!(f, "{from}{to}"),
            Move::Pass => f.write_str("0000"),
        }
    }
}
