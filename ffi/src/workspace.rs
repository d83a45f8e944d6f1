//! Turning a caller's raw workspace buffer into a table of some type.

/// The values of type `T` that fit in `len` bytes at `ptr` (after aligning the start), each
/// reset to `T::default()`.
///
/// # Safety
/// `ptr` must be valid for reads and writes of `len` bytes for the lifetime `'a`, and nothing
/// else may access that memory meanwhile. A null `ptr` is allowed only with `len == 0`.
pub(crate) unsafe fn table<'a, T: Default>(ptr: *mut u8, len: usize) -> &'a mut [T] {
    let size = std::mem::size_of::<T>();
    if ptr.is_null() || len == 0 || size == 0 {
        return &mut [];
    }
    let skip = ptr.align_offset(std::mem::align_of::<T>());
    if skip >= len {
        return &mut [];
    }
    let count = (len - skip) / size;
    // SAFETY: `skip < len`, so the aligned start stays inside the caller's buffer.
    let start = unsafe { ptr.add(skip) }.cast::<T>();
    for i in 0..count {
        // SAFETY: value `i` lies within the buffer (`count` values fit after `skip` bytes) and
        // is aligned; writing initialises it before any reference to it exists.
        unsafe { start.add(i).write(T::default()) };
    }
    // SAFETY: the `count` values are aligned, initialised, inside the caller's buffer, and the
    // caller guarantees exclusive access for `'a`.
    unsafe { std::slice::from_raw_parts_mut(start, count) }
}
