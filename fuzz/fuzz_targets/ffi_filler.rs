//! `duel_filler_move` and `duel_filler_move_in` with fuzzer-chosen sides, lengths, colours,
//! budgets, workspaces, null pointers and misaligned buffers: the result is the code the rules
//! give, a success is a legal colour other than the forbidden one, a failure leaves the
//! out-parameter untouched, and nothing panics.
#![no_main]

use duel::DuelResult;
use duel::filler::{duel_filler_move, duel_filler_move_in};
use duel_core::filler::{Board, Grid, GridError, MAX_SIZE, Move};
use duel_fuzz::{Buffer, Bytes, Outs, Side};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let selector = bytes.u8();
    let Side {
        n,
        side,
        cells,
        len: board_len,
    } = bytes.side(selector, MAX_SIZE);
    let mut board = Buffer::new(board_len.max(cells), bytes.below(8), 0);
    for cell in board.bytes_mut() {
        *cell = match bytes.u8() {
            0..=251 => bytes.u8() % 10,
            b => b,
        };
    }
    let board_ptr: *const u8 = if selector % 31 == 1 {
        std::ptr::null()
    } else {
        board.ptr()
    };
    let mut outs = Outs::new(1, bytes.below(8));
    let colour = if selector % 19 == 3 {
        std::ptr::null_mut()
    } else {
        outs.ptr(0)
    };
    let millis = u32::from(bytes.u8() % 3);
    let max_nodes = u64::from(bytes.u16() % 2000);
    let workspace_len = usize::from(bytes.u16() % 4096);
    let mut workspace = Buffer::new(workspace_len, bytes.below(8), 0xEE);
    let workspace_ptr = if selector % 23 == 4 {
        std::ptr::null_mut()
    } else {
        workspace.ptr()
    };

    let allocating = selector >= 248;
    let expected =
        if colour.is_null() || (!allocating && workspace_ptr.is_null() && workspace_len != 0) {
            Err(DuelResult::NullPointer)
        } else if !allocating && millis == 0 && max_nodes == 0 {
            Err(DuelResult::InvalidSize)
        } else if board_ptr.is_null() {
            Err(DuelResult::NullPointer)
        } else if !(1..=MAX_SIZE).contains(&side) || board_len != side * side {
            Err(DuelResult::InvalidSize)
        } else {
            Grid::new(side, board.bytes()).map_err(|e| match e {
                GridError::ColourOutOfRange(_) => DuelResult::InvalidCell,
                _ => DuelResult::InvalidSize,
            })
        };
    // SAFETY: every non-null pointer points into a live buffer of the size given.
    let result = unsafe {
        if allocating {
            duel_filler_move(n, board_ptr, board_len, 1, colour)
        } else {
            duel_filler_move_in(
                n,
                board_ptr,
                board_len,
                millis,
                max_nodes,
                workspace_ptr,
                workspace_len,
                colour,
            )
        }
    };
    match expected {
        Ok(grid) => {
            assert_eq!(result, DuelResult::Ok);
            let position = Board::from_grid(&grid);
            let answer = outs.get(0);
            let mv = u8::try_from(answer)
                .ok()
                .and_then(Move::new)
                .expect("a colour 0..9");
            assert_ne!(mv.colour(), position.forbidden());
            assert!(position.is_legal(mv) || position.is_over());
        }
        Err(code) => {
            assert_eq!(result, code);
            assert!(outs.untouched(), "colour written on error");
        }
    }
});
