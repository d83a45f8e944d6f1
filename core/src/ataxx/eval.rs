//! The static evaluation: a fitted linear function of a few terms (pieces by cell class, the
//! best captures in hand, safe pieces, mobility, holes, the move in hand), in two phases.

use super::board::Board;
use super::square::{COLUMN_0, COLUMN_6, FULL, dilate, pop, reach};
use crate::bitboard::Bitboard;
use crate::game::{Evaluator, Score};

/// The value of one piece.
pub const PIECE: Score = 100;

/// The evaluation: a weighted sum of the [`features`] of a position, with one set of weights
/// for the opening and one for the endgame, mixed by the share of empty cells.
///
/// The default weights (`weights.bin`: the opening's [`FEATURES`] then the endgame's, each a
/// little-endian `i16`, in hundredths of a piece) were fitted by `grader/train/src/bin/ataxx-train.rs`
/// to self-play positions of this engine, labelled half by the game's result and half by the
/// search's score (see the README for the commands).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Eval {
    /// The opening's weights of the [`features`], then the endgame's.
    pub weights: [i16; 2 * FEATURES],
}

/// The committed weights, as bytes.
const WEIGHT_BYTES: &[u8; 4 * FEATURES] = include_bytes!("weights.bin");

/// The committed weights.
pub const WEIGHTS: [i16; 2 * FEATURES] = decode(WEIGHT_BYTES);

const fn decode(bytes: &[u8; 4 * FEATURES]) -> [i16; 2 * FEATURES] {
    let mut w = [0i16; 2 * FEATURES];
    let mut i = 0;
    while i < 2 * FEATURES {
        w[i] = i16::from_le_bytes([bytes[2 * i], bytes[2 * i + 1]]);
        i += 1;
    }
    w
}

impl Default for Eval {
    fn default() -> Self {
        Eval { weights: WEIGHTS }
    }
}

impl Eval {
    /// The evaluation of `board` for the side to move.
    pub fn score(&self, board: &Board) -> Score {
        let f = features(board);
        let (mut open, mut end) = (0, 0);
        for (i, &x) in f.iter().enumerate() {
            open += Score::from(self.weights[i]) * x;
            end += Score::from(self.weights[FEATURES + i]) * x;
        }
        let phase = pop(board.empty());
        (open * phase + end * (49 - phase)) / 49
    }
}

/// The number of terms [`features`] reports.
pub const FEATURES: usize = 17;

/// What each of [`features`]' terms counts, for tools.
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "corner",
    "b-edge",
    "c-edge",
    "d-edge",
    "b-diag",
    "c-inner",
    "d-inner",
    "c-diag",
    "d-mid",
    "centre",
    "copy-gain",
    "jump-gain",
    "their-copy-gain",
    "safe",
    "mobility",
    "holes",
    "tempo",
];

/// The cells of each of the board's ten classes under its eight symmetries, by the class of
/// `(x, y)` with `x ≤ y ≤ 3` after folding: (0,0) corner, (1,0) b-edge, (2,0) c-edge, (3,0)
/// d-edge, (1,1) b-diag, (2,1) c-inner, (3,1) d-inner, (2,2) c-diag, (3,2) d-mid, (3,3)
/// centre.
pub const CLASSES: [Bitboard; 10] = class_masks();

const fn class_masks() -> [Bitboard; 10] {
    let mut masks = [Bitboard::EMPTY; 10];
    let mut i = 0;
    while i < 49 {
        let (x, y) = (i % 7, i / 7);
        let fx = if x > 3 { 6 - x } else { x };
        let fy = if y > 3 { 6 - y } else { y };
        let (a, b) = if fx < fy { (fx, fy) } else { (fy, fx) };
        // (a, b) with a ≤ b ≤ 3, numbered row by row of b: (0,0)=0, (0,1)=1, (0,2)=2,
        // (0,3)=3, (1,1)=4, (1,2)=5, (1,3)=6, (2,2)=7, (2,3)=8, (3,3)=9.
        let class = match (a, b) {
            (0, b) => b,
            (1, b) => 3 + b,
            (2, b) => 5 + b,
            _ => 9,
        };
        masks[class].0 |= 1u64 << i;
        i += 1;
    }
    masks
}

/// For each cell, how many cells of `pieces` lie in its 3×3 block (itself included, 0 to 9),
/// as four bit planes, lowest first: a cell's count is the number whose bit `b` is its bit in
/// plane `b`. At an empty cell, the count of its neighbours in `pieces`. Bit-sliced adders over
/// shifted sets: a few dozen word operations for the whole board, where a loop over the target
/// cells costs a table load and a count each (the tests keep that loop as the twin).
#[inline]
const fn block_counts(pieces: Bitboard) -> [u64; 4] {
    let x = pieces.0 & FULL.0;
    let (left, right) = ((x << 1) & !COLUMN_0 & FULL.0, (x >> 1) & !COLUMN_6);
    // Each cell's row of three, 0 to 3: bits h0 and h1.
    let h0 = x ^ left ^ right;
    let h1 = (x & left) | (x & right) | (left & right);
    // The rows above and below (shifted a row down and up), each 0 to 3.
    let (a0, a1) = ((h0 << 7) & FULL.0, (h1 << 7) & FULL.0);
    let (b0, b1) = (h0 >> 7, h1 >> 7);
    // Three two-bit numbers: the ones column, its carry, then the twos with that carry.
    let s0 = h0 ^ a0 ^ b0;
    let carry = (h0 & a0) | (h0 & b0) | (a0 & b0);
    let twos = h1 ^ a1 ^ b1;
    let fours = (h1 & a1) | (h1 & b1) | (a1 & b1);
    let s1 = twos ^ carry;
    let more = twos & carry;
    [s0, s1, fours ^ more, fours & more]
}

/// The largest count of [`block_counts`]' `planes` over the cells of `targets` (0 if there are
/// none): from the highest plane down, keep the targets that have the bit whenever any does.
#[inline]
const fn largest(planes: &[u64; 4], targets: Bitboard) -> i32 {
    let (mut candidates, mut best, mut b) = (targets.0, 0, 4);
    while b > 0 {
        b -= 1;
        let hit = candidates & planes[b];
        if hit != 0 {
            candidates = hit;
            best |= 1 << b;
        }
    }
    best
}

/// The terms of a position for the side to move, in the order of [`FEATURE_NAMES`]: for each
/// cell class its pieces less the opponent's; the most pieces a copy and a jump of the side
/// to move capture; the most a copy of the opponent would capture; safe pieces (no empty
/// neighbour), copy mobility and holes (own copy targets the opponent reaches), each its own
/// less the opponent's; and 1 (the move in hand).
pub fn features(board: &Board) -> [i32; FEATURES] {
    let (own, opp) = board.own_opp();
    let empty = board.empty();
    let mut f = [0i32; FEATURES];
    for (slot, &mask) in f.iter_mut().zip(CLASSES.iter()) {
        *slot = pop(own & mask) - pop(opp & mask);
    }
    let own_targets = dilate(own) & empty;
    let opp_targets = dilate(opp) & empty;
    let jump_targets = (reach(own) & empty).without(own_targets);
    let exposed = dilate(empty);
    // The most pieces a move to a target captures: its neighbours of the other colour (a
    // target is empty, so its block's count is its neighbours').
    let (around_opp, around_own) = (block_counts(opp), block_counts(own));
    f[10] = largest(&around_opp, own_targets);
    f[11] = largest(&around_opp, jump_targets);
    f[12] = largest(&around_own, opp_targets);
    f[13] = pop(own.without(exposed)) - pop(opp.without(exposed));
    f[14] = pop(own_targets) - pop(opp_targets);
    f[15] = pop(own_targets & reach(opp)) - pop(opp_targets & reach(own));
    f[16] = 1;
    f
}

impl super::evaluation::Evaluation for Eval {
    type State = ();

    #[inline]
    fn state_of(&self, _: &Board) {}

    #[inline]
    fn update(&self, _: &mut (), _: &Board, _: &Board) {}

    #[inline]
    fn evaluate(&self, _: &(), board: &Board) -> Score {
        self.score(board)
    }
}

impl Evaluator<Board> for Eval {
    #[inline]
    fn evaluate(&self, pos: &Board) -> Score {
        self.score(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ataxx::square::{SquareIter, neighbours};
    use crate::test_rng::{Rng, rounds};

    /// The obviously right twin of [`largest`] over [`block_counts`]: each target's neighbours
    /// in `pieces`, counted cell by cell.
    fn best_capture_by_cell(targets: Bitboard, pieces: Bitboard) -> i32 {
        SquareIter(targets)
            .map(|to| pop(neighbours(to) & pieces))
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn bit_sliced_captures_equal_the_cell_by_cell_count() {
        let mut rng = Rng(0x5eed_a7a7);
        let mut seen = [0u32; 9];
        for _ in 0..rounds(200_000) {
            let (a, b) = rng.position();
            let (own, opp) = (Bitboard(a & FULL.0), Bitboard(b & FULL.0));
            let empty = Bitboard(FULL.0 & !(own.0 | opp.0));
            let own_targets = dilate(own) & empty;
            let jump_targets = (reach(own) & empty).without(own_targets);
            let opp_targets = dilate(opp) & empty;
            for (targets, pieces) in [(own_targets, opp), (jump_targets, opp), (opp_targets, own)] {
                let fast = largest(&block_counts(pieces), targets);
                assert_eq!(
                    fast,
                    best_capture_by_cell(targets, pieces),
                    "{own:?} {opp:?}"
                );
                seen[fast as usize] += 1;
            }
            // Every cell of the board, not only the empty ones: the block counts itself.
            for cell in SquareIter(FULL) {
                let block = pop((neighbours(cell) | cell.bit()) & opp);
                let planes = block_counts(opp);
                let bit = |b: usize| i32::from(planes[b] >> cell.index() & 1 == 1) << b;
                assert_eq!(
                    bit(0) | bit(1) | bit(2) | bit(3),
                    block,
                    "{opp:?} at {cell}"
                );
            }
        }
        // The random sets reach every capture count from 0 to 8.
        assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
    }
}
