//! The one seam every engine is called through: a [`Player`] owns its table (a caller's slice)
//! and whatever else its game needs between moves, takes a position and a [`Budget`], and
//! answers a [`Decision`]: the move, its score and how the search went.
//!
//! Game-specific state lives behind the seam: Reversi's whole-game clock, Ataxx's repetition
//! history (its position carries it), Stake Your Claim's exact solve. The C API, the contest
//! programs and the arena then call every game the same way: one budget path, one table
//! policy a game.

use crate::budget::Budget;
use crate::game::{MoveList, Score};

/// Moves of a principal variation kept in a [`Decision`].
pub const PV_CAPACITY: usize = 16;

/// A principal variation: the expected moves from the position on, the chosen one first.
pub type Line<M> = MoveList<M, PV_CAPACITY>;

/// What a [`Player`] decided, and how far it looked.
#[derive(Clone, Copy, Debug)]
pub struct Decision<M> {
    /// The move to play (a pass where the game has passes and the side to move has no other).
    pub mv: M,
    /// Its score for the side to move, in the game's units: the exact final margin when
    /// `exact`, otherwise the search's evaluation.
    pub score: Score,
    /// Whether `score` is proven (an exact solve).
    pub exact: bool,
    /// The depth of the deepest completed iteration (the empties of an exact solve).
    pub depth: u8,
    /// Nodes searched.
    pub nodes: u64,
    /// The expected line from the position, `mv` first, where the search kept one (it may be
    /// empty, or hold only `mv`).
    pub pv: Line<M>,
}

impl<M: Copy + Default> Decision<M> {
    /// A decision with `mv` as its whole line.
    pub fn new(mv: M, score: Score, exact: bool, depth: u8, nodes: u64) -> Self {
        let mut pv = Line::new();
        pv.push(mv);
        Self {
            mv,
            score,
            exact,
            depth,
            nodes,
            pv,
        }
    }

    /// This decision with `line` as its principal variation, when `line` starts with the move.
    pub fn with_line(mut self, line: &[M]) -> Self
    where
        M: PartialEq,
    {
        if line.first() == Some(&self.mv) {
            self.pv.clear();
            for &m in line.iter().take(PV_CAPACITY) {
                self.pv.push(m);
            }
        }
        self
    }
}

/// How a player reads the budget it is given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TimeUse {
    /// The budget is this move's: use all of it (a per-move clock, or a node budget).
    #[default]
    ThisMove,
    /// The budget is what is left of the player's clock for the whole game: spend the share of
    /// it the game's time management gives this move. Without a clock this is `ThisMove`.
    WholeGame,
}

/// A game engine behind one seam: the position and the budget in, a [`Decision`] out.
///
/// The budget carries every limit a caller sets: a deadline (this move's, or the game's clock
/// under [`TimeUse::WholeGame`], with its increment), a node limit and a depth limit.
pub trait Player {
    /// The position it is asked about (a board, or a board with its history).
    type Position;
    /// A move of the game.
    type Move: Copy + Default + PartialEq;

    /// Chooses a move for `position` within `budget`; `None` when the game is over. Never
    /// returns an illegal move.
    fn choose(
        &mut self,
        position: &Self::Position,
        budget: &mut Budget<'_>,
    ) -> Option<Decision<Self::Move>>;

    /// [`Player::choose`], calling `report` with every completed iteration of the search (its
    /// best move, score, depth and nodes so far: a program's `info` lines). Players that do
    /// not search by iterations report nothing (the default).
    fn choose_reporting(
        &mut self,
        position: &Self::Position,
        budget: &mut Budget<'_>,
        report: &mut dyn FnMut(&Decision<Self::Move>),
    ) -> Option<Decision<Self::Move>> {
        let _ = report;
        self.choose(position, budget)
    }
}

/// An iteration's result as a [`Decision`] for [`Player::choose_reporting`]'s `report`: `None`
/// when it has no move.
pub(crate) fn iteration<M: Copy + Default>(
    result: &crate::search::SearchResult<M>,
) -> Option<Decision<M>> {
    let mv = result.best?;
    Some(Decision::new(
        mv,
        result.score,
        false,
        result.depth,
        result.nodes,
    ))
}
