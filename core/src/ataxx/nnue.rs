//! An efficiently updatable neural network evaluation for Ataxx, in integers.
//!
//! Inputs are piece-on-cell features seen from each colour: its own pieces on rows `0..49`,
//! the other colour's on rows `49..98`. One layer of `H` units a colour sums the rows of the
//! pieces on the board into that colour's [`Accumulator`] (`i16`, scaled by [`QA`]); the output
//! reads both, clipped to `0..=QA`, the side to move's first, through weights scaled by [`QB`].
//! A move changes few cells (a copy one, a jump two, plus the captures), so
//! [`Accumulator::update`] adds and subtracts only the rows of the cells that changed.
//!
//! The weights come from `grader/train` (`ataxx_net`, trained in `f32`, quantised by
//! `Net::quantise` into the byte layout [`Network::from_le_bytes`] reads). [`Trained`], the
//! hosted player's evaluation, is the linear [`super::Eval`] plus the committed network
//! ([`TRAINED_NETWORK`], `network.bin`, decoded at compile time), trained on top of it; the firmware chooses the linear [`super::Eval`] instead, which is all it has
//! room for.

use super::board::Board;
use super::eval::{Eval, WEIGHTS};
use super::evaluation::Evaluation;
use crate::Colour;
use crate::game::Score;

/// Input rows: own pieces on the 49 cells, then the other colour's.
pub const INPUTS: usize = 98;
/// The accumulator's scale: a float activation of 1.0 is `QA`.
pub const QA: i32 = 255;
/// The output weights' scale.
pub const QB: i32 = 64;
/// Score units (hundredths of a piece) of one unit of the output logit: the trainer's
/// logistic scale.
pub const LOGIT_SCORE: i32 = 300;

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
            for cell in board.pieces(colour) {
                self.add(&mut acc, colour, cell as usize, 1);
            }
        }
        acc
    }

    /// Adds (`sign` 1) or removes (`sign` -1) a piece of `colour` on `cell` in both views.
    #[inline]
    fn add(&self, acc: &mut Accumulator<H>, colour: Colour, cell: usize, sign: i16) {
        let own = &self.input[cell];
        for (a, w) in acc.views[view(colour)].iter_mut().zip(own) {
            *a = a.wrapping_add(sign.wrapping_mul(*w));
        }
        let other = &self.input[49 + cell];
        for (a, w) in acc.views[view(colour.other())].iter_mut().zip(other) {
            *a = a.wrapping_add(sign.wrapping_mul(*w));
        }
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
    /// This accumulator, of `before`, updated to `after`: only the cells whose piece changed
    /// (any move: a copy, a jump, their captures; a pass changes none).
    pub fn update(&mut self, net: &Network<H>, before: &Board, after: &Board) {
        for colour in [Colour::Black, Colour::White] {
            let (was, is) = (before.pieces(colour), after.pieces(colour));
            for cell in is.without(was) {
                net.add(self, colour, cell as usize, 1);
            }
            for cell in was.without(is) {
                net.add(self, colour, cell as usize, -1);
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
pub const TRAINED_UNITS: usize = 128;

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
