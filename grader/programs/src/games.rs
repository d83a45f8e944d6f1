//! The registry of games: what `duel`'s front ends know of each game, written once, in the
//! game's own module ([`crate::reversi::ENTRY`] and the others). `duel arena`, `perft`,
//! `solve`, `bench`, `analyze` and `openings` list the games that have the subcommand's hook,
//! in the order of [`GAMES`], and run the one named on the command line.

use duel_arena::analyze::Analysis;
use std::process::ExitCode;

/// One game as `duel` knows it: its name on the command line and the hooks it has.
pub struct GameEntry {
    /// Its name on the command line (`duel arena fruit-rage`).
    pub name: &'static str,
    /// `duel arena NAME`: its referee.
    pub arena: Option<Hook>,
    /// `duel perft NAME`.
    pub perft: Option<Hook>,
    /// `duel solve NAME`.
    pub solve: Option<Hook>,
    /// `duel bench NAME`.
    pub bench: Option<Hook>,
    /// `duel analyze NAME RECORD`: how its records are replayed and scored.
    pub analyze: Option<&'static Analysis>,
    /// `duel openings NAME`: its opening suite.
    pub openings: Option<Hook>,
}

/// A game's subcommand under one of `duel`'s commands: its help, its arguments and what runs
/// them. [`hook!`](crate::hook) makes one from a `clap::Args` type and a function of it.
pub struct Hook {
    /// The one-line help, as `duel COMMAND --help` lists it.
    pub about: &'static str,
    /// The longer help of `duel COMMAND NAME --help`, where there is more to say.
    pub long_about: Option<&'static str>,
    /// Adds the subcommand's arguments (a `clap::Args` type's `augment_args`).
    pub args: fn(clap::Command) -> clap::Command,
    /// Runs the subcommand on its parsed arguments.
    pub run: fn(&clap::ArgMatches) -> ExitCode,
}

impl Hook {
    /// The subcommand `name` with this hook's help and arguments.
    pub fn command(&self, name: &'static str) -> clap::Command {
        (self.args)(clap::Command::new(name))
            .about(self.about)
            .long_about(self.long_about)
    }
}

/// A [`Hook`] from a `clap::Args` type, a function of it returning an `ExitCode`, and the
/// help: `hook!(PerftArgs, perft, "about")` or `hook!(Args, run, "about", "long about")`.
#[macro_export]
macro_rules! hook {
    ($args:ty, $run:expr, $about:expr) => {
        $crate::hook!(@ $args, $run, $about, None)
    };
    ($args:ty, $run:expr, $about:expr, $long_about:expr) => {
        $crate::hook!(@ $args, $run, $about, Some($long_about))
    };
    (@ $args:ty, $run:expr, $about:expr, $long_about:expr) => {
        $crate::games::Hook {
            about: $about,
            long_about: $long_about,
            args: <$args as clap::Args>::augment_args,
            run: |matches| {
                match <$args as clap::FromArgMatches>::from_arg_matches(matches) {
                    Ok(args) => ($run)(&args),
                    Err(e) => e.exit(),
                }
            },
        }
    };
}

/// Every game, in the order the front ends list them.
pub static GAMES: [&GameEntry; 5] = [
    &crate::reversi::ENTRY,
    &crate::ataxx::ENTRY,
    &crate::filler::ENTRY,
    &crate::fruit_rage::ENTRY,
    &crate::stake::ENTRY,
];

/// The game named `name` on the command line.
pub fn named(name: &str) -> Option<&'static GameEntry> {
    GAMES.iter().copied().find(|game| game.name == name)
}
