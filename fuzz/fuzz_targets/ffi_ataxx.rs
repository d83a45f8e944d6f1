//! `duel_ataxx_best_move` and `duel_ataxx_best_move_in` with fuzzer-chosen histories (mostly
//! legal games, repetitions included, then anything), lengths, budgets, workspaces, null
//! pointers and misaligned buffers: the result is the code the shared replay gives, a success
//! is a legal move that is not circular while another exists, a failure leaves `out`
//! untouched, and nothing panics.
#![no_main]

use duel::DuelResult;
use duel::ataxx::{duel_ataxx_best_move, duel_ataxx_best_move_in};
use duel_core::ataxx::{BotzoneMove, Match, PLY_LIMIT, circular_moves};
use duel_fuzz::{Buffer, Bytes, Outs, botzone_move};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let selector = bytes.u8();
    let plies = bytes.u16() % 420;
    let millis = u32::from(bytes.u8() % 3);
    let max_nodes = u64::from(bytes.u16() % 2000);
    let workspace_len = usize::from(bytes.u16() % 4096);
    let mut workspace = Buffer::new(workspace_len, bytes.below(8), 0xEE);
    let workspace_ptr = if selector % 23 == 4 {
        std::ptr::null_mut()
    } else {
        workspace.ptr()
    };
    let mut outs = Outs::new(4, bytes.below(8));
    let out = if selector % 19 == 3 {
        std::ptr::null_mut()
    } else {
        outs.ptr(0)
    };
    let moves_offset = bytes.below(8);

    // A history: moves chosen against the game they build, played on a scratch game so that
    // an illegal or circular choice still goes into the history as it was chosen.
    let mut scratch = Match::new();
    let mut ints = Vec::new();
    for _ in 0..plies {
        let bm = botzone_move(&mut bytes, scratch.board());
        ints.extend([bm.x0, bm.y0, bm.x1, bm.y1]);
        if scratch.play_botzone(bm).is_err() && bytes.u8() < 128 {
            break;
        }
    }
    let mut moves_len = ints.len();
    if selector % 29 == 5 {
        moves_len = moves_len.saturating_sub(1 + bytes.below(3));
    }
    let mut moves = Buffer::new(4 * ints.len(), moves_offset, 0);
    moves.put_i32s(&ints);
    let moves_ptr: *const i32 = if selector % 31 == 6 && moves_len != 0 {
        std::ptr::null()
    } else {
        moves.ptr().cast::<i32>()
    };

    let history: Vec<BotzoneMove> = ints[..moves_len]
        .chunks_exact(4)
        .map(|c| BotzoneMove {
            x0: c[0],
            y0: c[1],
            x1: c[2],
            y1: c[3],
        })
        .collect();
    let allocating = selector >= 248;
    let expected =
        if out.is_null() || (!allocating && workspace_ptr.is_null() && workspace_len != 0) {
            Err(DuelResult::NullPointer)
        } else if !allocating && millis == 0 && max_nodes == 0 {
            Err(DuelResult::InvalidSize)
        } else if moves_ptr.is_null() && moves_len != 0 {
            Err(DuelResult::NullPointer)
        } else if moves_len % 4 != 0 || moves_len / 4 > usize::from(PLY_LIMIT) {
            Err(DuelResult::InvalidSize)
        } else {
            match Match::replay_botzone(history.iter().copied()) {
                Err(_) => Err(DuelResult::IllegalMove),
                Ok(game) if game.board().is_over() => Err(DuelResult::NoLegalMove),
                Ok(game) => Ok(game),
            }
        };
    // SAFETY: every non-null pointer points into a live buffer of the size given.
    let result = unsafe {
        if allocating {
            duel_ataxx_best_move(moves_ptr, moves_len, 1, out)
        } else {
            duel_ataxx_best_move_in(
                moves_ptr,
                moves_len,
                millis,
                max_nodes,
                workspace_ptr,
                workspace_len,
                out,
            )
        }
    };
    match expected {
        Ok(game) => {
            assert_eq!(result, DuelResult::Ok);
            let bm = BotzoneMove {
                x0: outs.get(0),
                y0: outs.get(1),
                x1: outs.get(2),
                y1: outs.get(3),
            };
            let mv = game.board().parse_botzone(bm).expect("a legal answer");
            let circular = circular_moves(game.board(), game.history());
            if circular.len() < game.board().legal_moves().len() {
                assert!(!game.history().is_circular(game.board(), mv), "{bm}");
            }
        }
        Err(code) => {
            assert_eq!(result, code);
            assert!(outs.untouched(), "out written on error");
        }
    }
});
