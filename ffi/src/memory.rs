//! The caller's memory: the C API's alignment rule, kept in one place.
//!
//! No pointer of the C API needs to be aligned: ints are read and written with unaligned
//! accesses ([`read_int`], [`write_int`]), byte buffers need no alignment, and a workspace is
//! aligned inside ([`crate::workspace::table`]), at the cost of at most 7 of its bytes.

/// The int at index `i` of the caller's array at `ptr`, at any alignment.
///
/// # Safety
/// `ptr` must be non-null and valid for reading `i + 1` ints (any alignment).
pub(crate) unsafe fn read_int(ptr: *const i32, i: usize) -> i32 {
    // SAFETY: the caller's promise; an unaligned read tolerates any alignment.
    unsafe { ptr.add(i).read_unaligned() }
}

/// Writes `value` to the caller's int at `ptr`, at any alignment.
///
/// # Safety
/// `ptr` must be non-null and valid for writing one int (any alignment).
pub(crate) unsafe fn write_int(ptr: *mut i32, value: i32) {
    // SAFETY: the caller's promise; an unaligned write tolerates any alignment.
    unsafe { ptr.write_unaligned(value) }
}

/// The caller's `len` bytes at `ptr`, or `None` for a null `ptr`.
///
/// # Safety
/// `ptr` must be null or valid for reading `len` bytes, unchanged during `'a`.
pub(crate) unsafe fn bytes<'a>(ptr: *const u8, len: usize) -> Option<&'a [u8]> {
    if ptr.is_null() {
        return None;
    }
    // SAFETY: non-null, and the caller promises `len` readable bytes (bytes need no
    // alignment).
    Some(unsafe { std::slice::from_raw_parts(ptr, len) })
}
