//! The static evaluation: material, the best capture the side to move has ready, safe
//! pieces and copy mobility.

use super::board::Board;
use super::square::{Cells, dilate, neighbours, reach};
use crate::game::{Evaluator, Score};

/// The value of one piece.
pub const PIECE: Score = 100;

/// Weights of the evaluation terms, in hundredths of a piece.
///
/// The defaults come from short self-play matches (Botzone rules, 20,000 nodes a move, two
/// random opening plies, each opening with both colours): threat 45 / safe 50 / mobility 12
/// beat 45 / 12 / 4 by 23–7 over 30 games, and mobility 20 beat 12 by 18–12; the hole term
/// lost 8–12 at weight 30 and is off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Eval {
    /// Per piece of the best gain the side to move can take with one copy (its tempo).
    pub threat: Score,
    /// Per piece with no empty neighbour (it cannot be captured).
    pub safe: Score,
    /// Per empty cell a side can copy to.
    pub mobility: Score,
    /// Per empty cell next to a side's pieces that the other side can reach (a hole it may
    /// be captured through); subtracted.
    pub hole: Score,
    /// A bonus for the side to move (its move in hand).
    pub tempo: Score,
}

impl Default for Eval {
    fn default() -> Self {
        Eval {
            threat: 45,
            safe: 50,
            mobility: 20,
            hole: 0,
            tempo: 0,
        }
    }
}

impl Eval {
    /// The evaluation of `board` for the side to move.
    pub fn score(&self, board: &Board) -> Score {
        let (own, opp) = board.own_opp();
        let empty = board.empty();
        let material = own.count_ones() as Score - opp.count_ones() as Score;
        let own_targets = dilate(own) & empty;
        let opp_targets = dilate(opp) & empty;
        let mut best_gain = 0u32;
        for to in Cells(own_targets) {
            best_gain = best_gain.max((neighbours(to) & opp).count_ones());
        }
        let exposed = dilate(empty);
        let safe = (own & !exposed).count_ones() as Score - (opp & !exposed).count_ones() as Score;
        let mobility = own_targets.count_ones() as Score - opp_targets.count_ones() as Score;
        let holes = (own_targets & reach(opp)).count_ones() as Score
            - (opp_targets & reach(own)).count_ones() as Score;
        material * PIECE - holes * self.hole
            + self.tempo
            + (best_gain as Score) * self.threat
            + safe * self.safe
            + mobility * self.mobility
    }
}

impl Evaluator<Board> for Eval {
    #[inline]
    fn evaluate(&self, pos: &Board) -> Score {
        self.score(pos)
    }
}
