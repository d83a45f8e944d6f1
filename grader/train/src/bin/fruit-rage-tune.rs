//! Node-limited paired games between two widths, or two node budgets, of The Fruit Rage
//! search: to choose the width `K` by measurement, and to see what more search is worth at a
//! size (the result does not depend on the machine's load).
//!
//! `cargo run --release -p duel-train --bin fruit-rage-tune -- SIZE PAIRS NODES KA KB [THREADS] [NODES_B] [NODES_B_LATE CELLS]`
//!
//! Each pair is one random box of 5 fruit types played twice, A moving first then B moving
//! first; every move of A searches `NODES` nodes and every move of B `NODES_B` (default
//! `NODES`), the `K` largest groups at each node, over a fresh table. With
//! `NODES_B_LATE CELLS`, B searches `NODES_B` while more than `CELLS` fruits are left and
//! `NODES_B_LATE` from then on: to see where in a game the search is worth its time. A pair
//! is won by the side whose two margins sum above zero; a pair is a mirror when both games
//! have the same moves (both sides played alike). `--horizon-a FILE` and `--horizon-b FILE`
//! give a side the horizon weights `fruit-rage-fit fit` wrote (default: the engine's). The nodes each side searched, a game on
//! average, are printed beside the pairs. `--first P` plays pairs `P..P+PAIRS` (pair `p`'s box
//! comes from `p` alone), so a second run adds boxes instead of replaying the first run's.
//! Widths: 4, 6, 8, 10, 12, 16, 24.
//!
//! At 8×8, `fruit-rage-tune 8 40 200000 10 10 2 800000` (B searching four times A's nodes)
//! prints pairs 3/25/12 for A: B, with four times the search, wins 12 of 40 pairs and scores
//! 61%, since at that size the seat decides most boxes whatever the search.

use duel_core::fruit_rage::horizon::Horizon;
use duel_core::fruit_rage::train::{HORIZON, engine, greedy_move};
use duel_core::fruit_rage::{Board, Move};
use duel_core::{Budget, Entry};
use duel_train::fruit_rage::read_horizon;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// One move of `side`'s search: its width, on its nodes at this phase; and the nodes searched.
fn pick(board: &Board, side: Side, table: &mut [Entry]) -> (Option<Move>, u64) {
    table.fill(Entry::default());
    let nodes = if board.cells() > side.late_below_cells {
        side.nodes
    } else {
        side.late_nodes
    };
    let mut budget = Budget::nodes(nodes);
    let depth = board.cells().min(254) as u8;
    let r = match side.width {
        4 => engine::search::<4>(board, &mut budget, table, depth, &side.horizon),
        6 => engine::search::<6>(board, &mut budget, table, depth, &side.horizon),
        8 => engine::search::<8>(board, &mut budget, table, depth, &side.horizon),
        12 => engine::search::<12>(board, &mut budget, table, depth, &side.horizon),
        16 => engine::search::<16>(board, &mut budget, table, depth, &side.horizon),
        24 => engine::search::<24>(board, &mut budget, table, depth, &side.horizon),
        _ => engine::search::<10>(board, &mut budget, table, depth, &side.horizon),
    };
    (r.best.or_else(|| greedy_move(board)), r.nodes)
}

/// One side of a game: the search width, the nodes a move, and the nodes a move once at most
/// `late_below_cells` fruits are left.
#[derive(Clone, Copy, Debug)]
struct Side {
    width: usize,
    nodes: u64,
    late_nodes: u64,
    late_below_cells: u32,
    horizon: Horizon,
}

/// One game between `first` and `second`: the first mover's margin, its moves, and the nodes
/// each side searched.
fn game(
    start: &Board,
    first: Side,
    second: Side,
    table: &mut [Entry],
) -> (i64, Vec<Move>, [u64; 2]) {
    let mut board = *start;
    let mut margin = 0i64;
    let mut sign = 1i64;
    let mut moves = Vec::new();
    let mut spent = [0u64; 2];
    loop {
        let side = if sign > 0 { first } else { second };
        let (best, nodes) = pick(&board, side, table);
        spent[usize::from(sign < 0)] += nodes;
        let Some(mv) = best else {
            break;
        };
        margin += sign * i64::from(mv.points());
        moves.push(mv);
        board = board.play_unchecked(mv);
        sign = -sign;
    }
    (margin, moves, spent)
}

/// The horizon of `--horizon-a FILE` or `--horizon-b FILE` in `args` (`flag`), or the
/// engine's; exits with a one-line error on a file that is not a horizon.
fn horizon_arg(args: &[String], flag: &str) -> Horizon {
    let Some(path) = args.iter().position(|a| a == flag).map(|i| args.get(i + 1)) else {
        return HORIZON;
    };
    let result = path
        .ok_or_else(|| format!("{flag} needs a file"))
        .and_then(|p| read_horizon(std::path::Path::new(p)));
    result.unwrap_or_else(|e| {
        eprintln!("fruit-rage-tune: {e}");
        std::process::exit(2);
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // The numbers that are neither a flag nor a flag's value.
    let a: Vec<u64> = args
        .iter()
        .enumerate()
        .filter(|&(i, s)| !s.starts_with("--") && (i == 0 || !args[i - 1].starts_with("--")))
        .filter_map(|(_, s)| s.parse().ok())
        .collect();
    let first: u64 = match args.iter().position(|a| a == "--first") {
        None => 0,
        Some(i) => args
            .get(i + 1)
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| {
                eprintln!("fruit-rage-tune: --first needs a pair number");
                std::process::exit(2);
            }),
    };
    let [size, pairs, nodes, ka, kb, ..] = a[..] else {
        eprintln!(
            "usage: fruit-rage-tune SIZE PAIRS NODES KA KB [THREADS] [NODES_B] [NODES_B_LATE CELLS] [--horizon-a FILE] [--horizon-b FILE] [--first PAIR]"
        );
        std::process::exit(2);
    };
    let threads = a.get(5).copied().unwrap_or(1).max(1) as usize;
    let nodes_b = a.get(6).copied().unwrap_or(nodes);
    let side_a = Side {
        width: ka as usize,
        nodes,
        late_nodes: nodes,
        late_below_cells: 0,
        horizon: horizon_arg(&args, "--horizon-a"),
    };
    let side_b = Side {
        width: kb as usize,
        nodes: nodes_b,
        late_nodes: a.get(7).copied().unwrap_or(nodes_b),
        late_below_cells: a.get(8).copied().unwrap_or(0) as u32,
        horizon: horizon_arg(&args, "--horizon-b"),
    };
    let next = Arc::new(AtomicUsize::new(0));
    let results = Arc::new(Mutex::new(Vec::new()));
    let handles: Vec<_> = (0..threads)
        .map(|_| {
            let (next, results) = (Arc::clone(&next), Arc::clone(&results));
            std::thread::spawn(move || {
                let mut table = vec![Entry::default(); 1 << 18];
                loop {
                    let p = first as usize + next.fetch_add(1, Ordering::Relaxed);
                    if p as u64 >= first + pairs {
                        break;
                    }
                    let seed = 0xF00D_0000 + p as u64 * 7919 + size;
                    let Ok(start) = Board::random(size as usize, 5, seed) else {
                        break;
                    };
                    let (g1, m1, s1) = game(&start, side_a, side_b, &mut table);
                    let (g2, m2, s2) = game(&start, side_b, side_a, &mut table);
                    let (g2, mirror) = (-g2, m1 == m2);
                    let spent = [s1[0] + s2[1], s1[1] + s2[0]];
                    eprintln!(
                        "pair {p}: A first {g1:+}, A second {g2:+}, mirror {mirror}, nodes A {} B {}",
                        spent[0], spent[1]
                    );
                    results.lock().unwrap().push((g1, g2, mirror, spent));
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    let r = results.lock().unwrap();
    let (mut w, mut d, mut l, mut gw, mut gl, mut sum) = (0, 0, 0, 0, 0, 0i64);
    let mirrors = r.iter().filter(|x| x.2).count();
    let mut spent = [0u64; 2];
    for &(g1, g2, _, s) in r.iter() {
        spent[0] += s[0];
        spent[1] += s[1];
        match (g1 + g2).signum() {
            1 => w += 1,
            0 => d += 1,
            _ => l += 1,
        }
        gw += usize::from(g1 > 0) + usize::from(g2 > 0);
        gl += usize::from(g1 < 0) + usize::from(g2 < 0);
        sum += g1 + g2;
    }
    let games = 2 * r.len().max(1) as u64;
    println!(
        "{size}x{size} A: K {} at {} nodes, B: K {} at {} nodes ({} at {} fruits or fewer): pairs {w}/{d}/{l} ({:.1}%), games won {gw} lost {gl}, mean pair margin {:+.1}, mirror pairs {mirrors}, nodes a game A {} B {}",
        side_a.width,
        side_a.nodes,
        side_b.width,
        side_b.nodes,
        side_b.late_nodes,
        side_b.late_below_cells,
        100.0 * (w as f64 + d as f64 / 2.0) / r.len().max(1) as f64,
        sum as f64 / r.len().max(1) as f64,
        spent[0] / games,
        spent[1] / games
    );
}
