//! The statically allocated tables, and the RAM figures.
//!
//! The cases run one after another, so one buffer serves them all: a union of the
//! [`Entry`] table and the Stake Your Claim [`Slot`] table, its size the larger of the two
//! (each only when an enabled engine needs it). A case borrows one view at a time, filled with
//! valid values before it is handed out.

use crate::cases::{ENTRIES, STAKE_SLOTS};
use core::mem::{MaybeUninit, size_of};
use core::sync::atomic::{AtomicBool, Ordering};
use duel_core::Entry;
use duel_core::stake::Slot;

/// Entries this build keeps: [`ENTRIES`] when an engine over [`Entry`] is enabled.
const ENTRY_LEN: usize = if cfg!(any(
    feature = "reversi",
    feature = "ataxx",
    feature = "filler",
    feature = "fruit-rage"
)) {
    ENTRIES
} else {
    0
};

/// Slots this build keeps: [`STAKE_SLOTS`] when Stake Your Claim is enabled.
const SLOT_LEN: usize = if cfg!(feature = "stake") {
    STAKE_SLOTS
} else {
    0
};

/// The two views of the one buffer.
#[repr(C)]
union Tables {
    entries: [Entry; ENTRY_LEN],
    slots: [Slot; SLOT_LEN],
}

/// The table buffer; see the module documentation.
pub struct Arena(MaybeUninit<Tables>);

/// The one arena. Zeroed by the start-up code (it lives in `.bss`); never read before a view
/// writes it.
static mut ARENA: Arena = Arena(MaybeUninit::uninit());

/// Whether [`Arena::take`] has handed out [`ARENA`].
static TAKEN: AtomicBool = AtomicBool::new(false);

impl Arena {
    /// The arena's size in bytes.
    pub const BYTES: usize = size_of::<Tables>();

    /// The arena, the first time only.
    pub fn take() -> Option<&'static mut Arena> {
        if TAKEN.swap(true, Ordering::AcqRel) {
            return None;
        }
        // SAFETY: the flag above lets exactly one caller past, so this is the only reference
        // to ARENA ever made; no interrupt handler touches it.
        unsafe { (&raw mut ARENA).as_mut() }
    }

    /// The buffer as [`ENTRY_LEN`] entries, each set to `Entry::default()`.
    pub fn entries(&mut self) -> &mut [Entry] {
        let first = self.0.as_mut_ptr().cast::<Entry>();
        for i in 0..ENTRY_LEN {
            // SAFETY: the union holds ENTRY_LEN entries from its (suitably aligned) start, so
            // every `first.add(i)` is in bounds; `write` does not read the old bytes.
            unsafe { first.add(i).write(Entry::default()) };
        }
        // SAFETY: all ENTRY_LEN entries were just initialised, and the returned slice borrows
        // `self` mutably, so no other view exists while it lives.
        unsafe { core::slice::from_raw_parts_mut(first, ENTRY_LEN) }
    }

    /// The buffer as [`SLOT_LEN`] slots, each set to `Slot::default()`.
    pub fn slots(&mut self) -> &mut [Slot] {
        let first = self.0.as_mut_ptr().cast::<Slot>();
        for i in 0..SLOT_LEN {
            // SAFETY: as in `entries`, for SLOT_LEN slots.
            unsafe { first.add(i).write(Slot::default()) };
        }
        // SAFETY: as in `entries`.
        unsafe { core::slice::from_raw_parts_mut(first, SLOT_LEN) }
    }
}

unsafe extern "C" {
    static __sdata: u32;
    static __ebss: u32;
    static _stack_end: u32;
    static _stack_start: u32;
}

/// Bytes of RAM the statics take (`.data`, `.bss` and `.uninit`, the arena included).
pub fn static_bytes() -> usize {
    (&raw const __ebss as usize).saturating_sub(&raw const __sdata as usize)
}

/// Paints the free part of the stack (from its bottom to a little below the current stack
/// pointer) with [`cortex_m_rt::STACK_PAINT_VALUE`] again, so that [`peak_stack_bytes`]
/// measures what runs after this call.
#[inline(never)]
pub fn repaint_stack() {
    let bottom = &raw const _stack_end as usize;
    // Leave the caller's frame and this one alone: 256 bytes below the stack pointer.
    let limit = (cortex_m::register::msp::read() as usize).saturating_sub(256) & !3;
    let mut at = bottom;
    while at < limit {
        // SAFETY: `at` is a word-aligned address between the stack region's bottom and 256
        // bytes below the live stack, RAM that nothing uses now.
        unsafe { (at as *mut u32).write_volatile(cortex_m_rt::STACK_PAINT_VALUE) };
        at += 4;
    }
}

/// The deepest the stack has reached since start-up or the last [`repaint_stack`], in bytes
/// from the top of the stack: the lowest word that no longer holds the paint marks the peak
/// (cortex-m-rt's `paint-stack` feature paints the whole region before `main`).
pub fn peak_stack_bytes() -> usize {
    let bottom = &raw const _stack_end as usize;
    let top = &raw const _stack_start as usize;
    let mut at = bottom;
    while at < top {
        // SAFETY: `at` is a word-aligned address inside the stack region (the linker script
        // aligns `_stack_end` to 4 bytes), which is RAM; a volatile read of it has no effect.
        let word = unsafe { (at as *const u32).read_volatile() };
        if word != cortex_m_rt::STACK_PAINT_VALUE {
            break;
        }
        at += 4;
    }
    top - at
}
