//! The arena: two programs play a series of games under one contest's protocol and rules.
//!
//! Each game has its own referee (in a submodule) that starts the players, speaks the protocol,
//! enforces the time limits and the rules, and returns a [`GameRecord`]. This module runs the
//! series: alternating who starts, a progress line per game on stderr, the result table with
//! the score rate and an Elo difference with its 95% interval, the closing
//! `RESULT wins=W draws=D losses=L` line (from A's side), and `--record` JSON lines.

pub mod ataxx;
pub mod filler;
pub mod fruit_rage;
pub mod process;
pub mod reversi;

use std::fs::File;
use std::io::{self, Write};
use std::process::ExitCode;

/// The options every game's arena takes.
#[derive(clap::Args, Debug, Clone)]
pub struct MatchArgs {
    /// Player A: a command (split as a shell would) or a built-in (`builtin:NAME`).
    #[arg(long, default_value = "builtin:duel")]
    pub a: String,
    /// Player B: a command or a built-in.
    #[arg(long, default_value = "builtin:random")]
    pub b: String,
    /// Number of games; A and B take turns to move first.
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Seed for boards and built-in random players.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write each game (moves, result, reason) as one JSON line to this file.
    #[arg(long, value_name = "FILE")]
    pub record: Option<std::path::PathBuf>,
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

/// One side of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The `--a` program.
    A,
    /// The `--b` program.
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
    /// The moves in the game's own notation, in order.
    pub moves: Vec<String>,
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
            winner: None,
            margin: 0,
            reason: "game over".to_string(),
        }
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
}

/// A game's referee: plays one game between the two programs.
pub trait Referee {
    /// Plays game number `index` (0-based); A moves first when `a_first`.
    fn play_game(&mut self, index: usize, a_first: bool) -> GameRecord;
}

/// Wins, draws and losses from A's side, and the sum of A's margins.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    /// Games A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
    /// The sum of A's margins over all games.
    pub margin_sum: i64,
}

impl Tally {
    /// Adds one game.
    pub fn add(&mut self, record: &GameRecord) {
        match record.winner {
            Some(Side::A) => self.wins += 1,
            Some(Side::B) => self.losses += 1,
            None => self.draws += 1,
        }
        self.margin_sum += record.margin;
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's points: a win 1, a draw ½.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// A's score rate in 0..=1.
    pub fn score_rate(&self) -> f64 {
        if self.games() == 0 {
            0.5
        } else {
            self.points() / f64::from(self.games())
        }
    }

    /// The Elo difference (A minus B) and its 95% interval (low, high), from the score rate and
    /// its standard error over the games; infinite when a side scored everything.
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = f64::from(self.games().max(1));
        let s = self.score_rate();
        let var = (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n;
        let se = (var / n).sqrt();
        (elo_of(s), elo_of(s - 1.96 * se), elo_of(s + 1.96 * se))
    }
}

/// The Elo difference that gives an expected score `s`.
fn elo_of(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

fn fmt_elo(e: f64) -> String {
    if e.is_infinite() {
        if e > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    } else {
        format!("{e:+.0}")
    }
}

/// Parses one player: `builtin:NAME` for a name of `builtins`, anything else a command split as
/// a shell would and handed to `command`.
///
/// # Errors
/// An unknown built-in (the message lists the known ones), or a command that does not split.
pub fn parse_player<T: Clone>(
    text: &str,
    builtins: &[(&str, T)],
    command: impl FnOnce(Vec<String>) -> T,
) -> Result<T, String> {
    let Some(name) = text.strip_prefix("builtin:") else {
        return process::split_command(text).map(command);
    };
    match builtins.iter().find(|(known, _)| *known == name) {
        Some((_, player)) => Ok(player.clone()),
        None => {
            let known: Vec<String> = builtins
                .iter()
                .map(|(n, _)| format!("builtin:{n}"))
                .collect();
            Err(format!(
                "unknown built-in player builtin:{name} ({})",
                known.join(", ")
            ))
        }
    }
}

/// Parses both players of `args` with `parse` (given the text and the side), printing the
/// first error as `duel: arena GAME: …`.
pub fn players<T>(
    game: &str,
    args: &MatchArgs,
    parse: impl Fn(&str, Side) -> Result<T, String>,
) -> Option<(T, T)> {
    match (parse(&args.a, Side::A), parse(&args.b, Side::B)) {
        (Ok(a), Ok(b)) => Some((a, b)),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("duel: arena {game}: {e}");
            None
        }
    }
}

/// Plays the series `args` describes with `referee`, margins counted in `unit`: A moves first
/// in the even-numbered games, a progress line per game goes to stderr, then the table and the
/// `RESULT` line to stdout. Exit status 0, or 2 when the record file cannot be written.
pub fn play(game: &str, unit: &str, args: &MatchArgs, referee: &mut dyn Referee) -> ExitCode {
    match run(game, unit, args, referee) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("duel: arena {game}: cannot write the record: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(game: &str, unit: &str, args: &MatchArgs, referee: &mut dyn Referee) -> io::Result<()> {
    let mut record_file = args.record.as_deref().map(File::create).transpose()?;
    let mut tally = Tally::default();
    for index in 0..args.games {
        let record = referee.play_game(index, index % 2 == 0);
        tally.add(&record);
        let verdict = match record.winner {
            Some(Side::A) => "A wins",
            Some(Side::B) => "B wins",
            None => "draw",
        };
        eprintln!(
            "game {}/{}: {verdict} {:+} {unit} ({}); A {} / {} points",
            index + 1,
            args.games,
            record.margin,
            record.reason,
            tally.points(),
            tally.games()
        );
        if let Some(file) = record_file.as_mut() {
            let line = serde_json::json!({
                "game": index + 1,
                "a_first": record.a_first,
                "moves": record.moves,
                "winner": record.winner.map(|s| s.to_string()),
                "margin": record.margin,
                "reason": record.reason,
            });
            writeln!(file, "{line}")?;
        }
    }
    print_table(game, unit, args, &tally);
    Ok(())
}

fn print_table(game: &str, unit: &str, args: &MatchArgs, t: &Tally) {
    let (elo, low, high) = t.elo();
    let avg = if t.games() == 0 {
        0.0
    } else {
        t.margin_sum as f64 / f64::from(t.games())
    };
    println!("{game} arena, {} games", t.games());
    println!("  A: {}", args.a);
    println!("  B: {}", args.b);
    println!(
        "{:>6} {:>6} {:>6} {:>14} {:>8} {:>24}",
        "wins",
        "draws",
        "losses",
        format!("avg {}", unit),
        "score",
        "Elo (95%)"
    );
    println!(
        "{:>6} {:>6} {:>6} {:>14.2} {:>7.1}% {:>24}",
        t.wins,
        t.draws,
        t.losses,
        avg,
        100.0 * t.score_rate(),
        format!("{} [{}, {}]", fmt_elo(elo), fmt_elo(low), fmt_elo(high))
    );
    println!(
        "RESULT wins={} draws={} losses={}",
        t.wins, t.draws, t.losses
    );
}
