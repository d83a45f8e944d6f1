//! The Reversi training pipeline of the trained evaluation (`duel_core::reversi::trained`):
//! self-play data labelled by the exact solver ([`selfplay`]) and the phase-by-phase fit of the
//! weights, with the speed and node-limited duel checks ([`phases`]). The `reversi-eval`
//! binary of `duel-train` is its command line; the tests run it end to end on a tiny data set.

/// `selfplay`: labelled positions from self-play games, sharded and resumable.
pub mod selfplay {
    use crate::Rng;
    use crate::selfplay::{Run, ShardArgs};
    use clap::Args;
    use duel_arena::reversi::Opening;
    use duel_core::reversi::score::centidiscs;
    use duel_core::reversi::train::{Engine, solve};
    use duel_core::reversi::{Board, Move, Player};
    use duel_core::{Budget, Entry, Game, Player as _, TimeUse};
    use std::path::PathBuf;

    /// Arguments of `selfplay`.
    #[derive(Args)]
    pub struct SelfplayArgs {
        /// Games to play in all shards together.
        #[arg(long, default_value_t = 1000)]
        pub games: u64,
        /// The shard, and the seed of the random plies.
        #[command(flatten)]
        pub run: ShardArgs,
        /// The directory the shard's file `selfplay-<K>-of-<N>.txt` goes to (appended to; the
        /// games already in it are skipped, so an interrupted run resumes).
        #[arg(long)]
        pub out: PathBuf,
        /// Opening lines (moves like `f4f3d6...`), one a line; game `i` starts with line
        /// `i mod lines`.
        #[arg(long, default_value = "data/openings/reversi-8ply.txt")]
        pub openings: PathBuf,
        /// After the opening, up to this many uniformly random plies (the number is random).
        #[arg(long, default_value_t = 12)]
        pub random_plies: u64,
        /// Midgame search nodes per self-play move.
        #[arg(long, default_value_t = 4000)]
        pub nodes: u64,
        /// Positions with at most this many empties are solved exactly (and then the game goes
        /// on along perfect play).
        #[arg(long, default_value_t = 18)]
        pub solve_empties: u32,
        /// The self-play moves' evaluation: the hand-weighted one instead of the trained one.
        #[arg(long)]
        pub hand_policy: bool,
        /// Each position before the solve is also labelled by a search this many plies deep
        /// (multi-prob-cut on, the trained evaluation, a fresh table a position): the fifth
        /// field of its `O` line, in hundredths of a disc (0: no such label).
        #[arg(long, default_value_t = 0)]
        pub label_depth: u8,
    }

    /// Entries of the table of a label search, cleared before each position so that a label
    /// depends on the position alone.
    const LABEL_TABLE: usize = 1 << 17;

    /// The value of a search of `board` to `depth` plies over a cleared `table`, in hundredths
    /// of a disc for the side to move (exact where the search proved it), within ±6400.
    pub fn deep_label(board: &Board, depth: u8, table: &mut [Entry]) -> i32 {
        table.fill(Entry::default());
        let c = Engine::new(table)
            .with_max_depth(depth)
            .choose(board, &mut Budget::unlimited());
        centidiscs(c.score, c.exact).clamp(-6400, 6400)
    }

    /// Plays game `index` and returns its lines: `E|O <player hex> <opponent hex> <score>`
    /// (`E` exact, `O` the game's exact outcome from the first solved position, then with
    /// `--label-depth` the deep label), then `G <index>`. The table is cleared first, so a game
    /// depends on its index alone and a resumed run writes what an uninterrupted one does.
    fn play_game(
        args: &SelfplayArgs,
        index: u64,
        opening: &str,
        table: &mut [Entry],
        label_table: &mut [Entry],
    ) -> Result<String, String> {
        table.fill(Entry::default());
        let mut rng = Rng::new(args.run.seed, index);
        let mut board = Opening::parse(opening)
            .map_err(|e| format!("opening `{opening}`: {e}"))?
            .board;
        let random = rng.below(args.random_plies as usize + 1);
        for _ in 0..random {
            if board.is_over() {
                break;
            }
            let moves = board.legal_moves();
            let moves = moves.as_slice();
            board = board.play_unchecked(moves[rng.below(moves.len())]);
        }
        // Positions (player, opponent, colour to move) before the solve, and exact ones after.
        let mut before: Vec<Board> = Vec::new();
        let mut out = String::new();
        let mut outcome: Option<(i32, duel_core::Colour)> = None;
        while !board.is_over() {
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
                    Player::with_eval(table, TimeUse::ThisMove, duel_core::reversi::Eval)
                        .choose(&board, &mut budget)
                } else {
                    Player::new(table, TimeUse::ThisMove).choose(&board, &mut budget)
                };
                board = board.play_unchecked(choice.map_or(Move::Pass, |c| c.mv));
            }
        }
        let (score, colour) = match outcome {
            Some(o) => o,
            // The game ended before the solve: its final result.
            None => (board.final_margin(), board.to_move()),
        };
        let mut lines = String::new();
        for b in &before {
            let s = if b.to_move() == colour { score } else { -score };
            lines.push_str(&format!(
                "O {:016x} {:016x} {}",
                b.player(),
                b.opponent(),
                s
            ));
            if args.label_depth > 0 {
                let deep = deep_label(b, args.label_depth, label_table);
                lines.push_str(&format!(" {deep}"));
            }
            lines.push('\n');
        }
        lines.push_str(&out);
        lines.push_str(&format!("G {index}\n"));
        Ok(lines)
    }

    /// Runs `selfplay`.
    pub fn run(args: &SelfplayArgs) -> Result<(), String> {
        let shard = args.run.shard;
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
        let path = args
            .out
            .join(format!("selfplay-{}-of-{}.txt", shard.k, shard.n));
        let mut table = vec![Entry::default(); 1 << 21];
        let mut label_table = vec![Entry::default(); LABEL_TABLE];
        Run {
            out: Some(&path),
            ends_game: |line| line.starts_with("G "),
            report_every: 50,
            ..Run::new("selfplay", shard, args.games)
        }
        .play(|index| {
            let opening = &openings[(index % openings.len() as u64) as usize];
            play_game(args, index, opening, &mut table, &mut label_table)
        })
    }
}

/// `archive`: labelled positions from the WTHOR archive of master games ([`crate::wthor`]).
pub mod archive {
    use crate::Shard;
    use crate::selfplay::Run;
    use crate::wthor::{self, Record, Replay};
    use clap::Args;
    use duel_core::reversi::train::solve;
    use duel_core::{Budget, Entry};
    use std::path::PathBuf;

    /// Arguments of `archive`.
    #[derive(Args)]
    pub struct ArchiveArgs {
        /// The archive's folder: the `WTH_<year>.wtb` game files.
        pub archive: PathBuf,
        /// This shard, `K/N`: the archive's games whose index is K modulo N.
        #[arg(long, default_value = "0/1")]
        pub shard: Shard,
        /// The directory the shard's file `archive-<K>-of-<N>.txt` goes to (resumed after its
        /// last complete game).
        #[arg(long)]
        pub out: PathBuf,
        /// Positions with at most this many empties are labelled by the exact solver; those
        /// with more, by the game's theoretical score.
        #[arg(long, default_value_t = 14)]
        pub solve_empties: u32,
    }

    /// The lines of archive game `index` in `selfplay`'s form: `E <player> <opponent> <score>`
    /// for each position with at most `solve_empties` empties (the exact value), `O …` for
    /// the others (the theoretical score for the side to move, when the record reaches the
    /// header's `depth`; otherwise the position is left out), then `G <index>`.
    ///
    /// # Errors
    /// Only if the solver stops, which it does not without a budget.
    pub fn label_game(
        record: &Record,
        replay: &Replay,
        index: u64,
        depth: u32,
        solve_empties: u32,
        table: &mut [Entry],
    ) -> Result<String, String> {
        let reaches_depth = replay.last.empties() <= depth;
        let theoretical = record.theoretical_margin();
        let mut out = String::new();
        for board in &replay.before {
            let (tag, score) = if board.empties() <= solve_empties {
                let s = solve(board, table, &mut Budget::unlimited())
                    .ok_or("the solver stopped without a budget")?;
                ('E', s.score)
            } else if reaches_depth {
                ('O', wthor::for_mover(board, theoretical))
            } else {
                continue;
            };
            out.push_str(&format!(
                "{tag} {:016x} {:016x} {score}\n",
                board.player(),
                board.opponent()
            ));
        }
        out.push_str(&format!("G {index}\n"));
        Ok(out)
    }

    /// Runs `archive`: every game of the shard, in archive order, appended to its file.
    pub fn run(args: &ArchiveArgs) -> Result<(), String> {
        let games = wthor::read_archive(&args.archive)?;
        std::fs::create_dir_all(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
        let path = args
            .out
            .join(format!("archive-{}-of-{}.txt", args.shard.k, args.shard.n));
        let mut table = vec![Entry::default(); 1 << 20];
        Run {
            out: Some(&path),
            ends_game: |line| line.starts_with("G "),
            report_every: 2000,
            ..Run::new("archive", args.shard, games.len() as u64)
        }
        .play(|index| {
            let g = &games[index as usize];
            let depth = u32::from(g.depth);
            label_game(
                &g.record,
                &g.replay,
                index,
                depth,
                args.solve_empties,
                &mut table,
            )
        })
    }
}

/// `fit-phases` and `speed`: the trained evaluation of `duel_core::reversi::trained`.
pub mod phases {
    use crate::Rng;
    use clap::Args;
    use duel_arena::reversi::Opening;
    use duel_core::reversi::pattern;
    use duel_core::reversi::trained::{
        self, Features, PATTERN_OFFSET, PATTERNS, PHASE_CELLS, PHASE_WEIGHTS, PHASES, SCALARS, UNIT,
    };
    use duel_core::reversi::weight_file;
    use duel_core::reversi::{Board, Eval, Move, Player, Trained};
    use duel_core::{Budget, Entry, Evaluator, Player as _, TimeUse};
    use std::io::BufRead;
    use std::path::PathBuf;

    /// Arguments of `fit-phases`.
    #[derive(Args)]
    pub struct FitArgs {
        /// Files written by `selfplay`.
        #[arg(required = true)]
        pub files: Vec<PathBuf>,
        /// Where to write the weights.
        #[arg(long, default_value = "core/src/reversi/trained.bin")]
        pub out: PathBuf,
        /// Passes over each phase's positions.
        #[arg(long, default_value_t = 12)]
        pub epochs: u32,
        /// The first pass's learning rate (it falls linearly to a twentieth).
        #[arg(long, default_value_t = 0.001)]
        pub rate: f32,
        /// Weight decay of the pattern weights (L2 regularisation).
        #[arg(long, default_value_t = 0.005)]
        pub decay: f32,
        /// A phase also learns from positions this many empties outside its own range.
        #[arg(long, default_value_t = 2)]
        pub overlap: u32,
        /// Games whose index is 0 modulo this are held out.
        #[arg(long, default_value_t = 10)]
        pub hold_out: u64,
        /// Bootstrapping: a position labelled by its game's outcome alone (an `O` line without
        /// a deep label) is relabelled, before its phase is fitted, with `mix` × outcome +
        /// (1 − `mix`) × the value of a search this deep over the phases fitted so far (0: off).
        #[arg(long, default_value_t = 0)]
        pub search_depth: u32,
        /// Also report each phase's held-out error of the weights in this file (a `fit-phases`
        /// output, such as the committed `core/src/reversi/trained.bin`), on the same labels.
        #[arg(long)]
        pub baseline: Option<PathBuf>,
        /// Start each phase from this weight file's (a `fit-phases` output, such as the
        /// committed `core/src/reversi/trained.bin`) instead of from the phase fitted before:
        /// table entries the data never reaches keep what that file knew.
        #[arg(long)]
        pub init: Option<PathBuf>,
        /// The outcome's share of a label mixed with a search's (a deep label of `selfplay
        /// --label-depth`, or a bootstrapped one).
        #[arg(long, default_value_t = 0.5)]
        pub mix: f32,
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
                return duel_core::reversi::board::final_margin(p, o) as f32;
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

    /// The training and held-out positions of `files` (every `hold_out`-th game held out); an
    /// `O` line with a deep label is labelled `mix` × outcome + (1 − `mix`) × the deep label.
    fn read(
        files: &[PathBuf],
        hold_out: u64,
        mix: f32,
    ) -> Result<(Vec<Sample>, Vec<Sample>), String> {
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
                        let outcome = line.starts_with('O');
                        // An `O` line's deep label, in hundredths of a disc.
                        let deep = match parts.next() {
                            None => None,
                            Some(d) if outcome => {
                                let d: i32 = d.parse().map_err(|_| bad())?;
                                if !(-6400..=6400).contains(&d) {
                                    return Err(bad());
                                }
                                Some(d as f32 / 100.0)
                            }
                            Some(_) => return Err(bad()),
                        };
                        if parts.next().is_some() {
                            return Err(bad());
                        }
                        game.push(match deep {
                            Some(d) => Sample {
                                p,
                                o,
                                score: mix * score as f32 + (1.0 - mix) * d,
                                outcome: false,
                            },
                            None => Sample {
                                p,
                                o,
                                score: score as f32,
                                outcome,
                            },
                        });
                    }
                    _ => return Err(bad()),
                }
            }
            // An unfinished last game (no `G` line) is dropped.
        }
        Ok((train, test))
    }

    /// `(player, opponent)` under the least of the board's eight symmetries: one key for all
    /// the images of a position.
    fn canonical(p: u64, o: u64) -> (u64, u64) {
        (0..8)
            .map(|v| (pattern::view(p, v), pattern::view(o, v)))
            .min()
            .expect("eight views")
    }

    /// Each position (up to symmetry) once: a training position seen in several games is one
    /// sample labelled by the mean of its labels, in the order first seen (so the fit stays
    /// reproducible); a held-out position that is also a training one is dropped, so the
    /// held-out error measures positions the fit never saw.
    fn dedup(train: Vec<Sample>, test: Vec<Sample>) -> (Vec<Sample>, Vec<Sample>) {
        use std::collections::HashMap;
        let mut first: HashMap<(u64, u64), usize> = HashMap::with_capacity(train.len());
        let mut merged: Vec<(Sample, f64, u32)> = Vec::with_capacity(train.len());
        for s in train {
            match first.entry(canonical(s.p, s.o)) {
                std::collections::hash_map::Entry::Occupied(e) => {
                    let m = &mut merged[*e.get()];
                    m.1 += f64::from(s.score);
                    m.2 += 1;
                }
                std::collections::hash_map::Entry::Vacant(e) => {
                    e.insert(merged.len());
                    merged.push((s, f64::from(s.score), 1));
                }
            }
        }
        let train = merged
            .into_iter()
            .map(|(s, sum, n)| Sample {
                score: (sum / f64::from(n)) as f32,
                ..s
            })
            .collect();
        let mut seen_test = std::collections::HashSet::new();
        let test = test
            .into_iter()
            .filter(|s| {
                let key = canonical(s.p, s.o);
                !first.contains_key(&key) && seen_test.insert(key)
            })
            .collect();
        (train, test)
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

    /// A fit counts a pattern entry as known when its phase's training positions reach it at
    /// least this often.
    pub const SEEN_ENOUGH: u32 = 10;

    /// How many of a phase's pattern entries (out of `PHASE_CELLS`) `samples` reach at least
    /// [`SEEN_ENOUGH`] times, over every view.
    fn entries_seen(samples: &[&Sample]) -> usize {
        let mut count = vec![0u32; PHASE_CELLS];
        for s in samples {
            for view in &trained::features(s.p, s.o).indices {
                for k in 0..PATTERNS {
                    count[PATTERN_OFFSET[k] + usize::from(view[k])] += 1;
                }
            }
        }
        count.iter().filter(|&&c| c >= SEEN_ENOUGH).count()
    }

    /// One phase's fit: its positions and held-out error.
    #[derive(Clone, Copy, Debug)]
    pub struct PhaseFit {
        /// The phase (weight set), below `PHASES`.
        pub phase: usize,
        /// Training positions it learnt from (its own range and the overlap).
        pub train: usize,
        /// Held-out positions in its own range.
        pub held: usize,
        /// Pattern entries its training positions reach at least [`SEEN_ENOUGH`] times.
        pub seen: usize,
        /// Root mean square error on those, in discs, of the fitted weights (unquantised).
        pub rms: f64,
        /// The same of the hand evaluation, best scaled.
        pub hand_rms: f64,
        /// The same of `--baseline`'s weights, when given.
        pub baseline_rms: Option<f64>,
    }

    /// Root mean square error in discs of the (quantised) weights `table` on `samples`.
    fn table_rms(table: &[i16], samples: &[&Sample]) -> f64 {
        let mut sum = 0.0f64;
        for s in samples {
            let e = f64::from(trained::score_with(table, s.p, s.o)) / 100.0 - f64::from(s.score);
            sum += e * e;
        }
        (sum / samples.len().max(1) as f64).sqrt()
    }

    /// Runs `fit-phases`: writes the weights to `args.out` and returns each phase's fit.
    pub fn fit(args: &FitArgs) -> Result<Vec<PhaseFit>, String> {
        let mut report = Vec::new();
        let started = std::time::Instant::now();
        let (train, test) = read(&args.files, args.hold_out, args.mix)?;
        let read_counts = (train.len(), test.len());
        let (mut train, test) = dedup(train, test);
        eprintln!(
            "fit-phases: {} training positions ({} read), {} held out ({} read, those not \
             trained on kept), read in {:.1} s",
            train.len(),
            read_counts.0,
            test.len(),
            read_counts.1,
            started.elapsed().as_secs_f64()
        );
        let baseline = args.baseline.as_deref().map(read_weights).transpose()?;
        // The fitting scale of a weight file's table (the inverse of the quantisation below).
        let init: Option<Vec<f32>> = args
            .init
            .as_deref()
            .map(read_weights)
            .transpose()?
            .map(|t| {
                t.iter()
                    .enumerate()
                    .map(|(i, &x)| {
                        let x = f32::from(x) / UNIT as f32;
                        if i % PHASE_WEIGHTS >= PHASE_CELLS {
                            x / SCALAR_SCALE
                        } else {
                            x
                        }
                    })
                    .collect()
            });
        let mut all = vec![0.0f32; PHASES * PHASE_WEIGHTS];
        let mut previous: Option<Vec<f32>> = None;
        let mut rng = Rng::new(0x2545_F491_4F6C_DD1D, 0);
        eprintln!(
            "phase empties  train   held-out  seen>=10  rms(trained)  rms(hand, scaled){}",
            if baseline.is_some() {
                "  rms(baseline)"
            } else {
                ""
            }
        );
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
            let mut w = match &init {
                Some(all) => all[phase * PHASE_WEIGHTS..(phase + 1) * PHASE_WEIGHTS].to_vec(),
                None => previous
                    .take()
                    .unwrap_or_else(|| vec![0.0f32; PHASE_WEIGHTS]),
            };
            let mut order: Vec<usize> = (0..mine.len()).collect();
            for epoch in 0..args.epochs {
                for i in (1..order.len()).rev() {
                    order.swap(i, rng.below(i + 1));
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
            let baseline_rms = baseline.as_deref().map(|t| table_rms(t, &held));
            let seen = entries_seen(&mine);
            eprintln!(
                "{phase:>5} {:>2}-{:<2}   {:>7} {:>7}  {seen:>8}  {:>8.2}      {:>8.2}{}",
                phase * 5,
                if phase + 1 == PHASES {
                    60
                } else {
                    phase * 5 + 4
                },
                mine.len(),
                held.len(),
                rms(&w, &held),
                hand_rms(&held),
                baseline_rms.map_or(String::new(), |r| format!("          {r:>8.2}"))
            );
            report.push(PhaseFit {
                phase,
                train: mine.len(),
                held: held.len(),
                seen,
                rms: rms(&w, &held),
                hand_rms: hand_rms(&held),
                baseline_rms,
            });
            all[phase * PHASE_WEIGHTS..(phase + 1) * PHASE_WEIGHTS].copy_from_slice(&w);
            previous = Some(w);
        }
        let table: Vec<i16> = all
            .chunks(PHASE_WEIGHTS)
            .flat_map(|w| w.iter().enumerate())
            .map(|(i, &x)| {
                let x = if i >= PHASE_CELLS {
                    x * SCALAR_SCALE
                } else {
                    x
                };
                (x * UNIT as f32).round().clamp(-32767.0, 32767.0) as i16
            })
            .collect();
        let bytes = compact(&table)?;
        std::fs::write(&args.out, &bytes).map_err(|e| format!("{}: {e}", args.out.display()))?;
        eprintln!(
            "fit-phases: wrote {} bytes to {} in {:.0} s",
            bytes.len(),
            args.out.display(),
            started.elapsed().as_secs_f64()
        );
        Ok(report)
    }

    /// The full `table` in the weight file's compact form.
    fn compact(table: &[i16]) -> Result<Vec<u8>, String> {
        // No entry takes more than three bytes.
        let mut bytes = vec![0u8; weight_file::MAGIC.len() + 3 * table.len()];
        let n = weight_file::encode(table, &mut bytes).map_err(|e| e.to_string())?;
        bytes.truncate(n);
        Ok(bytes)
    }

    /// The full table of the weight file at `path` (a `fit-phases` output).
    pub fn read_weights(path: &std::path::Path) -> Result<Vec<i16>, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut table = vec![0i16; weight_file::WEIGHTS];
        weight_file::decode(&bytes, &mut table[..])
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(table)
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
            let mut board = Opening::parse(line)?.board;
            while board.empties() > 40 && !board.is_over() {
                let c = Player::with_eval(&mut table, TimeUse::ThisMove, Eval)
                    .choose(&board, &mut Budget::nodes(5000));
                board = board.play_unchecked(c.map_or(Move::Pass, |c| c.mv));
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
        let cpu_start = cpu_seconds();
        for b in boards {
            let t = std::time::Instant::now();
            let clock = duel_protocols::clock::WallClock::start();
            let (nodes, c_depth) = match fixed_depth {
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
                    (r.nodes, r.depth)
                }
                None => Player::with_eval(&mut table, TimeUse::ThisMove, eval)
                    .choose(b, &mut Budget::millis(&clock, millis))
                    .map_or((0, 0), |c| (c.nodes, c.depth)),
            };
            secs += t.elapsed().as_secs_f64();
            total += nodes;
            depth += u32::from(c_depth);
        }
        let cpu = cpu_seconds().zip(cpu_start).map(|(end, start)| end - start);
        println!(
            "{name}: {total} nodes in {secs:.2} s: {:.0} nodes/s; mean depth {:.1} in {millis} ms; \
             {} nodes per CPU second",
            total as f64 / secs.max(1e-9),
            f64::from(depth) / boards.len() as f64,
            cpu.map_or("?".to_string(), |c| format!(
                "{:.0}",
                total as f64 / c.max(1e-9)
            ))
        );
    }

    /// The CPU time (user and system) this thread has used, from `/proc` (Linux; `None`
    /// elsewhere): unlike the wall time, it does not count the time other work on a shared
    /// machine took the processor.
    fn cpu_seconds() -> Option<f64> {
        let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
        // The fields after the command (which is in parentheses and may hold spaces).
        let rest = stat.rsplit_once(')')?.1;
        let fields: Vec<&str> = rest.split_whitespace().collect();
        // utime and stime are fields 14 and 15 of the whole line: 12 and 13 after `)`.
        let ticks: f64 =
            fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
        Some(ticks / 100.0)
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
        /// Play the weights of this file (a `fit-phases` output) against the embedded trained
        /// weights, instead of the embedded weights against the hand evaluation.
        #[arg(long)]
        weights: Option<PathBuf>,
    }

    /// The trained evaluation with weights read at run time.
    #[derive(Clone, Copy)]
    struct FileEval(&'static [i16]);

    impl Evaluator<Board> for FileEval {
        fn evaluate(&self, pos: &Board) -> duel_core::Score {
            trained::score_with(self.0, pos.player().bits(), pos.opponent().bits())
        }
    }

    /// One move of the side under test (`file`: its weights) or of its opponent.
    fn side_move(
        b: &Board,
        ours: bool,
        file: Option<FileEval>,
        nodes: u64,
        tables: &mut [Vec<Entry>; 2],
    ) -> Move {
        let budget = &mut Budget::nodes(nodes);
        match (ours, file) {
            (true, Some(f)) => {
                Player::with_eval(&mut tables[0], TimeUse::ThisMove, f).choose(b, budget)
            }
            (true, None) | (false, Some(_)) => {
                let t = if ours { &mut tables[0] } else { &mut tables[1] };
                Player::new(t, TimeUse::ThisMove).choose(b, budget)
            }
            (false, None) => {
                Player::with_eval(&mut tables[1], TimeUse::ThisMove, Eval).choose(b, budget)
            }
        }
        .map_or(Move::Pass, |c| c.mv)
    }

    /// The final disc difference for the side under test.
    fn game(
        start: Board,
        trained_is_black: bool,
        nodes: u64,
        file: Option<FileEval>,
        tables: &mut [Vec<Entry>; 2],
    ) -> i32 {
        use duel_core::Colour;
        let mut b = start;
        while !b.is_over() {
            if !b.has_move() {
                b = b.pass();
                continue;
            }
            let trained_moves = (b.to_move() == Colour::Black) == trained_is_black;
            let mv = side_move(&b, trained_moves, file, nodes, tables);
            b = b.play_unchecked(mv);
        }
        let diff = b.black().len() as i32 - b.white().len() as i32;
        if trained_is_black { diff } else { -diff }
    }

    /// Runs `duel`.
    pub fn duel(args: &DuelArgs) -> Result<(), String> {
        let file = match &args.weights {
            None => None,
            Some(path) => {
                let table = read_weights(path)?;
                Some(FileEval(Vec::leak(table)))
            }
        };
        let text = std::fs::read_to_string(&args.openings)
            .map_err(|e| format!("{}: {e}", args.openings.display()))?;
        let (mut w, mut d, mut l, mut margin) = (0, 0, 0, 0i64);
        for (n, line) in text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .take(args.openings_count)
            .enumerate()
        {
            let board = Opening::parse(line)?.board;
            for black in [true, false] {
                let mut tables = [
                    vec![Entry::default(); 1 << 18],
                    vec![Entry::default(); 1 << 18],
                ];
                let diff = game(board, black, args.nodes, file, &mut tables);
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
            "{} at {} nodes: W {w} D {d} L {l}, score {score:.3}, Elo {elo:+.0}",
            if file.is_some() {
                "file weights vs embedded trained"
            } else {
                "trained vs hand"
            },
            args.nodes
        );
        Ok(())
    }
}
