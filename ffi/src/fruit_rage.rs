//! The C API for The Fruit Rage: `duel_fruit_rage_move` and `duel_fruit_rage_move_in`.

use crate::memory::{bytes, write_int};
use crate::play::{decide, in_workspace};
use crate::result::{DuelResult, guard};
use crate::workspace;
use duel_core::fruit_rage::{self, Board, BoardError, Player};
use duel_core::{Allowance, Limits};
use duel_core::{Entry, TimeUse, coord};

/// The byte that marks an empty cell in boards passed to and from the C API.
pub const DUEL_FRUIT_RAGE_EMPTY: u8 = 255;

/// Where a call's answer goes: the claimed cell, its points and the box after the claim.
struct Out {
    row: *mut i32,
    column: *mut i32,
    points: *mut i32,
    board_after: *mut u8,
    board_after_len: usize,
}

/// The caller's pointers of one call, checked for null.
struct Call {
    side: usize,
    board: *const u8,
    out: Out,
}

impl Call {
    /// Checks the pointers and the sizes.
    fn new(n: u32, board: *const u8, board_len: usize, out: Out) -> Result<Call, DuelResult> {
        if board.is_null()
            || out.row.is_null()
            || out.column.is_null()
            || out.points.is_null()
            || out.board_after.is_null()
        {
            return Err(DuelResult::NullPointer);
        }
        let side = n as usize;
        if !(1..=fruit_rage::MAX_SIZE).contains(&side)
            || board_len != side * side
            || out.board_after_len != board_len
        {
            return Err(DuelResult::InvalidSize);
        }
        Ok(Call { side, board, out })
    }

    /// Reads the box, lets `choose` pick the move there and writes the answer: the one path of
    /// both entry points, after their own checks.
    ///
    /// # Safety
    /// The entry points' promises about `board` and the out-pointers.
    unsafe fn play(
        &self,
        choose: impl FnOnce(&Board) -> Result<fruit_rage::Move, DuelResult>,
    ) -> DuelResult {
        // SAFETY: the caller's promise about `board`.
        let position = match unsafe { self.position() } {
            Ok(p) => p,
            Err(e) => return e,
        };
        match choose(&position) {
            // SAFETY: the caller's promise about the out-pointers.
            Ok(mv) => unsafe { self.answer(&position, mv) },
            Err(e) => e,
        }
    }

    /// Reads the box.
    ///
    /// # Safety
    /// `board` must point to `side²` readable bytes.
    unsafe fn position(&self) -> Result<Board, DuelResult> {
        let side = self.side;
        // SAFETY: the caller's promise: `side²` (≤ 676) readable bytes.
        let cells = unsafe { bytes(self.board, side * side) }.ok_or(DuelResult::NullPointer)?;
        if cells.iter().any(|&c| c > 9 && c != DUEL_FRUIT_RAGE_EMPTY) {
            return Err(DuelResult::InvalidCell);
        }
        Board::from_fn(side, |row, column| {
            let c = cells
                .get(row.index() * side + column.index())
                .copied()
                .unwrap_or(DUEL_FRUIT_RAGE_EMPTY);
            (c != DUEL_FRUIT_RAGE_EMPTY).then_some(c)
        })
        .map_err(|e| match e {
            BoardError::Empty => DuelResult::NoLegalMove,
            BoardError::Floating { .. } => DuelResult::InvalidBoard,
            _ => DuelResult::InvalidCell,
        })
    }

    /// Writes the move's cell and points and the box after it.
    ///
    /// # Safety
    /// The out-pointers must be writable: 3 ints and `side²` bytes not overlapping `board`.
    unsafe fn answer(&self, position: &Board, mv: fruit_rage::Move) -> DuelResult {
        let side = self.side;
        let cell = position.label(mv);
        let after = position.play_unchecked(mv);
        // SAFETY: non-null, and the caller promises `side²` writable bytes that do not overlap
        // `board`.
        let cells = unsafe { std::slice::from_raw_parts_mut(self.out.board_after, side * side) };
        for (byte, (row, column)) in cells.iter_mut().zip(coord::cells(side)) {
            *byte = after.fruit_at(row, column).unwrap_or(DUEL_FRUIT_RAGE_EMPTY);
        }
        // SAFETY: checked non-null; the caller promises they are writable (any alignment).
        unsafe {
            write_int(self.out.row, i32::from(cell.row));
            write_int(self.out.column, i32::from(cell.column));
            write_int(self.out.points, mv.points());
        }
        DuelResult::Ok
    }
}

/// `remaining_millis` as the game's clock: the player spends its share of it.
fn game_clock(remaining_millis: u64) -> Limits {
    Limits::time(Allowance::Clock {
        left: remaining_millis.saturating_mul(1000),
        increment: 0,
    })
}

/// Chooses a move for the player to move in The Fruit Rage and returns the box after it, as the
/// homework program does, managing `remaining_millis` (the player's thinking time left for the
/// whole game) the same way: little time left means an instant greedy move.
///
/// `board` holds `n`×`n` bytes, row by row from the top, each a fruit type 0..9 (numbers, not
/// digits) or 255 ([`DUEL_FRUIT_RAGE_EMPTY`]) for an empty cell; `n` is 1..26; gravity must
/// already hold (no fruit above an empty cell) and the box must hold fruit. On success `*row`
/// and `*column` (0-based, row 0 at the top; the contest prints column letter then row + 1)
/// name the claimed group's first cell in row-major order, `*points` is its size squared, and
/// `board_after` (`board_after_len` = n² bytes, same encoding) holds the box after the claim
/// and gravity.
///
/// # Errors
/// `DUEL_RESULT_NULL_POINTER`; `DUEL_RESULT_INVALID_SIZE` (`n`, or a length not n²);
/// `DUEL_RESULT_INVALID_CELL` (a byte that is neither 0..9 nor 255);
/// `DUEL_RESULT_INVALID_BOARD` (fruit above an empty cell); `DUEL_RESULT_NO_LEGAL_MOVE` (an
/// empty box).
///
/// # Safety
/// `board` must point to `board_len` readable bytes, `board_after` to `board_after_len`
/// writable bytes (the two may not overlap), the other out-pointers to writable ints.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn duel_fruit_rage_move(
    n: u32,
    board: *const u8,
    board_len: usize,
    remaining_millis: u64,
    row: *mut i32,
    column: *mut i32,
    points: *mut i32,
    board_after: *mut u8,
    board_after_len: usize,
) -> DuelResult {
    let out = Out {
        row,
        column,
        points,
        board_after,
        board_after_len,
    };
    guard(|| {
        let call = match Call::new(n, board, board_len, out) {
            Ok(c) => c,
            Err(e) => return e,
        };
        // SAFETY: the caller's promises about `board` and the out-pointers.
        unsafe {
            call.play(|position| {
                // The table is sized for the time this move will think (none for a greedy move).
                let planned = fruit_rage::planned_micros(
                    position,
                    remaining_millis.saturating_mul(1000),
                    None,
                );
                let entries = match planned {
                    0 => 0,
                    think => fruit_rage::table_entries(think),
                };
                let mut table = vec![Entry::default(); entries];
                let mut player =
                    Player::new(&mut table, TimeUse::WholeGame, None).with_plan(planned);
                decide(&mut player, position, game_clock(remaining_millis))
                    .map(|decision| decision.mv)
                    .ok_or(DuelResult::NoLegalMove)
            })
        }
    })
}

/// As [`duel_fruit_rage_move`], with the transposition table in the caller's `workspace` (any
/// size, any alignment; 16 bytes an entry) and an optional node limit for reproducible answers
/// (`max_nodes` 0: none). `remaining_millis` 0 means no time limit (then give a node limit):
/// the search runs until `max_nodes`; otherwise the time is managed as by
/// [`duel_fruit_rage_move`] (little time left: the greedy move at once). Nothing is allocated.
///
/// # Errors
/// As [`duel_fruit_rage_move`]; `DUEL_RESULT_NULL_POINTER` also for a null `workspace` with a
/// non-zero `workspace_len`; `DUEL_RESULT_INVALID_SIZE` for `remaining_millis` and `max_nodes`
/// both 0.
///
/// # Safety
/// As [`duel_fruit_rage_move`]; `workspace` must be valid for reads and writes of
/// `workspace_len` bytes, overlap no other argument, and not be used by anything else during
/// the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn duel_fruit_rage_move_in(
    n: u32,
    board: *const u8,
    board_len: usize,
    remaining_millis: u64,
    max_nodes: u64,
    workspace: *mut u8,
    workspace_len: usize,
    row: *mut i32,
    column: *mut i32,
    points: *mut i32,
    board_after: *mut u8,
    board_after_len: usize,
) -> DuelResult {
    let out = Out {
        row,
        column,
        points,
        board_after,
        board_after_len,
    };
    guard(|| {
        let call = match Call::new(n, board, board_len, out) {
            Ok(c) => c,
            Err(e) => return e,
        };
        if workspace.is_null() && workspace_len != 0 {
            return DuelResult::NullPointer;
        }
        let clock = (remaining_millis != 0).then(|| game_clock(remaining_millis).time);
        let limits = match in_workspace(clock, max_nodes) {
            Ok(l) => l,
            Err(e) => return e,
        };
        // With no time limit the node limit is this move's; otherwise the time is the game's.
        let time = limits.time_use();
        // SAFETY: the caller's promises about `board`, `workspace` and the out-pointers.
        unsafe {
            call.play(|position| {
                let table = workspace::table::<Entry>(workspace, workspace_len);
                decide(&mut Player::new(table, time, None), position, limits)
                    .map(|decision| decision.mv)
                    .ok_or(DuelResult::NoLegalMove)
            })
        }
    })
}
