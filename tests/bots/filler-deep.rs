//! `filler-deep`: a Filler sparring partner that searches deep with the cheapest evaluation:
//! plain alpha-beta (negamax, iterative deepening, a transposition table, the table's move,
//! then the history of cut-off colours, then the most cells first) whose leaves score only the
//! owned cells, own minus the opponent's, so that it reaches more plies than any other partner.
//! Moves are played on the graph of one-colour regions (`filler-common.rs`), which makes a move
//! a few word operations. A test opponent written for this project with the standard library
//! only; it shares nothing with the engine.
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
const ABOUT: &str = "deep alpha-beta over the owned cells";

/// Deep search, cheap evaluation.
struct Deep;

/// The owned cells, the side to move's minus the other's.
fn owned<const W: usize>(_: &Graph<W>, pos: &Pos<W>) -> i32 {
    pos.my_cells - pos.their_cells
}

impl Partner for Deep {
    fn choose<const W: usize>(&self, graph: &Graph<W>, root: &Pos<W>, limits: Limits) -> u8 {
        AlphaBeta::new(graph, owned, limits).choose(root, 200).0
    }
}

/// Runs the program.
fn main() -> ExitCode {
    common::main_with("filler-deep", "--nodes", ABOUT, &Deep)
}
