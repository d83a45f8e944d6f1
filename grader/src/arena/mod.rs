//! The arena: two players play a match under one contest's protocol and rules, the way engine
//! authors test engines (fastchess, cutechess-cli, cuteataxx).
//!
//! - **Openings.** Every opening (from `--openings FILE`, or `--random-plies K` random plies
//!   drawn from the seed, or the contest's own random boards) is played twice, colours swapped:
//!   games `2k` and `2k + 1` form pair `k`.
//! - **Time.** `--tc BASE+INC` or `--st SECONDS`, the contest's clock by default; overrunning
//!   loses, after `--timemargin` milliseconds of grace.
//! - **Concurrency.** `--concurrency N` plays N games at once. Results are taken in game order,
//!   so the records, the statistics and the stopping point are those of `--concurrency 1`.
//! - **Statistics** ([`stats`]): W/D/L, pentanomial pair counts, Elo ± 95%, and `--sprt`, which
//!   ends the match at the first pair after which the LLR leaves its bounds.
//!
//! Each game has a referee (a submodule) that starts the players, speaks the protocol, keeps
//! the clocks and the rules, and returns a [`GameRecord`]. This module runs the match: a
//! progress line per game on stderr; the table, the pentanomial line, the SPRT verdict and the
//! machine-readable `RESULT` line on stdout; `--record` JSON lines, and the game's own record
//! format where it has one (PGN for Ataxx, GGF for Reversi). `--summarize FILE` reads such a
//! record back and prints the same table, as the match tallied it.

pub mod ataxx;
pub mod filler;
pub mod fruit_rage;
pub mod player;
pub mod process;
pub mod reversi;
pub mod stats;
pub mod time_control;
pub mod uai;

use player::PlayerSpec;
use stats::{EloEstimate, MarginPairs, Outcome, Pentanomial, Sprt, SprtState, Tally};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;
use time_control::{PlayerClock, TimeControl};

/// The options every game's arena takes.
#[derive(clap::Args, Debug, Clone)]
pub struct MatchArgs {
    /// Player A: `builtin:NAME[:nodes=N]`, a command that speaks the contest's protocol, or
    /// `name=NAME cmd=COMMAND proto=contest|uai|nboard [tc=…] [st=…] [nodes=N]`.
    #[arg(long, default_value = "builtin:duel")]
    pub a: String,
    /// Player B, in the same forms.
    #[arg(long, default_value = "builtin:random")]
    pub b: String,
    /// Number of games (at most; an SPRT may stop sooner). Games 2k and 2k+1 share an opening
    /// with the colours swapped.
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Seed for random openings, boards and built-in random players.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Openings, one a line in the game's notation (Filler and Fruit Rage: boards in their
    /// contest text, separated by blank lines); used in order and repeated when there are
    /// fewer than the pairs.
    #[arg(long, value_name = "FILE", conflicts_with = "random_plies")]
    pub openings: Option<PathBuf>,
    /// Start each pair from K random legal plies, drawn from the seed.
    #[arg(long, value_name = "K")]
    pub random_plies: Option<u32>,
    /// Time control for both players, fastchess style: seconds for the game plus an increment
    /// a move, e.g. `10+0.1` (default: the contest's clock).
    #[arg(long, value_name = "BASE[+INC]", conflicts_with = "st")]
    pub tc: Option<String>,
    /// Seconds a move for both players (default: the contest's clock).
    #[arg(long, value_name = "SECONDS")]
    pub st: Option<String>,
    /// Grace in milliseconds before an overrun is a loss on time.
    #[arg(long, value_name = "MS", default_value_t = 0)]
    pub timemargin: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub concurrency: u16,
    /// Stop as soon as a sequential probability ratio test decides:
    /// `"elo0=0 elo1=5 alpha=0.05 beta=0.05"`.
    #[arg(long, value_name = "TEST")]
    pub sprt: Option<String>,
    /// Write each game (opening, moves, result, reason) as one JSON line to this file.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Play nothing: read back a `--record` file (of a finished or stopped match) and print
    /// the table the match prints, with the SPRT's LLR when `--sprt` is given.
    #[arg(long, value_name = "FILE", conflicts_with = "record")]
    pub summarize: Option<PathBuf>,
}

/// A seed for one stream of randomness of a series (a game's board, a player's choices):
/// `seed` and `stream` mixed by splitmix64, so neighbouring streams are unrelated.
pub fn stream_seed(seed: u64, stream: u64) -> u64 {
    let mix = |mut z: u64| {
        z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    mix(seed ^ mix(stream))
}

/// The referees' random numbers: xorshift64 from a [`stream_seed`].
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `stream` of the series seeded with `seed`.
    pub fn new(seed: u64, stream: u64) -> Self {
        Self(stream_seed(seed, stream) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }
}

/// One side of a match (`"A"` or `"B"` in a record).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Side {
    /// The `--a` player.
    A,
    /// The `--b` player.
    B,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// 0 for A, 1 for B.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Side::A => "A",
            Side::B => "B",
        })
    }
}

/// How one game went.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Whether A moved first.
    pub a_first: bool,
    /// The moves after the opening, in the game's own notation, in order.
    pub moves: Vec<String>,
    /// The wall time each move of `moves` took, in milliseconds (for the game's own record
    /// format; not in the JSON lines, which must not depend on the machine's speed).
    pub move_millis: Vec<u64>,
    /// The winner, `None` for a draw.
    pub winner: Option<Side>,
    /// A's final score minus B's (discs, cells or points, as the game counts).
    pub margin: i64,
    /// Why the game ended: `"game over"`, or who lost how (`"B: illegal move d3"`).
    pub reason: String,
}

impl GameRecord {
    /// A game about to start, A moving first when `a_first`.
    pub fn new(a_first: bool) -> Self {
        Self {
            a_first,
            moves: Vec::new(),
            move_millis: Vec::new(),
            winner: None,
            margin: 0,
            reason: "game over".to_string(),
        }
    }

    /// Records a move and the time it took.
    pub fn push(&mut self, mv: String, took: Duration) {
        self.moves.push(mv);
        self.move_millis
            .push(took.as_millis().min(u128::from(u64::MAX)) as u64);
    }

    /// The game ended by the rules with A's `margin`; its sign decides the winner.
    pub fn finish(mut self, margin: i64) -> Self {
        self.margin = margin;
        self.winner = match margin.signum() {
            1 => Some(Side::A),
            -1 => Some(Side::B),
            _ => None,
        };
        self
    }

    /// `loser` loses at once for `why`, by `whole` (the game's largest margin; 0 where the game
    /// has none).
    pub fn forfeit(mut self, loser: Side, why: &str, whole: i64) -> Self {
        self.winner = Some(loser.other());
        self.reason = format!("{loser}: {why}");
        self.margin = if loser == Side::A { -whole } else { whole };
        self
    }

    /// A's outcome.
    pub fn outcome(&self) -> Outcome {
        match self.winner {
            Some(Side::A) => Outcome::Win,
            Some(Side::B) => Outcome::Loss,
            None => Outcome::Draw,
        }
    }
}

/// What a referee needs to play one game.
#[derive(Debug)]
pub struct GameSetup<'a, O> {
    /// The game's number in the match, from 0.
    pub index: usize,
    /// Whether A moves first (has the first colour: Reversi black, Ataxx black, Filler and
    /// Fruit Rage the first mover).
    pub a_first: bool,
    /// The opening (shared by both games of a pair).
    pub opening: &'a O,
    /// A's and B's clocks, full.
    pub clocks: [PlayerClock; 2],
    /// A seed for the built-in players' random choices in this game.
    pub seed: u64,
}

impl<O> GameSetup<'_, O> {
    /// The side that moves first.
    pub fn first(&self) -> Side {
        if self.a_first { Side::A } else { Side::B }
    }
}

/// A game's referee: plays one game between the two players.
pub trait Referee: Sync {
    /// Where a game starts: a position (and the moves that led to it), or a board.
    type Opening: Send + Sync;

    /// Whether an openings file holds one opening a line (`false`: blocks separated by blank
    /// lines, for boards of several lines).
    const ONE_OPENING_A_LINE: bool = true;

    /// Whether pairs are also scored by the sum of their margins (games where the seat often
    /// decides a board whoever holds it).
    const MARGIN_PAIRS: bool = false;

    /// Reads one opening of an openings file.
    ///
    /// # Errors
    /// What is wrong with it, in one line.
    fn parse_opening(&self, text: &str) -> Result<Self::Opening, String>;

    /// An opening of `plies` random plies (the contest's own start, e.g. a random board, when
    /// `plies` is 0) drawn from `rng`.
    fn random_opening(&self, plies: u32, rng: &mut Rng) -> Self::Opening;

    /// The opening as an openings file would hold it (one line, for the records).
    fn opening_text(&self, opening: &Self::Opening) -> String;

    /// Plays one game.
    fn play_game(&self, game: &GameSetup<'_, Self::Opening>) -> GameRecord;

    /// The game in the game's own record format (PGN, GGF), when the match writes one.
    fn export(&self, _game: &GameSetup<'_, Self::Opening>, _record: &GameRecord) -> Option<String> {
        None
    }
}

/// A match as the command line gave it, checked.
pub struct Match {
    /// A's and B's specs.
    pub players: [PlayerSpec; 2],
    /// A's and B's time controls.
    pub time: [TimeControl; 2],
    /// Grace before a loss on time.
    pub margin: Duration,
}

impl Match {
    /// Parses the players and the time controls of `args`; `default` is the contest's clock.
    ///
    /// # Errors
    /// The first bad player or time control, as one line.
    pub fn new(args: &MatchArgs, default: TimeControl) -> Result<Match, String> {
        let global = match (&args.tc, &args.st) {
            (Some(tc), _) => TimeControl::parse_tc(tc)?,
            (None, Some(st)) => TimeControl::parse_st(st)?,
            (None, None) => default,
        };
        let a = PlayerSpec::parse(&args.a).map_err(|e| format!("--a: {e}"))?;
        let b = PlayerSpec::parse(&args.b).map_err(|e| format!("--b: {e}"))?;
        if let Some(sprt) = &args.sprt {
            Sprt::parse(sprt)?;
        }
        Ok(Match {
            time: [a.time.unwrap_or(global), b.time.unwrap_or(global)],
            players: [a, b],
            margin: Duration::from_millis(args.timemargin),
        })
    }
}

/// Where the game's own record format goes, if anywhere: (file, what it is called).
pub type ExportFile = Option<PathBuf>;

/// Plays the match `args` describes with `referee` (whose players `setup` describes), margins
/// counted in `unit`. Exit status 0, or 2 when an opening or a file is bad.
pub fn play<R: Referee>(
    game: &str,
    unit: &str,
    args: &MatchArgs,
    setup: &Match,
    referee: &R,
    export: ExportFile,
) -> ExitCode {
    match run(game, unit, args, setup, referee, export) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("duel: arena {game}: {e}");
            ExitCode::from(2)
        }
    }
}

/// Prints `error` as the arena's one-line complaint and returns exit status 2.
pub fn usage_error(game: &str, error: &str) -> ExitCode {
    eprintln!("duel: arena {game}: {error}");
    ExitCode::from(2)
}

/// Reads the openings of `path`: one a line, or blocks separated by blank lines. Lines starting
/// with `#` are comments.
///
/// # Errors
/// The file cannot be read, or holds no opening.
pub fn read_openings(path: &std::path::Path, one_a_line: bool) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read --openings {}: {e}", path.display()))?;
    let mut openings = Vec::new();
    let mut block = String::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('#') {
            continue;
        }
        if one_a_line {
            if !trimmed.is_empty() {
                openings.push(trimmed.to_string());
            }
        } else if trimmed.is_empty() {
            if !block.is_empty() {
                openings.push(std::mem::take(&mut block));
            }
        } else {
            block.push_str(trimmed);
            block.push('\n');
        }
    }
    if !block.is_empty() {
        openings.push(block);
    }
    if openings.is_empty() {
        return Err(format!("--openings {}: no opening in it", path.display()));
    }
    Ok(openings)
}

/// The openings of the match: a file's, each used by pairs `k`, `k + len`, …; or one random
/// opening for each pair.
fn openings<R: Referee>(args: &MatchArgs, referee: &R) -> Result<Vec<R::Opening>, String> {
    if let Some(path) = &args.openings {
        let texts = read_openings(path, R::ONE_OPENING_A_LINE)?;
        return texts
            .iter()
            .enumerate()
            .map(|(i, t)| {
                referee
                    .parse_opening(t)
                    .map_err(|e| format!("--openings {}: opening {}: {e}", path.display(), i + 1))
            })
            .collect();
    }
    let plies = args.random_plies.unwrap_or(0);
    Ok((0..args.games.div_ceil(2).max(1))
        .map(|pair| referee.random_opening(plies, &mut Rng::new(args.seed, pair as u64)))
        .collect())
}

/// The running totals of a match.
#[derive(Default)]
struct Totals {
    tally: Tally,
    pentanomial: Pentanomial,
    margin_pairs: MarginPairs,
    /// The first game of the pair under way: A's outcome and margin.
    half_pair: Option<(Outcome, i64)>,
}

impl Totals {
    fn add(&mut self, index: usize, record: &GameRecord) {
        self.tally.add(record.outcome(), record.margin);
        if index % 2 == 0 {
            self.half_pair = Some((record.outcome(), record.margin));
        } else if let Some((first, margin)) = self.half_pair.take() {
            self.pentanomial.add(first, record.outcome());
            self.margin_pairs.add(margin, record.margin);
        }
    }

    /// The pairs the SPRT reads: game outcomes, or whole pairs by the sum of their margins
    /// where the targets count pairs (`by_margin`: Filler, The Fruit Rage, where the
    /// seat often decides a board and nearly every pair is a win and a loss).
    fn sprt_sample(&self, by_margin: bool) -> Pentanomial {
        if by_margin {
            self.margin_pairs.as_pentanomial()
        } else {
            self.pentanomial
        }
    }

    /// Elo from the pairs once there is one, from the games before.
    fn elo(&self) -> EloEstimate {
        if self.pentanomial.pairs() > 0 {
            self.pentanomial.elo()
        } else {
            self.tally.elo()
        }
    }
}

fn run<R: Referee>(
    game: &str,
    unit: &str,
    args: &MatchArgs,
    setup: &Match,
    referee: &R,
    export: ExportFile,
) -> Result<(), String> {
    let sprt = args.sprt.as_deref().map(Sprt::parse).transpose()?;
    if let Some(path) = &args.summarize {
        return summarize::<R>(game, unit, path, sprt.as_ref());
    }
    let openings = openings(args, referee)?;
    let create = |path: &PathBuf| {
        File::create(path)
            .map(BufWriter::new)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    let mut record_file = args.record.as_ref().map(create).transpose()?;
    let mut export_file = export.as_ref().map(create).transpose()?;
    let game_setup = |index: usize| GameSetup {
        index,
        a_first: index % 2 == 0,
        opening: &openings[(index / 2) % openings.len()],
        clocks: [
            PlayerClock::new(setup.time[0], setup.margin),
            PlayerClock::new(setup.time[1], setup.margin),
        ],
        seed: stream_seed(args.seed ^ 0x05EE_D0F6_A3E5, index as u64),
    };
    let mut totals = Totals::default();
    let mut verdict = SprtState::Running;
    let mut write_error: Option<io::Error> = None;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(usize, GameRecord)>();
    std::thread::scope(|scope| {
        for _ in 0..args.concurrency {
            let tx = tx.clone();
            let (next, stop, game_setup) = (&next, &stop, &game_setup);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= args.games {
                        break;
                    }
                    let record = referee.play_game(&game_setup(index));
                    if tx.send((index, record)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Results are taken in game order, whatever order they finish in.
        let mut waiting: BTreeMap<usize, GameRecord> = BTreeMap::new();
        let mut taken = 0;
        for (index, record) in rx {
            waiting.insert(index, record);
            while let Some(record) = waiting.remove(&taken) {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let setup = game_setup(taken);
                let written = take_game(
                    (unit, args),
                    referee,
                    &setup,
                    &record,
                    &mut totals,
                    (&mut record_file, &mut export_file),
                );
                if let Err(e) = written {
                    write_error.get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                }
                if let (Some(sprt), 1) = (&sprt, taken % 2) {
                    verdict = sprt.state(sprt.llr(&totals.sprt_sample(R::MARGIN_PAIRS)));
                    if verdict != SprtState::Running {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                taken += 1;
            }
        }
    });
    for file in [&mut record_file, &mut export_file].into_iter().flatten() {
        if let Err(e) = file.flush() {
            write_error.get_or_insert(e);
        }
    }
    if let Some(e) = write_error {
        return Err(format!("cannot write the records: {e}"));
    }
    print_table::<R>(
        game,
        unit,
        Source::Played(setup),
        &totals,
        sprt.as_ref(),
        verdict,
    );
    Ok(())
}

/// Tallies the games of a `--record` file in game order, as the match did while it ran, and
/// prints the same table, then how many games ended for each reason.
///
/// # Errors
/// The file cannot be read, a line is not a game record, or a game number is repeated or
/// missing.
fn summarize<R: Referee>(
    game: &str,
    unit: &str,
    path: &std::path::Path,
    sprt: Option<&Sprt>,
) -> Result<(), String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read --summarize {}: {e}", path.display()))?;
    let mut games = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = |what: &str| format!("{} line {}: {what}", path.display(), i + 1);
        let (index, record) = recorded_game(line).map_err(|e| at(&e))?;
        if games.insert(index, record).is_some() {
            return Err(at(&format!("game {} recorded twice", index + 1)));
        }
    }
    if games.is_empty() {
        return Err(format!("{}: no game in it", path.display()));
    }
    let mut totals = Totals::default();
    let mut reasons = BTreeMap::<&str, usize>::new();
    for (expected, (&index, record)) in games.iter().enumerate() {
        if index != expected {
            return Err(format!(
                "{}: game {} is missing",
                path.display(),
                expected + 1
            ));
        }
        totals.add(index, record);
        *reasons.entry(record.reason.as_str()).or_default() += 1;
    }
    let verdict = sprt.map_or(SprtState::Running, |s| {
        s.state(s.llr(&totals.sprt_sample(R::MARGIN_PAIRS)))
    });
    print_table::<R>(game, unit, Source::Record(path), &totals, sprt, verdict);
    let reasons: Vec<String> = reasons.iter().map(|(r, n)| format!("{r}: {n}")).collect();
    println!("ended by: {}", reasons.join(", "));
    Ok(())
}

/// One line of a `--record` file, as JSON: what the match wrote for a game, and what
/// `--summarize` reads back. Its fields are in alphabetical order, the order of the keys on
/// the line.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct RecordLine {
    /// Whether A moved first.
    a_first: bool,
    /// The game's number, from 1.
    game: usize,
    /// A's final score minus B's.
    margin: i64,
    /// The moves after the opening, in the game's own notation.
    #[serde(default)]
    moves: Vec<String>,
    /// The opening, in the game's own notation.
    #[serde(default)]
    opening: String,
    /// The pair's number, from 1: games 2k-1 and 2k share an opening.
    #[serde(default)]
    pair: usize,
    /// Why the game ended.
    #[serde(default = "game_over")]
    reason: String,
    /// `"A"`, `"B"`, or null for a draw.
    winner: Option<Side>,
}

/// The reason a game ended by the rules.
fn game_over() -> String {
    "game over".to_string()
}

/// One line of a `--record` file: the game's index (from 0) and its result.
fn recorded_game(line: &str) -> Result<(usize, GameRecord), String> {
    let line: RecordLine =
        serde_json::from_str(line).map_err(|e| format!("not a JSON game record: {e}"))?;
    let index = line
        .game
        .checked_sub(1)
        .ok_or("no game number (\"game\": 1 or more)")?;
    let mut record = GameRecord::new(line.a_first);
    record.winner = line.winner;
    record.margin = line.margin;
    record.reason = line.reason;
    record.moves = line.moves;
    Ok((index, record))
}

/// Where the games of a table come from.
enum Source<'a> {
    /// The match just played, between these players.
    Played(&'a Match),
    /// A `--record` file read back.
    Record(&'a std::path::Path),
}

/// Counts one game in order: totals, progress line, records.
fn take_game<R: Referee>(
    (unit, args): (&str, &MatchArgs),
    referee: &R,
    setup: &GameSetup<'_, R::Opening>,
    record: &GameRecord,
    totals: &mut Totals,
    (record_file, export_file): (&mut Option<BufWriter<File>>, &mut Option<BufWriter<File>>),
) -> io::Result<()> {
    totals.add(setup.index, record);
    let verdict = match record.winner {
        Some(Side::A) => "A wins",
        Some(Side::B) => "B wins",
        None => "draw",
    };
    let mut progress = format!(
        "game {}/{} (pair {}, A {}): {verdict} {:+} {unit} ({}) | {} games, A {} points, score {:.1}%, Elo {}",
        setup.index + 1,
        args.games,
        setup.index / 2 + 1,
        if setup.a_first { "first" } else { "second" },
        record.margin,
        record.reason,
        totals.tally.games(),
        totals.tally.points(),
        100.0 * totals.tally.score_rate(),
        totals.elo(),
    );
    if let Some(sprt) = args.sprt.as_deref().and_then(|s| Sprt::parse(s).ok()) {
        let (low, high) = sprt.bounds();
        progress.push_str(&format!(
            ", LLR {:.2} [{low:.2}, {high:.2}]",
            sprt.llr(&totals.sprt_sample(R::MARGIN_PAIRS))
        ));
    }
    eprintln!("{progress}");
    if let Some(file) = record_file {
        let line = RecordLine {
            a_first: record.a_first,
            game: setup.index + 1,
            margin: record.margin,
            moves: record.moves.clone(),
            opening: referee.opening_text(setup.opening),
            pair: setup.index / 2 + 1,
            reason: record.reason.clone(),
            winner: record.winner,
        };
        let line = serde_json::to_string(&line).map_err(io::Error::other)?;
        writeln!(file, "{line}")?;
        // Whole games reach the file as they end: a long match can be watched, or stopped.
        file.flush()?;
    }
    if let (Some(file), Some(text)) = (export_file, referee.export(setup, record)) {
        file.write_all(text.as_bytes())?;
        file.flush()?;
    }
    Ok(())
}

fn print_table<R: Referee>(
    game: &str,
    unit: &str,
    source: Source<'_>,
    totals: &Totals,
    sprt: Option<&Sprt>,
    verdict: SprtState,
) {
    let t = &totals.tally;
    let elo = totals.elo();
    let avg = if t.games() == 0 {
        0.0
    } else {
        t.margin_sum as f64 / f64::from(t.games())
    };
    println!("{game} arena, {} games", t.games());
    match source {
        Source::Played(setup) => {
            for (side, (spec, time)) in ["A", "B"]
                .iter()
                .zip(setup.players.iter().zip(setup.time.iter()))
            {
                println!("  {side}: {} ({time})", spec.name);
            }
        }
        Source::Record(path) => println!("  read back from {}", path.display()),
    }
    println!(
        "{:>6} {:>6} {:>6} {:>14} {:>8} {:>26}",
        "wins",
        "draws",
        "losses",
        format!("avg {unit}"),
        "score",
        "Elo (95%)"
    );
    println!(
        "{:>6} {:>6} {:>6} {:>14.2} {:>7.1}% {:>26}",
        t.wins,
        t.draws,
        t.losses,
        avg,
        100.0 * t.score_rate(),
        format!(
            "{} [{}, {}]",
            stats::signed(elo.elo, 1),
            stats::signed(elo.low, 1),
            stats::signed(elo.high, 1)
        )
    );
    let p = &totals.pentanomial;
    println!(
        "Ptnml(0-2): {:?}, WL/DD: {}/{} ({} pairs)",
        p.classes(),
        p.wl,
        p.dd,
        p.pairs()
    );
    let m = &totals.margin_pairs;
    if R::MARGIN_PAIRS {
        let pair_elo = m.as_pentanomial().elo();
        println!(
            "pairs by margin sum: won {}, drawn {}, lost {}; pair score {:.1}%, pair Elo {} [{}, {}]{}",
            m.won,
            m.drawn,
            m.lost,
            100.0 * m.score_rate(),
            stats::signed(pair_elo.elo, 1),
            stats::signed(pair_elo.low, 1),
            stats::signed(pair_elo.high, 1),
            if sprt.is_some() {
                " (the SPRT's sample)"
            } else {
                ""
            }
        );
    }
    let llr = sprt.map_or(f64::NAN, |s| s.llr(&totals.sprt_sample(R::MARGIN_PAIRS)));
    if let Some(s) = sprt {
        let (low, high) = s.bounds();
        let state = match verdict {
            SprtState::Running => "no decision yet",
            SprtState::AcceptH0 => "H0 accepted (A is not elo1 stronger)",
            SprtState::AcceptH1 => "H1 accepted (A is at least elo1 stronger)",
        };
        println!(
            "SPRT elo0={} elo1={} alpha={} beta={}: LLR {llr:.3} [{low:.3}, {high:.3}], {state}",
            s.elo0, s.elo1, s.alpha, s.beta
        );
    }
    let mut result = format!(
        "RESULT wins={} draws={} losses={} elo={} llr={}",
        t.wins,
        t.draws,
        t.losses,
        stats::signed(elo.elo, 2),
        if llr.is_nan() {
            "none".to_string()
        } else {
            format!("{llr:.3}")
        }
    );
    if R::MARGIN_PAIRS {
        result.push_str(&format!(
            " pair_wins={} pair_draws={} pair_losses={} pair_elo={}",
            m.won,
            m.drawn,
            m.lost,
            stats::signed(m.as_pentanomial().elo().elo, 2)
        ));
    }
    println!("{result}");
}

/// The one budget path of every built-in engine: `player` decides on `position` within
/// `millis` of wall time from now, or within `nodes` when given (reproducible games).
pub fn decide<P: duel_core::Player>(
    player: &mut P,
    position: &P::Position,
    millis: u64,
    nodes: Option<u64>,
) -> Option<duel_core::Decision<P::Move>> {
    let wall = crate::clock::WallClock::start();
    let mut budget = match nodes {
        Some(n) => duel_core::Budget::nodes(n),
        None => duel_core::Budget::millis(&wall, millis),
    };
    player.choose(position, &mut budget)
}

/// How a built-in reads its budget under `clock`: a game clock is the whole game's.
pub fn time_use(clock: &time_control::PlayerClock) -> duel_core::TimeUse {
    match clock.control() {
        TimeControl::Game { .. } => duel_core::TimeUse::WholeGame,
        TimeControl::Move(_) => duel_core::TimeUse::ThisMove,
    }
}

/// Today's date in UTC as PGN writes it, `YYYY.MM.DD`.
pub fn utc_date() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day number counted from 1970-01-01 (Howard Hinnant's
/// `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}
