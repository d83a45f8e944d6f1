//! A pattern evaluation fitted to exactly solved endgame positions, for the solver's move
//! ordering: it predicts the final disc difference of positions with roughly 8 to 30 empties.
//!
//! The board is seen through all eight symmetries. In each view three 8-square patterns are
//! read (the first row, the 2×4 block at the first corner, the long diagonal), each as a
//! base-3 index (0 empty, 1 the player's, 2 the opponent's) into one table of weights per
//! pattern and phase; five plain features (a constant, both sides' mobility, both sides'
//! potential mobility) add their own weights. Reading every view makes the evaluation
//! symmetric by construction and lets one table serve every instance of its pattern.
//!
//! The weights are `weights.bin`, written by the `reversi-eval` trainer of `duel-train`
//! (which also generates the solved positions it fits); see that trainer for the format.

use super::bits;

/// Squares in each pattern.
pub const PATTERN_SQUARES: u32 = 8;

/// Entries of one pattern table: 3^8.
pub const PATTERN_CELLS: usize = 6561;

/// The patterns: first row, corner 2×4 block, long diagonal.
pub const PATTERNS: usize = 3;

/// Views of the board: the eight symmetries of the square.
pub const VIEWS: usize = 8;

/// The plain features: constant, player's mobility, opponent's mobility, player's potential
/// mobility, opponent's potential mobility.
pub const SCALARS: usize = 5;

/// Weight sets by the number of empties: see [`phase`].
pub const PHASES: usize = 2;

/// Pattern weights are in this fraction of a disc.
pub const PATTERN_UNIT: i32 = 4;

/// Plain-feature weights are in this fraction of a disc.
pub const SCALAR_UNIT: i32 = 256;

/// Bytes of `weights.bin`: per phase, the pattern tables (one signed byte per cell) and then
/// the plain weights (little-endian `i16`).
pub const WEIGHT_BYTES: usize = PHASES * (PATTERNS * PATTERN_CELLS + 2 * SCALARS);

static WEIGHTS: &[u8; WEIGHT_BYTES] = include_bytes!("weights.bin");

/// The weight set for a position with `empties` empty squares.
#[inline]
pub const fn phase(empties: u32) -> usize {
    if empties <= 14 { 0 } else { 1 }
}

/// `TERNARY[b]`: the base-3 number whose digits are the bits of `b` (bit i → 3^i).
static TERNARY: [u16; 256] = ternary_table();

const fn ternary_table() -> [u16; 256] {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let mut v = 0u16;
        let mut i = 7;
        loop {
            v = v * 3 + ((b >> i) & 1) as u16;
            if i == 0 {
                break;
            }
            i -= 1;
        }
        t[b] = v;
        b += 1;
    }
    t
}

/// Reverses the bits of every byte: the board mirrored left to right.
#[inline(always)]
pub const fn mirror(x: u64) -> u64 {
    let x = ((x >> 1) & 0x5555_5555_5555_5555) | ((x & 0x5555_5555_5555_5555) << 1);
    let x = ((x >> 2) & 0x3333_3333_3333_3333) | ((x & 0x3333_3333_3333_3333) << 2);
    ((x >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((x & 0x0F0F_0F0F_0F0F_0F0F) << 4)
}

/// The board reflected in its a1–h8 diagonal: square (row r, column c) goes to (c, r).
#[inline(always)]
pub const fn transpose(x: u64) -> u64 {
    let t = 0x0F0F_0F0F_0000_0000 & (x ^ (x << 28));
    let x = x ^ t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    let x = x ^ t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^ t ^ (t >> 7)
}

/// The bitboard `x` in view `v` (0..8): identity, mirrored, flipped, rotated half a turn, and
/// the transposes of those four.
#[inline(always)]
pub const fn view(x: u64, v: usize) -> u64 {
    let x = if v & 1 != 0 { mirror(x) } else { x };
    let x = if v & 2 != 0 { x.swap_bytes() } else { x };
    if v & 4 != 0 { transpose(x) } else { x }
}

/// The squares of each pattern, as bits of a view: first row, 2×4 corner block, diagonal.
#[inline(always)]
const fn pattern_bits(x: u64) -> [u8; PATTERNS] {
    let row = x as u8;
    let block = ((x & 0x0F) | ((x >> 4) & 0xF0)) as u8;
    let diagonal = ((x & 0x8040_2010_0804_0201).wrapping_mul(0x0101_0101_0101_0101) >> 56) as u8;
    [row, block, diagonal]
}

/// What the evaluation reads of a position: the pattern indices of every view, the plain
/// features and the phase. The trainer fits weights to exactly these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// `indices[view][pattern]`: the pattern's cell, below [`PATTERN_CELLS`].
    pub indices: [[u16; PATTERNS]; VIEWS],
    /// The plain features, in the order of [`SCALARS`].
    pub scalars: [i32; SCALARS],
    /// The weight set, below [`PHASES`].
    pub phase: usize,
}

/// The features of the side-relative discs `p` (to move) and `o`.
pub fn features(p: u64, o: u64) -> Features {
    let mut indices = [[0u16; PATTERNS]; VIEWS];
    let mut v = 0;
    while v < VIEWS {
        let pb = pattern_bits(view(p, v));
        let ob = pattern_bits(view(o, v));
        let mut k = 0;
        while k < PATTERNS {
            indices[v][k] = TERNARY[pb[k] as usize] + 2 * TERNARY[ob[k] as usize];
            k += 1;
        }
        v += 1;
    }
    let empty = !(p | o);
    let scalars = [
        1,
        bits::moves(p, o).count_ones() as i32,
        bits::moves(o, p).count_ones() as i32,
        (bits::neighbours(o) & empty).count_ones() as i32,
        (bits::neighbours(p) & empty).count_ones() as i32,
    ];
    Features {
        indices,
        scalars,
        phase: phase(empty.count_ones()),
    }
}

/// Where phase `phase`'s pattern table `pattern` starts in the weights.
const fn table_offset(phase: usize, pattern: usize) -> usize {
    phase * (PATTERNS * PATTERN_CELLS + 2 * SCALARS) + pattern * PATTERN_CELLS
}

/// Where phase `phase`'s plain weights start in the weights.
const fn scalar_offset(phase: usize) -> usize {
    table_offset(phase, PATTERNS)
}

/// The predicted final disc difference for the side to move, in 1/[`SCALAR_UNIT`] discs.
pub fn score(p: u64, o: u64) -> i32 {
    let f = features(p, o);
    let mut patterns = 0i32;
    for view in &f.indices {
        for (k, &cell) in view.iter().enumerate() {
            let at = table_offset(f.phase, k) + cell as usize;
            patterns += i32::from(WEIGHTS.get(at).map_or(0, |&w| w as i8));
        }
    }
    let mut plain = 0i32;
    let base = scalar_offset(f.phase);
    for (i, &x) in f.scalars.iter().enumerate() {
        let lo = WEIGHTS.get(base + 2 * i).copied().unwrap_or(0);
        let hi = WEIGHTS.get(base + 2 * i + 1).copied().unwrap_or(0);
        plain += i32::from(i16::from_le_bytes([lo, hi])) * x;
    }
    patterns * (SCALAR_UNIT / PATTERN_UNIT) + plain
}
