//! [`Weights`]: the evaluation's weights by phase, fitted by `grader/train/src/bin/filler-fit.rs`
//! on self-play (the final margin regressed on [`features`] at every position), and the
//! features themselves.
//!
//! A phase is a side group ([`size_group`]) and a band of the moves left before the move
//! limit ([`phase_of`]): a cell of race is worth much early and little near the limit, and
//! what "near" means depends on the side.

use super::board::Board;
use super::cells::Cells;
use super::grid::COLOURS;
use super::race::race;
use crate::game::Score;

/// Features a position is described by, from the side to move's point of view.
pub const FEATURES: usize = 6;

/// Bands of moves left ([`phase_of`]).
pub const PHASES: usize = 7;

/// Groups of board sides ([`size_group`]).
pub const SIZE_GROUPS: usize = 3;

/// The upper ends of the bands of moves left (both sides counted): 1–2, 3–4, 5–8, 9–14,
/// 15–22, 23–32, 33 and more.
const PHASE_ENDS: [u8; PHASES - 1] = [2, 4, 8, 14, 22, 32];

/// The band of `plies_left` moves left, 0..PHASES.
pub const fn phase_of(plies_left: u8) -> usize {
    let mut i = 0;
    while i < PHASE_ENDS.len() {
        if plies_left <= PHASE_ENDS[i] {
            return i;
        }
        i += 1;
    }
    PHASES - 1
}

/// The group of a board side: up to 12, 13–16, 17 and more.
pub const fn size_group(size: usize) -> usize {
    if size <= 12 {
        0
    } else if size <= 16 {
        1
    } else {
        2
    }
}

/// The features of `board`, from the side to move's point of view:
///
/// 0. 1 (the value of having the move);
/// 1. owned cells minus the opponent's;
/// 2. race cells (the unowned cells reached first, [`race`]) minus the opponent's;
/// 3. the most unowned cells of one allowed colour next to the own territory (the gain on offer);
/// 4. the same for the opponent, over the colours other than the own one (which it may not
///    choose next), taken away;
/// 5. unowned cells next to the own territory minus those next to the opponent's (the
///    frontier).
pub fn features(board: &Board) -> [i32; FEATURES] {
    let free = board.free();
    let own_border = board.own().neighbours(free);
    let opponent_border = board.opponent().neighbours(free);
    let (mine, theirs) = race(board);
    [
        1,
        board.score(),
        mine as i32 - theirs as i32,
        best_of(board, own_border, board.forbidden()) as i32,
        -(best_of(board, opponent_border, board.own_colour()) as i32),
        own_border.count() as i32 - opponent_border.count() as i32,
    ]
}

/// The most cells of `border` of one colour other than `excluded`.
fn best_of(board: &Board, border: Cells, excluded: u8) -> u32 {
    let mut best = 0;
    for c in 0..COLOURS as u8 {
        if c != excluded {
            best = best.max((border & board.free_of(c)).count());
        }
    }
    best
}

/// Weights of the [`features`], in score units (a cell is [`CELL`](super::CELL) = 16), for each side group
/// and phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights(pub [[[i16; FEATURES]; PHASES]; SIZE_GROUPS]);

impl Weights {
    /// The weights of `board`'s phase.
    pub fn of(&self, board: &Board) -> &[i16; FEATURES] {
        let group = self.0.get(size_group(board.size())).unwrap_or(&self.0[0]);
        let phase = phase_of(board.plies_left());
        group.get(phase).unwrap_or(&group[0])
    }

    /// The evaluation of `board`: the weighted features, saturating.
    pub fn evaluate(&self, board: &Board) -> Score {
        let weights = self.of(board);
        let mut score: Score = 0;
        for (f, &w) in features(board).iter().zip(weights) {
            score = score.saturating_add(f.saturating_mul(Score::from(w)));
        }
        score
    }
}

/// The committed weights (see the module notes): `filler-fit generate --games 2000 --shard K/2
/// --nodes 3000` (seed 1; 98,537 positions of self-play at every side 10..=20), then `fit`.
/// Node-limited against the control-6/tempo-8 evaluation (30,000 nodes a move, 60 games a
/// side, paired boards): pairs by margin won/drawn/lost 15/5/10 at 10×10, 23/1/6 at 15×15,
/// 21/1/8 at 20×20.
#[rustfmt::skip]
pub const FITTED: Weights = Weights([
    [
        [0, 16, 1, 13, 7, -1], // n=802 R²=1.000
        [0, 16, 4, 16, 10, -3], // n=814 R²=1.000
        [0, 16, 13, 12, 8, -8], // n=1741 R²=0.999
        [0, 16, 13, 7, 4, -3], // n=2974 R²=0.998
        [-3, 16, 12, 7, 1, 0], // n=4343 R²=0.994
        [7, 16, 12, 10, 3, 0], // n=5460 R²=0.965
        [83, 16, 12, 8, 10, 2], // n=9828 R²=0.816
    ],
    [
        [2, 16, -1, 14, 8, 2], // n=1396 R²=0.998
        [2, 16, -1, 12, 7, 5], // n=1416 R²=0.997
        [2, 16, 2, 10, 6, 6], // n=2887 R²=0.995
        [-3, 16, 5, 9, 3, 7], // n=4368 R²=0.990
        [0, 16, 8, 7, 0, 7], // n=5824 R²=0.975
        [75, 15, 10, 5, 4, 6], // n=7280 R²=0.922
        [104, 13, 11, 8, 9, 2], // n=13104 R²=0.762
    ],
    [
        [23, 16, 0, 16, 13, 0], // n=1452 R²=0.988
        [27, 15, 0, 15, 12, 3], // n=1452 R²=0.984
        [26, 16, 1, 12, 9, 6], // n=2904 R²=0.975
        [23, 15, 3, 9, 4, 10], // n=4356 R²=0.959
        [45, 15, 5, 7, 2, 12], // n=5808 R²=0.918
        [73, 13, 8, 9, 5, 8], // n=7260 R²=0.845
        [103, 8, 9, 10, 9, 3], // n=13068 R²=0.698
    ],
]);
