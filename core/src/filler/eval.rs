//! [`Heuristic`]: the evaluation of unfinished Filler positions.

use super::board::{Board, CELL};
use super::cells::Cells;
use super::fitted::{FITTED, Weights};
use super::grid::COLOURS;
use super::race::race;
use crate::game::{Evaluator, SCORE_LIMIT, Score};

/// Owned area, plus who reaches the unowned cells first, plus the best immediate gain of the
/// side to move, all from the side to move's point of view.
///
/// - Area: owned cells minus the opponent's, [`CELL`] each.
/// - Control: the unowned cells split by distance to each territory, as in a Voronoi diagram;
///   a cell as near to both belongs to neither. The distance is counted in moves (a step takes
///   the adjacent unowned cells with their whole one-colour regions, [`control_in_moves`]) by
///   default, or in cell steps ([`control`]). `control` score units per cell of difference.
/// - Tempo: the side to move is about to gain; the largest number of unowned cells of one legal
///   colour next to its territory, `tempo` units per cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Heuristic {
    /// Score units per cell of control difference.
    pub control: Score,
    /// Score units per cell of the best immediate gain.
    pub tempo: Score,
    /// Measure control distance in moves (one step absorbs whole one-colour regions, see
    /// [`control_in_moves`]) rather than in cells ([`control`]).
    pub zones: bool,
    /// Count control only within the moves each side has left before the move limit (the
    /// side to move has the odd one): cells neither reaches in time count for nobody.
    pub horizon: bool,
    /// Fitted weights by phase ([`Weights`]): when set, the evaluation is theirs and the
    /// fields above are not read.
    pub weights: Option<&'static Weights>,
}

impl Default for Heuristic {
    /// The engine's weights: the [`FITTED`] ones (and, when they are cleared, control in moves
    /// at 6, tempo 8; a cell owned is [`CELL`] = 16).
    fn default() -> Self {
        Heuristic {
            control: 6,
            tempo: 8,
            zones: true,
            horizon: false,
            weights: Some(&FITTED),
        }
    }
}

impl Heuristic {
    /// Owned area only: the plain greedy measure.
    pub const AREA: Heuristic = Heuristic {
        control: 0,
        tempo: 0,
        zones: false,
        horizon: false,
        weights: None,
    };
}

/// The unowned cells nearer to each territory than to the other: `(own, opponent)` counts.
pub fn control(board: &Board) -> (u32, u32) {
    let mut open = board.free();
    let (mut own, mut opponent) = (board.own(), board.opponent());
    let (mut own_count, mut opponent_count) = (0, 0);
    loop {
        let a = own.neighbours(open);
        let b = opponent.neighbours(open);
        if a.is_empty() && b.is_empty() {
            return (own_count, opponent_count);
        }
        let both = a & b;
        own = a.without(both);
        opponent = b.without(both);
        own_count += own.count();
        opponent_count += opponent.count();
        open = open.without(a | b);
    }
}

/// Like [`control`], but a step from a front reaches the unowned cells next to it together with
/// the rest of their one-colour regions: a distance in moves rather than in cells.
pub fn control_in_moves(board: &Board) -> (u32, u32) {
    control_in_moves_within(board, u32::MAX, u32::MAX)
}

/// [`control_in_moves`] with at most `own_steps` steps of the own front and `opponent_steps` of
/// the opponent's: what each side can reach in the moves it has left.
pub fn control_in_moves_within(board: &Board, own_steps: u32, opponent_steps: u32) -> (u32, u32) {
    let mut open = board.free();
    let (mut own, mut opponent) = (board.own(), board.opponent());
    let (mut own_count, mut opponent_count) = (0, 0);
    let mut step = 0u32;
    loop {
        if step >= own_steps {
            own = Cells::EMPTY;
        }
        if step >= opponent_steps {
            opponent = Cells::EMPTY;
        }
        step = step.saturating_add(1);
        let a = board.regions_of(own.neighbours(open), open);
        let b = board.regions_of(opponent.neighbours(open), open);
        if a.is_empty() && b.is_empty() {
            return (own_count, opponent_count);
        }
        let both = a & b;
        own = a.without(both);
        opponent = b.without(both);
        own_count += own.count();
        opponent_count += opponent.count();
        open = open.without(a | b);
    }
}

/// The most unowned cells of one legal colour next to the own territory.
pub fn best_border(board: &Board) -> u32 {
    let border = board.own().neighbours(board.free());
    let mut best = 0;
    for c in 0..COLOURS as u8 {
        if c != board.forbidden() {
            best = best.max((border & board.free_of(c)).count());
        }
    }
    best
}

impl Evaluator<Board> for Heuristic {
    fn evaluate(&self, pos: &Board) -> Score {
        let limit = SCORE_LIMIT / 16;
        if let Some(weights) = self.weights {
            return weights.evaluate(pos).clamp(-limit, limit);
        }
        let area = pos.score() * CELL;
        if self.control == 0 && self.tempo == 0 {
            return area;
        }
        let (mine, theirs) = if self.horizon {
            let left = u32::from(pos.move_limit().saturating_sub(pos.moves_played()));
            control_in_moves_within(pos, left.div_ceil(2), left / 2)
        } else if self.zones {
            race(pos)
        } else {
            control(pos)
        };
        // Weights are public: saturate, and stay well inside the search's score range.
        let control = (mine as Score - theirs as Score).saturating_mul(self.control);
        let tempo = (best_border(pos) as Score).saturating_mul(self.tempo);
        area.saturating_add(control)
            .saturating_add(tempo)
            .clamp(-limit, limit)
    }
}
