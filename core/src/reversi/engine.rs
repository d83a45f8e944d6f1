//! Playing a whole game: the midgame search ([`super::search`]), the exact solver as soon as
//! the empties make it affordable, and whole-game time management.

use super::board::{Board, Move};
use super::endgame::{Solution, solve};
use super::search::{Options, Search};
use super::trained::Trained;
use crate::budget::Budget;
use crate::game::{Evaluator, Game, Score};
use crate::tt::{self, Entry};

/// Positions with at most this many empties are always solved exactly first (a few
/// milliseconds at most).
pub const ALWAYS_SOLVE_EMPTIES: u32 = 12;

/// Without a clock in the budget, the midgame search stops at this depth.
pub const DEPTH_WITHOUT_CLOCK: u8 = 10;

/// The engine's answer for one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move to play ([`Move::Pass`] when the side must pass, or when the game is over).
    pub mv: Move,
    /// With `exact`: the final disc difference for the side to move under perfect play.
    /// Otherwise the midgame search's score, in [`Eval`](super::eval::Eval) units (also [`Trained`]'s) (1/100 disc; a proven win or
    /// loss is `±WIN_SCORE + diff`, see [`super::score::final_margin_of`]).
    pub score: i32,
    /// Whether `score` was proven by the exact solver.
    pub exact: bool,
    /// The depth of the last completed midgame iteration (the empties when exact).
    pub depth: u8,
    /// Nodes searched for this choice.
    pub nodes: u64,
}

/// The player of whole games. Its transposition table (shared by the midgame search and the
/// solver, which salts its hashes) lives in a caller-provided slice and persists between moves.
///
/// `E` is the midgame evaluation: [`Trained`] by default ([`Engine::new`]); the firmware passes
/// the compact hand-weighted [`Eval`](super::eval::Eval) to [`Engine::with_eval`], so that the linker drops the
/// trained weights.
pub struct Engine<'t, E = Trained> {
    table: &'t mut [Entry],
    eval: E,
    options: Options,
    /// A depth limit set by [`Engine::with_max_depth`].
    max_depth: Option<u8>,
}

/// The empties at which an engine limited to midgame depth `depth` solves exactly: six more
/// than the depth, within 12..=22 (a deeper midgame search is worth a deeper solve).
pub(crate) const fn exact_empties_at_depth(depth: u8) -> u32 {
    let by_depth = depth as u32 + 6;
    if by_depth < ALWAYS_SOLVE_EMPTIES {
        ALWAYS_SOLVE_EMPTIES
    } else if by_depth > 22 {
        22
    } else {
        by_depth
    }
}

/// The largest number of empties the solver is expected to finish within `micros` (measured on
/// a shared 2-core x86-64 host at about 10 million solver nodes a second of CPU time: FFO
/// #40, 20 empties, takes 10 million nodes; with a safety margin).
pub(crate) fn solvable_empties(micros: u64) -> u32 {
    match micros {
        m if m >= 8_000_000 => 22,
        m if m >= 2_000_000 => 20,
        m if m >= 400_000 => 18,
        m if m >= 80_000 => 16,
        m if m >= 20_000 => 14,
        _ => ALWAYS_SOLVE_EMPTIES,
    }
}

impl<'t> Engine<'t> {
    /// An engine over `table` (any length; a few MiB is plenty) with the trained evaluation.
    /// Clear the table yourself between unrelated games if you like; stale entries are
    /// harmless.
    pub fn new(table: &'t mut [Entry]) -> Self {
        Self {
            table,
            eval: Trained,
            options: Options::default(),
            max_depth: None,
        }
    }
}

impl<'t, E: Evaluator<Board>> Engine<'t, E> {
    /// An engine over `table` with the midgame evaluation `eval`.
    pub fn with_eval(table: &'t mut [Entry], eval: E) -> Self {
        Self {
            table,
            eval,
            options: Options::default(),
            max_depth: None,
        }
    }

    /// The same engine searching the middle game no deeper than `depth` plies (at least 1) and
    /// solving exactly from `exact_empties_at_depth(depth)` empties, or fewer if the clock
    /// is short: a playing level, as NBoard sets one.
    pub fn with_max_depth(mut self, depth: u8) -> Self {
        self.max_depth = Some(depth.max(1));
        self
    }

    /// Sets the depth limit as [`Engine::with_max_depth`] does (`None`: none).
    pub(crate) fn set_max_depth(&mut self, depth: Option<u8>) {
        self.max_depth = depth.map(|d| d.max(1));
    }

    /// The same engine with the midgame search's `options` (multi-prob-cut's threshold, ...).
    pub fn with_options(mut self, options: Options) -> Self {
        self.options = options;
        self
    }

    /// Chooses a move for `board` within `budget`. A budget with a clock is split between a
    /// midgame search and, when the empties allow, an exact solve; a budget without one runs
    /// the midgame search to [`DEPTH_WITHOUT_CLOCK`] and solves only [`ALWAYS_SOLVE_EMPTIES`].
    pub fn choose(&mut self, board: &Board, budget: &mut Budget<'_>) -> Choice {
        let moves = board.legal_moves();
        let empties = board.empties();
        let Some(&first) = moves.as_slice().first() else {
            return Choice {
                mv: Move::Pass,
                score: board.final_margin(),
                exact: true,
                depth: 0,
                nodes: 0,
            };
        };
        if moves.len() == 1 && empties > ALWAYS_SOLVE_EMPTIES {
            let score = -self.eval.evaluate(&board.play_unchecked(first));
            return Choice {
                mv: first,
                score,
                exact: false,
                depth: 0,
                nodes: 0,
            };
        }
        // Solved at once: always with few empties, and without a clock as deep as a depth limit
        // allows.
        let solve_now = match (budget.clock(), self.max_depth) {
            (None, Some(depth)) => exact_empties_at_depth(depth),
            _ => ALWAYS_SOLVE_EMPTIES,
        };
        if empties <= solve_now {
            if let Some(s) = solve(board, self.table, budget) {
                return solved(&s, empties, 0);
            }
        }
        let Some(clock) = budget.clock() else {
            let depth = self.max_depth.unwrap_or(DEPTH_WITHOUT_CLOCK);
            return self.midgame(board, depth, budget, first);
        };
        let left = budget.micros_left();
        let exact_by_depth = self.max_depth.map_or(u32::MAX, exact_empties_at_depth);
        let solvable = solvable_empties(left).min(exact_by_depth);
        let will_solve = empties > ALWAYS_SOLVE_EMPTIES && empties <= solvable;
        let mid_share = if will_solve { left / 4 } else { left };
        let mut mid_budget = Budget::until(clock, clock.now_micros().saturating_add(mid_share));
        let choice = self.midgame(board, self.max_depth.unwrap_or(60), &mut mid_budget, first);
        if !will_solve {
            return choice;
        }
        match solve(board, self.table, budget) {
            Some(s) => solved(&s, empties, choice.nodes),
            None => Choice {
                nodes: choice.nodes + budget.nodes_used(),
                ..choice
            },
        }
    }

    /// The midgame search's expected line from `board`, read from the table into `out`;
    /// returns its length.
    pub(crate) fn principal_variation(&self, board: &Board, out: &mut [Move]) -> usize {
        tt::principal_variation(self.table, *board, out)
    }

    fn midgame(
        &mut self,
        board: &Board,
        max_depth: u8,
        budget: &mut Budget<'_>,
        first: Move,
    ) -> Choice {
        let r = Search::new(self.table, &self.eval, budget, self.options).iterate(board, max_depth);
        let mv = if r.depth == 0 && r.best == Move::Pass {
            first
        } else {
            r.best
        };
        Choice {
            mv,
            score: r.score,
            exact: false,
            depth: r.depth,
            nodes: r.nodes,
        }
    }
    /// Solves `board` exactly, whatever its empties; `None` when `budget` stops the solver
    /// first.
    pub(crate) fn solve_exactly(
        &mut self,
        board: &Board,
        budget: &mut Budget<'_>,
    ) -> Option<Choice> {
        solve(board, self.table, budget).map(|s| solved(&s, board.empties(), 0))
    }

    /// Every legal move of `board` (a pass when it must pass) with its value, best first:
    /// midgame iterative deepening over all the moves to `depth` (an iteration the budget
    /// cuts short is dropped), then, when the empties allow (as [`exact_empties_at_depth`],
    /// and no more than the budget's clock affords), exact solves in that order for as long as
    /// the budget lasts.
    pub(crate) fn rank(&mut self, board: &Board, depth: u8, budget: &mut Budget<'_>) -> Ranking {
        let mut ranked = Ranking::new();
        for &mv in board.legal_moves().iter() {
            let child = board.play_unchecked(mv);
            ranked.push(RankedMove {
                mv,
                score: -self.eval.evaluate(&child),
                exact: false,
                depth: 1,
            });
        }
        let empties = board.empties();
        let by_depth = exact_empties_at_depth(depth);
        let exact_empties = match budget.clock() {
            Some(_) => by_depth.min(solvable_empties(budget.micros_left())),
            None => by_depth,
        };
        let will_solve = empties <= exact_empties;
        if empties > ALWAYS_SOLVE_EMPTIES {
            match budget.clock() {
                Some(clock) if will_solve => {
                    let share = budget.micros_left() / 4;
                    let mut mid_budget =
                        Budget::until(clock, clock.now_micros().saturating_add(share));
                    self.deepen(board, depth, &mut mid_budget, ranked.as_mut_slice());
                }
                _ => self.deepen(board, depth, budget, ranked.as_mut_slice()),
            }
        }
        sort_best_first(ranked.as_mut_slice());
        if will_solve {
            for r in ranked.as_mut_slice().iter_mut() {
                let child = board.play_unchecked(r.mv);
                let score = if child.is_over() {
                    Some(child.final_margin())
                } else {
                    solve(&child, self.table, budget).map(|s| s.score)
                };
                let Some(score) = score else { break };
                r.score = -score;
                r.exact = true;
            }
            sort_best_first(ranked.as_mut_slice());
        }
        ranked
    }

    /// Midgame iterations 2..=`depth` over all the moves of `ranked`, each child searched one
    /// ply less deep; an iteration the budget stops is dropped.
    fn deepen(
        &mut self,
        board: &Board,
        depth: u8,
        budget: &mut Budget<'_>,
        ranked: &mut [RankedMove],
    ) {
        for d in 2..=depth.min(board.empties().min(60) as u8) {
            let mut scores = [0; 64];
            for (slot, r) in scores.iter_mut().zip(ranked.iter()) {
                let child = board.play_unchecked(r.mv);
                let result = Search::new(self.table, &self.eval, budget, self.options)
                    .iterate(&child, d - 1);
                if budget.is_stopped() {
                    return;
                }
                *slot = -result.score;
            }
            for (r, &score) in ranked.iter_mut().zip(scores.iter()) {
                r.score = score;
                r.depth = d;
            }
        }
    }
}

/// One legal move of a [`Ranking`]: its value for the side to move and how it was found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RankedMove {
    /// The move.
    pub mv: Move,
    /// With `exact`: the final disc difference for the side to move after `mv` under perfect
    /// play. Otherwise the midgame score, as [`Choice::score`].
    pub score: Score,
    /// Whether `score` was proven by the exact solver.
    pub exact: bool,
    /// The midgame depth of `score` (plies from the position, `mv` included) when not exact.
    pub depth: u8,
}

impl RankedMove {
    /// The value in hundredths of a disc for the side to move: a proven result's disc
    /// difference times 100, an evaluation as it is.
    pub fn centidiscs(&self) -> i32 {
        super::score::centidiscs(self.score, self.exact)
    }
}

/// The legal moves of a position with their values, best first (see
/// [`Player::rank_moves`](super::Player::rank_moves)).
pub type Ranking = crate::game::MoveList<RankedMove, 64>;

/// Sorts `ranked` best first, keeping the order of equal values (an insertion sort: at most a
/// few dozen moves, and no allocation).
fn sort_best_first(ranked: &mut [RankedMove]) {
    for i in 1..ranked.len() {
        let mut j = i;
        while j > 0 && ranked[j - 1].centidiscs() < ranked[j].centidiscs() {
            ranked.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// The choice of an exact solve of a position with `empties`, after `earlier_nodes` of midgame
/// search.
fn solved(s: &Solution, empties: u32, earlier_nodes: u64) -> Choice {
    Choice {
        mv: s.best,
        score: s.score,
        exact: true,
        depth: empties as u8,
        nodes: s.nodes + earlier_nodes,
    }
}

/// Above this many empties a move is a middle-game move of the clock's plan; from here down the
/// rest of the game is the endgame (a deep search, then the exact solve at about 18 empties).
pub const CLOCK_ENDGAME_EMPTIES: u32 = 20;

/// From this many empties up a move is an opening move: it gets [`OPENING_WEIGHT`] shares of
/// the clock, a middle-game move [`MIDDLE_WEIGHT`].
pub const CLOCK_OPENING_EMPTIES: u32 = 46;

/// The clock shares of an opening move (fewer: the evaluation is at its best there, and
/// mistakes cost less than in the middle game).
pub const OPENING_WEIGHT: u64 = 2;

/// The clock shares of a middle-game move.
pub const MIDDLE_WEIGHT: u64 = 3;

/// The shares kept for the endgame (at [`CLOCK_ENDGAME_EMPTIES`] and below).
pub const ENDGAME_SHARES: u64 = 6;

/// How many milliseconds of `remaining_millis` (the side's whole-game thinking time left) to
/// spend on the move in `board`, by phase:
/// - above [`CLOCK_ENDGAME_EMPTIES`] empties: this move's weight over the weights of all own
///   moves left until then plus [`ENDGAME_SHARES`] ([`OPENING_WEIGHT`] from
///   [`CLOCK_OPENING_EMPTIES`] empties up, [`MIDDLE_WEIGHT`] below: the middle game gets the
///   most);
/// - from [`CLOCK_ENDGAME_EMPTIES`] down to 15 empties: half of what is left (the deep search,
///   then the exact solve as soon as `solvable_empties` allows);
/// - at 14 and below (the solve takes milliseconds): an eighth.
///
/// Never more than 90% of what is left. The search itself stops an iteration early when the
/// next one would not finish, and what it leaves goes to later moves.
pub fn think_time_millis(board: &Board, remaining_millis: u64) -> u64 {
    let empties = board.empties();
    let spend = if empties <= 14 {
        remaining_millis / 8
    } else if empties <= CLOCK_ENDGAME_EMPTIES {
        remaining_millis / 2
    } else {
        let weight = |e: u32| {
            if e >= CLOCK_OPENING_EMPTIES {
                OPENING_WEIGHT
            } else {
                MIDDLE_WEIGHT
            }
        };
        let future: u64 = (CLOCK_ENDGAME_EMPTIES + 1..=empties)
            .rev()
            .step_by(2)
            .map(weight)
            .sum();
        remaining_millis.saturating_mul(weight(empties)) / (future + ENDGAME_SHARES)
    };
    spend.min(remaining_millis.saturating_mul(9) / 10)
}
