//! The Reversi contest's `move`, behind the C++ shim: one game's state kept between calls, and
//! the contest's 10 seconds of thinking spread over the whole game.

use crate::clock::WallClock;
use crate::result::DuelResult;
use crate::reversi::{contest_board, row_column};
use duel_core::reversi::{Player, follows};
use duel_core::{Bitboard, Budget, Clock, Entry, Player as _, TimeUse};
use std::io::Write;
use std::sync::Mutex;

/// The contest allows 10 s of thinking a game; this much of it is ours to spend, the rest is
/// margin for the grader's own overhead and clock differences.
const GAME_BUDGET_MICROS: u64 = 8_500_000;

/// Table entries for contest play: 2^21 entries, 32 MiB of the contest's 256 MiB.
const TABLE_ENTRIES: usize = 1 << 21;

/// Games `move` tells apart at once: a process that plays two games through it, one after
/// the other or interleaved, keeps a table and a clock for each.
const GAMES: usize = 2;

/// One game's state between calls.
struct Game {
    table: Vec<Entry>,
    /// Thinking time left for this game.
    remaining_micros: u64,
    /// The squares occupied at this game's previous call.
    occupied: Bitboard,
}

impl Game {
    fn new() -> Self {
        Self {
            table: vec![Entry::default(); TABLE_ENTRIES],
            remaining_micros: GAME_BUDGET_MICROS,
            occupied: Bitboard::EMPTY,
        }
    }

    /// Whether a position with `occupied` squares can follow this game's last one.
    fn continues_with(&self, occupied: Bitboard) -> bool {
        follows(self.occupied, occupied)
    }
}

/// The games of this process; the most recently played first.
static STATE: Mutex<Vec<Game>> = Mutex::new(Vec::new());

/// Called by the shim's `move(a, c, row, column)`. On any invalid input, or a failure inside,
/// it leaves -1/-1 and writes one line to stderr: `move` has no other error channel.
///
/// # Safety
/// `board` must be null or point to 64 readable ints; `row` and `column` null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn duel_contest_move(
    board: *const i32,
    colour: i32,
    row: *mut i32,
    column: *mut i32,
) {
    let result = std::panic::catch_unwind(|| {
        // SAFETY: the caller's promise about `board`.
        let cells = unsafe { crate::reversi::read_cells(board) }.ok_or(DuelResult::NullPointer)?;
        contest_move(&cells, colour)
    });
    let (r, c) = match result.unwrap_or(Err(DuelResult::Panic)) {
        Ok(rc) => rc,
        Err(code) => {
            let _ = writeln!(
                std::io::stderr(),
                "duel: move: {}",
                code.message().to_string_lossy()
            );
            (-1, -1)
        }
    };
    // SAFETY: each pointer is checked for null; the caller promises the rest.
    unsafe {
        if !row.is_null() {
            crate::memory::write_int(row, r);
        }
        if !column.is_null() {
            crate::memory::write_int(column, c);
        }
    }
}

/// One contest call: validates the board, finds its game by the position (the game whose last
/// position it can follow; otherwise a new game, replacing the least recently played one when
/// [`GAMES`] are kept), gives duel's [`Player`] what is left of that game's thinking time (it
/// spends this move's share of it) and returns (row, column).
///
/// Thread safety: calls are serialised by one lock (the C++ and Java entry points share it),
/// and a call's thinking time is counted from when it holds the lock, so waiting for another
/// caller is never charged to this one's clock. `move` is not re-entrant from inside itself
/// (nothing in duel calls back).
pub(crate) fn contest_move(cells: &[i32; 64], colour: i32) -> Result<(i32, i32), DuelResult> {
    let position = contest_board(cells, colour)?;
    let occupied = position.occupied();

    let mut games = STATE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let started = WallClock::start();
    let index = match games.iter().position(|g| g.continues_with(occupied)) {
        Some(i) => i,
        None => {
            if games.len() < GAMES {
                games.push(Game::new());
            }
            let last = games.len() - 1;
            let game = &mut games[last];
            game.remaining_micros = GAME_BUDGET_MICROS;
            game.table.fill(Entry::default());
            last
        }
    };
    // The game being played moves to the front; the least recently played is at the back.
    games[..=index].rotate_right(1);
    let game = &mut games[0];
    game.occupied = occupied;

    let mut budget = Budget::until(&started, started.now_micros() + game.remaining_micros);
    let decision = Player::new(&mut game.table, TimeUse::WholeGame).choose(&position, &mut budget);
    game.remaining_micros = game.remaining_micros.saturating_sub(started.now_micros());
    row_column(decision).ok_or(DuelResult::NoLegalMove)
}

#[cfg(test)]
mod tests {
    use super::Game;
    use duel_core::Bitboard;

    #[test]
    fn a_position_continues_a_game_only_when_it_keeps_every_disc_and_adds_one() {
        let mut game = Game {
            table: Vec::new(),
            remaining_micros: 0,
            occupied: Bitboard(0b0111),
        };
        assert!(game.continues_with(Bitboard(0b1111)));
        assert!(!game.continues_with(Bitboard(0b0111)), "no disc added");
        assert!(!game.continues_with(Bitboard(0b1011)), "a disc removed");
        game.occupied = Bitboard::EMPTY;
        assert!(
            !game.continues_with(Bitboard(0b1)),
            "a fresh slot continues nothing"
        );
    }
}
