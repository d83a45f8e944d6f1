//! `duel_fruit_rage_move` and `duel_fruit_rage_move_in` with fuzzer-chosen sides, lengths,
//! boxes (mostly under gravity, sometimes not), budgets, workspaces, null pointers and
//! misaligned buffers: the result is the code the rules give, a success names a group and
//! returns exactly the box after it, a failure leaves every out-parameter untouched, and
//! nothing panics.
#![no_main]

use duel::DuelResult;
use duel::fruit_rage::{DUEL_FRUIT_RAGE_EMPTY, duel_fruit_rage_move, duel_fruit_rage_move_in};
use duel_core::fruit_rage::{Board, BoardError, MAX_SIZE};
use duel_fuzz::{Buffer, Bytes, Outs, SENTINEL, Side};
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
    let after_len = if selector % 37 == 6 {
        (board_len + bytes.below(3)).saturating_sub(1)
    } else {
        board_len
    };
    let kinds = 1 + bytes.below(10) as u8;
    let mut board = Buffer::new(board_len.max(cells), bytes.below(8), DUEL_FRUIT_RAGE_EMPTY);
    if side > 0 && cells > 0 {
        let gravity = !selector.is_multiple_of(7);
        for column in 0..side {
            let height = bytes.below(side + 1);
            for row in 0..side {
                let filled = if gravity {
                    row >= side - height
                } else {
                    bytes.u8() < 160
                };
                let value = match bytes.u8() {
                    0..=252 => bytes.u8() % kinds,
                    b => b,
                };
                board.bytes_mut()[row * side + column] =
                    if filled { value } else { DUEL_FRUIT_RAGE_EMPTY };
            }
        }
    }
    let board_ptr: *const u8 = if selector % 31 == 1 {
        std::ptr::null()
    } else {
        board.ptr()
    };
    let mut after = Buffer::new(after_len, bytes.below(8), SENTINEL);
    let after_ptr = if selector % 41 == 7 {
        std::ptr::null_mut()
    } else {
        after.ptr()
    };
    let mut outs = Outs::new(3, bytes.below(8));
    let null_out = selector % 19 == 3;
    let ptrs = [0, 1, 2].map(|i| {
        if null_out && bytes.u8().is_multiple_of(3) {
            std::ptr::null_mut()
        } else {
            outs.ptr(i)
        }
    });
    let remaining_millis = u64::from(bytes.u16() % 1100);
    let max_nodes = u64::from(bytes.u16() % 1500);
    let workspace_len = usize::from(bytes.u16() % 4096);
    let mut workspace = Buffer::new(workspace_len, bytes.below(8), 0xEE);
    let workspace_ptr = if selector % 23 == 4 {
        std::ptr::null_mut()
    } else {
        workspace.ptr()
    };

    let allocating = selector >= 248;
    let expected = if board_ptr.is_null() || after_ptr.is_null() || ptrs.iter().any(|p| p.is_null())
    {
        Err(DuelResult::NullPointer)
    } else if !(1..=MAX_SIZE).contains(&side) || board_len != side * side || after_len != board_len
    {
        Err(DuelResult::InvalidSize)
    } else if !allocating && workspace_ptr.is_null() && workspace_len != 0 {
        Err(DuelResult::NullPointer)
    } else if !allocating && remaining_millis == 0 && max_nodes == 0 {
        Err(DuelResult::InvalidSize)
    } else if board
        .bytes()
        .iter()
        .any(|&c| c > 9 && c != DUEL_FRUIT_RAGE_EMPTY)
    {
        Err(DuelResult::InvalidCell)
    } else {
        let b = board.bytes();
        Board::from_fn(side, |r, c| {
            Some(b[r.index() * side + c.index()]).filter(|&v| v != DUEL_FRUIT_RAGE_EMPTY)
        })
        .map_err(|e| match e {
            BoardError::Empty => DuelResult::NoLegalMove,
            BoardError::Floating { .. } => DuelResult::InvalidBoard,
            _ => DuelResult::InvalidCell,
        })
    };
    // SAFETY: every non-null pointer points into a live buffer of the size given.
    let result = unsafe {
        if allocating {
            // Below a second left: the greedy move, at once.
            duel_fruit_rage_move(
                n,
                board_ptr,
                board_len,
                remaining_millis % 1000,
                ptrs[0],
                ptrs[1],
                ptrs[2],
                after_ptr,
                after_len,
            )
        } else {
            duel_fruit_rage_move_in(
                n,
                board_ptr,
                board_len,
                remaining_millis,
                max_nodes,
                workspace_ptr,
                workspace_len,
                ptrs[0],
                ptrs[1],
                ptrs[2],
                after_ptr,
                after_len,
            )
        }
    };
    match expected {
        Ok(position) => {
            assert_eq!(result, DuelResult::Ok);
            let (row, column, points) = (outs.get(0), outs.get(1), outs.get(2));
            let cell = duel_core::fruit_rage::Cell {
                row: row as u8,
                column: column as u8,
            };
            assert!((0..side as i32).contains(&row) && (0..side as i32).contains(&column));
            let mv = position.move_at(cell).expect("the answer names a group");
            assert_eq!(points, mv.points());
            let next = position.play(mv).expect("legal");
            for (i, (&byte, (row, column))) in after
                .bytes()
                .iter()
                .zip(duel_core::coord::cells(side))
                .enumerate()
            {
                let want = next.fruit_at(row, column).unwrap_or(DUEL_FRUIT_RAGE_EMPTY);
                assert_eq!(byte, want, "cell {i} of the box after");
            }
        }
        Err(code) => {
            assert_eq!(result, code);
            assert!(outs.untouched(), "out-parameters written on error");
            assert!(
                after.bytes().iter().all(|&b| b == SENTINEL),
                "board_after written on error"
            );
        }
    }
});
