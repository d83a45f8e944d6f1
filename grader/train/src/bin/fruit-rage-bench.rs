//! Nodes per second of The Fruit Rage search on fixed positions.
//!
//! `cargo run --release -p duel-train --bin fruit-rage-bench [-- SIZE...]`
//!
//! For each side (8, 12 and 26 by default) it searches six fixed boxes (three full random
//! boxes of 5 fruit types, and each after a quarter of its fruit was claimed greedily), each
//! for a fixed number of nodes, and prints the nodes, the CPU time and the nodes per second
//! (CPU time: a busy machine disturbs it less than wall time; still run one timed job at a
//! time).

use duel_core::fruit_rage::{self, Board};
use duel_core::{Budget, Entry};

/// This process's CPU time (user and system), in microseconds.
fn cpu_micros() -> u128 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid, writable timespec for the call's duration.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    t.tv_sec as u128 * 1_000_000 + t.tv_nsec as u128 / 1000
}

/// The boxes measured at side `n`.
fn positions(n: usize) -> Vec<Board> {
    let mut out = Vec::new();
    for seed in 1..=3u64 {
        let Ok(start) = Board::random(n, 5, 0x5EED_0000 + seed * 7919 + n as u64) else {
            continue;
        };
        out.push(start);
        let mut b = start;
        let target = start.cells() * 3 / 4;
        while b.cells() > target {
            match fruit_rage::train::greedy_move(&b) {
                Some(mv) => b = b.play_unchecked(mv),
                None => break,
            }
        }
        out.push(b.with_lead(0));
    }
    out
}

fn main() {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() {
        vec![8, 12, 26]
    } else {
        sizes
    };
    let mut table = vec![Entry::default(); 1 << 20];
    for n in sizes {
        let limit: u64 = match n {
            0..=9 => 400_000,
            10..=16 => 200_000,
            _ => 40_000,
        };
        let (mut nodes, mut micros) = (0u64, 0u128);
        for board in positions(n) {
            table.fill(Entry::default());
            let mut budget = Budget::nodes(limit);
            let start = cpu_micros();
            let result = fruit_rage::train::search(&board, &mut budget, &mut table);
            let us = (cpu_micros() - start).max(1);
            eprintln!(
                "{n}x{n} cells {:3} nodes {:7} depth {:2} {:8.0} nodes/s",
                board.cells(),
                result.nodes,
                result.depth,
                result.nodes as f64 * 1e6 / us as f64
            );
            nodes += result.nodes;
            micros += us;
        }
        println!(
            "{n}x{n}: {nodes} nodes in {:.3} s: {:.0} nodes/s",
            micros as f64 / 1e6,
            nodes as f64 * 1e6 / micros as f64
        );
    }
}
