//! Makes the weights of the Reversi pattern evaluation (`core/src/reversi/weights.bin`), which
//! the exact solver orders its moves by.
//!
//! ```text
//! cargo run --release -p duel-grader --example reversi-eval -- generate --games 2000 --seed 1 > a.txt
//! cargo run --release -p duel-grader --example reversi-eval -- fit a.txt --out core/src/reversi/weights.bin
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
use duel_core::reversi::{Board, Eval, Move, solve};
use duel_core::{Budget, Entry, Game};
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

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
        Command::FitPhases(args) => phases::fit(&args),
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

/// A xorshift generator: reproducible games from a seed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        ((self.0 >> 32) * n) >> 32
    }
}

fn generate(games: u64, seed: u64, min_empties: u32, max_empties: u32) -> Result<(), String> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut table = vec![Entry::default(); 1 << 22];
    let mut out = std::io::stdout().lock();
    let started = std::time::Instant::now();
    let mut written = 0u64;
    for game in 0..games {
        let target = min_empties + rng.below(u64::from(max_empties - min_empties + 1)) as u32;
        let random_plies = 4 + rng.below(12);
        let mut board = Board::start();
        let mut ply = 0;
        while board.empties() > target && !board.is_game_over() {
            let moves = board.legal_moves();
            let moves = moves.as_slice();
            let mv = if moves == [Move::Pass] {
                Move::Pass
            } else if ply < random_plies || rng.below(4) == 0 {
                moves[rng.below(moves.len() as u64) as usize]
            } else {
                *moves
                    .iter()
                    .max_by_key(|&&m| {
                        let c = board.play_unchecked(m);
                        -Eval::score(c.player(), c.opponent())
                    })
                    .unwrap_or(&Move::Pass)
            };
            board = board.play_unchecked(mv);
            ply += 1;
        }
        if board.is_game_over() || !board.has_move() {
            continue;
        }
        let Some(root) = solve(&board, &mut table, &mut Budget::unlimited()) else {
            return Err("the solver stopped without a budget".into());
        };
        let mut lines = vec![format!(
            "R {:016x} {:016x} {}",
            board.player(),
            board.opponent(),
            root.score
        )];
        // The board has a move, so no pass is among them.
        for &mv in board.legal_moves().iter() {
            let child = board.play_unchecked(mv);
            let Some(s) = solve(&child, &mut table, &mut Budget::unlimited()) else {
                return Err("the solver stopped without a budget".into());
            };
            lines.push(format!(
                "C {:016x} {:016x} {}",
                child.player(),
                child.opponent(),
                s.score
            ));
        }
        for line in &lines {
            writeln!(out, "{line}").map_err(|e| format!("writing: {e}"))?;
        }
        out.flush().map_err(|e| format!("writing: {e}"))?;
        written += lines.len() as u64;
        if (game + 1) % 100 == 0 {
            eprintln!(
                "reversi-eval: {} games, {written} positions, {:.0} s",
                game + 1,
                started.elapsed().as_secs_f64()
            );
        }
    }
    Ok(())
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
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for epoch in 0..epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
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

/// `selfplay`: labelled positions from self-play games, sharded and resumable.
mod selfplay {
    use super::Rng;
    use clap::Args;
    use duel_core::reversi::{Board, Engine, Move, solve};
    use duel_core::{Budget, Entry, Game};
    use std::io::{BufRead, Write};
    use std::path::PathBuf;

    /// Arguments of `selfplay`.
    #[derive(Args)]
    pub struct SelfplayArgs {
        /// Games to play in all shards together.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Seed of the random plies.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// This process plays games K, K+N, K+2N, ... of the whole set: `K/N`.
        #[arg(long, default_value = "0/1")]
        shard: String,
        /// The directory the shard's file `selfplay-<K>-of-<N>.txt` goes to (appended to; the
        /// games already in it are skipped, so an interrupted run resumes).
        #[arg(long)]
        out: PathBuf,
        /// Opening lines (moves like `f4f3d6...`), one a line; game `i` starts with line
        /// `i mod lines`.
        #[arg(long, default_value = "data/openings/reversi-8ply.txt")]
        openings: PathBuf,
        /// After the opening, up to this many uniformly random plies (the number is random).
        #[arg(long, default_value_t = 12)]
        random_plies: u64,
        /// Midgame search nodes per self-play move.
        #[arg(long, default_value_t = 4000)]
        nodes: u64,
        /// Positions with at most this many empties are solved exactly (and then the game goes
        /// on along perfect play).
        #[arg(long, default_value_t = 18)]
        solve_empties: u32,
        /// The self-play moves' evaluation: the hand-weighted one instead of the trained one.
        #[arg(long)]
        hand_policy: bool,
    }

    fn parse_shard(text: &str) -> Result<(u64, u64), String> {
        let (k, n) = text
            .split_once('/')
            .ok_or_else(|| format!("--shard {text}: not K/N"))?;
        let k: u64 = k.parse().map_err(|_| format!("--shard {text}: not K/N"))?;
        let n: u64 = n.parse().map_err(|_| format!("--shard {text}: not K/N"))?;
        if n == 0 || k >= n {
            return Err(format!("--shard {text}: need K < N"));
        }
        Ok((k, n))
    }

    /// The games already complete in `path` (each ends with a `G <index>` line); the file is
    /// cut back to the end of the last complete game.
    fn resume(path: &PathBuf) -> Result<u64, String> {
        let Ok(f) = std::fs::File::open(path) else {
            return Ok(0);
        };
        let mut done = 0u64;
        let mut keep = 0u64;
        let mut at = 0u64;
        for line in std::io::BufReader::new(f).split(b'\n') {
            let line = line.map_err(|e| format!("{}: {e}", path.display()))?;
            at += line.len() as u64 + 1;
            if line.starts_with(b"G ") {
                done += 1;
                keep = at;
            }
        }
        let f = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        f.set_len(keep)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(done)
    }

    /// Plays game `index` and returns its lines: `E|O <player hex> <opponent hex> <score>`
    /// (`E` exact, `O` the game's exact outcome from the first solved position), then
    /// `G <index>`.
    fn play_game(
        args: &SelfplayArgs,
        index: u64,
        opening: &str,
        table: &mut [Entry],
    ) -> Result<String, String> {
        let mut rng = Rng((args.seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1);
        for _ in 0..4 {
            rng.below(2);
        }
        let mut board = Board::start();
        for i in (0..opening.len()).step_by(2) {
            let mv = opening
                .get(i..i + 2)
                .and_then(|t| Move::parse(t).ok())
                .ok_or_else(|| format!("opening `{opening}`: not moves"))?;
            board = board
                .play(mv)
                .map_err(|_| format!("opening `{opening}`: illegal"))?;
        }
        let random = rng.below(args.random_plies + 1);
        for _ in 0..random {
            if board.is_game_over() {
                break;
            }
            let moves = board.legal_moves();
            let moves = moves.as_slice();
            board = board.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
        }
        // Positions (player, opponent, colour to move) before the solve, and exact ones after.
        let mut before: Vec<Board> = Vec::new();
        let mut out = String::new();
        let mut outcome: Option<(i32, duel_core::reversi::Colour)> = None;
        while !board.is_game_over() {
            if !board.has_move() {
                board = board.pass();
                continue;
            }
            if board.empties() <= args.solve_empties {
                let s = solve(&board, table, &mut Budget::unlimited())
                    .ok_or("the solver stopped without a budget")?;
                if outcome.is_none() {
                    outcome = Some((s.score, board.to_move()));
                }
                out.push_str(&format!(
                    "E {:016x} {:016x} {}\n",
                    board.player(),
                    board.opponent(),
                    s.score
                ));
                board = board.play_unchecked(s.best);
            } else {
                before.push(board);
                let mut budget = Budget::nodes(args.nodes);
                let choice = if args.hand_policy {
                    Engine::with_eval(table, duel_core::reversi::Eval).choose(&board, &mut budget)
                } else {
                    Engine::new(table).choose(&board, &mut budget)
                };
                board = board.play_unchecked(choice.mv);
            }
        }
        let (score, colour) = match outcome {
            Some(o) => o,
            // The game ended before the solve: its final result.
            None => (board.final_score(), board.to_move()),
        };
        let mut lines = String::new();
        for b in &before {
            let s = if b.to_move() == colour { score } else { -score };
            lines.push_str(&format!(
                "O {:016x} {:016x} {}\n",
                b.player(),
                b.opponent(),
                s
            ));
        }
        lines.push_str(&out);
        lines.push_str(&format!("G {index}\n"));
        Ok(lines)
    }

    /// Runs `selfplay`.
    pub fn run(args: &SelfplayArgs) -> Result<(), String> {
        let (k, n) = parse_shard(&args.shard)?;
        let openings: Vec<String> = std::fs::read_to_string(&args.openings)
            .map_err(|e| format!("{}: {e}", args.openings.display()))?
            .lines()
            .map(|l| l.trim().to_string())
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        if openings.is_empty() {
            return Err(format!("{}: no openings", args.openings.display()));
        }
        std::fs::create_dir_all(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
        let path = args.out.join(format!("selfplay-{k}-of-{n}.txt"));
        let done = resume(&path)?;
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let mine: Vec<u64> = (k..args.games).step_by(n as usize).collect();
        let mut table = vec![Entry::default(); 1 << 21];
        let started = std::time::Instant::now();
        eprintln!(
            "selfplay: shard {k}/{n}: {} games, {done} already in {}",
            mine.len(),
            path.display()
        );
        for (j, &index) in mine.iter().enumerate().skip(done as usize) {
            let opening = &openings[(index % openings.len() as u64) as usize];
            let lines = play_game(args, index, opening, &mut table)?;
            file.write_all(lines.as_bytes())
                .and_then(|()| file.flush())
                .map_err(|e| format!("{}: {e}", path.display()))?;
            if (j + 1) % 50 == 0 {
                eprintln!(
                    "selfplay: shard {k}/{n}: {}/{} games, {:.0} s this run",
                    j + 1,
                    mine.len(),
                    started.elapsed().as_secs_f64()
                );
            }
        }
        Ok(())
    }
}

/// `fit-phases` and `speed`: the trained evaluation of `duel_core::reversi::trained`.
mod phases {
    use super::Rng;
    use clap::Args;
    use duel_core::reversi::trained::{
        self, Features, PATTERN_OFFSET, PATTERNS, PHASE_CELLS, PHASE_WEIGHTS, PHASES, SCALARS, UNIT,
    };
    use duel_core::reversi::{Board, Engine, Eval, Move, Trained};
    use duel_core::{Budget, Entry, Evaluator};
    use std::io::BufRead;
    use std::path::PathBuf;

    /// Arguments of `fit-phases`.
    #[derive(Args)]
    pub struct FitArgs {
        /// Files written by `selfplay`.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Where to write the weights.
        #[arg(long, default_value = "core/src/reversi/trained.bin")]
        out: PathBuf,
        /// Passes over each phase's positions.
        #[arg(long, default_value_t = 12)]
        epochs: u32,
        /// The first pass's learning rate (it falls linearly to a twentieth).
        #[arg(long, default_value_t = 0.001)]
        rate: f32,
        /// Weight decay of the pattern weights (L2 regularisation).
        #[arg(long, default_value_t = 0.005)]
        decay: f32,
        /// A phase also learns from positions this many empties outside its own range.
        #[arg(long, default_value_t = 2)]
        overlap: u32,
        /// Games whose index is 0 modulo this are held out.
        #[arg(long, default_value_t = 10)]
        hold_out: u64,
        /// Bootstrapping: a position labelled by its game's outcome (`O`) is relabelled, before
        /// its phase is fitted, with `mix` × outcome + (1 − `mix`) × the value of a search this
        /// deep over the phases fitted so far (0: off).
        #[arg(long, default_value_t = 0)]
        search_depth: u32,
        /// The outcome's share of a bootstrapped label.
        #[arg(long, default_value_t = 0.5)]
        mix: f32,
    }

    /// One labelled position.
    #[derive(Clone, Copy)]
    struct Sample {
        p: u64,
        o: u64,
        score: f32,
        /// Labelled by the game's outcome (not solved exactly).
        outcome: bool,
    }

    /// Alpha-beta negamax to `depth` over the weights `all` (every phase), in discs.
    fn negamax(all: &[f32], p: u64, o: u64, depth: u32, mut alpha: f32, beta: f32) -> f32 {
        let moves = duel_core::reversi::bits::moves(p, o);
        if moves == 0 {
            if duel_core::reversi::bits::moves(o, p) == 0 {
                return duel_core::reversi::board::final_score(p, o) as f32;
            }
            return -negamax(all, o, p, depth, -beta, -alpha);
        }
        if depth == 0 {
            let f = trained::features(p, o);
            let w = &all[f.phase * PHASE_WEIGHTS..(f.phase + 1) * PHASE_WEIGHTS];
            return predict(w, &f);
        }
        let mut best = f32::NEG_INFINITY;
        let mut m = moves;
        while m != 0 {
            let sq = m.trailing_zeros();
            m &= m - 1;
            let flips = duel_core::reversi::bits::flips(sq as usize, p, o);
            let (np, no) = (o & !flips, p | flips | (1u64 << sq));
            let v = -negamax(all, np, no, depth - 1, -beta, -alpha);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    fn read(files: &[PathBuf], hold_out: u64) -> Result<(Vec<Sample>, Vec<Sample>), String> {
        let (mut train, mut test) = (Vec::new(), Vec::new());
        for file in files {
            let f = std::fs::File::open(file).map_err(|e| format!("{}: {e}", file.display()))?;
            let mut game: Vec<Sample> = Vec::new();
            for (n, line) in std::io::BufReader::new(f).lines().enumerate() {
                let line = line.map_err(|e| format!("{}: {e}", file.display()))?;
                let bad = || format!("{}: line {}: not a selfplay line", file.display(), n + 1);
                let mut parts = line.split_whitespace();
                match parts.next() {
                    Some("G") => {
                        let index: u64 =
                            parts.next().ok_or_else(bad)?.parse().map_err(|_| bad())?;
                        if index % hold_out.max(1) == 0 {
                            test.append(&mut game);
                        } else {
                            train.append(&mut game);
                        }
                    }
                    Some("E" | "O") => {
                        let p = u64::from_str_radix(parts.next().ok_or_else(bad)?, 16)
                            .map_err(|_| bad())?;
                        let o = u64::from_str_radix(parts.next().ok_or_else(bad)?, 16)
                            .map_err(|_| bad())?;
                        let score: i32 =
                            parts.next().ok_or_else(bad)?.parse().map_err(|_| bad())?;
                        if p & o != 0 || !(-64..=64).contains(&score) {
                            return Err(bad());
                        }
                        game.push(Sample {
                            p,
                            o,
                            score: score as f32,
                            outcome: line.starts_with('O'),
                        });
                    }
                    _ => return Err(bad()),
                }
            }
            // An unfinished last game (no `G` line) is dropped.
        }
        Ok((train, test))
    }

    /// Plain features are scaled down by this while fitting, so one learning rate suits both.
    const SCALAR_SCALE: f32 = 1.0 / 16.0;

    fn predict(w: &[f32], f: &Features) -> f32 {
        let mut s = 0.0;
        for view in &f.indices {
            for k in 0..PATTERNS {
                s += w[PATTERN_OFFSET[k] + usize::from(view[k])];
            }
        }
        for i in 0..SCALARS {
            s += w[PHASE_CELLS + i] * f.scalars[i] as f32 * SCALAR_SCALE;
        }
        s
    }

    fn empties(s: &Sample) -> u32 {
        64 - (s.p | s.o).count_ones()
    }

    fn rms(w: &[f32], samples: &[&Sample]) -> f64 {
        let mut sum = 0.0f64;
        for s in samples {
            let e = predict(w, &trained::features(s.p, s.o)) - s.score;
            sum += f64::from(e * e);
        }
        (sum / samples.len().max(1) as f64).sqrt()
    }

    /// The factor that best maps the hand evaluation onto discs over `samples`.
    fn hand_rms(samples: &[&Sample]) -> f64 {
        let (mut xy, mut xx, mut yy) = (0.0f64, 0.0f64, 0.0f64);
        for s in samples {
            let h = f64::from(Eval::score(s.p, s.o).clamp(-6400, 6400));
            let y = f64::from(s.score);
            xy += h * y;
            xx += h * h;
            yy += y * y;
        }
        let n = samples.len().max(1) as f64;
        if xx > 0.0 {
            ((yy - xy * xy / xx) / n).max(0.0).sqrt()
        } else {
            (yy / n).sqrt()
        }
    }

    /// Runs `fit-phases`.
    pub fn fit(args: &FitArgs) -> Result<(), String> {
        let started = std::time::Instant::now();
        let (mut train, test) = read(&args.files, args.hold_out)?;
        eprintln!(
            "fit-phases: {} training positions, {} held out, read in {:.1} s",
            train.len(),
            test.len(),
            started.elapsed().as_secs_f64()
        );
        let mut all = vec![0.0f32; PHASES * PHASE_WEIGHTS];
        let mut previous: Option<Vec<f32>> = None;
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        eprintln!("phase empties  train   held-out  rms(trained)  rms(hand, scaled)");
        for phase in 0..PHASES {
            let lo = (phase as u32 * 5).saturating_sub(args.overlap);
            let hi = if phase + 1 == PHASES {
                64
            } else {
                phase as u32 * 5 + 4 + args.overlap
            };
            if args.search_depth > 0 && phase > 0 {
                // This phase starts as the one before; relabel its outcome positions by a
                // search over the phases fitted so far.
                all.copy_within(
                    (phase - 1) * PHASE_WEIGHTS..phase * PHASE_WEIGHTS,
                    phase * PHASE_WEIGHTS,
                );
                let mut relabelled = 0;
                for s in train.iter_mut() {
                    if s.outcome && trained::phase(empties(s)) == phase {
                        let v = negamax(&all, s.p, s.o, args.search_depth, -1e9, 1e9);
                        s.score = args.mix * s.score + (1.0 - args.mix) * v.clamp(-64.0, 64.0);
                        s.outcome = false;
                        relabelled += 1;
                    }
                }
                eprintln!("      (relabelled {relabelled} positions)");
            }
            let mine: Vec<&Sample> = train
                .iter()
                .filter(|s| (lo..=hi).contains(&empties(s)))
                .collect();
            let held: Vec<&Sample> = test
                .iter()
                .filter(|s| trained::phase(empties(s)) == phase)
                .collect();
            // Start from the phase before (fewer empties): smooth across phases, and a phase
            // with little data keeps its neighbour's knowledge.
            let mut w = previous
                .take()
                .unwrap_or_else(|| vec![0.0f32; PHASE_WEIGHTS]);
            let mut order: Vec<usize> = (0..mine.len()).collect();
            for epoch in 0..args.epochs {
                for i in (1..order.len()).rev() {
                    order.swap(i, rng.below(i as u64 + 1) as usize);
                }
                let step = args.rate * (1.0 - epoch as f32 / args.epochs as f32).max(0.05);
                for &i in &order {
                    let s = mine[i];
                    let f = trained::features(s.p, s.o);
                    let error = predict(&w, &f) - s.score;
                    for view in &f.indices {
                        for k in 0..PATTERNS {
                            let c = &mut w[PATTERN_OFFSET[k] + usize::from(view[k])];
                            *c -= step * (error + args.decay * *c);
                        }
                    }
                    for i in 0..SCALARS {
                        w[PHASE_CELLS + i] -= step * error * f.scalars[i] as f32 * SCALAR_SCALE;
                    }
                }
            }
            eprintln!(
                "{phase:>5} {:>2}-{:<2}   {:>7} {:>7}  {:>8.2}      {:>8.2}",
                phase * 5,
                if phase + 1 == PHASES {
                    60
                } else {
                    phase * 5 + 4
                },
                mine.len(),
                held.len(),
                rms(&w, &held),
                hand_rms(&held)
            );
            all[phase * PHASE_WEIGHTS..(phase + 1) * PHASE_WEIGHTS].copy_from_slice(&w);
            previous = Some(w);
        }
        let mut bytes = Vec::with_capacity(trained::WEIGHT_BYTES);
        for phase in 0..PHASES {
            let w = &all[phase * PHASE_WEIGHTS..(phase + 1) * PHASE_WEIGHTS];
            for (i, &x) in w.iter().enumerate() {
                let x = if i >= PHASE_CELLS {
                    x * SCALAR_SCALE
                } else {
                    x
                };
                let q = (x * UNIT as f32).round().clamp(-32767.0, 32767.0) as i16;
                bytes.extend_from_slice(&q.to_le_bytes());
            }
        }
        std::fs::write(&args.out, &bytes).map_err(|e| format!("{}: {e}", args.out.display()))?;
        eprintln!(
            "fit-phases: wrote {} bytes to {} in {:.0} s",
            bytes.len(),
            args.out.display(),
            started.elapsed().as_secs_f64()
        );
        Ok(())
    }

    /// Arguments of `speed`.
    #[derive(Args)]
    pub struct SpeedArgs {
        /// Milliseconds of each midgame search.
        #[arg(long, default_value_t = 1000)]
        millis: u64,
        /// Opening lines; the positions are the first 10 played on to 40 empties.
        #[arg(long, default_value = "data/openings/reversi-8ply.txt")]
        openings: PathBuf,
        /// Search each position to this fixed depth instead of for `--millis` (the same work
        /// for every build with the same evaluation values: its time compares their speed).
        #[arg(long)]
        depth: Option<u8>,
    }

    /// The 10 fixed midgame positions: openings played on by the hand evaluation.
    fn positions(openings: &PathBuf) -> Result<Vec<Board>, String> {
        let text = std::fs::read_to_string(openings)
            .map_err(|e| format!("{}: {e}", openings.display()))?;
        let mut table = vec![Entry::default(); 1 << 16];
        let mut out = Vec::new();
        for line in text.lines().filter(|l| !l.trim().is_empty()).take(10) {
            let mut board = Board::start();
            for i in (0..line.trim().len()).step_by(2) {
                let mv = line
                    .get(i..i + 2)
                    .and_then(|t| Move::parse(t).ok())
                    .ok_or("bad opening")?;
                board = board.play(mv).map_err(|_| "illegal opening")?;
            }
            while board.empties() > 40 && !board.is_game_over() {
                let c =
                    Engine::with_eval(&mut table, Eval).choose(&board, &mut Budget::nodes(5000));
                board = board.play_unchecked(c.mv);
            }
            out.push(board);
        }
        Ok(out)
    }

    fn run_one<E: Evaluator<Board> + Copy>(
        name: &str,
        eval: E,
        boards: &[Board],
        millis: u64,
        fixed_depth: Option<u8>,
    ) {
        let mut table = vec![Entry::default(); 1 << 20];
        let (mut total, mut secs, mut depth) = (0u64, 0.0f64, 0u32);
        for b in boards {
            let t = std::time::Instant::now();
            let clock = duel_grader::clock::WallClock::start();
            let c = match fixed_depth {
                Some(max_depth) => {
                    let config = duel_core::search::SearchConfig {
                        max_depth,
                        aspiration: 0,
                    };
                    let r = duel_core::search::Searcher::new(&mut table).search(
                        b,
                        &eval,
                        config,
                        &mut Budget::unlimited(),
                        &mut |_| {},
                    );
                    duel_core::reversi::Choice {
                        mv: r.best.unwrap_or(Move::Pass),
                        score: r.score,
                        exact: false,
                        depth: r.depth,
                        nodes: r.nodes,
                    }
                }
                None => Engine::with_eval(&mut table, eval).choose(b, &mut Budget::millis(&clock, millis)),
            };
            secs += t.elapsed().as_secs_f64();
            total += c.nodes;
            depth += u32::from(c.depth);
        }
        println!(
            "{name}: {total} nodes in {secs:.2} s: {:.0} nodes/s; mean depth {:.1} in {millis} ms",
            total as f64 / secs.max(1e-9),
            f64::from(depth) / boards.len() as f64
        );
    }

    /// Runs `speed`.
    pub fn speed(args: &SpeedArgs) -> Result<(), String> {
        let boards = positions(&args.openings)?;
        run_one("hand", Eval, &boards, args.millis, args.depth);
        run_one("trained", Trained, &boards, args.millis, args.depth);
        Ok(())
    }

    /// Arguments of `duel`.
    #[derive(Args)]
    pub struct DuelArgs {
        /// Openings played (each twice, colours swapped).
        #[arg(long, default_value_t = 50)]
        openings_count: usize,
        /// Nodes per move (the search without a clock stops at depth 6 anyway).
        #[arg(long, default_value_t = 20_000)]
        nodes: u64,
        /// Opening lines.
        #[arg(long, default_value = "data/openings/reversi-8ply.txt")]
        openings: PathBuf,
    }

    /// The final disc difference for the trained side.
    fn game(start: Board, trained_is_black: bool, nodes: u64, tables: &mut [Vec<Entry>; 2]) -> i32 {
        use duel_core::reversi::Colour;
        let mut b = start;
        while !b.is_game_over() {
            if !b.has_move() {
                b = b.pass();
                continue;
            }
            let trained_moves = (b.to_move() == Colour::Black) == trained_is_black;
            let mv = if trained_moves {
                Engine::new(&mut tables[0])
                    .choose(&b, &mut Budget::nodes(nodes))
                    .mv
            } else {
                Engine::with_eval(&mut tables[1], Eval)
                    .choose(&b, &mut Budget::nodes(nodes))
                    .mv
            };
            b = b.play_unchecked(mv);
        }
        let diff = b.black().count_ones() as i32 - b.white().count_ones() as i32;
        if trained_is_black { diff } else { -diff }
    }

    /// Runs `duel`.
    pub fn duel(args: &DuelArgs) -> Result<(), String> {
        let text = std::fs::read_to_string(&args.openings)
            .map_err(|e| format!("{}: {e}", args.openings.display()))?;
        let (mut w, mut d, mut l, mut margin) = (0, 0, 0, 0i64);
        for (n, line) in text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .take(args.openings_count)
            .enumerate()
        {
            let mut board = Board::start();
            for i in (0..line.trim().len()).step_by(2) {
                let mv = line
                    .get(i..i + 2)
                    .and_then(|t| Move::parse(t).ok())
                    .ok_or("bad opening")?;
                board = board.play(mv).map_err(|_| "illegal opening")?;
            }
            for black in [true, false] {
                let mut tables = [
                    vec![Entry::default(); 1 << 18],
                    vec![Entry::default(); 1 << 18],
                ];
                let diff = game(board, black, args.nodes, &mut tables);
                margin += i64::from(diff);
                match diff.signum() {
                    1 => w += 1,
                    0 => d += 1,
                    _ => l += 1,
                }
            }
            eprintln!(
                "duel: {} openings: trained {w} wins {d} draws {l} losses, margin {:+.1}",
                n + 1,
                margin as f64 / f64::from(w + d + l)
            );
        }
        let score = (f64::from(w) + 0.5 * f64::from(d)) / f64::from((w + d + l).max(1));
        let elo = -400.0 * (1.0 / score.clamp(0.001, 0.999) - 1.0).log10();
        println!(
            "trained vs hand at {} nodes: W {w} D {d} L {l}, score {score:.3}, Elo {elo:+.0}",
            args.nodes
        );
        Ok(())
    }
}
