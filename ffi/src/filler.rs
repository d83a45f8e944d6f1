//! The C API for Filler: `duel_filler_move` and `duel_filler_move_in`.

use crate::memory::{bytes, write_int};
use crate::play::{decide, in_workspace, per_move};
use crate::result::{DuelResult, guard};
use crate::workspace;
use duel_core::Limits;
use duel_core::filler::builtin::Greedy;
use duel_core::filler::{Board, Grid, GridError, Player};
use duel_core::{Budget, Entry, Player as _};

/// Transposition-table entries of the variant that allocates: 2^18 entries, 4 MiB.
const DEFAULT_TABLE_ENTRIES: usize = 1 << 18;

/// Reads the `n`×`n` colours into a position for the side whose start is top-left.
///
/// # Safety
/// `board` must be null or point to `board_len` readable bytes.
unsafe fn read_board(n: u32, board: *const u8, board_len: usize) -> Result<Board, DuelResult> {
    if board.is_null() {
        return Err(DuelResult::NullPointer);
    }
    let side = n as usize;
    if !(1..=duel_core::filler::MAX_SIZE).contains(&side) || board_len != side * side {
        return Err(DuelResult::InvalidSize);
    }
    // SAFETY: the caller promises `board_len` (≤ 400) readable bytes.
    let colours = unsafe { bytes(board, board_len) }.ok_or(DuelResult::NullPointer)?;
    let grid = Grid::new(side, colours).map_err(|e| match e {
        GridError::SizeOutOfRange(_) | GridError::WrongCellCount { .. } => DuelResult::InvalidSize,
        GridError::ColourOutOfRange(_) => DuelResult::InvalidCell,
    })?;
    Ok(Board::from_grid(&grid))
}

/// Asks duel's Filler player over `table` about `position` within `limits`, and writes the
/// colour it chooses through `colour`.
///
/// # Safety
/// `colour` must be non-null and writable.
unsafe fn answer(
    position: &Board,
    table: &mut [Entry],
    limits: Limits,
    colour: *mut i32,
) -> DuelResult {
    // A board with no cell left to take (one colour throughout) still gets an allowed colour,
    // as the contest program answers it.
    let mv = match decide(&mut Player::new(table), position, limits) {
        Some(decision) => decision.mv,
        None => Greedy
            .choose(position, &mut Budget::unlimited())
            .map(|d| d.mv)
            .unwrap_or_default(),
    };
    // SAFETY: the caller's promise.
    unsafe { write_int(colour, i32::from(mv.colour())) };
    DuelResult::Ok
}

/// Chooses the colour (0..9) to play on an `n`×`n` Filler board, as the contest program would,
/// within `millis` milliseconds, using a 4 MiB table it allocates.
///
/// `board` holds `n`×`n` bytes, row by row, each a colour 0..9 (numbers, not digits); the side
/// to move owns the top-left cell's region and the opponent the bottom-right one (turn the board
/// 180° for the second player, as the contest's referee does). `n` is 1..20. The answer is never
/// the forbidden colour (the opponent's).
///
/// # Errors
/// `DUEL_RESULT_NULL_POINTER`; `DUEL_RESULT_INVALID_SIZE` (`n`, or `board_len` not n²);
/// `DUEL_RESULT_INVALID_CELL` (a colour above 9).
///
/// # Safety
/// `board` must point to `board_len` readable bytes; `colour` to a writable int.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn duel_filler_move(
    n: u32,
    board: *const u8,
    board_len: usize,
    millis: u32,
    colour: *mut i32,
) -> DuelResult {
    guard(|| {
        if colour.is_null() {
            return DuelResult::NullPointer;
        }
        // SAFETY: the caller's promise about `board`.
        let position = match unsafe { read_board(n, board, board_len) } {
            Ok(b) => b,
            Err(e) => return e,
        };
        let mut table = vec![Entry::default(); DEFAULT_TABLE_ENTRIES];
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe {
            answer(
                &position,
                &mut table,
                Limits::time(per_move(millis)),
                colour,
            )
        }
    })
}

/// As [`duel_filler_move`], with the transposition table in the caller's `workspace` (any
/// size, any alignment; 16 bytes an entry) and an optional node limit for reproducible answers
/// (`max_nodes` 0: none; `millis` 0: no time limit). Nothing is allocated.
///
/// # Errors
/// As [`duel_filler_move`]; `DUEL_RESULT_NULL_POINTER` also for a null `workspace` with a
/// non-zero `workspace_len`; `DUEL_RESULT_INVALID_SIZE` for `millis` and `max_nodes` both 0.
///
/// # Safety
/// As [`duel_filler_move`]; `workspace` must be valid for reads and writes of
/// `workspace_len` bytes and not used by anything else during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn duel_filler_move_in(
    n: u32,
    board: *const u8,
    board_len: usize,
    millis: u32,
    max_nodes: u64,
    workspace: *mut u8,
    workspace_len: usize,
    colour: *mut i32,
) -> DuelResult {
    guard(|| {
        if colour.is_null() || (workspace.is_null() && workspace_len != 0) {
            return DuelResult::NullPointer;
        }
        let limits = match in_workspace((millis != 0).then(|| per_move(millis)), max_nodes) {
            Ok(l) => l,
            Err(e) => return e,
        };
        // SAFETY: the caller's promise about `board`.
        let position = match unsafe { read_board(n, board, board_len) } {
            Ok(b) => b,
            Err(e) => return e,
        };
        // SAFETY: the caller's promise about `workspace`.
        let table = unsafe { workspace::table::<Entry>(workspace, workspace_len) };
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { answer(&position, table, limits, colour) }
    })
}
