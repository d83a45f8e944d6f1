//! The compact midgame evaluation, on the scale of finished games ([`super::score`]).

use super::bits;
use super::board::Board;
use super::score::final_margin;
pub use super::score::{WIN_SCORE, final_margin_of, outcome_score};
use crate::game::{Evaluator, Score};

/// Evaluations stay within ±`EVAL_LIMIT`, far below [`WIN_SCORE`] - 64.
pub const EVAL_LIMIT: Score = WIN_SCORE / 2;

/// The four corners with, for each, its X square and its two C squares.
const CORNER_GROUPS: [(u64, u64, u64); 4] = [
    (1 << 0, 1 << 9, (1 << 1) | (1 << 8)),
    (1 << 7, 1 << 14, (1 << 6) | (1 << 15)),
    (1 << 56, 1 << 49, (1 << 48) | (1 << 57)),
    (1 << 63, 1 << 54, (1 << 55) | (1 << 62)),
];

/// A hand-weighted midgame evaluation, in hundredths of a disc: mobility (corner moves count
/// double), potential mobility, corners, X and C squares next to empty corners, stable discs,
/// and parity. Units of 1/100 disc keep it far below [`WIN_SCORE`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Eval;

impl Eval {
    /// The evaluation of the side-relative discs `p` (to move) and `o`.
    pub fn score(p: u64, o: u64) -> Score {
        let empty = !(p | o);
        let pm = bits::moves(p, o);
        let om = bits::moves(o, p);
        if pm == 0 && om == 0 {
            return outcome_score(final_margin(p, o));
        }
        let mobility = weighted(pm) - weighted(om);
        let potential = (bits::neighbours(o) & empty).count_ones() as i32
            - (bits::neighbours(p) & empty).count_ones() as i32;
        let corners =
            (p & bits::CORNERS).count_ones() as i32 - (o & bits::CORNERS).count_ones() as i32;
        let mut x_squares = 0;
        let mut c_squares = 0;
        for &(corner, x, c) in &CORNER_GROUPS {
            if empty & corner != 0 {
                x_squares += (p & x).count_ones() as i32 - (o & x).count_ones() as i32;
                c_squares += (p & c).count_ones() as i32 - (o & c).count_ones() as i32;
            }
        }
        let stable =
            bits::stable(p, o).count_ones() as i32 - bits::stable(o, p).count_ones() as i32;
        let edges = (p & bits::BORDER).count_ones() as i32 - (o & bits::BORDER).count_ones() as i32;
        let empties = empty.count_ones() as i32;
        let parity = if empties & 1 == 1 { 40 } else { -40 };
        let discs = if empties < 16 {
            (p.count_ones() as i32 - o.count_ones() as i32) * (16 - empties) * 4
        } else {
            0
        };
        let s = 90 * mobility + 35 * potential + 700 * corners - 250 * x_squares - 90 * c_squares
            + 110 * stable
            + 10 * edges
            + parity
            + discs;
        s.clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }
}

/// Moves counted with corner moves twice.
#[inline]
fn weighted(moves: u64) -> i32 {
    (moves.count_ones() + (moves & bits::CORNERS).count_ones()) as i32
}

impl Evaluator<Board> for Eval {
    fn evaluate(&self, pos: &Board) -> Score {
        Eval::score(pos.player().bits(), pos.opponent().bits())
    }
}
