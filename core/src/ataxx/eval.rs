//! The static evaluation: a fitted linear function of a few terms (pieces by cell class, the
//! best captures in hand, safe pieces, mobility, holes, the move in hand), in two phases.

use super::board::Board;
use super::square::{SquareIter, dilate, neighbours, pop, reach};
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

/// The best number of `opp` pieces one move of `own` to a cell of `targets` captures.
#[inline]
fn best_capture(targets: Bitboard, opp: Bitboard) -> i32 {
    let mut best = 0;
    for to in SquareIter(targets) {
        best = best.max(pop(neighbours(to) & opp));
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
    f[10] = best_capture(own_targets, opp);
    f[11] = best_capture(jump_targets, opp);
    f[12] = best_capture(opp_targets, own);
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
