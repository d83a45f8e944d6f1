//! The trained midgame evaluation: a pattern evaluation with one weight set per game phase,
//! fitted to self-play positions labelled by the exact solver (see the `reversi-eval` trainer
//! of `duel-train`, `selfplay` and `fit-phases`).
//!
//! The board is seen through all eight symmetries (`pattern::view`). In each view eleven
//! patterns are read ([`PATTERN_SQUARES`]: the edge with its two X squares, the 2×5 and 3×3
//! corner blocks, the diagonals of 8 down to 4 squares, the 2nd to 4th rows), each as a base-3
//! index (0 empty, 1 the player's, 2 the opponent's, the pattern's first square the lowest
//! digit) into one table per pattern and phase. Five plain features (a constant, both sides'
//! mobility and potential mobility) add their own weights. Reading every view makes the
//! evaluation symmetric by construction.
//!
//! The full table holds, for each of the [`PHASES`] phases, every pattern's table and then the
//! plain weights, all `i16` in 1/[`UNIT`] discs. `trained.bin` stores it compactly
//! ([`super::weight_file`]); it is decoded into a static table the first time the evaluation
//! is used (about 20 ms), so the 4 MB table is neither in the binary nor in the repository.

use core::sync::atomic::{AtomicBool, AtomicI16, Ordering};

use super::bits;
use super::board::Board;
use super::pattern::{mirror, transpose};
use super::score::{final_margin, outcome_score};
use super::weight_file::{self, Table, WEIGHTS};
use crate::game::{Evaluator, Score};

/// Patterns read in each view.
pub const PATTERNS: usize = 11;

/// The squares of each pattern in a view (square = 8 × row + column), its lowest base-3 digit
/// first: edge + 2 X squares, 2×5 corner, 3×3 corner, diagonals of 8, 7, 6, 5 and 4 squares,
/// rows 2, 3 and 4.
pub const PATTERN_SQUARES: [&[u8]; PATTERNS] = [
    &[0, 1, 2, 3, 4, 5, 6, 7, 9, 14],
    &[0, 1, 2, 3, 4, 8, 9, 10, 11, 12],
    &[0, 1, 2, 8, 9, 10, 16, 17, 18],
    &[0, 9, 18, 27, 36, 45, 54, 63],
    &[1, 10, 19, 28, 37, 46, 55],
    &[2, 11, 20, 29, 38, 47],
    &[3, 12, 21, 30, 39],
    &[4, 13, 22, 31],
    &[8, 9, 10, 11, 12, 13, 14, 15],
    &[16, 17, 18, 19, 20, 21, 22, 23],
    &[24, 25, 26, 27, 28, 29, 30, 31],
];

/// Entries of each pattern's table: 3 to the power of its squares.
pub const PATTERN_CELLS: [usize; PATTERNS] = cells();

const fn cells() -> [usize; PATTERNS] {
    let mut out = [0; PATTERNS];
    let mut k = 0;
    while k < PATTERNS {
        let mut n = 1;
        let mut i = 0;
        while i < PATTERN_SQUARES[k].len() {
            n *= 3;
            i += 1;
        }
        out[k] = n;
        k += 1;
    }
    out
}

/// Where each pattern's table starts within a phase's weights.
pub const PATTERN_OFFSET: [usize; PATTERNS] = offsets();

const fn offsets() -> [usize; PATTERNS] {
    let mut out = [0; PATTERNS];
    let mut k = 1;
    while k < PATTERNS {
        out[k] = out[k - 1] + PATTERN_CELLS[k - 1];
        k += 1;
    }
    out
}

/// Pattern cells of one phase.
pub const PHASE_CELLS: usize = PATTERN_OFFSET[PATTERNS - 1] + PATTERN_CELLS[PATTERNS - 1];

/// The plain features: constant, player's mobility, opponent's mobility, player's potential
/// mobility, opponent's potential mobility.
pub const SCALARS: usize = 5;

/// Weights (pattern cells and plain weights) of one phase.
pub const PHASE_WEIGHTS: usize = PHASE_CELLS + SCALARS;

/// Weight sets: see [`phase`].
pub const PHASES: usize = 12;

/// Weights are in this fraction of a disc.
pub const UNIT: i32 = 64;

/// The committed weights in the compact form of [`super::weight_file`].
pub static WEIGHT_FILE: &[u8] = include_bytes!("trained.bin");

/// The embedded weights, decoded from [`WEIGHT_FILE`] on first use ([`embedded`]).
static EMBEDDED: [AtomicI16; WEIGHTS] = [const { AtomicI16::new(0) }; WEIGHTS];

/// Whether [`EMBEDDED`] holds the whole file.
static DECODED: AtomicBool = AtomicBool::new(false);

/// The full table of the embedded weights, decoded on the first call. Threads that come
/// first decode at once, each storing the same values; none reads the table before one of
/// them has finished. (A test checks the committed file decodes; were it broken, the table
/// would keep what decoded, never a panic.)
///
/// Under Miri the table is empty, so every weight reads as zero: Miri retags all two million
/// cells of the static at each reference to it and would run the decode for many minutes. It is
/// there to check how callers use memory, which zero weights exercise as well; the native
/// tests check the values.
#[inline]
pub fn embedded() -> &'static [AtomicI16] {
    if cfg!(miri) {
        return &[];
    }
    if !DECODED.load(Ordering::Acquire) {
        let _ = weight_file::decode(WEIGHT_FILE, &mut &EMBEDDED[..]);
        DECODED.store(true, Ordering::Release);
    }
    &EMBEDDED
}

/// Views of the board: the eight symmetries of the square.
pub const VIEWS: usize = 8;

/// The weight set for a position with `empties` empty squares: five empties a set.
#[inline]
pub const fn phase(empties: u32) -> usize {
    let p = (empties / 5) as usize;
    if p >= PHASES { PHASES - 1 } else { p }
}

/// `TERNARY[b]`: the base-3 number whose digits are the bits of `b` (bit i → 3^i).
static TERNARY: [u16; 1024] = ternary_table();

const fn ternary_table() -> [u16; 1024] {
    let mut t = [0u16; 1024];
    let mut b = 1;
    while b < 1024 {
        // The lowest bit is the lowest digit: t[b] = 3 t[b >> 1] + (b & 1).
        t[b] = 3 * t[b >> 1] + (b & 1) as u16;
        b += 1;
    }
    t
}

/// The squares of every pattern of a view `x`, gathered into the low bits in the order of
/// [`PATTERN_SQUARES`].
#[inline(always)]
const fn gather(x: u64) -> [u16; PATTERNS] {
    [
        ((x & 0xFF) | ((x >> 1) & 0x100) | ((x >> 5) & 0x200)) as u16,
        ((x & 0x1F) | ((x >> 3) & 0x3E0)) as u16,
        ((x & 0x7) | ((x >> 5) & 0x38) | ((x >> 10) & 0x1C0)) as u16,
        diagonal(x, 0),
        diagonal(x, 1) & 0x7F,
        diagonal(x, 2) & 0x3F,
        diagonal(x, 3) & 0x1F,
        diagonal(x, 4) & 0xF,
        ((x >> 8) & 0xFF) as u16,
        ((x >> 16) & 0xFF) as u16,
        ((x >> 24) & 0xFF) as u16,
    ]
}

/// The long diagonal of `x >> shift` gathered into a byte (square 9i to bit i).
#[inline(always)]
const fn diagonal(x: u64, shift: u32) -> u16 {
    const DIAGONAL: u64 = 0x8040_2010_0804_0201;
    const SPREAD: u64 = 0x0101_0101_0101_0101;
    (((x >> shift) & DIAGONAL).wrapping_mul(SPREAD) >> 56) as u16
}

/// The eight views of `x`, in the order of [`super::pattern::view`].
#[inline(always)]
const fn views(x: u64) -> [u64; VIEWS] {
    let m = mirror(x);
    let f = x.swap_bytes();
    let fm = m.swap_bytes();
    [
        x,
        m,
        f,
        fm,
        transpose(x),
        transpose(m),
        transpose(f),
        transpose(fm),
    ]
}

/// What the evaluation reads of a position; the trainer fits weights to exactly these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// `indices[view][pattern]`: the pattern's cell, below its [`PATTERN_CELLS`].
    pub indices: [[u16; PATTERNS]; VIEWS],
    /// The plain features, in the order of [`SCALARS`].
    pub scalars: [i32; SCALARS],
    /// The weight set, below [`PHASES`].
    pub phase: usize,
}

/// The features of the side-relative discs `p` (to move) and `o`.
pub fn features(p: u64, o: u64) -> Features {
    let (pv, ov) = (views(p), views(o));
    let mut indices = [[0u16; PATTERNS]; VIEWS];
    for ((row, &pb), &ob) in indices.iter_mut().zip(&pv).zip(&ov) {
        let (pg, og) = (gather(pb), gather(ob));
        for ((cell, &a), &b) in row.iter_mut().zip(&pg).zip(&og) {
            *cell = ternary(a) + 2 * ternary(b);
        }
    }
    let empty = !(p | o);
    Features {
        indices,
        scalars: scalars(p, o, bits::moves(p, o), bits::moves(o, p)),
        phase: phase(empty.count_ones()),
    }
}

#[inline(always)]
fn ternary(bits: u16) -> u16 {
    TERNARY.get(usize::from(bits)).copied().unwrap_or(0)
}

#[inline(always)]
fn scalars(p: u64, o: u64, pm: u64, om: u64) -> [i32; SCALARS] {
    let empty = !(p | o);
    [
        1,
        pm.count_ones() as i32,
        om.count_ones() as i32,
        (bits::neighbours(o) & empty).count_ones() as i32,
        (bits::neighbours(p) & empty).count_ones() as i32,
    ]
}

#[inline(always)]
fn weight<W: Table + ?Sized>(weights: &W, at: usize) -> i32 {
    i32::from(weights.get(at))
}

/// The weighted sum of `f` with the embedded weights, in 1/[`UNIT`] discs (the trainer's
/// prediction, quantised).
pub fn raw_score(f: &Features) -> i32 {
    let weights = &embedded();
    let base = f.phase * PHASE_WEIGHTS;
    let mut s = 0;
    for view in &f.indices {
        for (k, &cell) in view.iter().enumerate() {
            s += weight(weights, base + PATTERN_OFFSET[k] + usize::from(cell));
        }
    }
    for (i, &x) in f.scalars.iter().enumerate() {
        s += weight(weights, base + PHASE_CELLS + i) * x;
    }
    s
}

/// Views in which each pattern covers a square set no earlier view covers (in view order),
/// and how many of the eight views cover each of those sets: the sum over all views is the
/// sum over these views times the multiplicity, because every table is symmetric under the
/// symmetries that map its pattern onto itself (`fit-phases` writes them so and a test checks
/// it). The 2×5 corner block has no such symmetry; the 8-square diagonal has four.
pub const FOLDED_VIEWS: [(&[usize], i32); PATTERNS] = [
    (&[0, 2, 4, 5], 2),
    (&[0, 1, 2, 3, 4, 5, 6, 7], 1),
    (&[0, 1, 2, 3], 2),
    (&[0, 1], 4),
    (&[0, 1, 2, 3], 2),
    (&[0, 1, 2, 3], 2),
    (&[0, 1, 2, 3], 2),
    (&[0, 1, 2, 3], 2),
    (&[0, 2, 4, 5], 2),
    (&[0, 2, 4, 5], 2),
    (&[0, 2, 4, 5], 2),
];

/// Pattern `k`'s squares of the view `x` gathered into the low bits, in the order of
/// [`PATTERN_SQUARES`] (one lane of [`gather`], for a constant `k`).
#[inline(always)]
const fn gather_one(k: usize, x: u64) -> u16 {
    match k {
        0 => ((x & 0xFF) | ((x >> 1) & 0x100) | ((x >> 5) & 0x200)) as u16,
        1 => ((x & 0x1F) | ((x >> 3) & 0x3E0)) as u16,
        2 => ((x & 0x7) | ((x >> 5) & 0x38) | ((x >> 10) & 0x1C0)) as u16,
        3 => diagonal(x, 0),
        4 => diagonal(x, 1) & 0x7F,
        5 => diagonal(x, 2) & 0x3F,
        6 => diagonal(x, 3) & 0x1F,
        7 => diagonal(x, 4) & 0xF,
        8 => ((x >> 8) & 0xFF) as u16,
        9 => ((x >> 16) & 0xFF) as u16,
        _ => ((x >> 24) & 0xFF) as u16,
    }
}

/// The weight of pattern `k`'s cell in the view `(p, o)` in the phase starting at `base`.
#[inline(always)]
fn cell_weight<W: Table + ?Sized>(weights: &W, base: usize, k: usize, p: u64, o: u64) -> i32 {
    let cell = ternary(gather_one(k, p)) + 2 * ternary(gather_one(k, o));
    weight(weights, base + PATTERN_OFFSET[k] + usize::from(cell))
}

/// The pattern part of the evaluation, the sum over all eight views of every pattern's weight,
/// read once per distinct square set ([`FOLDED_VIEWS`]): 46 table reads instead of 88.
#[inline(always)]
fn folded_sum<W: Table + ?Sized>(
    weights: &W,
    base: usize,
    pv: &[u64; VIEWS],
    ov: &[u64; VIEWS],
) -> i32 {
    // The loops of FOLDED_VIEWS written out (a test checks they agree).
    let w = |k: usize, v: usize| cell_weight(weights, base, k, pv[v], ov[v]);
    let once = w(1, 0) + w(1, 1) + w(1, 2) + w(1, 3) + w(1, 4) + w(1, 5) + w(1, 6) + w(1, 7);
    let mut twice = 0;
    for v in [0, 1, 2, 3] {
        twice += w(2, v) + w(4, v) + w(5, v) + w(6, v) + w(7, v);
    }
    for v in [0, 2, 4, 5] {
        twice += w(0, v) + w(8, v) + w(9, v) + w(10, v);
    }
    let four = w(3, 0) + w(3, 1);
    once + 2 * twice + 4 * four
}

/// The trained evaluation, in the units of [`super::Eval`] (1/100 disc; a finished game is
/// [`outcome_score`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Trained;

impl Trained {
    /// The weighted sum for the side-relative discs `p` (to move) and `o` in 1/[`UNIT`] disc,
    /// unclamped, whether or not the game is over: [`raw_score`] of [`features`], fast (the
    /// exact solver orders its moves by it).
    #[inline]
    pub fn raw(p: u64, o: u64) -> i32 {
        raw_with(&embedded(), p, o, bits::moves(p, o), bits::moves(o, p))
    }

    /// The evaluation of the side-relative discs `p` (to move) and `o`.
    #[inline]
    pub fn score(p: u64, o: u64) -> Score {
        score_with(&embedded(), p, o)
    }
}

/// [`Trained::score`] with the full table `weights` (a weight file decoded at run time, as the
/// trainers and the training pipeline's tests do) instead of the embedded one.
#[inline]
pub fn score_with<W: Table + ?Sized>(weights: &W, p: u64, o: u64) -> Score {
    let pm = bits::moves(p, o);
    let om = bits::moves(o, p);
    if pm == 0 && om == 0 {
        return outcome_score(final_margin(p, o));
    }
    let s = raw_with(weights, p, o, pm, om);
    // 1/64 disc to 1/100 disc, within the 64-disc range of a real score.
    (s * 100 / UNIT).clamp(-6400, 6400)
}

/// The weighted sum in 1/[`UNIT`] disc, given both sides' moves `pm` and `om`.
#[inline(always)]
fn raw_with<W: Table + ?Sized>(weights: &W, p: u64, o: u64, pm: u64, om: u64) -> i32 {
    let empty = !(p | o);
    let base = phase(empty.count_ones()) * PHASE_WEIGHTS;
    let (pv, ov) = (views(p), views(o));
    let mut s = folded_sum(weights, base, &pv, &ov);
    for (i, x) in scalars(p, o, pm, om).into_iter().enumerate() {
        s += weight(weights, base + PHASE_CELLS + i) * x;
    }
    s
}

impl Evaluator<Board> for Trained {
    fn evaluate(&self, pos: &Board) -> Score {
        Trained::score(pos.player().bits(), pos.opponent().bits())
    }
}
