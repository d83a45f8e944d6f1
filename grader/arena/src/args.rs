//! The arena's command line: the options every game's arena takes, and the match they describe,
//! checked.

use crate::player::ContestantSpec;
use crate::stats::Sprt;
use duel_protocols::time_control::TimeControl;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

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
    /// Stop as soon as a sequential probability ratio test decides: `elo0=0 elo1=5 alpha=0.05
    /// beta=0.05`, as separate words (fastchess's form) or one quoted string.
    #[arg(long, value_name = "TEST", num_args = 1..=4)]
    pub sprt: Option<Vec<String>>,
    /// Play only the pairs whose index is K modulo N (from 0), from the same openings and seeds:
    /// N shards together play exactly the games of one run. Merge their records with
    /// `--summarize FILE…`; the SPRT of a sharded match is the merge's. With `--summarize`:
    /// the records are this shard's alone (an interim look at one shard).
    #[arg(long, value_name = "K/N", conflicts_with = "sprt")]
    pub shard: Option<crate::Shard>,
    /// Write each game (opening, moves, result, reason) as one JSON line to this file.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Play nothing: read back `--record` files (of a finished or stopped match, or of its
    /// shards, in any order) and print the table the match prints, with the SPRT's LLR when
    /// `--sprt` is given. A game recorded twice, or missing, is refused.
    #[arg(long, value_name = "FILE", num_args = 0.., conflicts_with = "record")]
    pub summarize: Option<Vec<PathBuf>>,
    /// With `--summarize` and `--sprt`: watch the records while shards append to them (the
    /// files may also be given here, and need not exist yet). Every second the files are read
    /// again; whenever the number of games in them changes a line `follow: … LLR …` is printed,
    /// the LLR taken on the pairs whose both games are in. A line not yet ended by a newline
    /// and not a whole record is waited for. `--games` must be the match's. Exit status: 0 when
    /// H1 is accepted, 1 when H0 is, 3 when all `--games` games are in without a decision
    /// (each after the table of the games counted), 2 on an error (a game recorded twice, a
    /// game beyond `--games`, a line that is not a record).
    #[arg(long, value_name = "FILE", num_args = 0.., conflicts_with_all = ["record", "shard"])]
    pub follow: Option<Vec<PathBuf>>,
}

impl MatchArgs {
    /// The SPRT `--sprt` asks for, its words joined.
    ///
    /// # Errors
    /// A malformed test, as one line.
    pub fn sprt(&self) -> Option<Result<Sprt, String>> {
        self.sprt
            .as_ref()
            .map(|words| Sprt::parse(&words.join(" ")))
    }
}

/// A match as the command line gave it, checked.
pub struct Match {
    /// A's and B's specs.
    pub players: [ContestantSpec; 2],
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
        let a = ContestantSpec::parse(&args.a).map_err(|e| format!("--a: {e}"))?;
        let b = ContestantSpec::parse(&args.b).map_err(|e| format!("--b: {e}"))?;
        args.sprt().transpose()?;
        Ok(Match {
            time: [a.time.unwrap_or(global), b.time.unwrap_or(global)],
            players: [a, b],
            margin: Duration::from_millis(args.timemargin),
        })
    }
}

/// Prints `error` as the arena's one-line complaint and returns exit status 2.
pub fn usage_error(game: &str, error: &str) -> ExitCode {
    eprintln!("duel: arena {game}: {error}");
    ExitCode::from(2)
}
