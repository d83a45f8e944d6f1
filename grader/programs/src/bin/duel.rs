//! `duel`: arena, perft, solve and bench for every game.

use clap::{Parser, Subcommand};
use duel_programs::choice::{AnalyzeChoice, Arena, Bench, Choice, Openings, Perft, Solve};
use std::process::ExitCode;

/// duel: five contest games, one engine. Play programs against each other, count perft nodes,
/// solve positions exactly, benchmark the engines, and make opening suites.
#[derive(Parser)]
#[command(name = "duel", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The commands; their subcommands are the games of `duel_programs::games::GAMES`.
#[derive(Subcommand)]
enum Command {
    /// Play two programs (or built-ins) against each other under a contest's protocol and rules.
    #[command(subcommand)]
    Arena(Choice<Arena>),
    /// Count the leaf nodes of the game tree from a position, depth by depth.
    #[command(subcommand)]
    Perft(Choice<Perft>),
    /// Read positions on standard input and print their answers, one line each.
    #[command(subcommand)]
    Solve(Choice<Solve>),
    /// A game's bench signature (`N nodes N nps`), or Reversi's FFO endgame suite (`--ffo`).
    #[command(subcommand)]
    Bench(Choice<Bench>),
    /// Find where games were lost: score every position of a record (JSON lines, GGF, PGN)
    /// with a deep search, print each game's value curve, its decisive mistake, and a
    /// histogram of those by phase.
    Analyze(AnalyzeChoice),
    /// Make an opening suite for the arena (random plies from a seed, balanced by a search).
    #[command(subcommand)]
    Openings(Choice<Openings>),
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Arena(game) => game.run(),
        Command::Perft(game) => game.run(),
        Command::Solve(game) => game.run(),
        Command::Bench(game) => game.run(),
        Command::Analyze(game) => game.run(),
        Command::Openings(game) => game.run(),
    }
}
