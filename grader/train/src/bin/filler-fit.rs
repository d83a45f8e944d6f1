//! Fits `duel_core::filler::fitted::FITTED`, the evaluation's weights by phase, on self-play:
//! each position's label (a deep search's value, exact near the end, or else the game's final
//! margin) regressed on its features.
//!
//! ```text
//! cargo run --release -p duel-train --bin filler-fit -- generate --games 2000 --shard 0/2 --out f0.txt
//! cargo run --release -p duel-train --bin filler-fit -- generate --games 2000 --shard 1/2 --out f1.txt
//! cargo run --release -p duel-train --bin filler-fit -- merge f0.txt f1.txt --out f.txt
//! cargo run --release -p duel-train --bin filler-fit -- fit f.txt
//! ```
//!
//! `generate` plays the engine against itself (a node budget a move, so the games are the same
//! on any machine) on random boards of every contest side 10..=20, as the arena draws them,
//! and appends to `--out` one line a position once its game is over: `GAME SIZE PLIES_LEFT
//! F0 … F5 MARGIN` (the features of `fitted::features` and the final margin, both from the
//! side to move's point of view). With `--label-nodes N` each line also carries `LABEL EXACT`: the
//! position's value by a search of N nodes over every colour that can change it
//! (`duel_train::filler::label`), in cells, and 1 where that value is exact (0 where the
//! evaluation speaks). A game ends with the line `# game INDEX`. Shard K of N plays the games
//! whose index is K modulo N; each game comes from the seed and its index alone, so shards are
//! independent, and the same command again resumes after the last complete game in the file.
//! `merge` joins the shards' files into the file one process writes. `--size N` plays only
//! that side. Progress goes to stderr.
//!
//! `fit` reads such files and, for each side group and phase, solves the least-squares fit of
//! the label (the margin where a line has none) on the features (a small ridge keeps sparse
//! phases sane), then prints the `Weights` table in score units (a cell is 16) and each
//! phase's sample count and R² (a phase without data keeps the committed weights). Every tenth
//! game is held out: on stderr go the held-out positions' root-mean-square error in cells
//! against their exact labels, for the committed weights and the new ones, by phase.

use clap::{Parser, Subcommand};
use duel_core::filler::fitted::{
    FEATURES, FITTED, PHASES, SIZE_GROUPS, Weights, features, phase_of, size_group,
};
use duel_core::filler::train::choose_with;
use duel_core::filler::{CELL, Heuristic};
use duel_core::{Budget, Entry};
use duel_train::Rng;
use duel_train::filler::{label, random_board};
use duel_train::linear::solve;
use duel_train::selfplay::{MergeArgs, Run, ShardArgs, merge_files};
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
    Generate(GenerateArgs),
    /// Merge the shards' files into one, in game order (the file one process would write).
    Merge(MergeArgs),
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

/// What `generate` plays, and where it writes.
#[derive(clap::Args)]
struct GenerateArgs {
    /// Games in all (over every shard).
    #[arg(long, default_value_t = 2000)]
    games: u64,
    #[command(flatten)]
    run: ShardArgs,
    /// Nodes a move.
    #[arg(long, default_value_t = 3000)]
    nodes: u64,
    /// Play only this side (default: every side 10..=20, by game index).
    #[arg(long, value_parser = clap::value_parser!(u8).range(10..=20))]
    size: Option<u8>,
    /// Label every position by a search of this many nodes, exact where it reaches the
    /// end (0: no labels, the final margin only).
    #[arg(long, default_value_t = 0)]
    label_nodes: u64,
    /// The file to append to (resumed after its last complete game).
    #[arg(long)]
    out: PathBuf,
}

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Command::Generate(args) => generate(&args),
        Command::Merge(args) => merge_files("filler-fit", &args, |line| {
            line.strip_prefix("# game ")?.parse().ok()
        }),
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

fn generate(g: &GenerateArgs) -> Result<(), String> {
    let mut table = vec![Entry::default(); 1 << 16];
    let mut label_table = vec![Entry::default(); 1 << 18];
    let eval = Heuristic::default();
    let run = Run {
        out: Some(&g.out),
        ends_game: |line| line.starts_with("# game "),
        report_every: 10,
        ..Run::new("filler-fit", g.run.shard, g.games)
    };
    run.play(|game| {
        let mut rng = Rng::new(g.run.seed, game);
        let size = g.size.map_or(10 + (game % 11) as usize, usize::from);
        let mut board = random_board(size, &mut rng);
        table.fill(Entry::default());
        // (plies left, features, mover is the first player, label columns)
        let mut rows = Vec::new();
        let mut first = true;
        while !board.is_over() {
            let labelled = match g.label_nodes {
                0 => String::new(),
                n => match label(&board, &eval, n, &mut label_table) {
                    Some(l) => format!(" {} {}", l.cells, u8::from(l.exact)),
                    None => String::new(),
                },
            };
            rows.push((board.plies_left(), features(&board), first, labelled));
            let mut budget = Budget::nodes(g.nodes);
            let choice = choose_with(&board, &eval, &mut budget, &mut table, &mut |_| {});
            board = board.play_unchecked(choice.colour);
            first = !first;
        }
        // The final margin for the side to move at the end; turned for each position's mover.
        let end = board.score();
        let mut text = String::new();
        for (left, f, mover_first, labelled) in rows {
            let margin = if mover_first == first { end } else { -end };
            let f: Vec<String> = f.iter().map(i32::to_string).collect();
            text.push_str(&format!(
                "{game} {size} {left} {} {margin}{labelled}\n",
                f.join(" ")
            ));
        }
        text.push_str(&format!("# game {game}\n"));
        Ok(text)
    })
}

/// A held-out position with an exact label: side group, phase, features, exact value in cells.
type HeldOut = (usize, usize, Vec<f64>, f64);

fn fit(files: &[PathBuf], ridge: f64) -> Result<(), String> {
    // Normal equations per group and phase: xtx, xty, yy, count.
    let mut xtx = vec![vec![vec![vec![0f64; FEATURES]; FEATURES]; PHASES]; SIZE_GROUPS];
    let mut xty = vec![vec![vec![0f64; FEATURES]; PHASES]; SIZE_GROUPS];
    let mut yy = vec![vec![(0f64, 0f64, 0usize); PHASES]; SIZE_GROUPS];
    let mut held_out: Vec<HeldOut> = Vec::new();
    for path in files {
        let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        for line in std::io::BufReader::new(file).lines() {
            let line = line.map_err(|e| e.to_string())?;
            let v: Vec<f64> = line
                .split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect();
            let labelled = v.len() == FEATURES + 6;
            if v.len() != FEATURES + 4 && !labelled {
                continue;
            }
            let (g, p) = (size_group(v[1] as usize), phase_of(v[2] as u8));
            let x = &v[3..3 + FEATURES];
            let y = v[3 + FEATURES + usize::from(labelled)];
            if v[0] as u64 % 10 == 9 {
                if labelled && v[5 + FEATURES] == 1.0 {
                    held_out.push((g, p, x.to_vec(), y));
                }
                continue;
            }
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
    let mut fitted = FITTED;
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
            // A phase without data keeps the committed weights.
            if count > 0 {
                for (unit, x) in fitted.0[g][p].iter_mut().zip(&w) {
                    *unit = (x * f64::from(CELL)).round() as i16;
                }
            }
            let units: Vec<String> = fitted.0[g][p].iter().map(i16::to_string).collect();
            println!("        [{}], // n={count} R²={r2:.3}", units.join(", "));
        }
        println!("    ],");
    }
    println!("]);");
    report_held_out(&held_out, &fitted);
    Ok(())
}

/// Prints on stderr the held-out error against exact labels, committed weights against `new`.
fn report_held_out(held_out: &[HeldOut], new: &Weights) {
    if held_out.is_empty() {
        eprintln!(
            "filler-fit: no held-out position with an exact label (every tenth game is held out)"
        );
        return;
    }
    let predict = |w: &Weights, &(g, p, ref x, _): &HeldOut| -> f64 {
        let units: f64 = x.iter().zip(w.0[g][p]).map(|(f, w)| f * f64::from(w)).sum();
        units / f64::from(CELL)
    };
    eprintln!(
        "filler-fit: held-out error against exact labels, cells (RMS): group phase n committed new"
    );
    for g in 0..SIZE_GROUPS {
        for p in 0..PHASES {
            let rows: Vec<&HeldOut> = held_out.iter().filter(|h| h.0 == g && h.1 == p).collect();
            if !rows.is_empty() {
                let (old, new) = (
                    rms(&rows, |h| predict(&FITTED, h)),
                    rms(&rows, |h| predict(new, h)),
                );
                eprintln!("filler-fit: {g} {p} {} {old:.2} {new:.2}", rows.len());
            }
        }
    }
    let all: Vec<&HeldOut> = held_out.iter().collect();
    let (old, new) = (
        rms(&all, |h| predict(&FITTED, h)),
        rms(&all, |h| predict(new, h)),
    );
    eprintln!("filler-fit: all {} {old:.2} {new:.2}", all.len());
}

/// The root-mean-square error of `predict` against the exact labels of `rows`.
fn rms(rows: &[&HeldOut], predict: impl Fn(&HeldOut) -> f64) -> f64 {
    let sum: f64 = rows.iter().map(|h| (predict(h) - h.3).powi(2)).sum();
    (sum / rows.len() as f64).sqrt()
}
