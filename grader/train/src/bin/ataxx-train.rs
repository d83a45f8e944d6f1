//! Self-play data and a fitted evaluation for Ataxx.
//!
//! ```text
//! cargo run --release -p duel-train --bin ataxx-train -- generate --games 4000 --shard 0/2 --out a0.txt
//! cargo run --release -p duel-train --bin ataxx-train -- generate --games 4000 --shard 1/2 --out a1.txt
//! cargo run --release -p duel-train --bin ataxx-train -- merge a0.txt a1.txt --out a.txt
//! cargo run --release -p duel-train --bin ataxx-train -- fit a.txt --out core/src/ataxx/weights.bin
//! cargo run --release -p duel-train --bin ataxx-train -- fit-net a.txt --epochs 10
//! cargo run --release -p duel-train --bin ataxx-train -- pack a.txt --out games.axg
//! cargo run --release -p duel-train --bin ataxx-train -- label games.axg --nodes 20000 --out a.txt
//! ```
//!
//! `fit-net` trains the efficiently updatable network of `duel_train::ataxx_net` on the same
//! files and labels and reports its held-out loss beside the linear evaluation's.
//!
//! `generate` plays the games whose number `i` (from 0 below `--games`) has `i % N == K` for
//! `--shard K/N`: standard rules, `--plies` random plies from the start (drawn from `--seed`
//! and `i`, so every game is reproducible alone), then the engine's own move at `--nodes`
//! nodes a move. It appends to `--out` one line a position, `<black hex> <white hex> <x|o>
//! <search score for the side to move> <black's result 1|0.5|0>`, then `# game <i> <plies>
//! <black's result or -> <random plies> <moves…>` (a game cut off at 600 plies has no result
//! and no position lines). Run again with the same arguments, it resumes after the last
//! complete game in the file. Progress goes to stderr.
//!
//! `pack` keeps what must outlive a run: the finished games' moves and results, about a byte a
//! move (`duel_train::ataxx_games`). `label` turns such a record back into `generate`'s format
//! by searching every position again (resumable and sharded the same way); at the generator's
//! nodes, with the same engine, it gives back the generated file byte for byte.
//!
//! `fit` reads such files, fits the weights of the terms of `duel_core::ataxx::features` in two
//! phases (by empty cells) so that a logistic function of the score predicts the game's result
//! (a tenth of the games held out; the label mixes the result with the search's score by
//! `--lambda`), and prints the held-out loss of the fitted weights and of
//! the current evaluation, and the weights (and writes them with `--out`).

use clap::{Parser, Subcommand};
use duel_core::Colour;
use duel_core::ataxx::train::{FEATURE_NAMES, FEATURES, features};
use duel_core::ataxx::{Board, Eval, Match, Move, Player, Rules};
use duel_core::{Bitboard, Budget, Entry, Player as _, TimeUse};
use duel_train::Rng;
use duel_train::ataxx_games::{self, GameRecord, black_result};
use duel_train::selfplay::{MergeArgs, Run, ShardArgs, merge_files};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(about = "Generate Ataxx self-play positions and fit the evaluation to them")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play self-play games and append their positions to a file (resumable).
    Generate(GenerateArgs),
    /// Train the efficiently updatable network (`duel_train::ataxx_net`) on generated files,
    /// reporting its held-out loss beside the linear evaluation's.
    FitNet(NetArgs),
    /// Merge the shards' files into one, in game order (the file one process would write).
    Merge(MergeArgs),
    /// Pack the finished games of generated files into the compact record
    /// (`duel_train::ataxx_games`: moves and results, about a byte a move).
    Pack {
        /// Files written by `generate` (or merged).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Only the games numbered from this (a record per range of a long run, so that each
        /// committed file stays as it was).
        #[arg(long, default_value_t = 0)]
        from: u64,
        /// Only the games numbered below this.
        #[arg(long, default_value_t = u64::MAX)]
        below: u64,
        /// The record file to write.
        #[arg(long)]
        out: PathBuf,
    },
    /// Label the positions of packed games by searching each again: writes `generate`'s
    /// format (resumable and sharded like it), byte for byte `generate`'s file when the nodes
    /// and the engine are the same.
    Label(LabelArgs),
    /// Fit the evaluation's weights to generated files.
    Fit {
        /// Files written by `generate`.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The logistic scale: a score of `scale` is a 73% expectation.
        #[arg(long, default_value_t = 300.0)]
        scale: f64,
        /// Passes over the training positions.
        #[arg(long, default_value_t = 1000)]
        epochs: u32,
        /// Adam's learning rate.
        #[arg(long, default_value_t = 2.0)]
        rate: f64,
        /// Weight of the search score against the game result in the label (0: result only).
        #[arg(long, default_value_t = 0.5)]
        lambda: f64,
        /// Where to write the weights (`core/src/ataxx/weights.bin`'s format); not written
        /// without it.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// Options of `fit-net`.
#[derive(clap::Args)]
struct NetArgs {
    /// Files written by `generate` (or merged).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Units of each side's accumulator (by default the committed network's, the only size the
    /// core loads).
    #[arg(long, default_value_t = duel_core::ataxx::nnue::TRAINED_UNITS)]
    hidden: usize,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 10)]
    epochs: u32,
    /// Positions a step.
    #[arg(long, default_value_t = 256)]
    batch: usize,
    /// Adam's learning rate in the first pass.
    #[arg(long, default_value_t = 0.002)]
    rate: f32,
    /// The learning rate's factor from one pass to the next.
    #[arg(long, default_value_t = 0.75)]
    decay: f32,
    /// The logistic scale of the search's scores (hundredths of a piece).
    #[arg(long, default_value_t = 300.0)]
    scale: f64,
    /// Weight of the search score against the game result in the label (0.75 and 1.0 beat 0.25
    /// and 0.5 in node-limited arena screens; the committed network used 0.75; `docs/JOURNAL.md`,
    /// 2026-11-28).
    #[arg(long, default_value_t = 0.75)]
    lambda: f64,
    /// Seed of the initial weights and the shuffles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Images of each training position under the board's symmetries (1: the position
    /// only; 8: all of them). Held-out positions are never augmented.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u8).range(1..=8))]
    symmetries: u8,
    /// Start from this network (a file `--out` wrote, such as the committed
    /// `core/src/ataxx/network.bin`) instead of random weights: its units decide `--hidden`,
    /// and its held-out loss is reported before training.
    #[arg(long)]
    init: Option<PathBuf>,
    /// Where to write the weights, quantised in the byte layout the core's
    /// `ataxx::nnue::Network::from_le_bytes` reads.
    #[arg(long)]
    out: Option<PathBuf>,
}

/// What `label` reads and searches, and where it writes.
#[derive(clap::Args)]
struct LabelArgs {
    /// A record file written by `pack`.
    games: PathBuf,
    /// This shard, `K/N`: the records whose position in the file is K modulo N.
    #[arg(long, default_value = "0/1")]
    shard: duel_train::Shard,
    /// Nodes a move.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// The file to append to.
    #[arg(long)]
    out: PathBuf,
}

/// What `generate` plays, and where it writes.
#[derive(clap::Args)]
struct GenerateArgs {
    /// Games in all shards together.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    // `--seed` draws the random plies.
    #[command(flatten)]
    run: ShardArgs,
    /// Random plies from the start before the engine plays.
    #[arg(long, default_value_t = 6)]
    plies: u32,
    /// Nodes a move.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// The file to append to.
    #[arg(long)]
    out: PathBuf,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Generate(args) => generate(&args),
        Command::FitNet(args) => fit_net(&args),
        Command::Merge(args) => merge_files("ataxx-train", &args, |line| {
            line.strip_prefix("# game ")?
                .split(' ')
                .next()?
                .parse()
                .ok()
        }),
        Command::Pack {
            files,
            from,
            below,
            out,
        } => pack(&files, from..below, &out),
        Command::Label(args) => label_games(&args),
        Command::Fit {
            files,
            scale,
            epochs,
            rate,
            lambda,
            out,
        } => fit(&files, scale, epochs, rate, lambda, out.as_ref()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("ataxx-train: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Plays game `number`: `plies` random moves drawn from `seed` and the number, then the
/// engine's own moves at `nodes` a move.
fn play_game(number: u64, seed: u64, plies: u32, nodes: u64, table: &mut [Entry]) -> Game {
    let mut rng = Rng::new(seed, number);
    let mut board = Board::start(Rules::Standard);
    let mut opening = Vec::new();
    for _ in 0..plies {
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves.as_slice()[rng.below(moves.len())];
        opening.push(mv);
        board = board.play_unchecked(mv);
    }
    search_game(opening, nodes, table, |_, chosen| Some(chosen))
}

/// The game after `opening`: every position searched at `nodes` nodes with a table cleared
/// first, and the move `next(ply, searched move)` played, until the game ends, `next` gives
/// `None`, or 600 plies (a game may circle by capturing jumps; it is then cut off, and has no
/// result). `generate` plays the searched move; `label` the recorded one, so labelling a
/// generated game with its nodes gives back its scores.
fn search_game(
    opening: Vec<Move>,
    nodes: u64,
    table: &mut [Entry],
    mut next: impl FnMut(usize, Move) -> Option<Move>,
) -> Game {
    let mut board = Board::start(Rules::Standard);
    for &mv in &opening {
        board = board.play_unchecked(mv);
    }
    let random_plies = opening.len() as u32;
    table.fill(Entry::default());
    // The player's game keeps the positions since the last copy (the search scores a return
    // to one as a draw); its table persists through the game.
    let mut game = Match::from_board(board);
    let mut positions = Vec::new();
    let mut moves = opening;
    while !board.is_over() && positions.len() < 600 {
        let mut budget = Budget::nodes(nodes).with_max_depth(60);
        let Some(decision) = Player::new(table, TimeUse::ThisMove).choose(&game, &mut budget)
        else {
            break;
        };
        let Some(mv) = next(positions.len(), decision.mv) else {
            break;
        };
        positions.push((board, decision.score));
        if game.play(mv).is_err() {
            break;
        }
        moves.push(mv);
        board = *game.board();
    }
    Game {
        positions,
        record: GameRecord {
            index: 0,
            random_plies,
            black_result: black_result(&board).unwrap_or(NO_RESULT),
            moves,
        },
    }
}

/// The result field of a game cut off before its end.
const NO_RESULT: u8 = u8::MAX;

/// A searched game: its positions with the search's scores, and its record.
struct Game {
    positions: Vec<(Board, i32)>,
    record: GameRecord,
}

impl Game {
    /// The game's text in a generated file: a line a position (none for a game without a
    /// result), then `# game <index> <engine plies> <black's result or -> <random plies>
    /// <moves…>` (every move from the start, in UAI notation).
    fn text(&self, index: u64) -> String {
        let mut text = String::new();
        let result = (self.record.black_result != NO_RESULT).then(|| self.record.black_score());
        if let Some(result) = result {
            for (board, score) in &self.positions {
                let side = if board.side() == Colour::Black {
                    'x'
                } else {
                    'o'
                };
                text.push_str(&format!(
                    "{:013x} {:013x} {side} {score} {result}\n",
                    board.pieces(Colour::Black).bits(),
                    board.pieces(Colour::White).bits()
                ));
            }
        }
        let result = result.map_or("-".to_string(), |r| r.to_string());
        text.push_str(&format!(
            "# game {index} {} {result} {}",
            self.positions.len(),
            self.record.random_plies
        ));
        for mv in &self.record.moves {
            text.push_str(&format!(" {mv}"));
        }
        text.push('\n');
        text
    }
}

fn generate(g: &GenerateArgs) -> Result<(), String> {
    let mut table = vec![Entry::default(); 1 << 16];
    let run = Run {
        out: Some(&g.out),
        ends_game: |line| line.starts_with("# game "),
        report_every: 20,
        ..Run::new("ataxx-train", g.run.shard, g.games)
    };
    run.play(
        |number| Ok(play_game(number, g.run.seed, g.plies, g.nodes, &mut table).text(number)),
    )?;
    eprintln!("ataxx-train: shard {} complete", g.run.shard);
    Ok(())
}

/// The finished games of generated files, from their end lines, by index.
fn read_records(files: &[PathBuf]) -> Result<Vec<GameRecord>, String> {
    let mut games = Vec::new();
    for path in files {
        let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        for line in BufReader::new(file).lines() {
            let line = line.map_err(|e| format!("{}: {e}", path.display()))?;
            let Some(line) = line.strip_prefix("# game ") else {
                continue;
            };
            let bad = || format!("{}: bad game line \"# game {line}\"", path.display());
            let words: Vec<&str> = line.split(' ').collect();
            let [index, _, result, random_plies, moves @ ..] = &words[..] else {
                return Err(format!("{} (a file of a generator before records)", bad()));
            };
            let black_result = match *result {
                "-" => continue,
                "0" => 0,
                "0.5" => 1,
                "1" => 2,
                _ => return Err(bad()),
            };
            let moves = moves
                .iter()
                .map(|m| Move::parse_uai(m))
                .collect::<Result<Vec<Move>, _>>()
                .map_err(|_| bad())?;
            games.push(GameRecord {
                index: index.parse().map_err(|_| bad())?,
                random_plies: random_plies.parse().map_err(|_| bad())?,
                black_result,
                moves,
            });
        }
    }
    games.sort_by_key(|g| g.index);
    if let Some(pair) = games.windows(2).find(|w| w[0].index == w[1].index) {
        return Err(format!("game {} is in the files twice", pair[0].index));
    }
    Ok(games)
}

fn pack(files: &[PathBuf], range: std::ops::Range<u64>, out: &PathBuf) -> Result<(), String> {
    let mut games = read_records(files)?;
    games.retain(|g| range.contains(&g.index));
    for game in &games {
        let end = game.boards()?.pop();
        if end.as_ref().and_then(black_result) != Some(game.black_result) {
            return Err(format!(
                "game {}: its moves do not end in its result",
                game.index
            ));
        }
    }
    let bytes = ataxx_games::encode(&games)?;
    std::fs::write(out, &bytes).map_err(|e| format!("{}: {e}", out.display()))?;
    let moves: usize = games.iter().map(|g| g.moves.len()).sum();
    eprintln!(
        "ataxx-train: packed {} games, {moves} moves, into {} ({} bytes)",
        games.len(),
        out.display(),
        bytes.len()
    );
    Ok(())
}

fn label_games(args: &LabelArgs) -> Result<(), String> {
    let bytes = std::fs::read(&args.games).map_err(|e| format!("{}: {e}", args.games.display()))?;
    let games =
        ataxx_games::decode(&bytes).map_err(|e| format!("{}: {e}", args.games.display()))?;
    let mut table = vec![Entry::default(); 1 << 16];
    let run = Run {
        out: Some(&args.out),
        ends_game: |line| line.starts_with("# game "),
        report_every: 20,
        ..Run::new("ataxx-train", args.shard, games.len() as u64)
    };
    run.play(|j| {
        let record = &games[j as usize];
        let random = (record.random_plies as usize).min(record.moves.len());
        let rest = &record.moves[random..];
        let game = search_game(
            record.moves[..random].to_vec(),
            args.nodes,
            &mut table,
            |ply, _| rest.get(ply).copied(),
        );
        if game.record
            != (GameRecord {
                index: 0,
                ..record.clone()
            })
        {
            return Err(format!(
                "game {}: its moves do not replay to its recorded end",
                record.index
            ));
        }
        Ok(game.text(record.index))
    })?;
    eprintln!("ataxx-train: shard {} labelled", args.shard);
    Ok(())
}

/// One training position: its terms, its phase (empty cells / 49) and its label.
struct Sample {
    features: [i32; FEATURES],
    phase: f64,
    label: f64,
    current: f64,
}

/// One position line of a generated file: the board, the search's score for the side to move
/// and the side to move's result (1, 0.5 or 0).
fn parse_position(line: &str) -> Option<(Board, f64, f64)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let [black, white, side, score, result] = words[..] else {
        return None;
    };
    let black = Bitboard(u64::from_str_radix(black, 16).ok()?);
    let white = Bitboard(u64::from_str_radix(white, 16).ok()?);
    let side = match side {
        "x" => Colour::Black,
        "o" => Colour::White,
        _ => return None,
    };
    let score: f64 = score.parse().ok()?;
    let black_result: f64 = result.parse().ok()?;
    let board = Board::from_bitboards(black, white, Bitboard::EMPTY, side, Rules::Standard);
    let result = if side == Colour::Black {
        black_result
    } else {
        1.0 - black_result
    };
    Some((board, score, result))
}

/// The games of generated files, each a list of what `sample` makes of its positions.
fn read_games<T>(
    files: &[PathBuf],
    mut sample: impl FnMut(&Board, f64, f64) -> T,
) -> Result<Vec<Vec<T>>, String> {
    let mut games = Vec::new();
    for path in files {
        let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut current = Vec::new();
        for line in BufReader::new(file).lines() {
            let line = line.map_err(|e| format!("{}: {e}", path.display()))?;
            if line.starts_with("# game") {
                games.push(std::mem::take(&mut current));
                continue;
            }
            let (board, score, result) = parse_position(&line)
                .ok_or_else(|| format!("{}: bad line {line:?}", path.display()))?;
            current.push(sample(&board, score, result));
        }
    }
    Ok(games)
}

/// The label of a position: the game's result mixed with the search's score by `lambda`.
fn label(score: f64, result: f64, scale: f64, lambda: f64) -> f64 {
    let searched = sigmoid(score.clamp(-3000.0, 3000.0) / scale);
    lambda * searched + (1.0 - lambda) * result
}

fn read_samples(files: &[PathBuf], scale: f64, lambda: f64) -> Result<Vec<Vec<Sample>>, String> {
    let eval_now = Eval::default();
    read_games(files, |board, score, result| Sample {
        features: features(board),
        phase: f64::from(board.empty().len()) / 49.0,
        label: label(score, result, scale, lambda),
        current: f64::from(eval_now.score(board)),
    })
}

/// Splits games into training and held-out positions (every tenth game held out).
fn split<T>(games: Vec<Vec<T>>) -> (Vec<T>, Vec<T>) {
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (i, game) in games.into_iter().enumerate() {
        if i % 10 == 9 {
            test.extend(game);
        } else {
            train.extend(game);
        }
    }
    (train, test)
}

/// Trains the network of `duel_train::ataxx_net` on generated files, reporting the training
/// and held-out loss after each epoch beside the held-out loss of today's linear evaluation
/// (the same labels, its score through the same logistic `scale`).
fn fit_net(args: &NetArgs) -> Result<(), String> {
    use duel_train::ataxx_net::{self, Net, Position};
    let eval_now = Eval::default();
    let games = read_games(&args.files, |board, score, result| {
        let side = board.side();
        let position = Position {
            own: board.pieces(side),
            other: board.pieces(side.other()),
            label: label(score, result, args.scale, args.lambda) as f32,
            base: (f64::from(eval_now.score(board)) / args.scale) as f32,
        };
        (position, f64::from(eval_now.score(board)))
    })?;
    let (train, test) = split(games);
    let linear = loss_of(
        test.iter().map(|(p, now)| (f64::from(p.label), *now)),
        args.scale,
    );
    let mut train: Vec<Position> = train
        .into_iter()
        .flat_map(|(p, _)| (0..args.symmetries).map(move |k| p.symmetric(k)))
        .collect();
    let test: Vec<Position> = test.into_iter().map(|(p, _)| p).collect();
    eprintln!(
        "ataxx-train: {} training and {} held-out positions; held-out loss of the linear \
         evaluation {linear:.6}",
        train.len(),
        test.len()
    );
    let mut net = match &args.init {
        None => Net::new(args.hidden, args.seed),
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let net =
                Net::from_quantised(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
            eprintln!(
                "ataxx-train: starting from {} ({} units): held-out loss {:.6}",
                path.display(),
                net.hidden,
                ataxx_net::mean_loss(&net, &test)
            );
            print_phases("starting network", &net, &test);
            net
        }
    };
    let started = std::time::Instant::now();
    let schedule = ataxx_net::Schedule {
        epochs: args.epochs,
        batch: args.batch,
        rate: args.rate,
        decay: args.decay,
        seed: args.seed,
    };
    ataxx_net::train(
        &mut net,
        &mut train,
        schedule,
        &mut |epoch, net, training| {
            eprintln!(
                "ataxx-train: epoch {epoch}: training loss {training:.6}, held-out {:.6} \
                 (linear {linear:.6}), {:.0} s",
                ataxx_net::mean_loss(net, &test),
                started.elapsed().as_secs_f64()
            );
        },
    );
    println!(
        "held-out loss: network {:.6}, linear evaluation {linear:.6}",
        ataxx_net::mean_loss(&net, &test)
    );
    print_phases("network", &net, &test);
    if let Some(path) = &args.out {
        std::fs::write(path, net.quantise()).map_err(|e| format!("{}: {e}", path.display()))?;
        eprintln!("ataxx-train: wrote {}", path.display());
    }
    Ok(())
}

/// Prints `net`'s held-out loss by phase, ten empty cells a row, under the heading `what`.
fn print_phases(
    what: &str,
    net: &duel_train::ataxx_net::Net,
    test: &[duel_train::ataxx_net::Position],
) {
    println!("held-out loss of the {what} by empty cells:");
    for (i, (n, loss)) in duel_train::ataxx_net::mean_loss_by_empties(net, test, 10)
        .into_iter()
        .enumerate()
    {
        println!(
            "  {:>2}-{:<2} {n:>9} positions {loss:.6}",
            i * 10,
            (i * 10 + 9).min(49)
        );
    }
}

/// The mean squared error of `sigmoid(score / scale)` against labels, over `(label, score)`.
fn loss_of(pairs: impl Iterator<Item = (f64, f64)>, scale: f64) -> f64 {
    let (mut sum, mut n) = (0.0f64, 0.0f64);
    for (label, score) in pairs {
        let e = sigmoid(score / scale) - label;
        sum += e * e;
        n += 1.0;
    }
    sum / n.max(1.0)
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The score of `s` under `w` (opening weights first, then endgame weights).
fn score(w: &[f64], s: &Sample) -> f64 {
    let mut open = 0.0;
    let mut end = 0.0;
    for (i, &f) in s.features.iter().enumerate() {
        open += w[i] * f64::from(f);
        end += w[FEATURES + i] * f64::from(f);
    }
    open * s.phase + end * (1.0 - s.phase)
}

fn loss<'a>(
    samples: impl Iterator<Item = &'a Sample>,
    scale: f64,
    of: impl Fn(&Sample) -> f64,
) -> f64 {
    loss_of(samples.map(|s| (s.label, of(s))), scale)
}

fn fit(
    files: &[PathBuf],
    scale: f64,
    epochs: u32,
    rate: f64,
    lambda: f64,
    out: Option<&PathBuf>,
) -> Result<(), String> {
    let (train, test) = split(read_samples(files, scale, lambda)?);
    eprintln!(
        "ataxx-train: {} training and {} held-out positions",
        train.len(),
        test.len()
    );
    // Start from a piece a piece (the class terms) and nothing else, so that a fit depends
    // only on its data and options.
    let mut w = vec![0.0f64; 2 * FEATURES];
    for phase in 0..2 {
        for class in 0..10 {
            w[phase * FEATURES + class] = 100.0;
        }
    }
    let (mut m, mut v) = (vec![0.0; w.len()], vec![0.0; w.len()]);
    let (b1, b2) = (0.9f64, 0.999f64);
    for epoch in 1..=epochs {
        let mut grad = vec![0.0; w.len()];
        for s in &train {
            let p = sigmoid(score(&w, s) / scale);
            let d = 2.0 * (p - s.label) * p * (1.0 - p) / scale;
            for (i, &f) in s.features.iter().enumerate() {
                grad[i] += d * f64::from(f) * s.phase;
                grad[FEATURES + i] += d * f64::from(f) * (1.0 - s.phase);
            }
        }
        let n = train.len().max(1) as f64;
        for i in 0..w.len() {
            let g = grad[i] / n;
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(epoch as i32));
            let vh = v[i] / (1.0 - b2.powi(epoch as i32));
            w[i] -= rate * mh / (vh.sqrt() + 1e-12);
        }
        if epoch % 100 == 0 || epoch == epochs {
            eprintln!(
                "ataxx-train: epoch {epoch}: training loss {:.6}, held-out {:.6}",
                loss(train.iter(), scale, |s| score(&w, s)),
                loss(test.iter(), scale, |s| score(&w, s))
            );
        }
    }
    println!(
        "held-out loss: fitted {:.6}, current {:.6}",
        loss(test.iter(), scale, |s| score(&w, s)),
        loss(test.iter(), scale, |s| s.current)
    );
    let options: Vec<String> = w
        .iter()
        .enumerate()
        .map(|(i, x)| format!("w{i}={}", x.round() as i64))
        .collect();
    println!("options: {}", options.join(" "));
    for (phase, name) in [(0, "OPENING"), (1, "ENDGAME")] {
        println!("pub const {name}: [i16; FEATURES] = [");
        for (i, term) in FEATURE_NAMES.iter().enumerate() {
            let value = w[phase * FEATURES + i].round() as i64;
            println!("    {value}, // {term}");
        }
        println!("];");
    }
    if let Some(path) = out {
        let bytes: Vec<u8> = w
            .iter()
            .flat_map(|&x| (x.round().clamp(-32_000.0, 32_000.0) as i16).to_le_bytes())
            .collect();
        std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        eprintln!("ataxx-train: wrote {}", path.display());
    }
    Ok(())
}
