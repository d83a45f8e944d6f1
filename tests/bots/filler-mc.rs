//! `filler-mc`: a Monte Carlo Filler sparring partner: UCT (a search tree grown one node a
//! playout, children chosen by the upper confidence bound) whose playouts play greedy-random
//! Filler to the end (three times in four the colour that absorbs the most cells, otherwise any
//! colour that absorbs something) and score a win 1, a draw ½, a loss 0, plus a tenth of the
//! cell margin over the board. It answers the most visited colour. Moves are played on the graph
//! of one-colour regions (`filler-common.rs`). A test opponent written for this project with the
//! standard library only; it shares nothing with the engine.
//!
//! Input: N (1..=20), then N rows of N colour digits 0..9 (the reader's start cell top-left).
//! Output: one colour digit and a newline, never the opponent's colour. It plays out until
//! 800 ms after it started (`--millis MS`); `--playouts N` stops after N playouts instead, and
//! the random stream is seeded from the board, so the answer is reproducible (the clock is kept
//! too when `--millis` is also given).

#[path = "filler-common.rs"]
#[allow(dead_code)]
mod common;

use common::{Graph, Limits, Move, Partner, Pos};
use std::process::ExitCode;
use std::time::Instant;

/// What it is, for `--help`.
const ABOUT: &str = "UCT with greedy-random playouts";

/// The exploration constant of the upper confidence bound.
const EXPLORE: f64 = 0.5;

/// UCT with greedy-random playouts.
struct Carlo;

/// xorshift64*, seeded from the board.
struct Rng(u64);

impl Rng {
    /// A number in `0..n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (((self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) * n as u64) >> 32) as usize
    }
}

/// A tree node: its position, its moves, and for each the child reached (`usize::MAX`: none
/// yet); visits and the summed result for the side that moved into it.
struct Node<const W: usize> {
    /// The position, side to move's view.
    pos: Pos<W>,
    /// The moves searched.
    moves: Vec<Move<W>>,
    /// The child of each move.
    children: Vec<usize>,
    /// Visits.
    visits: f64,
    /// Summed results, for the side that moved into this node.
    total: f64,
}

/// The playout's result for the side to move in `pos`, in 0..=1.
fn playout<const W: usize>(graph: &Graph<W>, pos: &Pos<W>, rng: &mut Rng) -> f64 {
    let mut pos = *pos;
    let mut flips = 0u32;
    let mut idle = 0;
    let mut plies = 0;
    while !graph.is_over(&pos) && idle < 4 && plies < 4 * graph.cells {
        let moves = graph.moves(&pos);
        let m = if moves[0].cells == 0 {
            idle += 1;
            moves[0]
        } else {
            idle = 0;
            if rng.below(4) == 0 {
                moves[rng.below(moves.len())]
            } else {
                moves[0]
            }
        };
        pos = graph.play(&pos, &m);
        flips ^= 1;
        plies += 1;
    }
    let margin = f64::from(pos.my_cells - pos.their_cells);
    let result = if margin > 0.0 {
        1.0
    } else if margin < 0.0 {
        0.0
    } else {
        0.5
    };
    let value = 0.9 * result + 0.05 + 0.05 * margin / f64::from(graph.cells);
    if flips == 1 { 1.0 - value } else { value }
}

impl Partner for Carlo {
    fn choose<const W: usize>(&self, graph: &Graph<W>, root: &Pos<W>, limits: Limits) -> u8 {
        let mut rng = Rng(graph.key(root) | 1);
        let node = |pos: Pos<W>| {
            let moves = graph.moves(&pos);
            Node {
                children: vec![usize::MAX; moves.len()],
                pos,
                moves,
                visits: 0.0,
                total: 0.0,
            }
        };
        let mut tree = vec![node(*root)];
        let mut playouts = 0u64;
        loop {
            if limits.nodes.is_some_and(|n| playouts >= n)
                || (playouts % 16 == 0 && limits.deadline.is_some_and(|d| Instant::now() >= d))
            {
                break;
            }
            playouts += 1;
            // Select down the tree, expanding one child.
            let mut path = vec![0];
            let mut at = 0;
            let leaf_value = loop {
                if graph.is_over(&tree[at].pos) {
                    let p = tree[at].pos;
                    let d = p.my_cells - p.their_cells;
                    break f64::from(d.signum() + 1) / 2.0;
                }
                if let Some(k) = tree[at].children.iter().position(|&c| c == usize::MAX) {
                    let pos = graph.play(&tree[at].pos, &tree[at].moves[k]);
                    tree.push(node(pos));
                    let child = tree.len() - 1;
                    tree[at].children[k] = child;
                    path.push(child);
                    break playout(graph, &pos, &mut rng);
                }
                let log = tree[at].visits.ln();
                let next = tree[at]
                    .children
                    .iter()
                    .copied()
                    .max_by(|&a, &b| {
                        let score = |c: usize| {
                            tree[c].total / tree[c].visits + EXPLORE * (log / tree[c].visits).sqrt()
                        };
                        score(a).total_cmp(&score(b))
                    })
                    .unwrap_or(0);
                path.push(next);
                at = next;
            };
            // The leaf's value is for its side to move; each node stores it for the side that
            // moved into it.
            let mut value = 1.0 - leaf_value;
            for &n in path.iter().rev() {
                tree[n].visits += 1.0;
                tree[n].total += value;
                value = 1.0 - value;
            }
        }
        let root_node = &tree[0];
        if limits.info {
            eprintln!("playouts {playouts} nodes {}", tree.len());
        }
        let mut best = (root_node.moves[0].colour, -1.0);
        for (m, &c) in root_node.moves.iter().zip(&root_node.children) {
            if c != usize::MAX && tree[c].visits > best.1 {
                best = (m.colour, tree[c].visits);
            }
        }
        best.0
    }
}

/// Runs the program.
fn main() -> ExitCode {
    common::main_with("filler-mc", "--playouts", ABOUT, &Carlo)
}
