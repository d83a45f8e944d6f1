//! The WTHOR archive of Othello tournament games (the French Othello Federation's format): one
//! file a year of 68-byte game records behind a 16-byte header, and the player (`WTH.JOU`) and
//! tournament (`WTH.TRN`) name lists. Every game is replayed under duel's rules; a bad file or
//! move is one error line naming the file, the game and the ply.
//!
//! The archive is outside data: users fetch it (the README says where) and give the trainer its
//! folder. Each game carries its real final score and a *theoretical* score, black's discs with
//! perfect play from the header's depth (24 empties) on, which labels every position before that
//! depth with the value of the game as it went on.

use duel_core::Colour;
use duel_core::bitboard::Bitboard;
use duel_core::reversi::{Board, Move, Square};
use std::path::{Path, PathBuf};

/// Bytes of a file's header.
pub const HEADER_BYTES: usize = 16;
/// Bytes of one game record.
pub const GAME_BYTES: usize = 68;
/// Bytes of one player name record of `WTH.JOU`.
pub const PLAYER_BYTES: usize = 20;
/// Bytes of one tournament name record of `WTH.TRN`.
pub const TOURNAMENT_BYTES: usize = 26;
/// The most moves a record holds (60 squares).
pub const MAX_MOVES: usize = 60;

/// A file's header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The date the file was made: year (century × 100 + year), month, day.
    pub made: (u16, u8, u8),
    /// Game records that follow (game files).
    pub games: u32,
    /// Name records that follow (`.JOU` and `.TRN` files).
    pub records: u16,
    /// The year of the games.
    pub year: u16,
    /// The empties from which the theoretical score is perfect play.
    pub depth: u8,
}

impl Header {
    /// Parses the first [`HEADER_BYTES`] of `bytes`.
    ///
    /// # Errors
    /// Fewer than 16 bytes, or a board size other than 8×8.
    pub fn parse(bytes: &[u8]) -> Result<Header, String> {
        let h = bytes
            .get(..HEADER_BYTES)
            .ok_or_else(|| format!("a header of {HEADER_BYTES} bytes, found {}", bytes.len()))?;
        if h[12] != 0 && h[12] != 8 {
            return Err(format!("board size {} (only 8x8 games are read)", h[12]));
        }
        Ok(Header {
            made: (u16::from(h[0]) * 100 + u16::from(h[1]), h[2], h[3]),
            games: u32::from_le_bytes([h[4], h[5], h[6], h[7]]),
            records: u16::from_le_bytes([h[8], h[9]]),
            year: u16::from_le_bytes([h[10], h[11]]),
            depth: h[14],
        })
    }

    /// The header's 16 bytes (the inverse of [`Header::parse`]; board size 8, game type 0).
    pub fn to_bytes(&self) -> [u8; HEADER_BYTES] {
        let mut h = [0u8; HEADER_BYTES];
        h[0] = (self.made.0 / 100) as u8;
        h[1] = (self.made.0 % 100) as u8;
        h[2] = self.made.1;
        h[3] = self.made.2;
        h[4..8].copy_from_slice(&self.games.to_le_bytes());
        h[8..10].copy_from_slice(&self.records.to_le_bytes());
        h[10..12].copy_from_slice(&self.year.to_le_bytes());
        h[12] = 8;
        h[14] = self.depth;
        h
    }
}

/// One game record, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The tournament's number in `WTH.TRN`.
    pub tournament: u16,
    /// Black's number in `WTH.JOU`.
    pub black: u16,
    /// White's number in `WTH.JOU`.
    pub white: u16,
    /// Black's discs at the end of the game as played.
    pub real: u8,
    /// Black's discs with perfect play from the header's depth on.
    pub theoretical: u8,
    /// The moves (passes are not written), up to the first 0.
    pub moves: Vec<Square>,
}

impl Record {
    /// Parses one [`GAME_BYTES`]-byte record; a move byte is `10 × row + column`, both 1–8.
    ///
    /// # Errors
    /// A wrong length, or a move byte that names no square (as `move N: byte B`).
    pub fn parse(bytes: &[u8]) -> Result<Record, String> {
        if bytes.len() != GAME_BYTES {
            return Err(format!(
                "a record of {GAME_BYTES} bytes, found {}",
                bytes.len()
            ));
        }
        let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
        let mut moves = Vec::with_capacity(MAX_MOVES);
        for (n, &b) in bytes[8..].iter().enumerate() {
            if b == 0 {
                break;
            }
            let (row, column) = (b / 10, b % 10);
            if !(1..=8).contains(&row) || !(1..=8).contains(&column) {
                return Err(format!("move {}: byte {b} names no square", n + 1));
            }
            moves.push(Square::new((row - 1) * 8 + column - 1).expect("row and column below 8"));
        }
        Ok(Record {
            tournament: u16_at(0),
            black: u16_at(2),
            white: u16_at(4),
            real: bytes[6],
            theoretical: bytes[7],
            moves,
        })
    }

    /// The record's 68 bytes (the inverse of [`Record::parse`] for at most 60 moves).
    pub fn to_bytes(&self) -> [u8; GAME_BYTES] {
        let mut r = [0u8; GAME_BYTES];
        r[0..2].copy_from_slice(&self.tournament.to_le_bytes());
        r[2..4].copy_from_slice(&self.black.to_le_bytes());
        r[4..6].copy_from_slice(&self.white.to_le_bytes());
        r[6] = self.real;
        r[7] = self.theoretical;
        for (slot, sq) in r[8..].iter_mut().zip(&self.moves) {
            *slot = (sq.row().0 + 1) * 10 + sq.column().0 + 1;
        }
        r
    }

    /// Black's margin (discs ahead, the empty squares counted as the solver counts them) of the
    /// theoretical score: `2 × theoretical − 64`.
    pub fn theoretical_margin(&self) -> i32 {
        2 * i32::from(self.theoretical) - 64
    }

    /// The game replayed from the archive's [`start`]: the position before each move (a side
    /// without a legal square passes, as the format leaves out), and the last position.
    ///
    /// # Errors
    /// `ply P: <square> is illegal` for a move the rules refuse, or a move after the game ended.
    pub fn replay(&self) -> Result<Replay, String> {
        let mut board = start();
        let mut before = Vec::with_capacity(self.moves.len());
        for (ply, &sq) in self.moves.iter().enumerate() {
            if !board.has_move() && !board.is_over() {
                board = board.pass();
            }
            let next = board
                .play(Move::Place(sq))
                .map_err(|_| format!("ply {}: {sq} is illegal", ply + 1))?;
            before.push(board);
            board = next;
        }
        if !board.has_move() && !board.is_over() {
            board = board.pass();
        }
        Ok(Replay {
            before,
            last: board,
        })
    }
}

/// The archive's start position: white on d4 and e5, black on d5 and e4, black to move (the
/// contest's start, [`Board::start`], mirrored top to bottom).
pub fn start() -> Board {
    let (d4, e5, d5, e4) = (27, 36, 35, 28);
    Board::from_colours(
        Bitboard((1 << d5) | (1 << e4)),
        Bitboard((1 << d4) | (1 << e5)),
        Colour::Black,
    )
    .expect("the four start squares are distinct")
}

/// A game replayed: each position where a move was played, and where the record stops.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The position before each recorded move, its side to move the mover.
    pub before: Vec<Board>,
    /// The position after the last move (a side that must pass has passed).
    pub last: Board,
}

impl Replay {
    /// Whether the record plays the game to its end (neither side can move).
    pub fn finished(&self) -> bool {
        self.last.is_over()
    }
}

/// Margin for the side to move in `board` of a margin for black.
pub fn for_mover(board: &Board, black_margin: i32) -> i32 {
    match board.to_move() {
        Colour::Black => black_margin,
        Colour::White => -black_margin,
    }
}

/// A game file read whole: its header and every record, in order.
#[derive(Clone, Debug)]
pub struct GameFile {
    /// The file's header.
    pub header: Header,
    /// Its games.
    pub records: Vec<Record>,
}

impl GameFile {
    /// Parses a game file's bytes; `name` prefixes every error.
    ///
    /// # Errors
    /// One line: `<name>: <what>`, or `<name>: game G: <what>` for a bad record.
    pub fn parse(name: &str, bytes: &[u8]) -> Result<GameFile, String> {
        let header = Header::parse(bytes).map_err(|e| format!("{name}: {e}"))?;
        let body = &bytes[HEADER_BYTES..];
        let want = header.games as usize;
        if body.len() < want.saturating_mul(GAME_BYTES) {
            return Err(format!(
                "{name}: the header says {want} games, the file holds {} bytes of records \
                 ({} games)",
                body.len(),
                body.len() / GAME_BYTES
            ));
        }
        let records = body
            .chunks_exact(GAME_BYTES)
            .take(want)
            .enumerate()
            .map(|(g, r)| Record::parse(r).map_err(|e| format!("{name}: game {}: {e}", g + 1)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(GameFile { header, records })
    }

    /// Reads and parses the game file at `path`.
    ///
    /// # Errors
    /// The file cannot be read, or [`GameFile::parse`]'s errors, naming the path.
    pub fn read(path: &Path) -> Result<GameFile, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        GameFile::parse(&path.display().to_string(), &bytes)
    }
}

/// The names of a `WTH.JOU` (`record` = [`PLAYER_BYTES`]) or `WTH.TRN` ([`TOURNAMENT_BYTES`])
/// file: NUL-padded Latin-1, in record order.
///
/// # Errors
/// The file cannot be read, or holds fewer records than its header says.
pub fn read_names(path: &Path, record: usize) -> Result<Vec<String>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let header = Header::parse(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    let body = &bytes[HEADER_BYTES..];
    let want = usize::from(header.records);
    if body.len() < want * record {
        return Err(format!(
            "{}: the header says {want} names, the file holds {}",
            path.display(),
            body.len() / record
        ));
    }
    Ok(body
        .chunks_exact(record)
        .take(want)
        .map(|r| {
            let end = r.iter().position(|&b| b == 0).unwrap_or(r.len());
            r[..end].iter().map(|&b| char::from(b)).collect()
        })
        .collect())
}

/// The game files of an archive folder (`*.wtb`, any case), sorted by name (so by year).
///
/// # Errors
/// The folder cannot be read, or holds no game file.
pub fn game_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("wtb")))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(format!("{}: no WTHOR game file (*.wtb)", dir.display()));
    }
    Ok(files)
}

/// One game of an archive: its record, its replay, and its file's theoretical-score depth.
#[derive(Clone, Debug)]
pub struct ArchiveGame {
    /// The record as stored.
    pub record: Record,
    /// The game replayed.
    pub replay: Replay,
    /// The empties from which its theoretical score is perfect play (its file's header).
    pub depth: u8,
}

/// Every game of the archive folder `dir`, in file then record order (a game's index in this
/// list is its index in the archive), each replayed.
///
/// # Errors
/// The first unreadable file, bad record or illegal move, as one line naming the file, the game
/// (1-based within its file) and the ply.
pub fn read_archive(dir: &Path) -> Result<Vec<ArchiveGame>, String> {
    let mut out = Vec::new();
    for path in game_files(dir)? {
        let file = GameFile::read(&path)?;
        let depth = file.header.depth;
        for (g, record) in file.records.into_iter().enumerate() {
            let replay = record
                .replay()
                .map_err(|e| format!("{}: game {}: {e}", path.display(), g + 1))?;
            out.push(ArchiveGame {
                record,
                replay,
                depth,
            });
        }
    }
    Ok(out)
}
