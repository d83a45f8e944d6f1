//! [`Book`]: an opening book, the positions of a tree of openings with the move to play in each
//! and its value, as `reversi-book` (`grader/train`) builds them by self-play and deep searches.
//!
//! A position is stored once for its eight symmetric images: under the least of them
//! ([`canonical`]), with the move as a square of that image. A record is
//! [`RECORD_BYTES`] bytes: the side to move's discs and the other side's (little-endian
//! `u64`s), the square (0..64, row-major from a1), and the value for the side to move in
//! hundredths of a disc (little-endian `i16`). Records are sorted by discs, so a lookup is a
//! binary search and nothing is allocated or decoded.

use super::board::{Board, Move, Square};
use super::pattern::view;

/// Bytes a record takes: two bitboards, a square and a value.
pub const RECORD_BYTES: usize = 8 + 8 + 1 + 2;

/// The symmetries of the board ([`view`]'s eight).
const VIEWS: usize = 8;

/// The committed book (`reversi-book build`, see `grader/train/src/book.rs` for the command).
static COMMITTED: &[u8] = include_bytes!("book.bin");

/// An opening book over its records' bytes.
#[derive(Clone, Copy, Debug)]
pub struct Book<'a> {
    records: &'a [u8],
}

/// The book's answer for a position: the move and its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move to play (a legal square of the position looked up).
    pub mv: Move,
    /// Its value for the side to move, in hundredths of a disc (the midgame score's unit).
    pub centidiscs: i16,
}

/// One record of a book, in the canonical image of its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Record {
    /// The side to move's discs.
    pub player: u64,
    /// The other side's discs.
    pub opponent: u64,
    /// The square to play, 0..64.
    pub square: u8,
    /// The value for the side to move, in hundredths of a disc.
    pub centidiscs: i16,
}

impl Record {
    /// The record's bytes, as a book stores them.
    pub fn to_bytes(&self) -> [u8; RECORD_BYTES] {
        let mut out = [0u8; RECORD_BYTES];
        out[..8].copy_from_slice(&self.player.to_le_bytes());
        out[8..16].copy_from_slice(&self.opponent.to_le_bytes());
        out[16] = self.square;
        out[17..].copy_from_slice(&self.centidiscs.to_le_bytes());
        out
    }

    /// The record in `bytes` (exactly [`RECORD_BYTES`] of them; `None` otherwise).
    pub fn from_bytes(bytes: &[u8]) -> Option<Record> {
        let bytes: &[u8; RECORD_BYTES] = bytes.try_into().ok()?;
        let u64_at = |i: usize| {
            let mut b = [0u8; 8];
            b.copy_from_slice(&bytes[i..i + 8]);
            u64::from_le_bytes(b)
        };
        Some(Record {
            player: u64_at(0),
            opponent: u64_at(8),
            square: bytes[16],
            centidiscs: i16::from_le_bytes([bytes[17], bytes[18]]),
        })
    }

    /// The record's position, with black to move (the colour does not change the game's
    /// future).
    pub fn board(&self) -> Board {
        Board::from_relative(
            crate::Bitboard(self.player),
            crate::Bitboard(self.opponent),
            crate::Colour::Black,
        )
    }

    /// The record's move (`Move::Pass` for a square past the board, which no valid book holds).
    pub fn mv(&self) -> Move {
        Square::new(self.square).map_or(Move::Pass, Move::Place)
    }
}

/// Why bytes are not a book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookError {
    /// The length is not a whole number of records.
    Length,
    /// Record `index` is not after the one before it (unsorted or repeated).
    Order(usize),
    /// Record `index` is not canonical, or its move is not a legal square of its position.
    Record(usize),
}

impl core::fmt::Display for BookError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            BookError::Length => write!(f, "not a whole number of {RECORD_BYTES}-byte records"),
            BookError::Order(i) => write!(f, "record {i} is not after the one before it"),
            BookError::Record(i) => {
                write!(
                    f,
                    "record {i} is not a canonical position with a legal move"
                )
            }
        }
    }
}

/// The least of the eight symmetric images of the side-relative discs `(p, o)` (ordered by the
/// player's discs, then the opponent's), and the view ([`view`]'s index) that gives it.
pub fn canonical(p: u64, o: u64) -> (u64, u64, usize) {
    let mut best = (p, o, 0);
    for v in 1..VIEWS {
        let image = (view(p, v), view(o, v));
        if image < (best.0, best.1) {
            best = (image.0, image.1, v);
        }
    }
    best
}

impl Book<'static> {
    /// The book committed with the library (empty if its bytes were ever not a book; a test
    /// checks that they are).
    pub fn committed() -> Book<'static> {
        Book::new(COMMITTED).unwrap_or(Book { records: &[] })
    }
}

impl<'a> Book<'a> {
    /// The book in `bytes`, checked: whole records, sorted and unique, each a canonical
    /// position whose square is legal there.
    ///
    /// # Errors
    /// [`BookError`] names the first fault.
    pub fn new(bytes: &'a [u8]) -> Result<Book<'a>, BookError> {
        if bytes.len() % RECORD_BYTES != 0 {
            return Err(BookError::Length);
        }
        let book = Book { records: bytes };
        let mut previous: Option<(u64, u64)> = None;
        for (i, r) in book.records().enumerate() {
            let key = (r.player, r.opponent);
            if previous.is_some_and(|p| p >= key) {
                return Err(BookError::Order(i));
            }
            previous = Some(key);
            let canonical_key = canonical(r.player, r.opponent);
            let legal = r.square < 64 && r.player & r.opponent == 0 && {
                let board = r.board();
                board.move_mask().0 & (1u64 << r.square) != 0
            };
            if (canonical_key.0, canonical_key.1) != key || !legal {
                return Err(BookError::Record(i));
            }
        }
        Ok(book)
    }

    /// Records in the book.
    pub fn len(&self) -> usize {
        self.records.len() / RECORD_BYTES
    }

    /// Whether the book has no record.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The book's bytes.
    pub fn bytes(&self) -> &'a [u8] {
        self.records
    }

    /// Record `i` (`None` past the end).
    pub fn record(&self, i: usize) -> Option<Record> {
        let start = i.checked_mul(RECORD_BYTES)?;
        Record::from_bytes(self.records.get(start..start.checked_add(RECORD_BYTES)?)?)
    }

    /// Every record, in order.
    pub fn records(&self) -> impl Iterator<Item = Record> + '_ {
        self.records
            .chunks_exact(RECORD_BYTES)
            .filter_map(Record::from_bytes)
    }

    /// The record of the canonical position `(p, o)`, by binary search.
    pub fn find(&self, p: u64, o: u64) -> Option<Record> {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let r = self.record(mid)?;
            match (r.player, r.opponent).cmp(&(p, o)) {
                core::cmp::Ordering::Less => lo = mid + 1,
                core::cmp::Ordering::Greater => hi = mid,
                core::cmp::Ordering::Equal => return Some(r),
            }
        }
        None
    }

    /// The book's move for `board` and its value, when the book holds the position (in any of
    /// its symmetric images); the move is mapped back to `board`'s own orientation and is
    /// always one of its legal squares.
    pub fn lookup(&self, board: &Board) -> Option<BookMove> {
        let (p, o, v) = canonical(board.player().0, board.opponent().0);
        let record = self.find(p, o)?;
        let stored = 1u64.checked_shl(u32::from(record.square))?;
        // The legal square whose image under the view is the stored one.
        let index = board.move_mask().find(|&i| view(1u64 << i, v) == stored)?;
        Some(BookMove {
            mv: Move::Place(Square::new(index as u8)?),
            centidiscs: record.centidiscs,
        })
    }
}
