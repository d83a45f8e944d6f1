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
//! Each game has a referee (a module: [`ataxx`], [`filler`], [`fruit_rage`], [`reversi`]) that
//! starts the players ([`player`]; the protocols they speak are `duel_protocols`; its built-in
//! ones are `duel_core::Player`s), keeps the clocks and the rules, and returns a
//! [`GameRecord`]. The rest of the crate runs the match: a
//! progress line per game on stderr; the table, the pentanomial line, the SPRT verdict and the
//! machine-readable `RESULT` line on stdout; `--record` JSON lines, and the game's own record
//! format where it has one (PGN for Ataxx, GGF for Reversi). `--summarize FILE` reads such a
//! record back and prints the same table, as the match tallied it; with `--follow` it watches
//! the records of shards still playing until the SPRT decides. By concern: `args` (the
//! command line), `referee` (what a referee is), `rng` (the seeded streams), `driver` (the
//! match), `record` (the `--record` line), `table` (the totals and the results table),
//! `follow` (`--follow`), `budget` (the built-ins' one budget path), `date` (the records'
//! date); [`openings`] makes opening suites (`duel openings`) and [`analyze`] finds where games
//! were lost (`duel analyze`), each game's part in a module of its own. `duel` lists the games
//! in its registry (`duel_programs::games`); `docs/ADDING-A-GAME.md` says what a game needs.
#![deny(missing_docs)]

mod args;
mod budget;
mod date;
mod driver;
mod follow;
mod record;
mod referee;
mod rng;
mod shard;
mod table;

pub mod analyze;
pub mod ataxx;
pub mod filler;
pub mod fruit_rage;
pub mod openings;
pub mod player;
pub mod reversi;
pub mod stats;

pub use args::{Match, MatchArgs, usage_error};
pub use budget::{decide, time_use};
pub use date::utc_date;
pub use driver::{ExportFile, play, read_openings};
pub use referee::{GameRecord, GameSetup, Referee, Side};
pub use rng::{Rng, stream_seed};
pub use shard::Shard;
