//! `filler-reach`: a Filler sparring partner whose idea of the territory is who reaches each
//! free cell first. Its evaluation grows both territories at once over the graph of one-colour
//! regions, one region step a move (the moves a side needs to absorb a region if nothing stood in
//! its way): a region reached first by one side is counted, in cells, as that side's; one reached
//! by both at the same move counts for neither, and neither grows through the other's. The
//! score is twice the owned cells' difference plus the reached cells' difference. The search is
//! plain alpha-beta with a transposition table that also tries the pure blocks, colours that
//! gain nothing but keep a colour from the opponent (`filler-common.rs`). A test opponent written for
//! this project with the standard library only; it shares nothing with the engine.
//!
//! Input: N (1..=20), then N rows of N colour digits 0..9 (the reader's start cell top-left).
//! Output: one colour digit and a newline, never the opponent's colour. It searches until 800 ms
//! after it started (`--millis MS`); `--nodes N` stops after N nodes instead, reproducibly (and
//! keeps the clock too when `--millis` is also given).

#[path = "filler-common.rs"]
#[allow(dead_code)]
mod common;

use common::{AlphaBeta, Graph, Limits, Partner, Pos};
use std::process::ExitCode;

/// What it is, for `--help`.
const ABOUT: &str = "alpha-beta over who reaches the free cells first";

/// Search over the race to the free regions.
struct Reach;

/// Twice the owned cells' difference plus the difference of the free cells each side reaches
/// first, counted in moves over the one-colour regions (the side to move's view). A region
/// both reach at the same move is nobody's, and neither grows through it.
pub fn reach<const W: usize>(graph: &Graph<W>, pos: &Pos<W>) -> i32 {
    let mut claimed = pos.mine.or(pos.theirs);
    let (mut mine, mut theirs) = (pos.my_front, pos.their_front);
    let mut score = 2 * (pos.my_cells - pos.their_cells);
    while !(mine.is_empty() && theirs.is_empty()) {
        let both = mine.and(theirs);
        let (only_mine, only_theirs) = (mine.minus(both), theirs.minus(both));
        score += graph.weigh(only_mine) - graph.weigh(only_theirs);
        claimed = claimed.or(mine).or(theirs);
        mine = graph.around(only_mine).minus(claimed);
        theirs = graph.around(only_theirs).minus(claimed);
    }
    score
}

impl Partner for Reach {
    fn choose<const W: usize>(&self, graph: &Graph<W>, root: &Pos<W>, limits: Limits) -> u8 {
        AlphaBeta::new(graph, reach, limits).choose(root, 200).0
    }
}

/// Runs the program.
fn main() -> ExitCode {
    common::main_with("filler-reach", "--nodes", ABOUT, &Reach)
}
