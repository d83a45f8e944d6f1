//! The Reversi position: side-to-move relative bitboards, moves, passes, the final score, and
//! the contest array and text forms.

use super::bits;
pub use super::score::final_margin;
use crate::Colour;
use crate::bitboard::Bitboard;
use crate::coord::{Column, Row};
use core::fmt;

/// A square of the board, `row * 8 + column`, always below 64. Its name is the column letter
/// (a = column 0) then the row digit (1 = row 0): a1 = (0, 0), b1 = (0, 1), a2 = (1, 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with index `index` (`row * 8 + column`), if below 64.
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at `row`, `column`, if both are below 8.
    pub const fn at(row: Row, column: Column) -> Option<Square> {
        if row.0 < 8 && column.0 < 8 {
            Some(Square(row.0 * 8 + column.0))
        } else {
            None
        }
    }

    /// The index, `row * 8 + column` (0..64).
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The row, 0..8.
    pub const fn row(self) -> Row {
        Row(self.0 / 8)
    }

    /// The column, 0..8.
    pub const fn column(self) -> Column {
        Column(self.0 % 8)
    }

    /// This square as a set of one.
    pub const fn bit(self) -> Bitboard {
        Bitboard(1u64 << (self.0 & 63))
    }

    /// The lowest square of a non-empty bitboard (0 gives a1).
    #[inline]
    pub(crate) const fn lowest(bits: u64) -> Square {
        Square((bits.trailing_zeros() & 63) as u8)
    }

    /// Parses a lowercase or uppercase name such as `a1` or `H8`.
    ///
    /// # Errors
    /// [`ParseMoveError`] when `name` is not a square name.
    pub fn parse(name: &str) -> Result<Square, ParseMoveError> {
        match name.as_bytes() {
            &[c, r] => {
                let column = c.to_ascii_lowercase().wrapping_sub(b'a');
                let row = r.wrapping_sub(b'1');
                Square::at(Row(row), Column(column)).ok_or(ParseMoveError)
            }
            _ => Err(ParseMoveError),
        }
    }

    /// The lowercase name, e.g. `*b"a2"`.
    pub const fn name(self) -> [u8; 2] {
        [b'a' + self.column().0, b'1' + self.row().0]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [c, r] = self.name();
        write!(f, "{}{}", c as char, r as char)
    }
}

/// A Reversi move: a disc on a square, or a pass (legal only when no square is).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Move {
    /// A disc on this square.
    Place(Square),
    /// No legal square: the turn goes to the opponent.
    #[default]
    Pass,
}

impl Move {
    /// Parses a square name (`a1`..`h8`, either case) or `pass`.
    ///
    /// # Errors
    /// [`ParseMoveError`] for anything else.
    pub fn parse(text: &str) -> Result<Move, ParseMoveError> {
        if text.eq_ignore_ascii_case("pass") {
            Ok(Move::Pass)
        } else {
            Square::parse(text).map(Move::Place)
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(sq) => sq.fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// Reversi's forms of a [`Colour`].
impl Colour {
    /// The text letter: `X` black, `O` white.
    pub const fn letter(self) -> u8 {
        match self {
            Colour::Black => b'X',
            Colour::White => b'O',
        }
    }

    /// The contest's number: 1 black, 0 white.
    pub const fn contest_value(self) -> i32 {
        match self {
            Colour::Black => 1,
            Colour::White => 0,
        }
    }
}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMoveError;

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("illegal move")
    }
}

impl core::error::Error for IllegalMoveError {}

/// Text that is neither a square name nor `pass`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseMoveError;

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a square name (a1..h8) or pass")
    }
}

impl core::error::Error for ParseMoveError {}

/// Why a contest array and colour are not a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContestError {
    /// A cell holds a value other than -1 (empty), 0 (white) or 1 (black).
    InvalidCell,
    /// The colour to move is neither 0 (white) nor 1 (black).
    InvalidColour,
    /// The colour to move has no legal move (only from [`Board::from_contest_to_move`]).
    NoLegalMove,
}

impl fmt::Display for ContestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ContestError::InvalidCell => "a cell is not -1, 0 or 1",
            ContestError::InvalidColour => "the colour to move is not 0 or 1",
            ContestError::NoLegalMove => "the colour to move has no legal move",
        })
    }
}

impl core::error::Error for ContestError {}

/// Why a text position does not parse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseBoardError {
    /// Fewer than 64 cells.
    TooShort,
    /// A cell other than `X`, `O` or `-`.
    InvalidCell,
    /// No side to move after the cells (they must be followed by white space and a side).
    MissingSide,
    /// A side to move other than `X` or `O`.
    InvalidSide,
}

impl fmt::Display for ParseBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseBoardError::TooShort => "fewer than 64 cells",
            ParseBoardError::InvalidCell => "a cell is not X, O or -",
            ParseBoardError::MissingSide => "no side to move after the 64 cells",
            ParseBoardError::InvalidSide => "the side to move is not X or O",
        })
    }
}

impl core::error::Error for ParseBoardError {}

/// Two bitboards that share a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverlapError;

impl fmt::Display for OverlapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("black and white discs overlap")
    }
}

impl core::error::Error for OverlapError {}

/// A Reversi position: the discs of the side to move (`player`), of the other side
/// (`opponent`), and the colour to move. A pass swaps the two.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    player: u64,
    opponent: u64,
    to_move: Colour,
}

impl Default for Board {
    fn default() -> Self {
        Board::start()
    }
}

impl Board {
    /// The contest's start position: black on (3,3) and (4,4), white on (3,4) and (4,3), black
    /// to move.
    pub const fn start() -> Board {
        Board {
            player: (1 << 27) | (1 << 36),
            opponent: (1 << 28) | (1 << 35),
            to_move: Colour::Black,
        }
    }

    /// A position from the two colours' bitboards and the colour to move.
    ///
    /// # Errors
    /// [`OverlapError`] when a square holds both colours.
    pub const fn from_colours(
        black: Bitboard,
        white: Bitboard,
        to_move: Colour,
    ) -> Result<Board, OverlapError> {
        if black.intersects(white) {
            return Err(OverlapError);
        }
        let (black, white) = (black.0, white.0);
        Ok(match to_move {
            Colour::Black => Board {
                player: black,
                opponent: white,
                to_move,
            },
            Colour::White => Board {
                player: white,
                opponent: black,
                to_move,
            },
        })
    }

    /// A position from side-relative bitboards; any common squares are given to the player.
    pub const fn from_relative(player: Bitboard, opponent: Bitboard, to_move: Colour) -> Board {
        Board {
            player: player.0,
            opponent: opponent.0 & !player.0,
            to_move,
        }
    }

    /// The discs of the side to move.
    pub const fn player(&self) -> Bitboard {
        Bitboard(self.player)
    }

    /// The discs of the other side.
    pub const fn opponent(&self) -> Bitboard {
        Bitboard(self.opponent)
    }

    /// The colour to move.
    pub const fn to_move(&self) -> Colour {
        self.to_move
    }

    /// The occupied squares.
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.player | self.opponent)
    }

    /// The black discs.
    pub const fn black(&self) -> Bitboard {
        match self.to_move {
            Colour::Black => self.player(),
            Colour::White => self.opponent(),
        }
    }

    /// The white discs.
    pub const fn white(&self) -> Bitboard {
        match self.to_move {
            Colour::Black => self.opponent(),
            Colour::White => self.player(),
        }
    }

    /// The empty squares.
    pub const fn empty(&self) -> Bitboard {
        Bitboard(!(self.player | self.opponent))
    }

    /// The number of empty squares.
    pub const fn empties(&self) -> u32 {
        self.empty().len()
    }

    /// The squares the side to move may play (empty when it must pass or the game is over).
    #[inline]
    pub fn move_mask(&self) -> Bitboard {
        Bitboard(bits::moves(self.player, self.opponent))
    }

    /// Whether the side to move has a square to play (false: it must pass, or the game is over).
    pub fn has_move(&self) -> bool {
        bits::moves(self.player, self.opponent) != 0
    }

    /// Whether the game is over: neither side can move.
    pub fn is_over(&self) -> bool {
        bits::moves(self.player, self.opponent) == 0 && bits::moves(self.opponent, self.player) == 0
    }

    /// The discs a move on `square` would flip (empty: not a legal square).
    pub fn flips(&self, square: Square) -> Bitboard {
        if !self.empty().intersects(square.bit()) {
            return Bitboard::EMPTY;
        }
        Bitboard(bits::flips(
            square.index() as usize,
            self.player,
            self.opponent,
        ))
    }

    /// The final disc difference for the side to move if the game ended now, the empty squares
    /// going to the winner.
    pub const fn final_margin(&self) -> i32 {
        final_margin(self.player, self.opponent)
    }

    /// The position after `mv`.
    ///
    /// # Errors
    /// [`IllegalMoveError`] when `mv` is not legal here (a pass while a square is playable, a
    /// pass at the end of the game, an occupied square, a square that flips nothing).
    pub fn play(&self, mv: Move) -> Result<Board, IllegalMoveError> {
        match mv {
            Move::Pass => {
                if self.has_move() || self.is_over() {
                    Err(IllegalMoveError)
                } else {
                    Ok(self.pass())
                }
            }
            Move::Place(sq) => {
                let f = self.flips(sq);
                if f.is_empty() {
                    Err(IllegalMoveError)
                } else {
                    Ok(self.place(sq.bit().0, f.0))
                }
            }
        }
    }

    /// The position after `mv`, which must be legal; an illegal move gives an unspecified
    /// position (never a panic).
    #[inline]
    pub fn play_unchecked(&self, mv: Move) -> Board {
        match mv {
            Move::Pass => self.pass(),
            Move::Place(sq) => {
                let f = bits::flips(sq.index() as usize, self.player, self.opponent);
                self.place(sq.bit().0, f)
            }
        }
    }

    #[inline]
    const fn place(&self, bit: u64, flips: u64) -> Board {
        Board {
            player: self.opponent ^ flips,
            opponent: (self.player | flips | bit) & !(self.opponent ^ flips),
            to_move: self.to_move.other(),
        }
    }

    /// The same discs with the other side to move.
    pub const fn pass(&self) -> Board {
        Board {
            player: self.opponent,
            opponent: self.player,
            to_move: self.to_move.other(),
        }
    }

    /// A 64-bit hash of the discs (the colour to move does not change the game's future).
    #[inline]
    pub fn hash(&self) -> u64 {
        hash(self.player, self.opponent)
    }

    /// A position from the contest's array (`a[row][column]`: -1 empty, 0 white, 1 black) and
    /// the colour to move `c` (0 white, 1 black). A side without a legal move is accepted here
    /// (see [`Board::from_contest_to_move`]).
    ///
    /// # Errors
    /// [`ContestError::InvalidCell`] or [`ContestError::InvalidColour`].
    pub fn from_contest(a: &[[i32; 8]; 8], c: i32) -> Result<Board, ContestError> {
        let to_move = match c {
            0 => Colour::White,
            1 => Colour::Black,
            _ => return Err(ContestError::InvalidColour),
        };
        let (mut black, mut white) = (0u64, 0u64);
        for (r, row) in a.iter().enumerate() {
            for (col, &v) in row.iter().enumerate() {
                let bit = 1u64 << (r * 8 + col);
                match v {
                    -1 => {}
                    0 => white |= bit,
                    1 => black |= bit,
                    _ => return Err(ContestError::InvalidCell),
                }
            }
        }
        Board::from_colours(Bitboard(black), Bitboard(white), to_move)
            .map_err(|_| ContestError::InvalidCell)
    }

    /// Like [`Board::from_contest`], and also requires a legal square for the side to move
    /// (the contest never asks a side that must pass).
    ///
    /// # Errors
    /// Those of [`Board::from_contest`], and [`ContestError::NoLegalMove`].
    pub fn from_contest_to_move(a: &[[i32; 8]; 8], c: i32) -> Result<Board, ContestError> {
        let board = Board::from_contest(a, c)?;
        if board.has_move() {
            Ok(board)
        } else {
            Err(ContestError::NoLegalMove)
        }
    }

    /// The contest's array of this position (-1 empty, 0 white, 1 black).
    pub fn to_contest(&self) -> [[i32; 8]; 8] {
        let mut a = [[-1; 8]; 8];
        let (black, white) = (self.black().0, self.white().0);
        for (r, row) in a.iter_mut().enumerate() {
            for (col, cell) in row.iter_mut().enumerate() {
                let bit = 1u64 << (r * 8 + col);
                if black & bit != 0 {
                    *cell = 1;
                } else if white & bit != 0 {
                    *cell = 0;
                }
            }
        }
        a
    }

    /// A position from 64 cells (`X` black, `O` white, `-` empty; index `row * 8 + column`) and
    /// the side to move.
    ///
    /// # Errors
    /// [`ParseBoardError::TooShort`] when `cells` is not exactly 64 bytes long,
    /// [`ParseBoardError::InvalidCell`] for any other byte.
    pub fn from_text(cells: &[u8], to_move: Colour) -> Result<Board, ParseBoardError> {
        if cells.len() != 64 {
            return Err(ParseBoardError::TooShort);
        }
        let (mut black, mut white) = (0u64, 0u64);
        for (i, &c) in cells.iter().enumerate() {
            match c {
                b'X' | b'x' | b'*' => black |= 1 << i,
                b'O' | b'o' => white |= 1 << i,
                b'-' | b'.' => {}
                _ => return Err(ParseBoardError::InvalidCell),
            }
        }
        Board::from_colours(Bitboard(black), Bitboard(white), to_move)
            .map_err(|_| ParseBoardError::InvalidCell)
    }

    /// Parses `<64 cells> <X|O>` at the start of `line` (leading white space allowed); whatever
    /// follows the side letter is ignored, so FFO `.obf` and `.txt` lines parse as they are.
    ///
    /// # Errors
    /// A [`ParseBoardError`] saying what is wrong.
    pub fn parse_text(line: &str) -> Result<Board, ParseBoardError> {
        let bytes = line.trim_start().as_bytes();
        let cells = bytes.get(..64).ok_or(ParseBoardError::TooShort)?;
        if cells.iter().any(|c| c.is_ascii_whitespace()) {
            return Err(ParseBoardError::TooShort);
        }
        let rest = bytes.get(64..).unwrap_or(&[]);
        let side_at = rest.iter().position(|c| !c.is_ascii_whitespace());
        let side = match side_at {
            Some(0) => return Err(ParseBoardError::MissingSide),
            Some(i) => rest.get(i).copied().unwrap_or(b' '),
            None => return Err(ParseBoardError::MissingSide),
        };
        let to_move = match side {
            b'X' | b'x' | b'*' => Colour::Black,
            b'O' | b'o' => Colour::White,
            _ => return Err(ParseBoardError::InvalidSide),
        };
        Board::from_text(cells, to_move)
    }

    /// Writes the 64 cells (`X`, `O`, `-`) into `out`; the side to move is
    /// `self.to_move().letter()`.
    pub fn write_text(&self, out: &mut [u8; 64]) {
        let (black, white) = (self.black().0, self.white().0);
        for (i, cell) in out.iter_mut().enumerate() {
            let bit = 1u64 << i;
            *cell = if black & bit != 0 {
                b'X'
            } else if white & bit != 0 {
                b'O'
            } else {
                b'-'
            };
        }
    }
}

impl fmt::Display for Board {
    /// The 64 cells, a space, and the side to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut cells = [0u8; 64];
        self.write_text(&mut cells);
        for &c in &cells {
            write!(f, "{}", c as char)?;
        }
        write!(f, " {}", self.to_move.letter() as char)
    }
}

/// A fast 64-bit mix of two bitboards (multiply, xor-shift).
#[inline]
pub const fn hash(p: u64, o: u64) -> u64 {
    let mut h = p.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ o.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(31);
    h ^= h >> 29;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^ (h >> 32)
}

/// Whether a position whose occupied squares are `now` can come later in the same game as one
/// whose occupied squares were `earlier`: discs are never removed, and every move adds one. (How
/// the contest's `move`, which is told no game, finds the game a board belongs to.)
pub const fn follows(earlier: Bitboard, now: Bitboard) -> bool {
    let (earlier, now) = (earlier.0, now.0);
    earlier != 0 && now & earlier == earlier && now != earlier
}

/// A list of Reversi moves. The worst case of legal moves in one position is 33; 64 leaves
/// room for anything.
pub type MoveList = crate::game::MoveList<Move, 64>;

impl crate::Game for Board {
    type Move = Move;
    type MoveList = MoveList;

    fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let mut m = bits::moves(self.player, self.opponent);
        if m == 0 {
            if bits::moves(self.opponent, self.player) != 0 {
                list.push(Move::Pass);
            }
            return list;
        }
        while m != 0 {
            list.push(Move::Place(Square::lowest(m)));
            m &= m - 1;
        }
        list
    }

    #[inline]
    fn play_unchecked(&self, mv: Move) -> Board {
        Board::play_unchecked(self, mv)
    }

    fn outcome(&self) -> Option<crate::Score> {
        if self.is_over() {
            Some(super::score::outcome_score(self.final_margin()))
        } else {
            None
        }
    }

    #[inline]
    fn hash(&self) -> u64 {
        Board::hash(self)
    }

    fn move_key(mv: Move) -> u16 {
        match mv {
            Move::Place(sq) => sq.index() as u16,
            Move::Pass => 64,
        }
    }
}
