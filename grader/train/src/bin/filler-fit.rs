//! Fits `duel_core::filler::fitted::FITTED`, the evaluation's weights by phase, on self-play:
//! the final margin of each game regressed on the features of every position of it.
//!
//! ```text
//! cargo run --release -p duel-train --bin filler-fit -- generate --games 2000 --shard 0/2 >> data-filler/fit-0.txt
//! cargo run --release -p duel-train --bin filler-fit -- fit data-filler/fit-*.txt
//! ```
//!
//! `generate` plays the engine against itself (a node budget a move, so the games are the same
//! on any machine) on random boards of every contest side 10..=20, as the arena draws them,
//! and prints one line a position once its game is over: `GAME SIZE PLIES_LEFT F0 … F5
//! MARGIN` (the features of `fitted::features` and the final margin, both from the side to
//! move's point of view). Shard K of N plays the games whose index is K modulo N; each game
//! comes from the seed and its index alone, so shards are independent, and `--start G` resumes
//! a shard after the last game its file holds. `--size N` plays only that side. Progress goes
//! to stderr.
//!
//! `fit` reads such files and, for each side group and phase, solves the least-squares fit of
//! the margin on the features (a small ridge keeps sparse phases sane), then prints the
//! `Weights` table in score units (a cell is 16) and each phase's sample count and R².

use clap::{Parser, Subcommand};
use duel_core::filler::fitted::{FEATURES, PHASES, SIZE_GROUPS, features, phase_of, size_group};
use duel_core::filler::train::choose_with;
use duel_core::filler::{CELL, Heuristic};
use duel_core::{Budget, Entry};
use duel_train::filler::random_board;
use duel_train::selfplay::Run;
use duel_train::{Rng, Shard};
use std::io::BufRead;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(about = "Fit the Filler evaluation's weights by phase from self-play")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play self-play games and print a line a position.
    Generate {
        /// Games in all (over every shard).
        #[arg(long, default_value_t = 2000)]
        games: u64,
        /// This shard, `K/N`: the games whose index is K modulo N.
        #[arg(long, default_value = "0/1")]
        shard: String,
        /// Skip the games below this index (resume).
        #[arg(long, default_value_t = 0)]
        start: u64,
        /// Seed of the boards.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Nodes a move.
        #[arg(long, default_value_t = 3000)]
        nodes: u64,
        /// Play only this side (default: every side 10..=20, by game index).
        #[arg(long, value_parser = clap::value_parser!(u8).range(10..=20))]
        size: Option<u8>,
    },
    /// Print the weights from generated files.
    Fit {
        /// Files written by `generate`.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Ridge penalty (added to the normal equations' diagonal, per sample).
        #[arg(long, default_value_t = 0.001)]
        ridge: f64,
    },
}

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Command::Generate {
            games,
            shard,
            start,
            seed,
            nodes,
            size,
        } => generate(games, &shard, start, seed, nodes, size),
        Command::Fit { files, ridge } => fit(&files, ridge),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("filler-fit: {e}");
            ExitCode::FAILURE
        }
    }
}

fn generate(
    games: u64,
    shard: &str,
    start: u64,
    seed: u64,
    nodes: u64,
    only: Option<u8>,
) -> Result<(), String> {
    let shard = Shard::parse(shard)?;
    let mut table = vec![Entry::default(); 1 << 16];
    let eval = Heuristic::default();
    let run = Run {
        start,
        ..Run::new("filler-fit", shard, games)
    };
    run.play(|game| {
        let mut rng = Rng::new(seed, game);
        let size = only.map_or(10 + (game % 11) as usize, usize::from);
        let mut board = random_board(size, &mut rng);
        table.fill(Entry::default());
        // (plies left, features, mover is the first player)
        let mut rows = Vec::new();
        let mut first = true;
        while !board.is_over() {
            rows.push((board.plies_left(), features(&board), first));
            let mut budget = Budget::nodes(nodes);
            let choice = choose_with(&board, &eval, &mut budget, &mut table, &mut |_| {});
            board = board.play_unchecked(choice.colour);
            first = !first;
        }
        // The final margin for the side to move at the end; turned for each position's mover.
        let end = board.score();
        let mut text = String::new();
        for (left, f, mover_first) in rows {
            let margin = if mover_first == first { end } else { -end };
            let f: Vec<String> = f.iter().map(i32::to_string).collect();
            text.push_str(&format!("{game} {size} {left} {} {margin}\n", f.join(" ")));
        }
        Ok(text)
    })
}

/// Solves `a x = b` (n×n, Gaussian elimination with partial pivoting); `None` if singular.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        let pivot_row = a[col].clone();
        for row in col + 1..n {
            let f = a[row][col] / pivot_row[col];
            for (x, p) in a[row].iter_mut().zip(&pivot_row).skip(col) {
                *x -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    Some(x)
}

fn fit(files: &[PathBuf], ridge: f64) -> Result<(), String> {
    // Normal equations per group and phase: xtx, xty, yy, count.
    let mut xtx = vec![vec![vec![vec![0f64; FEATURES]; FEATURES]; PHASES]; SIZE_GROUPS];
    let mut xty = vec![vec![vec![0f64; FEATURES]; PHASES]; SIZE_GROUPS];
    let mut yy = vec![vec![(0f64, 0f64, 0usize); PHASES]; SIZE_GROUPS];
    for path in files {
        let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        for line in std::io::BufReader::new(file).lines() {
            let line = line.map_err(|e| e.to_string())?;
            let v: Vec<f64> = line
                .split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect();
            if v.len() != FEATURES + 4 {
                continue;
            }
            let (g, p) = (size_group(v[1] as usize), phase_of(v[2] as u8));
            let (x, y) = (&v[3..3 + FEATURES], v[3 + FEATURES]);
            for i in 0..FEATURES {
                for j in 0..FEATURES {
                    xtx[g][p][i][j] += x[i] * x[j];
                }
                xty[g][p][i] += x[i] * y;
            }
            let s = &mut yy[g][p];
            s.0 += y;
            s.1 += y * y;
            s.2 += 1;
        }
    }
    println!("pub const FITTED: Weights = Weights([");
    for g in 0..SIZE_GROUPS {
        println!("    [");
        for p in 0..PHASES {
            let (sum, sq, count) = yy[g][p];
            let mut a = xtx[g][p].clone();
            for (i, row) in a.iter_mut().enumerate() {
                row[i] += ridge * count as f64 + 1e-9;
            }
            let w = solve(a, xty[g][p].clone()).unwrap_or_else(|| vec![0.0; FEATURES]);
            // R²: 1 - residual / total, from the sums.
            let mut residual = sq;
            for i in 0..FEATURES {
                residual -= 2.0 * w[i] * xty[g][p][i];
                for j in 0..FEATURES {
                    residual += w[i] * w[j] * xtx[g][p][i][j];
                }
            }
            let mean = if count > 0 { sum / count as f64 } else { 0.0 };
            let total = sq - count as f64 * mean * mean;
            let r2 = if total > 0.0 {
                1.0 - residual / total
            } else {
                0.0
            };
            let units: Vec<String> = w
                .iter()
                .map(|x| ((x * CELL as f64).round() as i64).to_string())
                .collect();
            println!("        [{}], // n={count} R²={r2:.3}", units.join(", "));
        }
        println!("    ],");
    }
    println!("]);");
    Ok(())
}
