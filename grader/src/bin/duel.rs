//! `duel`: arena, perft, solve and bench for every game.

use clap::{Parser, Subcommand};
use duel_grader::{ataxx, reversi};
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
}

#[derive(Subcommand, Debug)]
enum PerftGame {
    /// Reversi from the start position (a pass is a ply).
    Reversi(reversi::PerftArgs),
    /// Ataxx from the start position or a FEN (a forced pass is a ply under standard rules).
    Ataxx(ataxx::PerftArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Perft(PerftGame::Reversi(args)) => reversi::perft(&args),
        Command::Perft(PerftGame::Ataxx(args)) => ataxx::perft(&args),
    }
}
