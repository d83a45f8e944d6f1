//! Makes the weights of the Reversi pattern evaluation (`core/src/reversi/weights.bin`), which
//! the exact solver orders its moves by.
//!
//! ```text
//! cargo run --release -p duel-train --bin reversi-eval -- generate --games 2000 --seed 1 > a.txt
//! cargo run --release -p duel-train --bin reversi-eval -- fit a.txt --out core/src/reversi/weights.bin
//! ```
//!
//! `generate` plays games (random openings, then mostly the hand evaluation's greedy move), stops
//! each at a random number of empties, solves that position and every child exactly, and
//! prints one line a position: `R|C <player hex> <opponent hex> <exact score>` (`R` a root,
//! `C` a child of the root above it; discs side-relative, the player to move first).
//!
//! `fit` reads such files, fits the pattern and plain weights of `duel_core::reversi::pattern`
//! by least squares (stochastic gradient descent, a tenth of the games held out), prints the
//! held-out error and how often the best child ranks first (against the hand evaluation), and
//! writes the quantised weights.

use clap::{Parser, Subcommand};
use duel_core::reversi::pattern::{
    self, Features, PATTERN_CELLS, PATTERN_UNIT, PATTERNS, PHASES, SCALAR_UNIT, SCALARS,
};
use duel_core::reversi::train::solve;
use duel_core::reversi::{Board, Eval, Move};
use duel_core::{Budget, Entry, Game};
use std::io::BufRead;
use std::path::PathBuf;
use std::process::ExitCode;

use duel_train::reversi::{archive, phases, selfplay};
use duel_train::selfplay::{MergeArgs, Run, merge_files};
use duel_train::{Rng, Shard};
use selfplay::SelfplayArgs;

#[derive(Parser)]
#[command(about = "Generate solved Reversi positions and fit the pattern evaluation to them")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play games and print exactly solved positions (a root and its children per game).
    Generate {
        /// Games to play (one solved root each).
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Seed of the random play.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The fewest empties a root may have.
        #[arg(long, default_value_t = 9)]
        min_empties: u32,
        /// The most empties a root may have.
        #[arg(long, default_value_t = 21)]
        max_empties: u32,
    },
    /// Self-play games from varied openings; every position after the opening is labelled
    /// (exactly from `--solve-empties` down, by the game's exact outcome before that).
    Selfplay(SelfplayArgs),
    /// Label the positions of the WTHOR archive's games (`selfplay`'s file form): exactly
    /// from `--solve-empties` down, by each game's theoretical score before that.
    Archive(archive::ArchiveArgs),
    /// Merge `selfplay`'s shard files into one, in game order (the file one process would
    /// write).
    Merge(MergeArgs),
    /// Fit the trained evaluation's weights (`core/src/reversi/trained.bin`) to `selfplay`
    /// files, phase by phase, and print the held-out error of each phase.
    FitPhases(phases::FitArgs),
    /// Midgame nodes per second and depth in a time limit of the trained and the hand
    /// evaluation, on 10 fixed midgame positions.
    Speed(phases::SpeedArgs),
    /// Node-limited paired games, the trained evaluation against the hand one, in-process
    /// (reproducible under any load; a development check, the arena proves strength).
    Duel(phases::DuelArgs),
    /// Fit the weights to generated files and write them.
    Fit {
        /// Files written by `generate`.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Where to write the weights.
        #[arg(long, default_value = "core/src/reversi/weights.bin")]
        out: PathBuf,
        /// Passes over the training positions.
        #[arg(long, default_value_t = 30)]
        epochs: u32,
        /// The first pass's learning rate (it falls linearly to a twentieth).
        #[arg(long, default_value_t = 0.002)]
        rate: f32,
        /// Weight decay of the pattern weights (L2 regularisation).
        #[arg(long, default_value_t = 0.01)]
        decay: f32,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Generate {
            games,
            seed,
            min_empties,
            max_empties,
        } => generate(games, seed, min_empties, max_empties.max(min_empties)),
        Command::Fit {
            files,
            out,
            epochs,
            rate,
            decay,
        } => fit(&files, &out, epochs, rate, decay),
        Command::Selfplay(args) => selfplay::run(&args),
        Command::Archive(args) => archive::run(&args),
        Command::Merge(args) => merge_files("reversi-eval", &args, |line| {
            line.strip_prefix("G ")?.trim().parse().ok()
        }),
        Command::FitPhases(args) => phases::fit(&args).map(|_| ()),
        Command::Speed(args) => phases::speed(&args),
        Command::Duel(args) => phases::duel(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("reversi-eval: {message}");
            ExitCode::from(2)
        }
    }
}

fn generate(games: u64, seed: u64, min_empties: u32, max_empties: u32) -> Result<(), String> {
    // One stream for the whole run: the games are drawn one after another.
    let mut rng = Rng::new(seed, 0);
    let mut table = vec![Entry::default(); 1 << 22];
    let run = Run {
        report_every: 100,
        ..Run::new("reversi-eval", Shard::ALL, games)
    };
    run.play(|_| {
        let target = min_empties + rng.below((max_empties - min_empties + 1) as usize) as u32;
        let random_plies = 4 + rng.below(12);
        let mut board = Board::start();
        let mut ply = 0;
        while board.empties() > target && !board.is_over() {
            let moves = board.legal_moves();
            let moves = moves.as_slice();
            let mv = if moves == [Move::Pass] {
                Move::Pass
            } else if ply < random_plies || rng.below(4) == 0 {
                moves[rng.below(moves.len())]
            } else {
                *moves
                    .iter()
                    .max_by_key(|&&m| {
                        let c = board.play_unchecked(m);
                        -Eval::score(c.player().bits(), c.opponent().bits())
                    })
                    .unwrap_or(&Move::Pass)
            };
            board = board.play_unchecked(mv);
            ply += 1;
        }
        if board.is_over() || !board.has_move() {
            return Ok(String::new());
        }
        let Some(root) = solve(&board, &mut table, &mut Budget::unlimited()) else {
            return Err("the solver stopped without a budget".into());
        };
        let mut lines = format!(
            "R {:016x} {:016x} {}\n",
            board.player(),
            board.opponent(),
            root.score
        );
        // The board has a move, so no pass is among them.
        for &mv in board.legal_moves().iter() {
            let child = board.play_unchecked(mv);
            let Some(s) = solve(&child, &mut table, &mut Budget::unlimited()) else {
                return Err("the solver stopped without a budget".into());
            };
            lines.push_str(&format!(
                "C {:016x} {:016x} {}\n",
                child.player(),
                child.opponent(),
                s.score
            ));
        }
        Ok(lines)
    })
}

/// One solved position, read for fitting.
struct Sample {
    features: Features,
    /// Discs: the hand evaluation's view, for comparison.
    hand: i32,
    score: f32,
}

/// A root and its children.
struct Group {
    root: Sample,
    children: Vec<Sample>,
}

fn read_groups(files: &[PathBuf]) -> Result<Vec<Group>, String> {
    let mut groups: Vec<Group> = Vec::new();
    for file in files {
        let f = std::fs::File::open(file).map_err(|e| format!("{}: {e}", file.display()))?;
        for (n, line) in std::io::BufReader::new(f).lines().enumerate() {
            let line = line.map_err(|e| format!("{}: {e}", file.display()))?;
            let bad = || {
                format!(
                    "{}: line {}: not `R|C <hex> <hex> <score>`",
                    file.display(),
                    n + 1
                )
            };
            let mut parts = line.split_whitespace();
            let kind = parts.next().ok_or_else(bad)?;
            let p = u64::from_str_radix(parts.next().ok_or_else(bad)?, 16).map_err(|_| bad())?;
            let o = u64::from_str_radix(parts.next().ok_or_else(bad)?, 16).map_err(|_| bad())?;
            let score: i32 = parts.next().ok_or_else(bad)?.parse().map_err(|_| bad())?;
            if p & o != 0 {
                return Err(bad());
            }
            let sample = Sample {
                features: pattern::features(p, o),
                hand: Eval::score(p, o),
                score: score as f32,
            };
            match kind {
                "R" => groups.push(Group {
                    root: sample,
                    children: Vec::new(),
                }),
                "C" => match groups.last_mut() {
                    Some(g) => g.children.push(sample),
                    None => return Err(bad()),
                },
                _ => return Err(bad()),
            }
        }
    }
    Ok(groups)
}

/// Weights while fitting, in discs.
struct Model {
    tables: Vec<f32>,
    scalars: Vec<f32>,
}

/// Plain features are scaled down by this while fitting, so one learning rate suits both.
const SCALAR_SCALE: f32 = 1.0 / 16.0;

impl Model {
    fn new() -> Self {
        Model {
            tables: vec![0.0; PHASES * PATTERNS * PATTERN_CELLS],
            scalars: vec![0.0; PHASES * SCALARS],
        }
    }

    fn cell(f: &Features, view: usize, k: usize) -> usize {
        (f.phase * PATTERNS + k) * PATTERN_CELLS + usize::from(f.indices[view][k])
    }

    fn predict(&self, f: &Features) -> f32 {
        let mut s = 0.0;
        for v in 0..f.indices.len() {
            for k in 0..PATTERNS {
                s += self.tables[Self::cell(f, v, k)];
            }
        }
        for i in 0..SCALARS {
            s += self.scalars[f.phase * SCALARS + i] * f.scalars[i] as f32 * SCALAR_SCALE;
        }
        s
    }

    fn update(&mut self, f: &Features, error: f32, rate: f32, decay: f32) {
        for v in 0..f.indices.len() {
            for k in 0..PATTERNS {
                let w = &mut self.tables[Self::cell(f, v, k)];
                *w -= rate * (error + decay * *w);
            }
        }
        for i in 0..SCALARS {
            let w = &mut self.scalars[f.phase * SCALARS + i];
            *w -= rate * error * f.scalars[i] as f32 * SCALAR_SCALE;
        }
    }

    /// The weights in the layout of `weights.bin`.
    fn quantised(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(pattern::WEIGHT_BYTES);
        for phase in 0..PHASES {
            for k in 0..PATTERNS {
                for cell in 0..PATTERN_CELLS {
                    let w = self.tables[(phase * PATTERNS + k) * PATTERN_CELLS + cell];
                    let q = (w * PATTERN_UNIT as f32).round().clamp(-127.0, 127.0) as i8;
                    bytes.push(q as u8);
                }
            }
            for i in 0..SCALARS {
                let w = self.scalars[phase * SCALARS + i] * SCALAR_SCALE;
                let q = (w * SCALAR_UNIT as f32).round().clamp(-32767.0, 32767.0) as i16;
                bytes.extend_from_slice(&q.to_le_bytes());
            }
        }
        bytes
    }
}

/// How often each evaluation puts a best child first, over the groups.
fn top_one(groups: &[Group], eval: impl Fn(&Sample) -> f32) -> f64 {
    let mut hits = 0;
    let mut total = 0;
    for g in groups {
        let Some(best) = g.children.iter().map(|c| c.score).reduce(f32::min) else {
            continue;
        };
        // A child's score is the opponent's: the best move leaves the lowest.
        let chosen = g
            .children
            .iter()
            .min_by(|a, b| eval(a).total_cmp(&eval(b)))
            .map(|c| c.score);
        total += 1;
        if chosen == Some(best) {
            hits += 1;
        }
    }
    f64::from(hits) / f64::from(total.max(1))
}

fn fit(files: &[PathBuf], out: &PathBuf, epochs: u32, rate: f32, decay: f32) -> Result<(), String> {
    let groups = read_groups(files)?;
    let held = groups.len() / 10;
    let (test, train) = groups.split_at(held);
    let samples: Vec<&Sample> = train
        .iter()
        .flat_map(|g| std::iter::once(&g.root).chain(&g.children))
        .collect();
    eprintln!(
        "reversi-eval: {} groups ({} positions) to fit, {} held out",
        train.len(),
        samples.len(),
        test.len()
    );
    let mut model = Model::new();
    let mut order: Vec<usize> = (0..samples.len()).collect();
    let mut rng = Rng::new(0x2545_F491_4F6C_DD1D, 0);
    for epoch in 0..epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let step = rate * (1.0 - epoch as f32 / epochs as f32).max(0.05);
        let mut sum = 0.0f64;
        for &i in &order {
            let s = samples[i];
            let error = model.predict(&s.features) - s.score;
            sum += f64::from(error * error);
            model.update(&s.features, error, step, decay);
        }
        let test_mse = mean_squared(test, |s| model.predict(&s.features));
        eprintln!(
            "epoch {epoch}: train rms {:.2} held-out rms {:.2} discs",
            (sum / samples.len().max(1) as f64).sqrt(),
            test_mse.sqrt()
        );
    }
    let hand_scale = fit_scale(train);
    eprintln!(
        "held-out: pattern rms {:.2}, hand rms {:.2} discs; best child first: pattern {:.1} %, hand {:.1} %",
        mean_squared(test, |s| model.predict(&s.features)).sqrt(),
        mean_squared(test, |s| s.hand as f32 * hand_scale).sqrt(),
        100.0 * top_one(test, |s| model.predict(&s.features)),
        100.0 * top_one(test, |s| s.hand as f32),
    );
    let bytes = model.quantised();
    std::fs::write(out, &bytes).map_err(|e| format!("{}: {e}", out.display()))?;
    eprintln!(
        "reversi-eval: wrote {} bytes to {}",
        bytes.len(),
        out.display()
    );
    Ok(())
}

/// The factor that best maps the hand evaluation onto discs (least squares through zero).
fn fit_scale(groups: &[Group]) -> f32 {
    let (mut xy, mut xx) = (0.0f64, 0.0f64);
    for s in groups.iter().flat_map(|g| &g.children) {
        xy += f64::from(s.hand) * f64::from(s.score);
        xx += f64::from(s.hand) * f64::from(s.hand);
    }
    if xx > 0.0 { (xy / xx) as f32 } else { 0.0 }
}

fn mean_squared(groups: &[Group], eval: impl Fn(&Sample) -> f32) -> f64 {
    let mut sum = 0.0f64;
    let mut n = 0u64;
    for s in groups.iter().flat_map(|g| &g.children) {
        let e = eval(s) - s.score;
        sum += f64::from(e * e);
        n += 1;
    }
    sum / n.max(1) as f64
}
