//! `duel_stake_move` and `duel_stake_move_in` with fuzzer-chosen sides, lengths, boards,
//! workspaces, null pointers and misaligned buffers: the result is the code the rules give, a
//! success is exactly the core solver's answer (whatever the workspace), a failure leaves every
//! out-parameter untouched, and nothing panics.
#![no_main]

use duel::DuelResult;
use duel::stake::{duel_stake_move, duel_stake_move_in};
use duel_core::stake::{self, BoardBuilder, MAX_SIZE, ParseError, PositionError, Slot, SolveError};
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
    let mut board = Buffer::new(board_len.max(cells), bytes.below(8), b'.');
    // Mostly real positions: empties at chosen cells, the rest alternating 0 and 1.
    let empties = 1 + bytes.below(11);
    let mut next_digit = b'0';
    for (i, cell) in board.bytes_mut().iter_mut().enumerate() {
        let wild = bytes.u8();
        *cell = if wild >= 250 {
            bytes.u8()
        } else if i < cells.saturating_sub(empties) || wild >= 200 {
            let d = next_digit;
            next_digit = if d == b'0' { b'1' } else { b'0' };
            d
        } else {
            b'.'
        };
    }
    let board_ptr: *const u8 = if selector % 31 == 1 {
        std::ptr::null()
    } else {
        board.ptr()
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
    let workspace_len = usize::from(bytes.u16()) * 4 % (stake::TABLE_LEN * 4 + 64);
    let mut workspace = Buffer::new(workspace_len, bytes.below(8), 0xEE);
    let workspace_ptr = if selector % 23 == 4 {
        std::ptr::null_mut()
    } else {
        workspace.ptr()
    };

    let allocating = selector >= 240;
    let expected = if ptrs.iter().any(|p| p.is_null())
        || (!allocating && workspace_ptr.is_null() && workspace_len != 0)
        || board_ptr.is_null()
    {
        Err(DuelResult::NullPointer)
    } else if !(1..=MAX_SIZE).contains(&side) || board_len != side * side {
        Err(DuelResult::InvalidSize)
    } else {
        let parsed = BoardBuilder::new(side).and_then(|mut b| {
            for row in board.bytes().chunks_exact(side) {
                b.push_row(row)?;
            }
            b.finish()
        });
        match parsed {
            Ok(position) => {
                let mut table = vec![Slot::default(); 1 << 12];
                stake::train::solve(&position, &mut table).map_err(|e| match e {
                    SolveError::GameOver => DuelResult::NoLegalMove,
                    SolveError::TooManyEmpties { .. } => DuelResult::InvalidBoard,
                })
            }
            Err(ParseError::Row { .. }) => Err(DuelResult::InvalidCell),
            Err(ParseError::Position(PositionError::NoEmpty)) => Err(DuelResult::NoLegalMove),
            Err(ParseError::Position(_)) => Err(DuelResult::InvalidBoard),
            Err(_) => Err(DuelResult::InvalidSize),
        }
    };
    // SAFETY: every non-null pointer points into a live buffer of the size given.
    let result = unsafe {
        if allocating {
            duel_stake_move(n, board_ptr, board_len, ptrs[0], ptrs[1], ptrs[2])
        } else {
            duel_stake_move_in(
                n,
                board_ptr,
                board_len,
                workspace_ptr,
                workspace_len,
                ptrs[0],
                ptrs[1],
                ptrs[2],
            )
        }
    };
    match expected {
        Ok(solution) => {
            assert_eq!(result, DuelResult::Ok);
            let got = (outs.get(0), outs.get(1), outs.get(2));
            let want = (
                i32::from(solution.mv.row().0),
                i32::from(solution.mv.column().0),
                solution.value,
            );
            assert_eq!(got, want);
        }
        Err(code) => {
            assert_eq!(result, code);
            assert!(outs.untouched(), "out-parameters written on error");
        }
    }
});
