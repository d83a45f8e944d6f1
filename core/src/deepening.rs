//! The iterative-deepening driver every heuristic search of duel runs on: Filler's
//! ([`crate::Searcher`]), Reversi's midgame search, Ataxx's and The Fruit Rage's.
//!
//! A game keeps its own node loop, the root's included; it implements [`RootSearch`] (one
//! iteration at the root within a window, and what to do once an iteration completes), and
//! [`iterate`] owns the rest. The policy is one; a game's [`Deepening`] gives only what its
//! scores and its clock make its own: its score scale (infinity, where games are decided),
//! its window (0, none, where an arena match did not keep one: all games but Reversi), and
//! its pace.
//!
//! 1. Iterations run at depths 1, 2, … up to the depth limit, each over the whole root.
//! 2. The first iterations, and any whose previous score is decided (at or beyond
//!    [`Aspiration::within`]), search the full window (−[`Deepening::infinity`],
//!    +[`Deepening::infinity`]). From depth [`WINDOWS_FROM`] on, an iteration searches
//!    (score − window, score + window) around the previous iteration's score.
//! 3. A score at or outside the window is re-searched at the same depth with the failed side
//!    moved out by a window [`WIDEN`] times wider, and opened to infinity once that window is
//!    wider than [`Aspiration::open_beyond`]; the other side stays.
//! 4. Once the budget stops, the iteration is dropped: the result is the last completed
//!    iteration's (unless [`Deepening::keep_interrupted`]). Before depth 1 completes it is the
//!    game's first move.
//! 5. After a completed iteration the game decides whether to go deeper
//!    ([`RootSearch::completed`]: a proven game, an exact search, a time manager); then
//!    [`Deepening::pace`] whether the time left affords another iteration.
//!
//! The driver neither allocates nor reads the table: what the game stores, reorders and
//! reports after an iteration is the game's.
//!
//! A new search over a [`crate::Game`] whose generic move ordering suffices uses
//! [`crate::Searcher`]; one that needs its own node loop (its own ordering, pruning or board
//! representation) implements [`RootSearch`] and deepens with [`iterate`] under parameters
//! of its own.

use crate::budget::Budget;
use crate::game::Score;

/// The result of the deepest completed iteration.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// The best move, `None` only when the game is over at the root.
    pub best: Option<M>,
    /// Its score for the side to move.
    pub score: Score,
    /// The depth of the last completed iteration (0: none completed, or a forced move).
    pub depth: u8,
    /// Nodes visited by the whole search.
    pub nodes: u64,
}

/// What one iteration at the root found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootScore<M> {
    /// The root's fail-soft score within the iteration's window (meaningless once the budget
    /// stopped, except as [`Deepening::keep_interrupted`] reads it).
    pub score: Score,
    /// The best move found.
    pub best: M,
    /// Whether `best` is a move after the first searched (a completed search proved it better
    /// than the first).
    pub later: bool,
}

/// A game's search as [`iterate`] drives it: one iteration at the root, and the step after
/// each completed iteration.
pub trait RootSearch {
    /// A move of the game.
    type Move: Copy;

    /// The budget the search counts its nodes in.
    fn budget(&self) -> &Budget<'_>;

    /// One iteration at the root, `depth` plies deep, within (`alpha`, `beta`). It stops early
    /// once the budget stops.
    fn root(&mut self, depth: u8, alpha: Score, beta: Score) -> RootScore<Self::Move>;

    /// Called with the result after each completed iteration (the root's moves may be
    /// reordered, the root stored, the iteration reported); returns whether to go deeper.
    fn completed(&mut self, result: &SearchResult<Self::Move>) -> bool;
}

/// The first depth searched within an aspiration window (shallower: full windows).
pub const WINDOWS_FROM: u8 = 3;

/// How many times wider an aspiration window grows at each re-search.
pub const WIDEN: Score = 2;

/// The aspiration windows of a [`Deepening`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aspiration {
    /// The half-width of the first window around the previous score (0: full windows only).
    pub window: Score,
    /// Scores whose magnitude is at least this (decided games) are followed by a full window.
    pub within: Score,
    /// A side whose widened window is wider than this opens to infinity.
    pub open_beyond: Score,
}

impl Aspiration {
    /// No aspiration: every iteration searches the full window.
    pub const OFF: Aspiration = Aspiration {
        window: 0,
        within: 0,
        open_beyond: 0,
    };

    /// These windows with the first half-width `window` (0: full windows only).
    pub const fn with_window(self, window: Score) -> Aspiration {
        Aspiration { window, ..self }
    }

    /// The first window of an iteration at `depth` after a score of `previous`.
    const fn first(&self, depth: u8, previous: Score, infinity: Score) -> (Score, Score) {
        if self.window > 0 && depth >= WINDOWS_FROM && previous.saturating_abs() < self.within {
            (
                max(previous.saturating_sub(self.window), -infinity),
                min(previous.saturating_add(self.window), infinity),
            )
        } else {
            (-infinity, infinity)
        }
    }
}

/// When the time left stops the deepening between iterations (besides the budget itself,
/// which stops a search within an iteration).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    /// Only the budget stops the deepening.
    Budget,
    /// With a deadline: no iteration after one that leaves less than half the time the search
    /// started with (the next costs about as much as all before it, twice). Reversi's.
    HalfLeft,
    /// With a deadline: no iteration after the first once less than twice the time spent is
    /// left (the next takes longer than all before it, and an unfinished one is wasted). The
    /// time left is read before every iteration. The Fruit Rage's.
    TwiceSpent,
}

/// A game's parameters of the deepening policy ([`iterate`] documents the policy).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deepening {
    /// Above any score of the game: the full window is (−infinity, +infinity).
    pub infinity: Score,
    /// The aspiration windows.
    pub aspiration: Aspiration,
    /// The pace between iterations.
    pub pace: Pace,
    /// Whether an iteration the budget stops, searched within the full window, still gives
    /// its best move and score when that move is not the first it searched (Ataxx's).
    pub keep_interrupted: bool,
}

/// Searches by iterative deepening, up to `max_depth` plies (1 at least), until the budget
/// stops or the game's [`RootSearch::completed`] or `policy`'s pace ends it (the policy: the
/// [module's documentation](self)). Before an iteration completes, the result is `first` with
/// `score`; its nodes are the search's from this call on.
pub fn iterate<R: RootSearch>(
    search: &mut R,
    policy: &Deepening,
    first: R::Move,
    score: Score,
    max_depth: u8,
) -> SearchResult<R::Move> {
    let infinity = policy.infinity;
    let start_nodes = search.budget().nodes_used();
    let mut result = SearchResult {
        best: Some(first),
        score,
        depth: 0,
        nodes: 0,
    };
    let started_with = match policy.pace {
        Pace::Budget => u64::MAX,
        Pace::HalfLeft | Pace::TwiceSpent => search.budget().micros_left(),
    };
    for depth in 1..=max_depth.max(1) {
        if policy.pace == Pace::TwiceSpent {
            let left = search.budget().micros_left();
            if depth > 1
                && started_with != u64::MAX
                && left < started_with.saturating_sub(left).saturating_mul(2)
            {
                break;
            }
        }
        let aspiration = &policy.aspiration;
        let (mut alpha, mut beta) = aspiration.first(depth, result.score, infinity);
        let mut delta = aspiration.window;
        let (found, complete) = loop {
            let found = search.root(depth, alpha, beta);
            if search.budget().is_stopped() {
                break (found, false);
            }
            if found.score <= alpha && alpha > -infinity {
                delta = delta.saturating_mul(WIDEN);
                alpha = if delta > aspiration.open_beyond {
                    -infinity
                } else {
                    max(found.score.saturating_sub(delta), -infinity)
                };
            } else if found.score >= beta && beta < infinity {
                delta = delta.saturating_mul(WIDEN);
                beta = if delta > aspiration.open_beyond {
                    infinity
                } else {
                    min(found.score.saturating_add(delta), infinity)
                };
            } else {
                break (found, true);
            }
        };
        if !complete {
            // Dropped, unless a later move's completed full-window search proved it better
            // than the first.
            if policy.keep_interrupted && found.later && alpha == -infinity && beta == infinity {
                result.best = Some(found.best);
                result.score = found.score;
            }
            break;
        }
        result = SearchResult {
            best: Some(found.best),
            score: found.score,
            depth,
            nodes: search.budget().nodes_used().saturating_sub(start_nodes),
        };
        if !search.completed(&result) {
            break;
        }
        if policy.pace == Pace::HalfLeft
            && started_with != u64::MAX
            && search.budget().micros_left() < started_with / 2
        {
            break;
        }
    }
    result.nodes = search.budget().nodes_used().saturating_sub(start_nodes);
    result
}

/// The smaller of two scores, in `const` context.
const fn min(a: Score, b: Score) -> Score {
    if a < b { a } else { b }
}

/// The larger of two scores, in `const` context.
const fn max(a: Score, b: Score) -> Score {
    if a > b { a } else { b }
}
