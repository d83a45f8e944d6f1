//! `filler-frontier`: a Filler sparring partner whose idea of the territory is what each side
//! touches: its evaluation weighs the owned cells (4 a cell), the free cells next to each side,
//! which it can take in one move (2 a cell), the free cells one region further (1 a cell), and
//! the mobility, the number of colours that gain something (3 each), all as the side to move's
//! minus the other's. The search is plain alpha-beta with a transposition table
//! (`filler-common.rs`). A test opponent written for this project with the standard library
//! only; it shares nothing with the engine.
//!
//! Input: N (1..=20), then N rows of N colour digits 0..9 (the reader's start cell top-left).
//! Output: one colour digit and a newline, never the opponent's colour. It searches until 800 ms
//! after it started (`--millis MS`); `--nodes N` stops after N nodes instead, reproducibly (and
//! keeps the clock too when `--millis` is also given).

#[path = "filler-common.rs"]
#[allow(dead_code)]
mod common;

use common::{AlphaBeta, COLOURS, Graph, Limits, Partner, Pos, Set};
use std::process::ExitCode;

/// What it is, for `--help`.
const ABOUT: &str = "alpha-beta over frontiers and mobility";

/// Search over frontiers and mobility.
struct Frontier;

/// One side's frontier measure: 2 a frontier cell, 1 a cell one region beyond, 3 a colour
/// that gains (other than `forbidden`).
fn side<const W: usize>(graph: &Graph<W>, front: Set<W>, owned: Set<W>, forbidden: u8) -> i32 {
    let beyond = graph.around(front).minus(owned).minus(front);
    let mobility = (0..COLOURS)
        .filter(|&c| c != usize::from(forbidden) && !front.and(graph.by_colour[c]).is_empty())
        .count() as i32;
    2 * graph.weigh(front) + graph.weigh(beyond) + 3 * mobility
}

/// The frontier evaluation, the side to move's view.
pub fn frontier<const W: usize>(graph: &Graph<W>, pos: &Pos<W>) -> i32 {
    let owned = pos.mine.or(pos.theirs);
    4 * (pos.my_cells - pos.their_cells) + side(graph, pos.my_front, owned, pos.their_colour)
        - side(graph, pos.their_front, owned, pos.my_colour)
}

impl Partner for Frontier {
    fn choose<const W: usize>(&self, graph: &Graph<W>, root: &Pos<W>, limits: Limits) -> u8 {
        AlphaBeta::new(graph, frontier, limits).choose(root, 200).0
    }
}

/// Runs the program.
fn main() -> ExitCode {
    common::main_with("filler-frontier", "--nodes", ABOUT, &Frontier)
}
