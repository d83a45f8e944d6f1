//! An efficiently updatable neural network evaluation for Ataxx, in integers.
//!
//! Inputs are the board's 36 windows of 2×2 cells, each in one of its 81 patterns (every cell
//! empty, the viewing colour's or the other colour's; see [`pattern`]), seen from each colour:
//! window `w` in pattern `p` is row `w * 81 + p` of [`INPUTS`]. A window sees how its pieces
//! stand together (a wall, a hole one jump away, a lone piece), which piece-on-cell inputs
//! cannot. One layer of `H` units a colour sums the 36 rows of its view into that colour's
//! [`Accumulator`] (`i16`, scaled by [`QA`]); the output reads both, clipped to `0..=QA`, the
//! side to move's first, through weights scaled by [`QB`]. A move changes few cells (a copy
//! one, a jump two, plus the captures), so [`Accumulator::update`] swaps the rows of only the
//! windows that hold a changed cell.
//!
//! The weights come from `grader/train` (`ataxx_net`, trained in `f32`, quantised by
//! `Net::quantise` into the byte layout [`Network::from_le_bytes`] reads; the trainer takes
//! its input rows from [`input_rows`], so both sides agree by construction). [`Trained`], the
//! hosted player's evaluation, is the linear [`super::Eval`] plus the committed network
//! ([`TRAINED_NETWORK`], `network.bin`, decoded at compile time), trained on top of it; the
//! firmware chooses the linear [`super::Eval`] instead, which is all it has room for.

use super::board::Board;
use super::eval::{Eval, WEIGHTS};
use super::evaluation::Evaluation;
use crate::Bitboard;
use crate::Colour;
use crate::game::Score;

/// The 2×2 windows of the 7×7 board: one at each cell of the first six rows and columns, its
/// anchor (the window's top-left cell).
pub const WINDOWS: usize = 36;
/// Patterns of a window: each of its four cells empty, the viewer's or the other colour's.
pub const PATTERNS: usize = 81;
/// Input rows: a window's patterns, window after window.
pub const INPUTS: usize = WINDOWS * PATTERNS;
/// The accumulator's scale: a float activation of 1.0 is `QA`.
pub const QA: i32 = 255;
/// The output weights' scale.
pub const QB: i32 = 64;
/// Score units (hundredths of a piece) of one unit of the output logit: the trainer's
/// logistic scale.
pub const LOGIT_SCORE: i32 = 300;

/// The windows' anchors: the cells of the first six rows and columns.
const ANCHORS: Bitboard = {
    let mut bits = 0u64;
    let mut row = 0;
    while row < 6 {
        bits |= 0b11_1111 << (row * 7);
        row += 1;
    }
    Bitboard(bits)
};

/// A window's four cells as bits (anchor, right, below, below right) read as base-3 digits
/// of weights 1, 3, 9 and 27.
const TERNARY: [u8; 16] = {
    let mut table = [0u8; 16];
    let mut bits = 0;
    while bits < 16 {
        let (mut digit, mut value, mut i) = (1u8, 0u8, 0);
        while i < 4 {
            if bits & (1 << i) != 0 {
                value += digit;
            }
            digit *= 3;
            i += 1;
        }
        table[bits] = value;
        bits += 1;
    }
    table
};

/// The four cells of the window anchored at `anchor` in `bits`: anchor, right, below, below
/// right as bits 0 to 3.
#[inline]
const fn quad(bits: u64, anchor: u32) -> usize {
    (((bits >> anchor) & 3) | (((bits >> (anchor + 7)) & 3) << 2)) as usize
}

/// The pattern (`0..81`) of the window anchored at `anchor` (a cell of the first six rows and
/// columns) seen by the colour whose pieces are `mine`: its cells anchor, right, below and
/// below right are base-3 digits of weights 1, 3, 9 and 27, each 0 if empty (or blocked), 1
/// if mine and 2 if theirs.
#[inline]
pub const fn pattern(mine: Bitboard, theirs: Bitboard, anchor: u32) -> usize {
    TERNARY[quad(mine.0, anchor)] as usize + 2 * TERNARY[quad(theirs.0, anchor)] as usize
}

/// The input row of the window anchored at `anchor` seen by the colour whose pieces are
/// `mine`.
#[inline]
const fn input_row(mine: Bitboard, theirs: Bitboard, anchor: u32) -> usize {
    // Anchor `7r + c` is window `6r + c`.
    (anchor - anchor / 7) as usize * PATTERNS + pattern(mine, theirs, anchor)
}

/// The 36 input rows of the position seen by the colour whose pieces are `mine` (cells
/// `0..49`, row-major), window by window: what the accumulator of that view sums.
pub fn input_rows(mine: Bitboard, theirs: Bitboard) -> impl Iterator<Item = usize> {
    ANCHORS.map(move |anchor| input_row(mine, theirs, anchor))
}

/// A network of `H` units a colour. Its bytes: `H` as a little-endian `u32`, then
/// little-endian `i16`s: the input rows (`INPUTS` × `H`), the input bias (`H`), the output
/// weights (side to move's `H`, then the other side's `H`), and the output bias as an `i32`
/// (scaled by `QA * QB`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network<const H: usize> {
    input: [[i16; H]; INPUTS],
    input_bias: [i16; H],
    output: [[i16; H]; 2],
    output_bias: i32,
}

/// The two colours' sums of input rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator<const H: usize> {
    /// Black's view, then White's.
    views: [[i16; H]; 2],
}

const fn view(colour: Colour) -> usize {
    match colour {
        Colour::Black => 0,
        Colour::White => 1,
    }
}

impl<const H: usize> Network<H> {
    /// The bytes' length for `H` units.
    pub const BYTES: usize = 4 + 2 * (INPUTS * H + H + 2 * H) + 4;

    /// Reads a network from its bytes; `None` if they are not `H` units' worth. A `const fn`,
    /// so that a committed network is decoded when the library is compiled.
    pub const fn from_le_bytes(bytes: &[u8]) -> Option<Network<H>> {
        if bytes.len() != Self::BYTES {
            return None;
        }
        let units = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        if units as usize != H {
            return None;
        }
        let mut net = Network {
            input: [[0; H]; INPUTS],
            input_bias: [0; H],
            output: [[0; H]; 2],
            output_bias: 0,
        };
        let mut i = 0;
        while i < INPUTS * H {
            net.input[i / H][i % H] = i16_at(bytes, i);
            i += 1;
        }
        let mut j = 0;
        while j < H {
            net.input_bias[j] = i16_at(bytes, INPUTS * H + j);
            net.output[0][j] = i16_at(bytes, INPUTS * H + H + j);
            net.output[1][j] = i16_at(bytes, INPUTS * H + 2 * H + j);
            j += 1;
        }
        let t = Self::BYTES - 4;
        net.output_bias = i32::from_le_bytes([bytes[t], bytes[t + 1], bytes[t + 2], bytes[t + 3]]);
        Some(net)
    }

    /// The accumulator of `board`, computed whole.
    pub fn accumulate(&self, board: &Board) -> Accumulator<H> {
        let mut acc = Accumulator {
            views: [self.input_bias; 2],
        };
        for colour in [Colour::Black, Colour::White] {
            let (mine, theirs) = (board.pieces(colour), board.pieces(colour.other()));
            let sum = &mut acc.views[view(colour)];
            for row in input_rows(mine, theirs) {
                for (a, w) in sum.iter_mut().zip(&self.input[row]) {
                    *a = a.wrapping_add(*w);
                }
            }
        }
        acc
    }

    /// The evaluation of a position whose accumulator is `acc`, for `side` to move, in score
    /// units (hundredths of a piece).
    pub fn evaluate(&self, acc: &Accumulator<H>, side: Colour) -> i32 {
        let mut sum: i64 = i64::from(self.output_bias);
        for (k, colour) in [side, side.other()].into_iter().enumerate() {
            // Each product is at most 255 · 32767 in magnitude, so 256 of them fit an i32.
            const { assert!(H <= 256, "more than 256 units a colour overflow the sum") };
            let mut part = 0i32;
            for (&a, &w) in acc.views[view(colour)].iter().zip(&self.output[k]) {
                part = part.wrapping_add(i32::from(a).clamp(0, QA) * i32::from(w));
            }
            sum += i64::from(part);
        }
        let score = sum * i64::from(LOGIT_SCORE) / i64::from(QA * QB);
        score.clamp(-30_000, 30_000) as i32
    }
}

/// The `i`th little-endian `i16` after the 4-byte header of `bytes` (in bounds: the caller
/// checked the length).
const fn i16_at(bytes: &[u8], i: usize) -> i16 {
    i16::from_le_bytes([bytes[4 + 2 * i], bytes[5 + 2 * i]])
}

impl<const H: usize> Accumulator<H> {
    /// This accumulator, of `before`, updated to `after`: only the windows holding a cell
    /// whose piece changed (any move: a copy, a jump, their captures; a pass changes none),
    /// the old pattern's row out and the new one's in, in both views.
    pub fn update(&mut self, net: &Network<H>, before: &Board, after: &Board) {
        let changed = (before.pieces(Colour::Black).0 ^ after.pieces(Colour::Black).0)
            | (before.pieces(Colour::White).0 ^ after.pieces(Colour::White).0);
        // A window holds a changed cell if its anchor or the cell right of, below or below
        // right of the anchor changed.
        let touched =
            Bitboard(changed | changed >> 1 | changed >> 7 | changed >> 8).intersection(ANCHORS);
        for colour in [Colour::Black, Colour::White] {
            let (was_mine, was_theirs) = (before.pieces(colour), before.pieces(colour.other()));
            let (mine, theirs) = (after.pieces(colour), after.pieces(colour.other()));
            let sum = &mut self.views[view(colour)];
            for anchor in touched {
                let old = &net.input[input_row(was_mine, was_theirs, anchor)];
                let new = &net.input[input_row(mine, theirs, anchor)];
                for ((a, o), n) in sum.iter_mut().zip(old).zip(new) {
                    *a = a.wrapping_add(n.wrapping_sub(*o));
                }
            }
        }
    }
}

impl<const H: usize> Evaluation for &Network<H> {
    type State = Accumulator<H>;

    #[inline]
    fn state_of(&self, board: &Board) -> Accumulator<H> {
        self.accumulate(board)
    }

    #[inline]
    fn update(&self, state: &mut Accumulator<H>, before: &Board, after: &Board) {
        state.update(self, before, after);
    }

    #[inline]
    fn evaluate(&self, state: &Accumulator<H>, board: &Board) -> Score {
        Network::evaluate(self, state, board.side())
    }
}

/// The units a colour of the committed network.
pub const TRAINED_UNITS: usize = 64;

/// The committed network (see `docs/ENGINES.md` for how it was made).
pub static TRAINED_NETWORK: Network<TRAINED_UNITS> =
    match Network::from_le_bytes(include_bytes!("network.bin")) {
        Some(net) => net,
        None => panic!("network.bin does not hold a network of TRAINED_UNITS units"),
    };

/// The linear evaluation the committed network was trained on top of.
const LINEAR: Eval = Eval { weights: WEIGHTS };

/// The committed network as an [`Evaluation`], the hosted players' default: the linear
/// [`super::Eval`] plus the network, which was trained on top of it to learn what it misses
/// (the linear terms see the captures in hand; the network the shape of the position).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Trained;

impl Evaluation for Trained {
    type State = Accumulator<TRAINED_UNITS>;

    #[inline]
    fn state_of(&self, board: &Board) -> Self::State {
        TRAINED_NETWORK.accumulate(board)
    }

    #[inline]
    fn update(&self, state: &mut Self::State, before: &Board, after: &Board) {
        state.update(&TRAINED_NETWORK, before, after);
    }

    #[inline]
    fn evaluate(&self, state: &Self::State, board: &Board) -> Score {
        LINEAR.score(board) + TRAINED_NETWORK.evaluate(state, board.side())
    }
}
