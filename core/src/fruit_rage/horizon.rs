//! The value of a box where the search stops: a weighted sum of the points of its [`TOP`]
//! largest groups plus a bias, with one set of weights for each phase of the game (fruits
//! left).
//!
//! A [`Horizon`] holds the weights in 1/256 of a point and the bias in points.
//! [`Horizon::TAPERED`], the engine's, and [`Horizon::HALF_GREEDY`], the one before it, are
//! hand-made: a greedy playout of the four largest groups (the mover takes the largest, the
//! other the next, and so on), each group's points weighted; the trainer
//! `fruit-rage-fit` fits others to the values of deep searches, exact near the end.

use super::board::Move;
use crate::game::Score;

/// How many of the largest groups the horizon reads.
pub const TOP: usize = 4;

/// The most points the rest of any game can bring: a full 26×26 box claimed at once.
const MAX_VALUE: i64 = 676 * 676;

/// The entries of a phase's row: the [`TOP`] weights, then the bias.
pub const ROW: usize = TOP + 1;

/// How many phases the weights distinguish ([`phase_of`]).
pub const PHASES: usize = 7;

/// The fruits left at which each phase but the last ends (inclusive).
const PHASE_ENDS: [u32; PHASES - 1] = [16, 36, 64, 121, 225, 400];

/// The phase of a box with `cells` fruits left: 0 for at most 16, then at most 36, 64, 121,
/// 225, 400, and 6 beyond.
pub const fn phase_of(cells: u32) -> usize {
    let mut phase = 0;
    while phase < PHASE_ENDS.len() && cells > PHASE_ENDS[phase] {
        phase += 1;
    }
    phase
}

/// The horizon's weights, for the side to move: for each phase a row of the weight of each of
/// the [`TOP`] largest groups' points (largest first), in 1/256 of a point, then the bias, in
/// points (what having the move is worth beyond them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Horizon(pub [[i16; ROW]; PHASES]);

/// Half a greedy playout of the four largest groups: ±1/2 alternately, no bias.
const HALF_PLAYOUT: [i16; ROW] = [128, -128, 128, -128, 0];

impl Horizon {
    /// Half a greedy playout of the four largest groups as they stand, in every phase.
    ///
    /// Halved because the whole playout overstates what having the move is worth: on
    /// self-play positions its error is larger than the spread of the points still to come.
    /// Against the whole playout, node-limited (`fruit-rage-tune`, 50,000 nodes a move, 40
    /// random 20×20 boxes each played twice), pairs won/drawn/lost: 31/1/8 for half of it,
    /// 30/1/9 for half of the two largest groups' playout, 15/0/25 for a quarter of that.
    /// At the clock (20×20, 30 s a game, 50 boxes twice): 38/2/10.
    pub const HALF_GREEDY: Horizon = Horizon([HALF_PLAYOUT; PHASES]);

    /// A greedy playout of the four largest groups that trusts each later group less: 3/4 of
    /// the largest, 5/8 of the next, then 1/2 and 3/8, in every phase.
    ///
    /// The search sees the first groups of the playout come true more often than the later
    /// ones, which the moves in between break up or join. Node-limited against
    /// [`Horizon::HALF_GREEDY`] (`fruit-rage-tune`, 120 random 12×12 boxes each played twice,
    /// 100,000 nodes a move), pairs won/drawn/lost: 56/36/28 for this one, 48/39/33 for 5/8
    /// of the playout throughout, 13/16/35 for 3/8 of it; at 20×20 (40 boxes, 50,000 nodes)
    /// 28/1/11, where 5/8 throughout was level (19/2/19). At the clock (`duel arena
    /// fruit-rage --size 12 --time 30`, 50 boxes twice, against the engine with
    /// `HALF_GREEDY`): 25/15/10, 65.0% of pairs, each side using 17.9 s a game; at 20×20
    /// (40 boxes twice) 23/1/16, 58.8%.
    pub const TAPERED: Horizon = Horizon([[192, -160, 128, -96, 0]; PHASES]);

    /// The value for the mover of a box with `cells` fruits left whose largest groups are
    /// `largest` (largest first; only the first [`TOP`] are read): the weighted sum of their
    /// points, rounded toward zero, plus the bias, kept within what any box can be worth
    /// (676² points).
    pub fn value(&self, largest: &[Move], cells: u32) -> Score {
        let row = self.0.get(phase_of(cells)).unwrap_or(&HALF_PLAYOUT);
        let mut sum: i64 = 0;
        for (mv, &w) in largest.iter().zip(row.iter().take(TOP)) {
            sum += i64::from(mv.points()) * i64::from(w);
        }
        let bias = row.get(TOP).map_or(0, |&b| i64::from(b));
        (sum / 256 + bias).clamp(-MAX_VALUE, MAX_VALUE) as Score
    }
}
