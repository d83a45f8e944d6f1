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
//! the program saw them; an estimated count is written `~COUNT`), read and appended under an
//! exclusive lock, and cut to the last [`KEEP`] boards when it grows past twice that. Several
//! games may share it: a board follows only boards of its own game, since the unowned cells of
//! another game's boards differ (until only a few cells are left free, when the count hardly
//! matters). A missing file is an empty one; an unreadable line is skipped; a file that cannot
//! be used costs only the count.

use std::io::{Read, Seek, SeekFrom, Write};
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
    /// estimate from the cells owned; or two moves after a board whose count was estimated.
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

/// One stored board: its grid and its count when it was answered.
struct Stored {
    count: Count,
    grid: Grid,
}

/// A side that owns at most this many cells and follows no remembered board is taken to be at
/// its first board: it owns its start region, which on ten colours is rarely larger.
pub const START_CELLS: u32 = 4;

/// A board's count when the file could not be used, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unkept {
    /// The count from the board alone, as from an empty file.
    pub count: Count,
    /// Why the file could not be read or written, as a one-line message naming it.
    pub reason: String,
}

/// The moves played on `board` (read from the protocol as `grid`, its move limit set), from
/// the boards stored in `path`; and `grid` stored there with that count. The file is read and
/// written once, under an exclusive lock, so games sharing it lose no board.
///
/// The count is two more than that of the remembered board `board` follows with the most cells
/// owned (the latest of its game); else, owning at most [`START_CELLS`], the first-board guess;
/// else the table's estimate. Never above the move limit less one. The file is cut to the last
/// [`KEEP`] boards when it holds more than twice as many.
///
/// # Errors
/// The file cannot be opened, locked, read or written: the count from the board alone, and the
/// reason.
pub fn recall(path: &Path, grid: &Grid, board: &Board) -> Result<Count, Unkept> {
    // A failure's error, carrying the count known when it failed.
    let unkept = |count: Count| {
        move |e: std::io::Error| Unkept {
            count,
            reason: format!("{}: {e}", path.display()),
        }
    };
    let alone = count_in("", board);
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(unkept(alone))?;
    // Released when `file` is closed, also if the process dies.
    file.lock().map_err(unkept(alone))?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes).map_err(unkept(alone))?;
    let text = String::from_utf8_lossy(&bytes);
    let count = count_in(&text, board);
    let mut line = format_line(grid, count);
    if !text.is_empty() && !text.ends_with('\n') {
        line.insert(0, '\n');
    }
    let lines = text.lines().count() + 1;
    let write = if lines > 2 * KEEP {
        let kept: String = text
            .lines()
            .skip(lines - KEEP)
            .flat_map(|l| [l, "\n"])
            .chain([line.trim_start()])
            .collect();
        file.set_len(0)
            .and_then(|()| file.seek(SeekFrom::Start(0)))
            .and_then(|_| file.write_all(kept.as_bytes()))
    } else {
        file.seek(SeekFrom::End(0))
            .and_then(|_| file.write_all(line.as_bytes()))
    };
    write.map_err(unkept(count))?;
    Ok(count)
}

/// The count of `board` from the boards of `text`, the file's contents (see [`recall`]).
fn count_in(text: &str, board: &Board) -> Count {
    let owned = |b: &Board| b.own().count() + b.opponent().count();
    let mut best: Option<(u32, Count)> = None;
    for line in text.lines() {
        let Some(r) = parse(line) else { continue };
        let earlier = Board::from_grid(&r.grid);
        if !follows(&earlier, board) {
            continue;
        }
        let cells = owned(&earlier);
        if best.is_none_or(|(o, _)| cells >= o) {
            best = Some((cells, r.count));
        }
    }
    let last = board.move_limit().saturating_sub(1);
    let after = |c: Count| c.moves().saturating_add(2).min(last);
    match best {
        Some((_, c @ Count::Estimated(_))) => Count::Estimated(after(c)),
        Some((_, c)) => Count::Remembered(after(c)),
        None if board.own().count() <= START_CELLS => {
            Count::First(first_moves_played(board).min(last))
        }
        None => Count::Estimated(estimate_moves_played(board)),
    }
}

/// `grid` and its `count` as a line of the file: `COUNT SIZE DIGITS\n`, `~COUNT` if estimated.
fn format_line(grid: &Grid, count: Count) -> String {
    let n = grid.size();
    let mark = if count.is_known() { "" } else { "~" };
    let mut line = format!("{mark}{} {n} ", count.moves());
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
    let first = fields.next()?;
    let count = match first.strip_prefix('~') {
        Some(estimated) => Count::Estimated(estimated.parse().ok()?),
        None => Count::Remembered(first.parse().ok()?),
    };
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
    Some(Stored { count, grid })
}
