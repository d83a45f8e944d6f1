//! The C API for The Fruit Rage: `duel_fruit_rage_move`.

use crate::clock::WallClock;
use crate::result::{DuelResult, guard};
use duel_core::fruit_rage::{self, Board, BoardError};
use duel_core::{Budget, Clock, Entry};

/// The byte that marks an empty cell in boards passed to and from the C API.
pub const DUEL_FRUIT_RAGE_EMPTY: u8 = 255;

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
    guard(|| {
        if board.is_null()
            || row.is_null()
            || column.is_null()
            || points.is_null()
            || board_after.is_null()
        {
            return DuelResult::NullPointer;
        }
        let side = n as usize;
        if !(1..=fruit_rage::MAX_SIZE).contains(&side)
            || board_len != side * side
            || board_after_len != board_len
        {
            return DuelResult::InvalidSize;
        }
        // SAFETY: non-null, and the caller promises `board_len` (≤ 676) readable bytes.
        let cells = unsafe { std::slice::from_raw_parts(board, board_len) };
        if cells.iter().any(|&c| c > 9 && c != DUEL_FRUIT_RAGE_EMPTY) {
            return DuelResult::InvalidCell;
        }
        let position = match Board::from_fn(side, |col, r| {
            let c = cells[r * side + col];
            (c != DUEL_FRUIT_RAGE_EMPTY).then_some(c)
        }) {
            Ok(b) => b,
            Err(BoardError::Empty) => return DuelResult::NoLegalMove,
            Err(BoardError::Floating { .. }) => return DuelResult::InvalidBoard,
            Err(_) => return DuelResult::InvalidCell,
        };
        let clock = WallClock::start();
        let moves = position.legal_moves();
        let think = fruit_rage::think_micros(
            remaining_millis.saturating_mul(1000),
            moves.len() as u32,
            position.cells(),
            None,
        );
        let best = if think == 0 {
            fruit_rage::greedy_move(&position)
        } else {
            let mut table =
                vec![Entry::default(); if think >= 200_000 { 1 << 20 } else { 1 << 15 }];
            let mut budget = Budget::until(&clock, clock.now_micros().saturating_add(think));
            fruit_rage::search(&position, &mut budget, &mut table).best
        };
        let Some(mv) = best else {
            return DuelResult::NoLegalMove;
        };
        let cell = position.label(mv);
        let after = position.play_unchecked(mv);
        // SAFETY: non-null, and the caller promises `board_after_len` writable bytes that do not
        // overlap `board`.
        let out = unsafe { std::slice::from_raw_parts_mut(board_after, board_after_len) };
        for (i, byte) in out.iter_mut().enumerate() {
            *byte = after
                .fruit_at(i % side, i / side)
                .unwrap_or(DUEL_FRUIT_RAGE_EMPTY);
        }
        // SAFETY: checked non-null; the caller promises they are writable.
        unsafe {
            row.write(i32::from(cell.row));
            column.write(i32::from(cell.column));
            points.write(mv.points());
        }
        DuelResult::Ok
    })
}
