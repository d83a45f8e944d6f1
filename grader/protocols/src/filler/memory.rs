//! `filler --memory FILE`: the move count from the boards the program saw before.
//!
//! The contest restarts the program every move and its board shows no move count, which the
//! engine needs at 15×15 and 20×20, where the move limit ends most games. A program allowed to
//! keep a file between moves can count: every board it answers is stored with its count, and
//! the next board of the same game [`follows`] the last one stored, two moves on (its
//! own and the opponent's). The first board of a game follows none; its count is 0 or 1
//! ([`first_moves_played`]).
//!
//! The file is plain text, one board a line (`COUNT SIZE DIGITS`, the colours row by row as
//! the program saw them), appended with one write each, and cut to the last [`KEEP`] boards
//! when it grows past twice that. Several games may share it: a board follows only boards of
//! its own game, since the unowned cells of another game's boards differ (until only a few
//! cells are left free, when the count hardly matters). A missing file is
//! an empty one; an unreadable line is skipped; a file that cannot be written costs only the
//! count of the next move.

use std::io::Write;
use std::path::Path;

use duel_core::filler::tempo::{estimate_moves_played, first_moves_played, follows};
use duel_core::filler::{Board, Grid};
use duel_core::{Column, Row};

/// The boards the file keeps when it is cut.
pub const KEEP: usize = 256;

/// Where a move count came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// Two moves after a remembered board of the same game: exact.
    Remembered(u8),
    /// The first board of a game (it follows nothing remembered and the reader owns at most
    /// [`START_CELLS`]): 0 or 1, guessed from the territories.
    First(u8),
    /// A board of a game already under way that follows nothing remembered: the table's
    /// estimate from the cells owned.
    Estimated(u8),
}

impl Count {
    /// The moves played, both sides counted.
    pub fn moves(self) -> u8 {
        match self {
            Count::Remembered(n) | Count::First(n) | Count::Estimated(n) => n,
        }
    }

    /// Whether the count is known well enough to search the exact end on it.
    pub fn is_known(self) -> bool {
        !matches!(self, Count::Estimated(_))
    }
}

/// One stored board: its grid and the moves played when it was answered.
struct Stored {
    moves: u8,
    grid: Grid,
}

/// A side that owns at most this many cells and follows no remembered board is taken to be at
/// its first board: it owns its start region, which on ten colours is rarely larger.
pub const START_CELLS: u32 = 4;

/// The moves played on `board` (as read from the protocol, its move limit set), from the
/// boards stored in `path`: two after the remembered board it follows with the most cells owned (the
/// latest of its game); else, owning at most [`START_CELLS`], the first-board guess; else the
/// table's estimate. Never above the move limit less one.
pub fn count(path: &Path, board: &Board) -> Count {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let owned = |b: &Board| b.own().count() + b.opponent().count();
    let mut best: Option<(u32, u8)> = None;
    for line in text.lines() {
        let Some(r) = parse(line) else { continue };
        let earlier = Board::from_grid(&r.grid);
        if follows(&earlier, board) && best.is_none_or(|(o, _)| owned(&earlier) >= o) {
            best = Some((owned(&earlier), r.moves));
        }
    }
    let last = board.move_limit().saturating_sub(1);
    match best {
        Some((_, moves)) => Count::Remembered(moves.saturating_add(2).min(last)),
        None if board.own().count() <= START_CELLS => {
            Count::First(first_moves_played(board).min(last))
        }
        None => Count::Estimated(estimate_moves_played(board)),
    }
}

/// Stores `grid`, answered with `moves` played, in `path`, cutting the file to the last
/// [`KEEP`] boards when it holds more than twice as many.
///
/// # Errors
/// The file cannot be opened, written or replaced, as a one-line message.
pub fn remember(path: &Path, grid: &Grid, moves: u8) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("{}: {e}", path.display());
    let line = format_line(grid, moves);
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(fail)?;
    file.write_all(line.as_bytes()).map_err(fail)?;
    drop(file);
    let text = std::fs::read_to_string(path).map_err(fail)?;
    let lines = text.lines().count();
    if lines > 2 * KEEP {
        let kept: String = text
            .lines()
            .skip(lines - KEEP)
            .flat_map(|l| [l, "\n"])
            .collect();
        let mut name = path.as_os_str().to_owned();
        name.push(format!(".{}.tmp", std::process::id()));
        let temporary = std::path::PathBuf::from(name);
        std::fs::write(&temporary, kept).map_err(fail)?;
        std::fs::rename(&temporary, path).map_err(fail)?;
    }
    Ok(())
}

/// `grid` and `moves` as a line of the file: `COUNT SIZE DIGITS\n`.
fn format_line(grid: &Grid, moves: u8) -> String {
    let n = grid.size();
    let mut line = format!("{moves} {n} ");
    for row in 0..n {
        for column in 0..n {
            let colour = grid
                .colour(Row(row as u8), Column(column as u8))
                .unwrap_or(0);
            line.push(char::from(b'0' + colour));
        }
    }
    line.push('\n');
    line
}

/// A line of the file, or `None` if it is not one.
fn parse(line: &str) -> Option<Stored> {
    let mut fields = line.split_ascii_whitespace();
    let moves = fields.next()?.parse().ok()?;
    let size: usize = fields.next()?.parse().ok()?;
    let digits = fields.next()?.as_bytes();
    if fields.next().is_some() || digits.len() != size.checked_mul(size)? {
        return None;
    }
    let colours: Option<Vec<u8>> = digits
        .iter()
        .map(|&d| d.is_ascii_digit().then(|| d - b'0'))
        .collect();
    let grid = Grid::new(size, &colours?).ok()?;
    Some(Stored { moves, grid })
}
