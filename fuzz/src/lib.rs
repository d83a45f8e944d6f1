//! What the fuzz targets share: reading fuzzer bytes as values, buffers at chosen alignments,
//! out-parameters that must stay untouched on error, and naive twins to check against.

use duel_core::ataxx::{Board as AtaxxBoard, BotzoneMove, Snapshot};

/// Fuzzer bytes read front to back as values; reads past the end give zeros.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// A reader over `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data }
    }

    /// The next byte (0 at the end).
    pub fn u8(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// The next little-endian u16.
    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }

    /// The next little-endian u32.
    pub fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }

    /// The next little-endian u64.
    pub fn u64(&mut self) -> u64 {
        u64::from(self.u32()) | (u64::from(self.u32()) << 32)
    }

    /// A value in `0..n` (`n` > 0) from the next byte.
    pub fn below(&mut self, n: usize) -> usize {
        usize::from(self.u8()) % n.max(1)
    }

    /// Whether nothing is left.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Everything not read yet.
    pub fn rest(&mut self) -> &'a [u8] {
        std::mem::take(&mut self.data)
    }

    /// The side of a square board as a C call passes it: mostly `0..=max_side`, sometimes any
    /// `u32`; with the cells it holds (none beyond `max_side`) and the length of the buffer
    /// passed for them, one off now and then (when `selector % 29 == 5`).
    pub fn side(&mut self, selector: u8, max_side: usize) -> Side {
        let n = match self.u8() {
            0..=249 => u32::from(self.u8()) % (max_side as u32 + 1),
            _ => self.u32(),
        };
        let side = n as usize;
        let cells = if side <= max_side { side * side } else { 0 };
        let len = if selector % 29 == 5 {
            (cells + self.below(3)).saturating_sub(1)
        } else {
            cells
        };
        Side {
            n,
            side,
            cells,
            len,
        }
    }

    /// An i32 that is usually small (an index, a coordinate, a cell) and sometimes any value.
    pub fn small_i32(&mut self) -> i32 {
        match self.u8() {
            0..=239 => i32::from(self.u8() % 12) - 2,
            240..=247 => i32::from(self.u8() as i8),
            _ => self.u32() as i32,
        }
    }
}

/// A fuzzed square board's side: what the call passes as `n`, and the buffer it passes.
pub struct Side {
    /// The side the call passes.
    pub n: u32,
    /// `n` as a size.
    pub side: usize,
    /// The cells of an `n`×`n` board (0 when `n` is out of range).
    pub cells: usize,
    /// The length passed with the board's buffer.
    pub len: usize,
}

/// A byte buffer whose data starts `offset` bytes past an 8-aligned address, so that a
/// pointer into it can be misaligned for any type on purpose.
pub struct Buffer {
    storage: Vec<u64>,
    offset: usize,
    len: usize,
}

impl Buffer {
    /// `len` bytes at `offset` (0..8) past an aligned address, filled with `fill`.
    pub fn new(len: usize, offset: usize, fill: u8) -> Self {
        let offset = offset % 8;
        let words = (len + offset).div_ceil(8) + 1;
        let mut buffer = Buffer {
            storage: vec![0; words],
            offset,
            len,
        };
        buffer.bytes_mut().fill(fill);
        buffer
    }

    /// The data as bytes.
    pub fn bytes(&self) -> &[u8] {
        // SAFETY: `storage` holds `offset + len` bytes and more; u8 has no alignment.
        unsafe {
            std::slice::from_raw_parts(
                self.storage.as_ptr().cast::<u8>().add(self.offset),
                self.len,
            )
        }
    }

    /// The data as mutable bytes.
    pub fn bytes_mut(&mut self) -> &mut [u8] {
        // SAFETY: as in `bytes`, with exclusive access through `&mut self`.
        unsafe {
            std::slice::from_raw_parts_mut(
                self.storage.as_mut_ptr().cast::<u8>().add(self.offset),
                self.len,
            )
        }
    }

    /// The start of the data.
    pub fn ptr(&mut self) -> *mut u8 {
        self.bytes_mut().as_mut_ptr()
    }

    /// The data's length in bytes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the buffer holds no bytes.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Writes `values` as native-endian i32s from the start (any alignment).
    pub fn put_i32s(&mut self, values: &[i32]) {
        for (chunk, v) in self.bytes_mut().chunks_exact_mut(4).zip(values) {
            chunk.copy_from_slice(&v.to_ne_bytes());
        }
    }

    /// The i32 at index `i` (native-endian, any alignment).
    pub fn i32_at(&self, i: usize) -> i32 {
        let b = &self.bytes()[4 * i..4 * i + 4];
        i32::from_ne_bytes([b[0], b[1], b[2], b[3]])
    }
}

/// The filler every out-parameter starts with: a call that fails must leave it.
pub const SENTINEL: u8 = 0xA5;

/// The i32 made of four [`SENTINEL`] bytes.
pub const SENTINEL_I32: i32 = i32::from_ne_bytes([SENTINEL; 4]);

/// Out-parameter ints at a chosen alignment, all [`SENTINEL_I32`] until written.
pub struct Outs {
    buffer: Buffer,
    count: usize,
}

impl Outs {
    /// `count` ints starting `offset` (0..8) bytes past an aligned address.
    pub fn new(count: usize, offset: usize) -> Self {
        Outs {
            buffer: Buffer::new(4 * count, offset, SENTINEL),
            count,
        }
    }

    /// A pointer to int `i`.
    pub fn ptr(&mut self, i: usize) -> *mut i32 {
        self.buffer.ptr().wrapping_add(4 * i).cast::<i32>()
    }

    /// Int `i`.
    pub fn get(&self, i: usize) -> i32 {
        self.buffer.i32_at(i)
    }

    /// Whether no int was written.
    pub fn untouched(&self) -> bool {
        self.buffer.bytes().iter().all(|&b| b == SENTINEL)
    }

    /// How many ints there are.
    pub fn count(&self) -> usize {
        self.count
    }
}

/// The judge's circular-move rule, written out from its definition as a naive twin of
/// `duel_core::ataxx::History`: `h` holds the pre-capture boards `H[0..k]`, `next` is `H[k]`;
/// ply `k` is circular when `k ≥ 4` and some `i ≤ k − 3` has `H[i] = H[k−1]` and
/// `H[i+1] = H[k]`.
pub fn naive_circular(h: &[Snapshot], next: Snapshot) -> bool {
    let k = h.len();
    if k < 4 {
        return false;
    }
    (0..=k - 3).any(|i| h[i] == h[k - 1] && h[i + 1] == next)
}

/// A Botzone move read from fuzzer bytes: mostly one of `board`'s legal moves (so that long,
/// real games come out, repetitions included), sometimes any four small or wild integers.
pub fn botzone_move(bytes: &mut Bytes<'_>, board: &AtaxxBoard) -> BotzoneMove {
    let selector = bytes.u8();
    let moves = board.legal_moves_unordered();
    if selector < 224 && !moves.is_empty() {
        let mv = moves.as_ref()[bytes.below(moves.len())];
        return board.botzone_move_with_source(mv, bytes.u8());
    }
    BotzoneMove {
        x0: bytes.small_i32(),
        y0: bytes.small_i32(),
        x1: bytes.small_i32(),
        y1: bytes.small_i32(),
    }
}

/// Source choice for a copy: `botzone_move_with_source` below.
trait WithSource {
    fn botzone_move_with_source(&self, mv: duel_core::ataxx::Move, pick: u8) -> BotzoneMove;
}

impl WithSource for AtaxxBoard {
    /// The Botzone form of `mv`, a copy taking its source among the mover's neighbours of the
    /// destination by `pick` (any source names the same move).
    fn botzone_move_with_source(&self, mv: duel_core::ataxx::Move, pick: u8) -> BotzoneMove {
        use duel_core::ataxx::{Move, NEIGHBOURS, SquareIter};
        match mv {
            Move::Single(to) => {
                let own = self.pieces(self.side());
                let sources: Vec<_> = SquareIter(NEIGHBOURS[to.index()] & own).collect();
                match sources.get(usize::from(pick) % sources.len().max(1)) {
                    Some(&from) => BotzoneMove::between(from, to),
                    None => self.botzone_move(mv),
                }
            }
            _ => self.botzone_move(mv),
        }
    }
}
