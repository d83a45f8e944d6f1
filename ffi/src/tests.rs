//! The C API's pointer handling, checked from Rust (and under Miri:
//! `cargo +nightly miri test -p duel-ffi`): every `_in` variant allocates nothing, every int
//! pointer may be misaligned, out-parameters stay untouched on error, and a workspace at any
//! address is used from its aligned part only.

use crate::DuelResult;
use crate::ataxx::duel_ataxx_move_in;
use crate::filler::duel_filler_move_in;
use crate::fruit_rage::{DUEL_FRUIT_RAGE_EMPTY, duel_fruit_rage_move_in};
use crate::reversi::duel_reversi_move_in;
use crate::stake::duel_stake_move_in;
use duel_core::Entry;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting this thread's allocations.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: every call is forwarded to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's promises, forwarded.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's promises, forwarded.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's promises, forwarded.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's promises, forwarded.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// Runs `f` and returns its value and how many allocations this thread made meanwhile.
fn allocations<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let before = ALLOCATIONS.with(Cell::get);
    let value = f();
    (value, ALLOCATIONS.with(Cell::get) - before)
}

const SENTINEL: u8 = 0xA5;

/// Bytes at an odd address: ints placed here are misaligned on purpose.
struct Odd {
    bytes: Vec<u8>,
}

impl Odd {
    /// Room for `len` bytes starting one byte past an aligned address.
    fn new(len: usize) -> Self {
        Odd {
            bytes: vec![SENTINEL; len + 8],
        }
    }
    /// The first byte at an address that is 1 mod 4.
    fn start(&mut self) -> *mut u8 {
        let base = self.bytes.as_mut_ptr();
        let skip = (5 - (base as usize % 4)) % 4;
        base.wrapping_add(skip)
    }
    /// Writes ints from the odd start.
    fn put(&mut self, ints: &[i32]) {
        let start = self.start();
        for (i, v) in ints.iter().enumerate() {
            for (k, b) in v.to_ne_bytes().into_iter().enumerate() {
                // SAFETY: inside `bytes` (len + 8 bytes, the start at most 3 past the base).
                unsafe { start.add(4 * i + k).write(b) };
            }
        }
    }
    /// The int at index `i` from the odd start.
    fn get(&mut self, i: usize) -> i32 {
        let start = self.start();
        // SAFETY: inside `bytes`; an unaligned read.
        unsafe { start.add(4 * i).cast::<i32>().read_unaligned() }
    }
    /// A misaligned int pointer to index `i`.
    fn int(&mut self, i: usize) -> *mut i32 {
        self.start().wrapping_add(4 * i).cast::<i32>()
    }
    /// Whether the first `n` ints are still untouched.
    fn untouched(&mut self, n: usize) -> bool {
        (0..n).all(|i| self.get(i) == i32::from_ne_bytes([SENTINEL; 4]))
    }
}

/// The start position in the contest's array.
fn reversi_start() -> [i32; 64] {
    let mut cells = [-1; 64];
    cells[27] = 0;
    cells[28] = 1;
    cells[35] = 1;
    cells[36] = 0;
    cells
}

#[test]
fn reversi_reads_and_writes_misaligned_ints_and_allocates_nothing() {
    let mut board = Odd::new(256);
    board.put(&reversi_start());
    let mut outs = Odd::new(8);
    let mut workspace = vec![0u8; 1024 + 3];
    let (result, count) = allocations(|| {
        // SAFETY: 64 ints at `board`, 2 at `outs`, the workspace's bytes, all live.
        unsafe {
            duel_reversi_move_in(
                board.int(0),
                1,
                0,
                40,
                workspace.as_mut_ptr().wrapping_add(3),
                1024,
                outs.int(0),
                outs.int(1),
            )
        }
    });
    assert_eq!((result, count), (DuelResult::Ok, 0));
    let legal = [(2, 3), (3, 2), (4, 5), (5, 4)];
    assert!(legal.contains(&(outs.get(0), outs.get(1))));
    // An invalid colour: an error, the outs untouched.
    let mut outs = Odd::new(8);
    // SAFETY: as above.
    let result = unsafe {
        duel_reversi_move_in(
            board.int(0),
            7,
            0,
            40,
            std::ptr::null_mut(),
            0,
            outs.int(0),
            outs.int(1),
        )
    };
    assert_eq!(result, DuelResult::InvalidColour);
    assert!(outs.untouched(2));
}

#[test]
fn ataxx_reads_a_misaligned_history_refuses_a_circular_one_and_allocates_nothing() {
    let plies = [[0, 0, 2, 0], [6, 0, 4, 0], [2, 0, 0, 0], [4, 0, 6, 0]];
    let mut moves = Odd::new(4 * 20);
    moves.put(plies.as_flattened());
    let mut out = Odd::new(16);
    let mut workspace = vec![0u8; 512];
    let (result, count) = allocations(|| {
        // SAFETY: 16 ints at `moves`, 4 at `out`, the workspace's bytes.
        unsafe {
            duel_ataxx_move_in(
                moves.int(0),
                16,
                0,
                30,
                workspace.as_mut_ptr().wrapping_add(1),
                500,
                out.int(0),
            )
        }
    });
    assert_eq!((result, count), (DuelResult::Ok, 0));
    let answer = [out.get(0), out.get(1), out.get(2), out.get(3)];
    assert_ne!(answer, [0, 0, 2, 0], "the circular move");
    // The circular move itself in the history: refused, `out` untouched.
    moves.put(&[plies.as_flattened(), &[0, 0, 2, 0]].concat());
    let mut out = Odd::new(16);
    // SAFETY: 20 ints at `moves`, 4 at `out`.
    let result =
        unsafe { duel_ataxx_move_in(moves.int(0), 20, 0, 30, std::ptr::null_mut(), 0, out.int(0)) };
    assert_eq!(result, DuelResult::IllegalMove);
    assert!(out.untouched(4));
}

#[test]
fn filler_writes_a_misaligned_colour_and_allocates_nothing() {
    let board: Vec<u8> = (0..9).map(|i| [1, 2, 3][i % 3]).collect();
    let mut out = Odd::new(4);
    let mut workspace = vec![0u8; 333];
    let (result, count) = allocations(|| {
        // SAFETY: 9 bytes at `board`, 1 int at `out`, the workspace's bytes.
        unsafe {
            duel_filler_move_in(
                3,
                board.as_ptr(),
                9,
                0,
                50,
                workspace.as_mut_ptr().wrapping_add(5),
                320,
                out.int(0),
            )
        }
    });
    assert_eq!((result, count), (DuelResult::Ok, 0));
    let colour = out.get(0);
    assert!((0..=9).contains(&colour) && colour != i32::from(board[8]));
}

#[test]
fn fruit_rage_in_writes_misaligned_ints_and_the_box_and_allocates_nothing() {
    let e = DUEL_FRUIT_RAGE_EMPTY;
    // 3×3, gravity holds: column 0 full of 1s, column 1 two 2s, column 2 empty.
    let board = [1, e, e, 1, 2, e, 1, 2, e];
    let mut after = [SENTINEL; 9];
    let mut outs = Odd::new(12);
    let mut workspace = vec![0u8; 777];
    let (result, count) = allocations(|| {
        // SAFETY: 9 bytes at `board` and `after`, 3 ints at `outs`, the workspace's bytes.
        unsafe {
            duel_fruit_rage_move_in(
                3,
                board.as_ptr(),
                9,
                0,
                100,
                workspace.as_mut_ptr().wrapping_add(7),
                770,
                outs.int(0),
                outs.int(1),
                outs.int(2),
                after.as_mut_ptr(),
                9,
            )
        }
    });
    assert_eq!((result, count), (DuelResult::Ok, 0));
    // Three 1s beat two 2s: the search takes column 0 (its top cell is row 0).
    assert_eq!((outs.get(0), outs.get(1), outs.get(2)), (0, 0, 9));
    assert_eq!(after, [e, e, e, e, 2, e, e, 2, e]);
    // Fruit above an empty cell: an error, nothing written.
    let floating = [1, e, e, e, e, e, 1, e, e];
    let mut after = [SENTINEL; 9];
    let mut outs = Odd::new(12);
    // SAFETY: as above.
    let result = unsafe {
        duel_fruit_rage_move_in(
            3,
            floating.as_ptr(),
            9,
            0,
            100,
            std::ptr::null_mut(),
            0,
            outs.int(0),
            outs.int(1),
            outs.int(2),
            after.as_mut_ptr(),
            9,
        )
    };
    assert_eq!(result, DuelResult::InvalidBoard);
    assert!(outs.untouched(3) && after == [SENTINEL; 9]);
}

#[test]
fn stake_in_solves_with_misaligned_outs_and_allocates_nothing() {
    let board = b"01.100...01....1";
    let mut outs = Odd::new(12);
    let mut workspace = vec![0u8; 4096 + 2];
    let (result, count) = allocations(|| {
        // SAFETY: 16 bytes at `board`, 3 ints at `outs`, the workspace's bytes.
        unsafe {
            duel_stake_move_in(
                4,
                board.as_ptr(),
                16,
                workspace.as_mut_ptr().wrapping_add(2),
                4096,
                outs.int(0),
                outs.int(1),
                outs.int(2),
            )
        }
    });
    assert_eq!((result, count), (DuelResult::Ok, 0));
    // The statement's first sample: (1,2) 2.
    assert_eq!((outs.get(0), outs.get(1), outs.get(2)), (1, 2, 2));
}

#[test]
fn a_workspace_at_any_address_is_used_from_its_aligned_part() {
    let mut buffer = vec![0xEEu8; 96];
    let base = buffer.as_mut_ptr();
    for offset in 0..16 {
        for len in [0, 1, 15, 16, 17, 40, 80] {
            let ptr = base.wrapping_add(offset);
            // SAFETY: `offset + len` ≤ 96 bytes of `buffer`, used by nothing else meanwhile.
            let table = unsafe { crate::workspace::table::<Entry>(ptr, len) };
            let skip = ptr.align_offset(std::mem::align_of::<Entry>());
            let expected = len.saturating_sub(skip) / std::mem::size_of::<Entry>();
            assert_eq!(table.len(), expected, "offset {offset} len {len}");
            if let Some(first) = table.first() {
                assert_eq!(first.depth(), 0);
                let start = table.as_ptr() as usize;
                assert!(start >= ptr as usize && start % std::mem::align_of::<Entry>() == 0);
                assert!(start + expected * 16 <= ptr as usize + len);
            }
        }
    }
}

#[test]
fn every_result_code_round_trips_and_has_its_own_message() {
    let mut messages = std::collections::HashSet::new();
    for &code in DuelResult::ALL {
        assert_eq!(DuelResult::from_code(code as u32), Some(code));
        let text = code.message().to_str().expect("ASCII message");
        assert!(
            !text.is_empty() && messages.insert(text),
            "{code:?}: {text}"
        );
        // SAFETY: duel_result_message returns a static NUL-terminated string.
        let c = unsafe { std::ffi::CStr::from_ptr(crate::duel_result_message(code as u32)) };
        assert_eq!(c, code.message());
    }
    let unknown = (0..=300u32)
        .filter(|&n| DuelResult::from_code(n).is_none())
        .count();
    assert_eq!(unknown, 301 - DuelResult::ALL.len());
    // SAFETY: as above.
    let c = unsafe { std::ffi::CStr::from_ptr(crate::duel_result_message(8)) };
    assert_eq!(c, c"unknown duel_result code");
}

#[test]
fn the_version_is_the_crates() {
    // SAFETY: duel_version returns a static NUL-terminated string.
    let v = unsafe { std::ffi::CStr::from_ptr(crate::duel_version()) };
    assert_eq!(v.to_str(), Ok(env!("CARGO_PKG_VERSION")));
}
