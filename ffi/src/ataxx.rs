//! The C API for Ataxx under Botzone's rules: `duel_ataxx_move` and `duel_ataxx_move_in`.

use crate::memory::{read_int, write_int};
use crate::play::{decide, in_workspace, per_move};
use crate::result::{DuelResult, guard};
use crate::workspace;
use duel_core::Limits;
use duel_core::ataxx::{BotzoneMove, Match, Player};
use duel_core::{Entry, TimeUse};

/// Transposition-table entries of the variant that allocates: 2^20 entries, 16 MiB.
const DEFAULT_TABLE_ENTRIES: usize = 1 << 20;

/// Replays a Botzone history (`x0 y0 x1 y1` per ply, black first) with
/// [`Match::replay_botzone`], the replay the `ataxx` bot uses: an illegal or a circular move
/// is refused.
///
/// # Safety
/// `moves` must be null (only with `moves_len` 0) or point to `moves_len` readable ints (any
/// alignment).
unsafe fn replay(moves: *const i32, moves_len: usize) -> Result<Match, DuelResult> {
    if moves.is_null() && moves_len != 0 {
        return Err(DuelResult::NullPointer);
    }
    if moves_len % 4 != 0 || moves_len / 4 > duel_core::ataxx::PLY_LIMIT as usize {
        return Err(DuelResult::InvalidSize);
    }
    let plies = (0..moves_len / 4).map(|ply| {
        // SAFETY: non-null (moves_len > 0 here), and the caller promises `moves_len` readable
        // ints; `4 * ply + 3 < moves_len`.
        let int = |i: usize| unsafe { read_int(moves, 4 * ply + i) };
        BotzoneMove {
            x0: int(0),
            y0: int(1),
            x1: int(2),
            y1: int(3),
        }
    });
    let game = Match::replay_botzone(plies).map_err(|_| DuelResult::IllegalMove)?;
    if game.board().is_over() {
        return Err(DuelResult::NoLegalMove);
    }
    Ok(game)
}

/// Asks duel's Ataxx player over `table` for its move in `game` within `limits`, and writes
/// it out.
///
/// # Safety
/// `out` must point to 4 writable ints.
unsafe fn answer(game: &Match, table: &mut [Entry], limits: Limits, out: *mut i32) -> DuelResult {
    let Some(decision) = decide(&mut Player::new(table, TimeUse::ThisMove), game, limits) else {
        return DuelResult::NoLegalMove;
    };
    let bm = game.board().botzone_move(decision.mv);
    for (i, v) in [bm.x0, bm.y0, bm.x1, bm.y1].into_iter().enumerate() {
        // SAFETY: the caller promises 4 writable ints at `out` (any alignment).
        unsafe { write_int(out.wrapping_add(i), v) };
    }
    DuelResult::Ok
}

/// Chooses a move for the side to move in an Ataxx game under Botzone's rules, given the game's
/// moves so far, within `millis` milliseconds, using a 16 MiB table it allocates.
///
/// `moves` holds `moves_len` ints: 4 per ply (`x0 y0 x1 y1`, x the column 0..6, y the row 0..6,
/// black's first move first), `moves_len` a multiple of 4. The history decides the repetition
/// rule: the answer is never a circular move while another exists. On success `out` (4 ints)
/// holds the move `x0 y0 x1 y1`.
///
/// # Errors
/// `DUEL_RESULT_NULL_POINTER`; `DUEL_RESULT_INVALID_SIZE` (`moves_len` not a multiple of 4, or
/// longer than the 401-ply game); `DUEL_RESULT_ILLEGAL_MOVE` (a history move that is not legal,
/// or circular, where it is played); `DUEL_RESULT_NO_LEGAL_MOVE` (the game is over).
///
/// # Safety
/// `moves` must point to `moves_len` readable ints (or be null with `moves_len` 0); `out` to 4
/// writable ints.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn duel_ataxx_move(
    moves: *const i32,
    moves_len: usize,
    millis: u32,
    out: *mut i32,
) -> DuelResult {
    guard(|| {
        if out.is_null() {
            return DuelResult::NullPointer;
        }
        // SAFETY: the caller's promise about `moves`.
        let game = match unsafe { replay(moves, moves_len) } {
            Ok(g) => g,
            Err(e) => return e,
        };
        let mut table = vec![Entry::default(); DEFAULT_TABLE_ENTRIES];
        // SAFETY: `out` checked non-null; the caller promises 4 writable ints.
        unsafe { answer(&game, &mut table, Limits::time(per_move(millis)), out) }
    })
}

/// As [`duel_ataxx_move`], with the transposition table in the caller's `workspace` (any
/// size, any alignment; 16 bytes an entry) and an optional node limit for reproducible answers
/// (`max_nodes` 0: none; `millis` 0: no time limit). Nothing is allocated.
///
/// # Errors
/// As [`duel_ataxx_move`]; `DUEL_RESULT_NULL_POINTER` also for a null `workspace` with a
/// non-zero `workspace_len`; `DUEL_RESULT_INVALID_SIZE` for `millis` and `max_nodes` both 0.
///
/// # Safety
/// As [`duel_ataxx_move`]; `workspace` must be valid for reads and writes of
/// `workspace_len` bytes and not used by anything else during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn duel_ataxx_move_in(
    moves: *const i32,
    moves_len: usize,
    millis: u32,
    max_nodes: u64,
    workspace: *mut u8,
    workspace_len: usize,
    out: *mut i32,
) -> DuelResult {
    guard(|| {
        if out.is_null() || (workspace.is_null() && workspace_len != 0) {
            return DuelResult::NullPointer;
        }
        let limits = match in_workspace((millis != 0).then(|| per_move(millis)), max_nodes) {
            Ok(l) => l,
            Err(e) => return e,
        };
        // SAFETY: the caller's promise about `moves`.
        let game = match unsafe { replay(moves, moves_len) } {
            Ok(g) => g,
            Err(e) => return e,
        };
        // SAFETY: the caller's promise about `workspace`.
        let table = unsafe { workspace::table::<Entry>(workspace, workspace_len) };
        // SAFETY: `out` checked non-null; the caller promises 4 writable ints.
        unsafe { answer(&game, table, limits, out) }
    })
}
