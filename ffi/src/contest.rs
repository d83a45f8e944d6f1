//! The Reversi contest's `move`, behind the C++ shim: the process's
//! [`duel_core::reversi::Session`] (its games, each with a table and the contest's 10 seconds
//! of thinking spread over the whole game) kept between calls.

use crate::clock::WallClock;
use crate::result::DuelResult;
use crate::reversi::{contest_board, row_column};
use duel_core::Entry;
use duel_core::reversi::Session;
use duel_core::reversi::session::{GAMES, TABLE_ENTRIES};
use std::io::Write;
use std::sync::Mutex;

/// The environment variable that, set to a positive integer N, makes `move` search at most N
/// nodes a move and read no clock (reproducible play for tests, as `reversi --nodes N`). Read
/// once, at the first call; anything else (unset, 0, not a number) leaves the contest's clock.
const NODES_VARIABLE: &str = "DUEL_CONTEST_NODES";

/// The games of this process (created at the first call, with their tables).
static STATE: Mutex<Option<Session<'static>>> = Mutex::new(None);

/// A session over [`GAMES`] tables of [`TABLE_ENTRIES`], which live as long as the process.
fn new_session() -> Session<'static> {
    let tables: [&'static mut [Entry]; GAMES] =
        std::array::from_fn(|_| Vec::leak(vec![Entry::default(); TABLE_ENTRIES]));
    let nodes = std::env::var(NODES_VARIABLE)
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .filter(|&n| n > 0);
    Session::new(tables).with_node_limit(nodes)
}

/// Called by the shim's `move(a, c, row, column)`. On any invalid input, or a failure inside,
/// it leaves -1/-1 and writes one line to stderr: `move` has no other error channel.
///
/// With the environment variable `DUEL_CONTEST_NODES` set to a positive integer N (read at
/// the first call), every move searches at most N nodes and reads no clock, as
/// `reversi --nodes N` does: reproducible play for tests.
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

/// One contest call: validates the board and hands it to the process's [`Session`], which
/// finds its game by the position, gives duel's player what is left of that game's thinking
/// time (it spends this move's share of it) and charges the time taken; returns (row, column).
///
/// Thread safety: calls are serialised by one lock (the C++ and Java entry points share it),
/// and a call's thinking time is counted from when it holds the lock, so waiting for another
/// caller is never charged to this one's clock. `move` is not re-entrant from inside itself
/// (nothing in duel calls back).
pub(crate) fn contest_move(cells: &[i32; 64], colour: i32) -> Result<(i32, i32), DuelResult> {
    let position = contest_board(cells, colour)?;
    let mut state = STATE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let started = WallClock::start();
    let session = state.get_or_insert_with(new_session);
    let decision = session.choose(&position, &started);
    row_column(decision).ok_or(DuelResult::NoLegalMove)
}
