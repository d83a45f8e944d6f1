//! `duel`: arena, perft, solve and bench for every game.

use clap::{Parser, Subcommand};
use duel_grader::reversi;
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
    /// Solve positions read from stdin, one a line.
    #[command(subcommand)]
    Solve(SolveGame),
    /// Benchmark a game's solver on a suite of positions.
    #[command(subcommand)]
    Bench(BenchGame),
}

#[derive(Subcommand, Debug)]
enum PerftGame {
    /// Reversi from the start position (a pass is a ply).
    Reversi(reversi::PerftArgs),
}

#[derive(Subcommand, Debug)]
enum SolveGame {
    /// Reversi: `<64 cells> <X|O>` lines in, `<move> <score>` lines out.
    Reversi(reversi::SolveArgs),
}

#[derive(Subcommand, Debug)]
enum BenchGame {
    /// Reversi: the FFO endgame suite, solved exactly.
    Reversi(reversi::BenchArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Perft(PerftGame::Reversi(args)) => reversi::perft(&args),
        Command::Solve(SolveGame::Reversi(args)) => reversi::solve_lines(&args),
        Command::Bench(BenchGame::Reversi(args)) => reversi::bench(&args),
    }
}
