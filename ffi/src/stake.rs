//! The C API for Stake Your Claim: `duel_stake_move` and `duel_stake_move_in`.

use crate::memory::{bytes, write_int};
use crate::play::decide;
use crate::result::{DuelResult, guard};
use crate::workspace;
use duel_core::Limits;
use duel_core::stake::{self, Board, BoardBuilder, ParseError, Player, PositionError, Slot};

/// Bytes of workspace with which `duel_stake_move_in` gives every pattern of 10 empty cells a
/// slot of its own (3^10 slots of 4 bytes): full speed. Any size works, more slowly below it.
/// (A literal, so that cbindgen can write it into the header; checked below.)
pub const DUEL_STAKE_WORKSPACE_BYTES: usize = 236_196;
const _: () = assert!(DUEL_STAKE_WORKSPACE_BYTES == stake::TABLE_LEN * std::mem::size_of::<Slot>());

/// Reads and validates an `n`×`n` board of bytes `'0'`, `'1'`, `'.'`.
///
/// # Safety
/// `board` must be null or point to `board_len` readable bytes.
unsafe fn read_board(n: u32, board: *const u8, board_len: usize) -> Result<Board, DuelResult> {
    if board.is_null() {
        return Err(DuelResult::NullPointer);
    }
    let side = n as usize;
    if !(1..=stake::MAX_SIZE).contains(&side) || board_len != side * side {
        return Err(DuelResult::InvalidSize);
    }
    // SAFETY: the caller promises `board_len` (≤ 64) readable bytes.
    let cells = unsafe { bytes(board, board_len) }.ok_or(DuelResult::NullPointer)?;
    let parsed = BoardBuilder::new(side).and_then(|mut builder| {
        for row in cells.chunks_exact(side) {
            builder.push_row(row)?;
        }
        builder.finish()
    });
    parsed.map_err(|e| match e {
        ParseError::Size { .. } | ParseError::MissingRows { .. } | ParseError::ExtraRow { .. } => {
            DuelResult::InvalidSize
        }
        ParseError::Row { .. } => DuelResult::InvalidCell,
        ParseError::Position(PositionError::NoEmpty) => DuelResult::NoLegalMove,
        ParseError::Position(_) => DuelResult::InvalidBoard,
    })
}

/// Solves `board` exactly with duel's player over `table`, writing the answer through the
/// out-pointers.
///
/// # Safety
/// The out-pointers must be non-null and writable.
unsafe fn answer(
    board: &Board,
    table: &mut [Slot],
    row: *mut i32,
    column: *mut i32,
    value: *mut i32,
) -> DuelResult {
    // A `Board` has at most 10 empties, and the solve is exact whatever the budget.
    let Some(decision) = decide(&mut Player::new(table), board, Limits::NONE) else {
        return DuelResult::NoLegalMove;
    };
    // SAFETY: checked non-null by the callers; the caller promises writability.
    unsafe {
        write_int(row, i32::from(decision.mv.row().0));
        write_int(column, i32::from(decision.mv.column().0));
        write_int(value, decision.score);
    }
    DuelResult::Ok
}

/// Solves a Stake Your Claim position exactly: the best move for the player to move (the first
/// in row, column order among equals) and the value it secures (its largest region minus the
/// opponent's, with perfect play by both).
///
/// `board` holds `n`×`n` bytes, row by row, each `'0'`, `'1'` or `'.'` (empty); `board_len`
/// must be `n * n`, `n` in 1..=8, with 1 to 10 empty cells and as many `0`s as `1`s (player 0
/// to move) or one more `0` (player 1 to move). Uses a 231 KiB table it allocates.
///
/// # Errors
/// `DUEL_RESULT_NULL_POINTER`; `DUEL_RESULT_INVALID_SIZE` (n, or `board_len` not n²);
/// `DUEL_RESULT_INVALID_CELL` (a byte other than `0`, `1`, `.`); `DUEL_RESULT_INVALID_BOARD`
/// (counts, or more than 10 empties); `DUEL_RESULT_NO_LEGAL_MOVE` (a full board).
///
/// # Safety
/// `board` must point to `board_len` readable bytes; `row`, `column` and `value` to writable
/// ints.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn duel_stake_move(
    n: u32,
    board: *const u8,
    board_len: usize,
    row: *mut i32,
    column: *mut i32,
    value: *mut i32,
) -> DuelResult {
    guard(|| {
        if row.is_null() || column.is_null() || value.is_null() {
            return DuelResult::NullPointer;
        }
        // SAFETY: the caller's promise about `board`.
        let board = match unsafe { read_board(n, board, board_len) } {
            Ok(b) => b,
            Err(e) => return e,
        };
        let mut table = vec![Slot::default(); stake::TABLE_LEN];
        // SAFETY: out-pointers checked non-null above.
        unsafe { answer(&board, &mut table, row, column, value) }
    })
}

/// As [`duel_stake_move`], with the table in the caller's `workspace`: nothing is allocated.
/// The answer is exact with any workspace (none at all included); with k empty cells, 4·3^k
/// bytes ([`DUEL_STAKE_WORKSPACE_BYTES`] for k = 10) give every pattern a slot of its own.
///
/// # Errors
/// As [`duel_stake_move`]; `DUEL_RESULT_NULL_POINTER` also for a null `workspace` with a
/// non-zero `workspace_len`.
///
/// # Safety
/// As [`duel_stake_move`]; `workspace` must be valid for reads and writes of `workspace_len`
/// bytes and not used by anything else during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn duel_stake_move_in(
    n: u32,
    board: *const u8,
    board_len: usize,
    workspace: *mut u8,
    workspace_len: usize,
    row: *mut i32,
    column: *mut i32,
    value: *mut i32,
) -> DuelResult {
    guard(|| {
        if row.is_null()
            || column.is_null()
            || value.is_null()
            || (workspace.is_null() && workspace_len != 0)
        {
            return DuelResult::NullPointer;
        }
        // SAFETY: the caller's promise about `board`.
        let board = match unsafe { read_board(n, board, board_len) } {
            Ok(b) => b,
            Err(e) => return e,
        };
        // SAFETY: the caller's promise about `workspace`.
        let table = unsafe { workspace::table::<Slot>(workspace, workspace_len) };
        // SAFETY: out-pointers checked non-null above.
        unsafe { answer(&board, table, row, column, value) }
    })
}
