//! The position: bitboards of both sides and the blocked cells, the side to move, the rule
//! set and its counters; FEN reading and writing.

use super::square::{FULL, Square, SquareIter, dilate, neighbours, pop, reach, ring};
use crate::Colour;
use crate::bitboard::Bitboard;
use crate::coord::{Column, Row};
use core::fmt;

/// Which rules decide when the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// Botzone's judge: no passes; after every move the game ends when a side has no pieces or
    /// EITHER side has no move (the empty cells then go to the side that can still move), or
    /// after [`PLY_LIMIT`] plies. (The repetition rule needs the game's history: see
    /// [`super::History`].)
    Botzone,
    /// Standard Ataxx: a side with no move passes; the game ends when a side has no pieces,
    /// when no piece can reach an empty cell, or (drawn) after 100 plies without a copy or a
    /// capture.
    Standard,
}

/// The Botzone game ends after this many plies.
pub const PLY_LIMIT: u16 = 401;
/// Standard rules: plies without a copy or capture that draw the game.
pub const HALFMOVE_LIMIT: u16 = 100;

/// Why a FEN could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    /// The board field does not describe 7 rows of 7 cells of `x`, `o`, `-` and digits.
    Board,
    /// The side field is not `x` or `o`.
    Side,
    /// A counter is not a number in range.
    Counter,
    /// Fields are missing or there are too many.
    Fields,
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseFenError::Board => "fen board is not 7 rows of 7 cells",
            ParseFenError::Side => "fen side to move is not x or o",
            ParseFenError::Counter => "fen move counter is not a number in range",
            ParseFenError::Fields => "fen has missing or extra fields",
        })
    }
}

impl core::error::Error for ParseFenError {}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMoveError {
    /// The game is already over.
    GameOver,
    /// The move is not among the legal moves of the position.
    NotLegal,
    /// The game history is full (it cannot be, for a legal Botzone game).
    HistoryFull,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMoveError::GameOver => "the game is over",
            IllegalMoveError::NotLegal => "illegal move",
            IllegalMoveError::HistoryFull => "game history is full",
        })
    }
}

impl core::error::Error for IllegalMoveError {}

/// An Ataxx position. Small and `Copy`: playing a move returns a new board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub(crate) black: Bitboard,
    pub(crate) white: Bitboard,
    pub(crate) blocked: Bitboard,
    pub(crate) side: Colour,
    pub(crate) rules: Rules,
    /// Plies since the last copy or capture (standard rules).
    pub(crate) halfmove: u16,
    /// Plies played since the position the board was made from started (Botzone limit).
    pub(crate) ply: u16,
    /// The FEN full-move number.
    pub(crate) fullmove: u16,
}

impl Board {
    /// The start position: black on (0,0) and (6,6), white on (6,0) and (0,6), black to move.
    pub const fn start(rules: Rules) -> Self {
        let black = Bitboard(1u64 | (1u64 << 48));
        let white = Bitboard((1u64 << 6) | (1u64 << 42));
        Board {
            black,
            white,
            blocked: Bitboard::EMPTY,
            side: Colour::Black,
            rules,
            halfmove: 0,
            ply: 0,
            fullmove: 1,
        }
    }

    /// A position from the sets of black's, white's and blocked cells (cells outside the
    /// board and overlaps are dropped: black wins over white, blocked over both), with
    /// counters at zero.
    pub const fn from_bitboards(
        black: Bitboard,
        white: Bitboard,
        blocked: Bitboard,
        side: Colour,
        rules: Rules,
    ) -> Self {
        let blocked = blocked.intersection(FULL);
        let black = black.intersection(FULL).without(blocked);
        let white = white.intersection(FULL).without(blocked).without(black);
        Board {
            black,
            white,
            blocked,
            side,
            rules,
            halfmove: 0,
            ply: 0,
            fullmove: 1,
        }
    }

    /// Reads a FEN: rows from row 0 (the top, rank 7) down, `x` black, `o` white, `-` blocked,
    /// digits count empty cells; then the side (`x`/`o`) and optionally the half-move clock and
    /// the full-move number. Under Botzone rules the ply count is derived from the full-move
    /// number and the side.
    pub fn from_fen(fen: &str, rules: Rules) -> Result<Self, ParseFenError> {
        let mut fields = fen.split_ascii_whitespace();
        let rows = fields.next().ok_or(ParseFenError::Fields)?;
        let (mut black, mut white, mut blocked) =
            (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
        let mut y = 0u8;
        for row in rows.split('/') {
            if y >= 7 {
                return Err(ParseFenError::Board);
            }
            let mut x = 0u8;
            for c in row.bytes() {
                match c {
                    b'1'..=b'7' => x = x.saturating_add(c - b'0'),
                    b'x' | b'X' | b'o' | b'O' | b'-' => {
                        let sq = Square::at(Row(y), Column(x)).ok_or(ParseFenError::Board)?;
                        match c {
                            b'x' | b'X' => black |= sq.bit(),
                            b'o' | b'O' => white |= sq.bit(),
                            _ => blocked |= sq.bit(),
                        }
                        x += 1;
                    }
                    _ => return Err(ParseFenError::Board),
                }
                if x > 7 {
                    return Err(ParseFenError::Board);
                }
            }
            if x != 7 {
                return Err(ParseFenError::Board);
            }
            y += 1;
        }
        if y != 7 {
            return Err(ParseFenError::Board);
        }
        let side = match fields.next() {
            Some("x" | "X" | "b" | "B") => Colour::Black,
            Some("o" | "O" | "w" | "W") => Colour::White,
            Some(_) => return Err(ParseFenError::Side),
            None => return Err(ParseFenError::Fields),
        };
        let mut counter = |default: u16| match fields.next() {
            None => Ok(default),
            Some(text) => text.parse::<u16>().map_err(|_| ParseFenError::Counter),
        };
        // Any counter a board can hold (they saturate at u16::MAX) reads back, so that every
        // printed FEN parses.
        let halfmove = counter(0)?;
        let fullmove = counter(1)?.max(1);
        if fields.next().is_some() {
            return Err(ParseFenError::Fields);
        }
        let ply = (fullmove - 1)
            .saturating_mul(2)
            .saturating_add(u16::from(side == Colour::White));
        Ok(Board {
            black,
            white,
            blocked,
            side,
            rules,
            halfmove,
            ply,
            fullmove,
        })
    }

    /// The FEN of this position (`Display`).
    pub fn fen(&self) -> Fen<'_> {
        Fen(self)
    }

    /// The pieces of `colour`.
    #[inline]
    pub const fn pieces(&self, colour: Colour) -> Bitboard {
        match colour {
            Colour::Black => self.black,
            Colour::White => self.white,
        }
    }

    /// The blocked cells.
    #[inline]
    pub const fn blocked(&self) -> Bitboard {
        self.blocked
    }

    /// The empty cells.
    #[inline]
    pub const fn empty(&self) -> Bitboard {
        FULL.without(self.black.union(self.white).union(self.blocked))
    }

    /// The side to move.
    #[inline]
    pub const fn side(&self) -> Colour {
        self.side
    }

    /// The rule set.
    #[inline]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// Plies since the last copy or capture.
    pub const fn halfmove(&self) -> u16 {
        self.halfmove
    }

    /// Plies played (Botzone counts the limit with it).
    pub const fn ply(&self) -> u16 {
        self.ply
    }

    /// The side to move's pieces and the opponent's.
    #[inline]
    pub(crate) const fn own_opp(&self) -> (Bitboard, Bitboard) {
        match self.side {
            Colour::Black => (self.black, self.white),
            Colour::White => (self.white, self.black),
        }
    }

    /// Whether `pieces` can reach an empty cell.
    #[inline]
    pub(crate) const fn can_move(&self, pieces: Bitboard) -> bool {
        reach(pieces).intersects(self.empty())
    }

    /// Whether the game is over (no legal move, not even a pass).
    pub fn is_over(&self) -> bool {
        if self.black.is_empty() || self.white.is_empty() {
            return true;
        }
        match self.rules {
            Rules::Botzone => {
                self.ply >= PLY_LIMIT || !self.can_move(self.black) || !self.can_move(self.white)
            }
            Rules::Standard => {
                self.halfmove >= HALFMOVE_LIMIT || !self.can_move(self.black | self.white)
            }
        }
    }

    /// The final piece difference for the side to move (positive: it won), or `None` while the
    /// game goes on. A side without pieces loses by the other's count; on Botzone a side that
    /// can still move takes the empty cells; a standard game drawn by the move clock is 0.
    pub fn final_margin(&self) -> Option<i32> {
        if !self.is_over() {
            return None;
        }
        let (own, opp) = self.own_opp();
        let (mut own_n, mut opp_n) = (pop(own), pop(opp));
        if !own.is_empty() && !opp.is_empty() {
            match self.rules {
                Rules::Botzone => {
                    let empties = pop(self.empty());
                    match (self.can_move(own), self.can_move(opp)) {
                        (true, false) => own_n += empties,
                        (false, true) => opp_n += empties,
                        _ => {}
                    }
                }
                Rules::Standard => {
                    if self.halfmove >= HALFMOVE_LIMIT && self.can_move(own | opp) {
                        return Some(0);
                    }
                }
            }
        }
        Some(own_n - opp_n)
    }

    /// A source for a move to `to` in Botzone form: for a copy, the lowest-indexed own piece
    /// next to `to` (any would do).
    pub fn botzone_move(&self, mv: Move) -> BotzoneMove {
        match mv {
            Move::Single(to) => {
                let (own, _) = self.own_opp();
                match SquareIter(neighbours(to) & own).next() {
                    Some(from) => BotzoneMove::between(from, to),
                    None => BotzoneMove::NONE,
                }
            }
            Move::Double(from, to) => BotzoneMove::between(from, to),
            Move::Pass => BotzoneMove::NONE,
        }
    }

    /// The move a Botzone `x0 y0 x1 y1` names, if it is legal here.
    pub fn parse_botzone(&self, bm: BotzoneMove) -> Result<Move, IllegalMoveError> {
        if self.is_over() {
            return Err(IllegalMoveError::GameOver);
        }
        let (from, to) = bm.squares().map_err(|_| IllegalMoveError::NotLegal)?;
        let (own, _) = self.own_opp();
        if !own.intersects(from.bit()) || !self.empty().intersects(to.bit()) {
            return Err(IllegalMoveError::NotLegal);
        }
        Move::from_squares(from, to).map_err(|_| IllegalMoveError::NotLegal)
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        if self.is_over() {
            return false;
        }
        let (own, _) = self.own_opp();
        let empty = self.empty();
        match mv {
            Move::Single(to) => (dilate(own) & empty).intersects(to.bit()),
            Move::Double(from, to) => {
                own.intersects(from.bit()) && empty.intersects(to.bit()) && from.distance(to) == 2
            }
            Move::Pass => self.rules == Rules::Standard && !self.can_move(own),
        }
    }

    /// The position after `mv`, checked.
    pub fn play(&self, mv: Move) -> Result<Board, IllegalMoveError> {
        if self.is_over() {
            return Err(IllegalMoveError::GameOver);
        }
        if !self.is_legal(mv) {
            return Err(IllegalMoveError::NotLegal);
        }
        Ok(self.play_unchecked(mv))
    }

    /// The pieces right after `mv` is placed (a jump's source emptied) but before captures:
    /// `(black, white)`. This is what the Botzone repetition rule compares.
    #[inline]
    pub fn placed(&self, mv: Move) -> (Bitboard, Bitboard) {
        let (mut own, opp) = self.own_opp();
        match mv {
            Move::Single(to) => own |= to.bit(),
            Move::Double(from, to) => own = own.without(from.bit()) | to.bit(),
            Move::Pass => {}
        }
        match self.side {
            Colour::Black => (own, opp),
            Colour::White => (opp, own),
        }
    }

    /// The position after `mv` without checking it (see [`Board::play`] for the checked one);
    /// an illegal move gives some valid board, never a panic.
    #[inline]
    pub fn play_unchecked(&self, mv: Move) -> Board {
        let (mut own, mut opp) = self.own_opp();
        let mut reset = false;
        match mv {
            Move::Single(to) => {
                own |= to.bit();
                let caps = neighbours(to) & opp;
                own |= caps;
                opp = opp.without(caps);
                reset = true;
            }
            Move::Double(from, to) => {
                own = own.without(from.bit()) | to.bit();
                let caps = neighbours(to) & opp;
                own |= caps;
                opp = opp.without(caps);
                reset = !caps.is_empty();
            }
            Move::Pass => {}
        }
        let mut next = *self;
        match self.side {
            Colour::Black => (next.black, next.white) = (own, opp.without(own)),
            Colour::White => (next.white, next.black) = (own, opp.without(own)),
        }
        next.side = self.side.other();
        next.halfmove = if reset {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        next.ply = self.ply.saturating_add(1);
        if self.side == Colour::White {
            next.fullmove = self.fullmove.saturating_add(1);
        }
        next
    }

    /// The number of legal moves (a forced pass counts as one), without listing them.
    pub fn move_count(&self) -> u64 {
        if self.is_over() {
            return 0;
        }
        let (own, _) = self.own_opp();
        let empty = self.empty();
        let mut n = u64::from((dilate(own) & empty).len());
        for from in SquareIter(own) {
            n += u64::from((ring(from) & empty).len());
        }
        if n == 0 { 1 } else { n }
    }

    /// The legal moves, best-looking first: by captures, copies before jumps at equal gain.
    /// Empty exactly when the game is over; a lone [`Move::Pass`] under standard rules when
    /// the side to move is stuck.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.is_over() {
            return list;
        }
        let (own, opp) = self.own_opp();
        let empty = self.empty();
        // The empty cells in reach, layered by how many opponent pieces a move there
        // captures. A copy gains 1 + captures, a jump its captures; the list comes out by
        // descending gain, a copy before a jump of equal gain.
        let mut layers = [Bitboard::EMPTY; 9];
        for to in SquareIter(reach(own) & empty) {
            let captures = pop(neighbours(to) & opp) as usize;
            if let Some(layer) = layers.get_mut(captures) {
                *layer |= to.bit();
            }
        }
        let singles = dilate(own) & empty;
        for gain in (0..=9usize).rev() {
            if let Some(&layer) = gain.checked_sub(1).and_then(|c| layers.get(c)) {
                for to in SquareIter(layer & singles) {
                    list.push(Move::Single(to));
                }
            }
            if let Some(&layer) = layers.get(gain) {
                if !layer.is_empty() {
                    for from in SquareIter(own) {
                        for to in SquareIter(ring(from) & layer) {
                            list.push(Move::Double(from, to));
                        }
                    }
                }
            }
        }
        if list.is_empty() {
            list.push(Move::Pass);
        }
        list
    }

    /// The legal moves in generation order (copies by destination, then jumps by source),
    /// unsorted: for tools and tests.
    pub fn legal_moves_unordered(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.is_over() {
            return list;
        }
        let (own, _) = self.own_opp();
        let empty = self.empty();
        for to in SquareIter(dilate(own) & empty) {
            list.push(Move::Single(to));
        }
        for from in SquareIter(own) {
            for to in SquareIter(ring(from) & empty) {
                list.push(Move::Double(from, to));
            }
        }
        if list.is_empty() {
            list.push(Move::Pass);
        }
        list
    }
}

/// The most legal moves a position can have: 49 copy destinations, plus at most one jump per
/// unordered pair of cells two apart (240 pairs on a 7×7 board: a jump needs one end own and
/// the other empty, so a pair gives at most one jump); a pass is alone.
pub const MAX_MOVES: usize = 49 + 240;

/// A list of Ataxx moves, sized for the worst case.
pub type MoveList = crate::game::MoveList<Move, MAX_MOVES>;

use super::moves::{BotzoneMove, Move};

/// A board's FEN, for printing.
pub struct Fen<'a>(&'a Board);

impl fmt::Display for Fen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = self.0;
        for y in 0..7u8 {
            if y > 0 {
                f.write_str("/")?;
            }
            let mut run = 0u8;
            for x in 0..7u8 {
                let bit = Square::at(Row(y), Column(x)).map_or(Bitboard::EMPTY, Square::bit);
                let c = if b.black.intersects(bit) {
                    'x'
                } else if b.white.intersects(bit) {
                    'o'
                } else if b.blocked.intersects(bit) {
                    '-'
                } else {
                    run += 1;
                    continue;
                };
                if run > 0 {
                    write!(f, "{run}")?;
                    run = 0;
                }
                write!(f, "{c}")?;
            }
            if run > 0 {
                write!(f, "{run}")?;
            }
        }
        let side = if b.side == Colour::Black { 'x' } else { 'o' };
        write!(f, " {side} {} {}", b.halfmove, b.fullmove)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::fmt::Write;

    /// A FEN printed into a fixed buffer (the core names no allocation, tests included).
    struct Text {
        bytes: [u8; 96],
        len: usize,
    }

    impl Write for Text {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            let end = self.len + s.len();
            self.bytes
                .get_mut(self.len..end)
                .ok_or(fmt::Error)?
                .copy_from_slice(s.as_bytes());
            self.len = end;
            Ok(())
        }
    }

    impl Text {
        fn of(board: &Board) -> Text {
            let mut text = Text {
                bytes: [0; 96],
                len: 0,
            };
            write!(text, "{}", board.fen()).unwrap();
            text
        }
        fn as_str(&self) -> &str {
            core::str::from_utf8(&self.bytes[..self.len]).unwrap()
        }
    }

    /// Found by the `ataxx_fen` fuzz target: a move from a FEN with a half-move clock of 1000
    /// printed a clock of 1001, which the parser refused.
    #[test]
    fn every_printed_fen_reads_back_whatever_its_counters() {
        let board = Board::from_fen("x5o/7/7/7/7/7/o5x o 1000", Rules::Botzone).unwrap();
        // White's jump g7-e7 neither copies nor captures: the clock goes on.
        let next = board.play(Move::parse_uai("g7e7").unwrap()).unwrap();
        let printed = Text::of(&next);
        assert!(
            printed.as_str().ends_with(" x 1001 2"),
            "{}",
            printed.as_str()
        );
        let again = Board::from_fen(printed.as_str(), Rules::Botzone).unwrap();
        assert_eq!(Text::of(&again).as_str(), printed.as_str());
        let top = Board::from_fen("x5o/7/7/7/7/7/o5x o 65535 65535", Rules::Standard).unwrap();
        assert_eq!(top.ply(), u16::MAX);
        let printed = Text::of(&top.play_unchecked(Move::Pass));
        assert_eq!(printed.as_str(), "x5o/7/7/7/7/7/o5x x 65535 65535");
        assert_eq!(
            Board::from_fen("x5o/7/7/7/7/7/o5x o 65536", Rules::Standard),
            Err(ParseFenError::Counter)
        );
    }
}
