//! The trained evaluation's weight file (`trained.bin`), in its compact form: each symmetric
//! cell once, each phase as its change from the phase before, zero runs and small values in a
//! byte. It is about a tenth of the full table ([`WEIGHTS`] `i16`s, 4 MB), so a refit adds
//! little to the repository's history; [`decode`] expands it into the full table the
//! evaluation reads, [`encode`] (the trainer's) writes it.
//!
//! The format: the four bytes [`MAGIC`], then one stream of LEB128 tokens. An odd token `t`
//! stands for `(t >> 1) + 1` zero differences, an even token for one difference, zigzag-encoded
//! in `t >> 1` (0, −1, 1, −2, … as 0, 1, 2, 3, …). The differences run over the phases in
//! order; in each, over the patterns in order and each pattern's *stored* cells in increasing
//! order, then the [`SCALARS`] plain weights. A difference is the entry minus the same entry of
//! the phase before (of 0 in phase 0). A cell is stored when it is the least of the cells its
//! pattern's symmetries map it to ([`canonical`]); the others weigh what that least cell
//! weighs, which is why only symmetric tables can be written ([`FileError::NotSymmetric`]).
//! Zero runs may cross patterns and phases; the stream ends exactly at the last entry.

use core::fmt;
use core::sync::atomic::{AtomicI16, Ordering};

use super::pattern::view;
use super::trained::{
    PATTERN_CELLS, PATTERN_OFFSET, PATTERN_SQUARES, PATTERNS, PHASE_CELLS, PHASE_WEIGHTS, PHASES,
    SCALARS,
};

/// The file's first four bytes.
pub const MAGIC: [u8; 4] = *b"DRW1";

/// Entries of the full table: every phase's pattern cells and plain weights.
pub const WEIGHTS: usize = PHASES * PHASE_WEIGHTS;

/// The longest pattern.
const MAX_SQUARES: usize = 10;

/// A full table of the evaluation's weights ([`WEIGHTS`] entries, the layout of
/// [`super::trained`]), which [`decode`] fills and [`encode`] and the evaluation read.
pub trait Table {
    /// Entry `at`; 0 beyond the table.
    fn get(&self, at: usize) -> i16;
    /// Sets entry `at`; nothing beyond the table.
    fn set(&mut self, at: usize, value: i16);
    /// The number of entries.
    fn len(&self) -> usize;
    /// Whether the table has no entries.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Table for [i16] {
    #[inline(always)]
    fn get(&self, at: usize) -> i16 {
        <[i16]>::get(self, at).copied().unwrap_or(0)
    }
    fn set(&mut self, at: usize, value: i16) {
        if let Some(x) = self.get_mut(at) {
            *x = value;
        }
    }
    fn len(&self) -> usize {
        <[i16]>::len(self)
    }
}

/// A table shared between threads (the embedded weights, decoded on first use): every store
/// is of the entry's final value, so threads that decode at once agree.
impl Table for &[AtomicI16] {
    #[inline(always)]
    fn get(&self, at: usize) -> i16 {
        <[AtomicI16]>::get(self, at).map_or(0, |x| x.load(Ordering::Relaxed))
    }
    fn set(&mut self, at: usize, value: i16) {
        if let Some(x) = <[AtomicI16]>::get(self, at) {
            x.store(value, Ordering::Relaxed);
        }
    }
    fn len(&self) -> usize {
        <[AtomicI16]>::len(self)
    }
}

/// Why a weight file was refused or could not be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileError {
    /// The file does not start with [`MAGIC`].
    Magic,
    /// The table does not have [`WEIGHTS`] entries.
    TableSize(usize),
    /// The stream ends before the last entry.
    Truncated,
    /// Bytes follow the last entry.
    Trailing,
    /// A token longer than five bytes, or an entry beyond `i16`, at this table index.
    Overflow(usize),
    /// This table entry differs from the cell its pattern's symmetry maps it to.
    NotSymmetric(usize),
    /// The output buffer is too small.
    OutputFull,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Magic => write!(f, "not a weight file: it does not start with DRW1"),
            FileError::TableSize(n) => write!(f, "a table of {n} entries, not {WEIGHTS}"),
            FileError::Truncated => write!(f, "the weight file ends before its last entry"),
            FileError::Trailing => write!(f, "bytes follow the weight file's last entry"),
            FileError::Overflow(at) => write!(f, "entry {at} is out of range"),
            FileError::NotSymmetric(at) => write!(
                f,
                "entry {at} differs from its symmetric cell: only symmetric tables are written"
            ),
            FileError::OutputFull => write!(f, "the output buffer is too small"),
        }
    }
}

/// The symmetries of a pattern: each digit permutation, other than the identity, of the
/// board symmetries that map its square set onto itself. Digit `j` of a cell goes to digit
/// `perms[i][j]` of its image.
#[derive(Clone, Copy, Debug)]
struct Symmetries {
    count: usize,
    perms: [[u8; MAX_SQUARES]; 7],
}

/// Each pattern's [`Symmetries`], from its squares and the eight views.
const SYMMETRIES: [Symmetries; PATTERNS] = symmetries();

const fn symmetries() -> [Symmetries; PATTERNS] {
    let mut out = [Symmetries {
        count: 0,
        perms: [[0; MAX_SQUARES]; 7],
    }; PATTERNS];
    let mut k = 0;
    while k < PATTERNS {
        let squares = PATTERN_SQUARES[k];
        let mut v = 1;
        while v < 8 {
            // Where view v's symmetry sends each square of the pattern, as digit positions.
            let mut perm = [0u8; MAX_SQUARES];
            let (mut j, mut maps, mut identity) = (0, true, true);
            while j < squares.len() {
                let to = view(1u64 << squares[j], v).trailing_zeros() as u8;
                let mut i = 0;
                while i < squares.len() && squares[i] != to {
                    i += 1;
                }
                if i == squares.len() {
                    maps = false;
                    break;
                }
                perm[j] = i as u8;
                identity &= i == j;
                j += 1;
            }
            if maps && !identity && !known(&out[k], &perm) {
                out[k].perms[out[k].count] = perm;
                out[k].count += 1;
            }
            v += 1;
        }
        k += 1;
    }
    out
}

const fn known(s: &Symmetries, perm: &[u8; MAX_SQUARES]) -> bool {
    let mut i = 0;
    while i < s.count {
        let mut j = 0;
        while j < MAX_SQUARES && s.perms[i][j] == perm[j] {
            j += 1;
        }
        if j == MAX_SQUARES {
            return true;
        }
        i += 1;
    }
    false
}

/// The least cell that pattern `k`'s symmetries map `cell` to (`cell` itself when it is
/// stored).
pub fn canonical(k: usize, cell: usize) -> usize {
    let Some(s) = SYMMETRIES.get(k) else {
        return cell;
    };
    let n = PATTERN_SQUARES[k].len();
    let mut least = cell;
    for perm in &s.perms[..s.count] {
        let (mut rest, mut image, mut j) = (cell, 0, 0);
        while j < n {
            image += rest % 3 * POW3[usize::from(perm[j])];
            rest /= 3;
            j += 1;
        }
        least = least.min(image);
    }
    least
}

const POW3: [usize; MAX_SQUARES] = {
    let mut p = [1; MAX_SQUARES];
    let mut i = 1;
    while i < MAX_SQUARES {
        p[i] = 3 * p[i - 1];
        i += 1;
    }
    p
};

/// Where an entry's value comes from in one pass over the table in file order.
enum Entry {
    /// A stored entry: its index.
    Stored(usize),
    /// An entry that weighs what the (earlier) entry at `from` weighs.
    Copy { at: usize, from: usize },
}

/// Calls `visit` for every table entry, in file order for the stored ones; a copied cell
/// comes after the stored cell it copies. Each cell's images under its pattern's symmetries
/// are kept as the cell counts up in base 3, so finding the least costs no division.
fn each_entry(mut visit: impl FnMut(Entry) -> Result<(), FileError>) -> Result<(), FileError> {
    for phase in 0..PHASES {
        let base = phase * PHASE_WEIGHTS;
        for (k, s) in SYMMETRIES.iter().enumerate() {
            let start = base + PATTERN_OFFSET[k];
            let perms = &s.perms[..s.count];
            let mut digits = [0u8; MAX_SQUARES];
            let mut images = [0usize; 7];
            let images = &mut images[..s.count];
            for cell in 0..PATTERN_CELLS[k] {
                let least = images.iter().fold(cell, |m, &i| m.min(i));
                visit(if least == cell {
                    Entry::Stored(start + cell)
                } else {
                    Entry::Copy {
                        at: start + cell,
                        from: start + least,
                    }
                })?;
                // cell + 1: the lowest digit below 2 goes up, the 2s below it go to 0.
                for (j, d) in digits.iter_mut().enumerate() {
                    let up = *d < 2;
                    for (image, perm) in images.iter_mut().zip(perms) {
                        let p = POW3[usize::from(perm[j])];
                        *image = if up { *image + p } else { *image - 2 * p };
                    }
                    *d = if up { *d + 1 } else { 0 };
                    if up {
                        break;
                    }
                }
            }
        }
        for i in 0..SCALARS {
            visit(Entry::Stored(base + PHASE_CELLS + i))?;
        }
    }
    Ok(())
}

/// The same entry of the phase before; 0 in phase 0.
fn before(table: &(impl Table + ?Sized), at: usize) -> i32 {
    if at >= PHASE_WEIGHTS {
        i32::from(table.get(at - PHASE_WEIGHTS))
    } else {
        0
    }
}

/// Writes the full `table` to `out` in the compact form; returns the bytes written.
pub fn encode(table: &(impl Table + ?Sized), out: &mut [u8]) -> Result<usize, FileError> {
    if table.len() != WEIGHTS {
        return Err(FileError::TableSize(table.len()));
    }
    let mut w = Writer { out, at: 0 };
    w.bytes(&MAGIC)?;
    let mut zeros = 0u32;
    each_entry(|entry| match entry {
        Entry::Stored(at) => {
            let diff = i32::from(table.get(at)) - before(table, at);
            if diff == 0 {
                zeros += 1;
                return Ok(());
            }
            if zeros > 0 {
                w.token(((zeros - 1) << 1) | 1)?;
                zeros = 0;
            }
            let zigzag = ((diff << 1) ^ (diff >> 31)) as u32;
            w.token(zigzag << 1)
        }
        Entry::Copy { at, from } => {
            if table.get(at) == table.get(from) {
                Ok(())
            } else {
                Err(FileError::NotSymmetric(at))
            }
        }
    })?;
    if zeros > 0 {
        w.token(((zeros - 1) << 1) | 1)?;
    }
    Ok(w.at)
}

struct Writer<'a> {
    out: &'a mut [u8],
    at: usize,
}

impl Writer<'_> {
    fn bytes(&mut self, bytes: &[u8]) -> Result<(), FileError> {
        let end = self.at + bytes.len();
        self.out
            .get_mut(self.at..end)
            .ok_or(FileError::OutputFull)?
            .copy_from_slice(bytes);
        self.at = end;
        Ok(())
    }

    fn token(&mut self, mut t: u32) -> Result<(), FileError> {
        loop {
            let low = (t & 0x7F) as u8;
            t >>= 7;
            if t == 0 {
                return self.bytes(&[low]);
            }
            self.bytes(&[low | 0x80])?;
        }
    }
}

/// Fills the full `table` from the compact file `bytes`. On an error the table holds what was
/// decoded before it.
pub fn decode(bytes: &[u8], table: &mut (impl Table + ?Sized)) -> Result<(), FileError> {
    if table.len() != WEIGHTS {
        return Err(FileError::TableSize(table.len()));
    }
    let Some(stream) = bytes.strip_prefix(&MAGIC) else {
        return Err(FileError::Magic);
    };
    let mut r = Reader { bytes: stream };
    let mut zeros = 0u32;
    each_entry(|entry| {
        let (at, value) = match entry {
            Entry::Copy { at, from } => (at, i32::from(table.get(from))),
            Entry::Stored(at) => {
                let diff = if zeros > 0 {
                    zeros -= 1;
                    0
                } else {
                    let t = r.token(at)?;
                    if t & 1 == 1 {
                        zeros = t >> 1;
                        0
                    } else {
                        let z = t >> 1;
                        ((z >> 1) as i32) ^ -((z & 1) as i32)
                    }
                };
                (at, before(table, at) + diff)
            }
        };
        let value = i16::try_from(value).map_err(|_| FileError::Overflow(at))?;
        table.set(at, value);
        Ok(())
    })?;
    if zeros > 0 {
        return Err(FileError::Trailing);
    }
    if r.bytes.is_empty() {
        Ok(())
    } else {
        Err(FileError::Trailing)
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl Reader<'_> {
    /// The next token, read for table entry `at`.
    fn token(&mut self, at: usize) -> Result<u32, FileError> {
        let mut t = 0u64;
        for shift in (0..35).step_by(7) {
            let (&b, rest) = self.bytes.split_first().ok_or(FileError::Truncated)?;
            self.bytes = rest;
            t |= u64::from(b & 0x7F) << shift;
            if b & 0x80 == 0 {
                return u32::try_from(t).map_err(|_| FileError::Overflow(at));
            }
        }
        Err(FileError::Overflow(at))
    }
}
