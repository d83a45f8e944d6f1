//! `duel`'s command line over the registry: [`Choice`] is a clap subcommand whose variants are
//! the games of [`GAMES`] that have one command's hook, and [`AnalyzeChoice`] the arguments of
//! `duel analyze`, whose game is one of those with an [`Analysis`].

use crate::games::{GAMES, GameEntry, Hook, named};
use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{ArgMatches, Command, FromArgMatches};
use duel_arena::analyze::{Analysis, AnalyzeArgs};
use std::marker::PhantomData;
use std::process::ExitCode;

/// One of `duel`'s commands whose subcommands are games: which hook of a game it runs.
pub trait Front {
    /// The command's hook of `game`, if the game has one.
    fn hook(game: &'static GameEntry) -> Option<&'static Hook>;
}

/// `duel arena`.
pub enum Arena {}
/// `duel perft`.
pub enum Perft {}
/// `duel solve`.
pub enum Solve {}
/// `duel bench`.
pub enum Bench {}
/// `duel openings`.
pub enum Openings {}

impl Front for Arena {
    fn hook(game: &'static GameEntry) -> Option<&'static Hook> {
        game.arena.as_ref()
    }
}

impl Front for Perft {
    fn hook(game: &'static GameEntry) -> Option<&'static Hook> {
        game.perft.as_ref()
    }
}

impl Front for Solve {
    fn hook(game: &'static GameEntry) -> Option<&'static Hook> {
        game.solve.as_ref()
    }
}

impl Front for Bench {
    fn hook(game: &'static GameEntry) -> Option<&'static Hook> {
        game.bench.as_ref()
    }
}

impl Front for Openings {
    fn hook(game: &'static GameEntry) -> Option<&'static Hook> {
        game.openings.as_ref()
    }
}

/// The game chosen under command `F`, with its parsed arguments.
pub struct Choice<F> {
    hook: &'static Hook,
    matches: ArgMatches,
    front: PhantomData<F>,
}

impl<F> Choice<F> {
    /// Runs the chosen game's hook.
    pub fn run(&self) -> ExitCode {
        (self.hook.run)(&self.matches)
    }
}

impl<F: Front> FromArgMatches for Choice<F> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let (name, sub) = matches
            .subcommand()
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::MissingSubcommand))?;
        let hook = named(name)
            .and_then(F::hook)
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidSubcommand))?;
        Ok(Choice {
            hook,
            matches: sub.clone(),
            front: PhantomData,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl<F: Front> clap::Subcommand for Choice<F> {
    fn augment_subcommands(command: Command) -> Command {
        GAMES
            .iter()
            .fold(command, |command, game| match F::hook(game) {
                Some(hook) => command.subcommand(hook.command(game.name)),
                None => command,
            })
    }

    fn augment_subcommands_for_update(command: Command) -> Command {
        Self::augment_subcommands(command)
    }

    fn has_subcommand(name: &str) -> bool {
        named(name).and_then(F::hook).is_some()
    }
}

/// `duel analyze GAME RECORD`: the game, the options of every analysis, and the game's own.
pub struct AnalyzeChoice {
    analysis: &'static Analysis,
    args: AnalyzeArgs,
    matches: ArgMatches,
}

impl AnalyzeChoice {
    /// Runs `duel analyze`.
    pub fn run(&self) -> ExitCode {
        duel_arena::analyze::analyze(self.analysis, &self.args, &self.matches)
    }
}

/// The games `duel analyze` reads, with their analyses.
fn analyses() -> impl Iterator<Item = (&'static str, &'static Analysis)> {
    GAMES
        .iter()
        .filter_map(|game| Some((game.name, game.analyze?)))
}

impl FromArgMatches for AnalyzeChoice {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let name = matches
            .get_one::<String>("game")
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::MissingRequiredArgument))?;
        let analysis = analyses()
            .find(|(n, _)| n == name)
            .map(|(_, a)| a)
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidValue))?;
        Ok(AnalyzeChoice {
            analysis,
            args: AnalyzeArgs::from_arg_matches(matches)?,
            matches: matches.clone(),
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Args for AnalyzeChoice {
    fn augment_args(command: Command) -> Command {
        let games = analyses().map(|(name, a)| PossibleValue::new(name).help(a.help()));
        let command = command.arg(
            clap::Arg::new("game")
                .value_name("GAME")
                .required(true)
                .value_parser(PossibleValuesParser::new(games))
                .help("The game the record holds"),
        );
        let command = <AnalyzeArgs as clap::Args>::augment_args(command);
        analyses().fold(command, |command, (_, a)| a.augment(command))
    }

    fn augment_args_for_update(command: Command) -> Command {
        Self::augment_args(command)
    }
}
