//! Turning a caller's raw workspace buffer into a transposition table.

use duel_core::Entry;

/// The transposition-table entries that fit in `len` bytes at `ptr`, each reset to empty.
///
/// # Safety
/// `ptr` must be valid for reads and writes of `len` bytes for the lifetime `'a`, and nothing
/// else may access that memory meanwhile. A null `ptr` is allowed only with `len == 0`.
pub(crate) unsafe fn entries<'a>(ptr: *mut u8, len: usize) -> &'a mut [Entry] {
    if ptr.is_null() || len == 0 {
        return &mut [];
    }
    let align = std::mem::align_of::<Entry>();
    let skip = ptr.align_offset(align);
    if skip >= len {
        return &mut [];
    }
    let count = (len - skip) / std::mem::size_of::<Entry>();
    // SAFETY: `skip < len`, so the aligned start stays inside the caller's buffer.
    let start = unsafe { ptr.add(skip) }.cast::<Entry>();
    for i in 0..count {
        // SAFETY: entry `i` lies within the buffer (count entries fit after `skip` bytes) and is
        // aligned; writing initialises it before any reference to it exists.
        unsafe { start.add(i).write(Entry::default()) };
    }
    // SAFETY: the `count` entries are aligned, initialised, inside the caller's buffer, and the
    // caller guarantees exclusive access for `'a`.
    unsafe { std::slice::from_raw_parts_mut(start, count) }
}
