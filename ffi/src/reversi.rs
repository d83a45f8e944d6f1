//! The C API for Reversi: `duel_reversi_move` and `duel_reversi_move_in`.

use crate::memory::{read_int, write_int};
use crate::play::{decide, in_workspace, per_move};
use crate::result::{DuelResult, guard};
use crate::workspace;
use duel_core::Limits;
use duel_core::reversi::{Board, ContestError, Move, Player};
use duel_core::{Decision, Entry, TimeUse};

/// Transposition-table entries of the variant that allocates: 2^20 entries, 16 MiB.
const DEFAULT_TABLE_ENTRIES: usize = 1 << 20;

/// The board of a contest call, validated: cells -1/0/1, colour 0/1, and a legal move to make.
pub(crate) fn contest_board(cells: &[i32; 64], colour: i32) -> Result<Board, DuelResult> {
    let mut rows = [[0i32; 8]; 8];
    for (row, chunk) in rows.iter_mut().zip(cells.chunks_exact(8)) {
        row.copy_from_slice(chunk);
    }
    Board::from_contest_to_move(&rows, colour).map_err(|e| match e {
        ContestError::InvalidCell => DuelResult::InvalidCell,
        ContestError::InvalidColour => DuelResult::InvalidColour,
        ContestError::NoLegalMove => DuelResult::NoLegalMove,
    })
}

/// The (row, column) a decision places its disc on; `None` for a pass, or no decision, which
/// a board checked by [`contest_board`] (the side to move has a legal square) never gives.
pub(crate) fn row_column(decision: Option<Decision<Move>>) -> Option<(i32, i32)> {
    match decision?.mv {
        Move::Place(square) => Some((i32::from(square.row().0), i32::from(square.column().0))),
        Move::Pass => None,
    }
}

/// Asks `player` about `board` within `limits` and writes its move through `row` and `column`.
///
/// # Safety
/// `row` and `column` must be non-null and writable.
unsafe fn answer(
    player: &mut Player<'_>,
    board: &Board,
    limits: Limits,
    row: *mut i32,
    column: *mut i32,
) -> DuelResult {
    let Some((r, c)) = row_column(decide(player, board, limits)) else {
        return DuelResult::NoLegalMove;
    };
    // SAFETY: the caller's promise.
    unsafe {
        write_int(row, r);
        write_int(column, c);
    }
    DuelResult::Ok
}

/// Reads the caller's 64 cells.
///
/// # Safety
/// `board` must be null or point to 64 readable `int`s.
pub(crate) unsafe fn read_cells(board: *const i32) -> Option<[i32; 64]> {
    if board.is_null() {
        return None;
    }
    let mut cells = [0i32; 64];
    for (i, cell) in cells.iter_mut().enumerate() {
        // SAFETY: non-null, and the caller promises 64 readable ints (any alignment).
        *cell = unsafe { read_int(board, i) };
    }
    Some(cells)
}

/// Chooses Reversi's best move for `colour` within `millis` milliseconds, using a 16 MiB table
/// it allocates for the call.
///
/// `board` points to 64 ints in row-major order (`board[row * 8 + column]`, the contest's
/// `a[8][8]`): -1 empty, 0 a white disc, 1 a black disc. `colour` is the side to move: 0 white,
/// 1 black. On success `*row` and `*column` (0..7) hold the move.
///
/// # Errors
/// `DUEL_RESULT_NULL_POINTER`, `DUEL_RESULT_INVALID_CELL`, `DUEL_RESULT_INVALID_COLOUR`,
/// `DUEL_RESULT_NO_LEGAL_MOVE` (the colour must pass or the game is over), `DUEL_RESULT_PANIC`.
///
/// # Safety
/// `board` must point to 64 readable ints; `row` and `column` to writable ints.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn duel_reversi_move(
    board: *const i32,
    colour: i32,
    millis: u32,
    row: *mut i32,
    column: *mut i32,
) -> DuelResult {
    guard(|| {
        // SAFETY: the caller's promise about `board`.
        let Some(cells) = (unsafe { read_cells(board) }) else {
            return DuelResult::NullPointer;
        };
        if row.is_null() || column.is_null() {
            return DuelResult::NullPointer;
        }
        let board = match contest_board(&cells, colour) {
            Ok(b) => b,
            Err(e) => return e,
        };
        let mut table = vec![Entry::default(); DEFAULT_TABLE_ENTRIES];
        let mut player = Player::new(&mut table, TimeUse::ThisMove);
        // SAFETY: both checked non-null; the caller promises they are writable.
        unsafe {
            answer(
                &mut player,
                &board,
                Limits::time(per_move(millis)),
                row,
                column,
            )
        }
    })
}

/// As [`duel_reversi_move`], with the transposition table in the caller's `workspace` (any
/// size: more is stronger; 16 bytes an entry; none at all still plays legal moves) and an
/// optional node limit for reproducible results (`max_nodes` 0: none). `millis` 0 means no time
/// limit (then give a node limit). Nothing is allocated.
///
/// # Errors
/// As [`duel_reversi_move`]; `DUEL_RESULT_NULL_POINTER` also for a null `workspace` with a
/// non-zero `workspace_len`, `DUEL_RESULT_INVALID_SIZE` for `millis` and `max_nodes` both 0.
///
/// # Safety
/// As [`duel_reversi_move`]; `workspace` must be valid for reads and writes of
/// `workspace_len` bytes and not used by anything else during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn duel_reversi_move_in(
    board: *const i32,
    colour: i32,
    millis: u32,
    max_nodes: u64,
    workspace: *mut u8,
    workspace_len: usize,
    row: *mut i32,
    column: *mut i32,
) -> DuelResult {
    guard(|| {
        // SAFETY: the caller's promise about `board`.
        let Some(cells) = (unsafe { read_cells(board) }) else {
            return DuelResult::NullPointer;
        };
        if row.is_null() || column.is_null() || (workspace.is_null() && workspace_len != 0) {
            return DuelResult::NullPointer;
        }
        let limits = match in_workspace((millis != 0).then(|| per_move(millis)), max_nodes) {
            Ok(l) => l,
            Err(e) => return e,
        };
        let board = match contest_board(&cells, colour) {
            Ok(b) => b,
            Err(e) => return e,
        };
        // SAFETY: the caller's promise about `workspace` and `workspace_len`.
        let table = unsafe { workspace::table::<Entry>(workspace, workspace_len) };
        let mut player = Player::new(table, TimeUse::ThisMove);
        // SAFETY: both checked non-null; the caller promises they are writable.
        unsafe { answer(&mut player, &board, limits, row, column) }
    })
}
