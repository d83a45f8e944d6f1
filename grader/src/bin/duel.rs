//! `duel`: arena, perft, solve and bench for every game.

use clap::{Parser, Subcommand};
use duel_grader::{reversi, stake};
use std::process::ExitCode;

/// duel: five contest games, one engine. Play programs against each other, count perft nodes,
/// solve positions exactly, and benchmark the engines.
#[derive(Parser, Debug)]
#[command(name = "duel", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaf nodes of the game tree from a position, depth by depth.
    #[command(subcommand)]
    Perft(PerftGame),
    /// Read positions on standard input and print their exact answers.
    #[command(subcommand)]
    Solve(SolveGame),
}

#[derive(Subcommand, Debug)]
enum PerftGame {
    /// Reversi from the start position (a pass is a ply).
    Reversi(reversi::PerftArgs),
}

#[derive(Subcommand, Debug)]
enum SolveGame {
    /// Stake Your Claim: the contest's input and output (best move and value, `(r,c) v`).
    Stake(stake::SolveArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Perft(PerftGame::Reversi(args)) => reversi::perft(&args),
        Command::Solve(SolveGame::Stake(args)) => stake::solve_stdin(&args),
    }
}
