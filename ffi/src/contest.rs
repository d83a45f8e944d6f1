//! The Reversi contest's `move`, behind the C++ shim: one game's state kept between calls, and
//! the contest's 10 seconds of thinking spread over the whole game.

use crate::clock::WallClock;
use crate::result::DuelResult;
use crate::reversi::{choose, contest_board};
use duel_core::reversi::think_time_millis;
use duel_core::{Budget, Clock, Entry};
use std::io::Write;
use std::sync::Mutex;

/// The contest allows 10 s of thinking a game; this much of it is ours to spend, the rest is
/// margin for the grader's own overhead and clock differences.
const GAME_BUDGET_MICROS: u64 = 8_500_000;

/// Table entries for contest play: 2^21 entries, 32 MiB of the contest's 256 MiB.
const TABLE_ENTRIES: usize = 1 << 21;

/// What persists between calls within one process.
struct Game {
    table: Vec<Entry>,
    /// Thinking time left for this game.
    remaining_micros: u64,
    /// Discs on the board at the previous call: fewer or equal now means a new game began.
    last_discs: u32,
}

static GAME: Mutex<Option<Game>> = Mutex::new(None);

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

/// One contest call: validates the board, spends this move's share of the game's thinking time
/// and returns (row, column). State lives in one process-wide game (the C++ and Java entry
/// points share it; a contest process plays one game).
pub(crate) fn contest_move(cells: &[i32; 64], colour: i32) -> Result<(i32, i32), DuelResult> {
    let started = WallClock::start();
    let position = contest_board(cells, colour)?;
    let discs = cells.iter().filter(|&&v| v != -1).count() as u32;

    let mut slot = GAME.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let game = slot.get_or_insert_with(|| Game {
        table: vec![Entry::default(); TABLE_ENTRIES],
        remaining_micros: GAME_BUDGET_MICROS,
        last_discs: 0,
    });
    if discs <= game.last_discs {
        game.remaining_micros = GAME_BUDGET_MICROS;
        game.table.fill(Entry::default());
    }
    game.last_discs = discs;

    let think_millis = think_time_millis(&position, game.remaining_micros / 1000);
    let mut budget = Budget::until(&started, started.now_micros() + think_millis * 1000);
    let answer = choose(&position, &mut game.table, &mut budget);
    game.remaining_micros = game.remaining_micros.saturating_sub(started.now_micros());
    Ok(answer)
}
