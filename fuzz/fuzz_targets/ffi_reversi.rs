//! `duel_reversi_move`, `duel_reversi_move_in`, `duel_contest_move` and
//! `duel_result_message` with fuzzer-chosen cells, colours, budgets, workspace sizes, null
//! pointers and misaligned buffers: the result is the code the rules give, a success is a legal
//! move, a failure leaves every out-parameter untouched, and nothing panics.
#![no_main]

use duel::DuelResult;
use duel::reversi::{duel_reversi_move, duel_reversi_move_in};
use duel_core::reversi::{Board, ContestError, Move, Square};
use duel_core::{Column, Row};
use duel_fuzz::{Buffer, Bytes, Outs};
use libfuzzer_sys::fuzz_target;

unsafe extern "C" {
    fn duel_contest_move(board: *const i32, colour: i32, row: *mut i32, column: *mut i32);
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let selector = bytes.u8();
    let mut cells = [0i32; 64];
    for cell in cells.iter_mut() {
        *cell = match bytes.u8() {
            0..=84 => -1,
            85..=169 => 0,
            170..=253 => 1,
            _ => bytes.small_i32(),
        };
    }
    let colour = match bytes.u8() {
        0..=126 => 0,
        127..=253 => 1,
        _ => bytes.small_i32(),
    };
    let mut board = Buffer::new(256, bytes.below(8), 0);
    board.put_i32s(&cells);
    let board_ptr: *const i32 = if selector % 31 == 1 {
        std::ptr::null()
    } else {
        board.ptr().cast::<i32>()
    };
    let mut outs = Outs::new(2, bytes.below(8));
    let row = if selector % 17 == 2 {
        std::ptr::null_mut()
    } else {
        outs.ptr(0)
    };
    let column = if selector % 19 == 3 {
        std::ptr::null_mut()
    } else {
        outs.ptr(1)
    };
    let millis = u32::from(bytes.u8() % 3);
    let max_nodes = u64::from(bytes.u16() % 3000);
    let workspace_len = usize::from(bytes.u16() % 4096);
    let mut workspace = Buffer::new(workspace_len, bytes.below(8), 0xEE);
    let workspace_ptr = if selector % 23 == 4 {
        std::ptr::null_mut()
    } else {
        workspace.ptr()
    };

    // The code the rules give, in the order the function checks.
    let mut rows = [[0i32; 8]; 8];
    for (i, &v) in cells.iter().enumerate() {
        rows[i / 8][i % 8] = v;
    }
    let position = Board::from_contest_to_move(&rows, colour).map_err(|e| match e {
        ContestError::InvalidCell => DuelResult::InvalidCell,
        ContestError::InvalidColour => DuelResult::InvalidColour,
        ContestError::NoLegalMove => DuelResult::NoLegalMove,
    });
    let allocating = selector >= 240;
    let null_workspace = !allocating && workspace_ptr.is_null() && workspace_len != 0;
    let expected = if board_ptr.is_null() || row.is_null() || column.is_null() || null_workspace {
        Err(DuelResult::NullPointer)
    } else if !allocating && millis == 0 && max_nodes == 0 {
        Err(DuelResult::InvalidSize)
    } else {
        position
    };
    // SAFETY: every non-null pointer points into a live buffer of the size given.
    let result = unsafe {
        if allocating {
            duel_reversi_move(board_ptr, colour, 1, row, column)
        } else {
            duel_reversi_move_in(
                board_ptr,
                colour,
                millis,
                max_nodes,
                workspace_ptr,
                workspace_len,
                row,
                column,
            )
        }
    };
    match expected {
        Ok(position) => {
            assert_eq!(result, DuelResult::Ok);
            let (r, c) = (outs.get(0), outs.get(1));
            assert!((0..8).contains(&r) && (0..8).contains(&c), "{r},{c}");
            let square = Square::at(Row(r as u8), Column(c as u8)).expect("on the board");
            assert!(
                position.play(Move::Place(square)).is_ok(),
                "{position}: {r},{c}"
            );
        }
        Err(code) => {
            assert_eq!(result, code);
            assert!(outs.untouched(), "out-parameters written on error");
        }
    }
    // Every code has a message.
    let code = bytes.u32();
    // SAFETY: the message is static and NUL-terminated.
    let message = unsafe { std::ffi::CStr::from_ptr(duel::duel_result_message(code)) };
    assert!(!message.to_bytes().is_empty());
    // The contest's `move` on a board it must refuse: -1/-1, at once.
    if selector == 239 {
        let mut outs = Outs::new(2, bytes.below(8));
        let bad_colour = 2 + (colour & 0xff);
        // SAFETY: as above.
        unsafe { duel_contest_move(board_ptr, bad_colour, outs.ptr(0), outs.ptr(1)) };
        assert_eq!((outs.get(0), outs.get(1)), (-1, -1));
    }
});
