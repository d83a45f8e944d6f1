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
//! `Net::quantise` into the byte layout [`Network::from_le_bytes`] reads). The player does not
//! use a network yet: none trained so far beats the linear [`super::Eval`] (see the journal).

use super::board::Board;
use crate::Colour;

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

    /// Reads a network from its bytes; `None` if they are not `H` units' worth.
    pub fn from_le_bytes(bytes: &[u8]) -> Option<Network<H>> {
        if bytes.len() != Self::BYTES || bytes[..4] != (H as u32).to_le_bytes() {
            return None;
        }
        let mut at = 4;
        let mut next = || {
            let v = i16::from_le_bytes([bytes[at], bytes[at + 1]]);
            at += 2;
            v
        };
        let mut net = Network {
            input: [[0; H]; INPUTS],
            input_bias: [0; H],
            output: [[0; H]; 2],
            output_bias: 0,
        };
        for row in net.input.iter_mut() {
            row.iter_mut().for_each(|w| *w = next());
        }
        net.input_bias.iter_mut().for_each(|w| *w = next());
        for side in net.output.iter_mut() {
            side.iter_mut().for_each(|w| *w = next());
        }
        let tail = &bytes[Self::BYTES - 4..];
        net.output_bias = i32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
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
            for (&a, &w) in acc.views[view(colour)].iter().zip(&self.output[k]) {
                sum += i64::from(i32::from(a).clamp(0, QA) * i32::from(w));
            }
        }
        let score = sum * i64::from(LOGIT_SCORE) / i64::from(QA * QB);
        score.clamp(-30_000, 30_000) as i32
    }
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
