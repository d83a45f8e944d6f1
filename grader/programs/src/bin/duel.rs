//! `duel`: arena, perft, solve and bench for every game.

use clap::{Parser, Subcommand};
use duel_arena::{self as arena, openings};
use duel_programs::{ataxx, bench, reversi};
use duel_protocols::stake;
use std::process::ExitCode;

/// duel: five contest games, one engine. Play programs against each other, count perft nodes,
/// solve positions exactly, benchmark the engines, and make opening suites.
#[derive(Parser, Debug)]
#[command(name = "duel", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play two programs (or built-ins) against each other under a contest's protocol and rules.
    // Boxed: the arena's options are far larger than any other command's.
    #[command(subcommand)]
    Arena(Box<ArenaGame>),
    /// Count the leaf nodes of the game tree from a position, depth by depth.
    #[command(subcommand)]
    Perft(PerftGame),
    /// Read positions on standard input and print their answers, one line each.
    #[command(subcommand)]
    Solve(SolveGame),
    /// A game's bench signature (`N nodes N nps`), or Reversi's FFO endgame suite (`--ffo`).
    #[command(subcommand)]
    Bench(BenchGame),
    /// Find where games were lost: score every position of a record (JSON lines, GGF, PGN)
    /// with a deep search, print each game's value curve, its decisive mistake, and a
    /// histogram of those by phase.
    Analyze(arena::analyze::AnalyzeArgs),
    /// Make an opening suite for the arena (random plies from a seed, balanced by a search).
    #[command(subcommand)]
    Openings(openings::OpeningsGame),
}

#[derive(Subcommand, Debug)]
enum ArenaGame {
    /// Reversi through the contest's grader protocol, 10 s of thinking per program per game.
    Reversi(arena::reversi::ArenaArgs),
    /// Filler: random boards played twice with sides swapped, each move a fresh process, 1 s.
    ///
    /// A command's `{moves}` becomes the moves played so far, both sides counted, which the
    /// contest's board does not show: `--a "./filler --moves-played {moves}"`.
    Filler(arena::filler::ArenaArgs),
    /// The Fruit Rage: input.txt → output.txt in a fresh process per move, CPU time charged.
    FruitRage(arena::fruit_rage::ArenaArgs),
    /// Ataxx: two Botzone bots under the judge's rules, 1 s a turn, keep-running honoured.
    Ataxx(arena::ataxx::ArenaArgs),
}

#[derive(Subcommand, Debug)]
enum PerftGame {
    /// Reversi from the start position (a pass is a ply).
    Reversi(reversi::PerftArgs),
    /// Ataxx from the start position or a FEN (a forced pass is a ply under standard rules).
    Ataxx(ataxx::PerftArgs),
}

#[derive(Subcommand, Debug)]
enum SolveGame {
    /// Reversi: `<64 cells> <X|O>` lines in, `<move> <score>` lines out.
    Reversi(reversi::SolveArgs),
    /// Stake Your Claim: the contest's input and output (best move and value, `(r,c) v`).
    Stake(stake::SolveArgs),
    /// Ataxx: FEN lines in, `<move> <margin> <depth> <nodes> <micros>` lines out (proven).
    Ataxx(ataxx::SolveArgs),
}

#[derive(Subcommand, Debug)]
enum BenchGame {
    /// Reversi: the bench signature, or with `--ffo` the FFO endgame suite solved exactly.
    Reversi(reversi::BenchArgs),
    /// Ataxx: the bench signature.
    Ataxx(bench::BenchArgs),
    /// Filler: the bench signature.
    Filler(bench::BenchArgs),
    /// The Fruit Rage: the bench signature.
    FruitRage(bench::BenchArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Arena(game) => match *game {
            ArenaGame::Reversi(args) => arena::reversi::arena(&args),
            ArenaGame::Filler(args) => arena::filler::arena(&args),
            ArenaGame::FruitRage(args) => arena::fruit_rage::arena(&args),
            ArenaGame::Ataxx(args) => arena::ataxx::arena(&args),
        },
        Command::Perft(PerftGame::Reversi(args)) => reversi::perft(&args),
        Command::Perft(PerftGame::Ataxx(args)) => ataxx::perft(&args),
        Command::Solve(SolveGame::Reversi(args)) => reversi::solve_lines(&args),
        Command::Solve(SolveGame::Stake(args)) => stake::solve_stdin(&args),
        Command::Solve(SolveGame::Ataxx(args)) => ataxx::solve_lines(&args),
        Command::Bench(BenchGame::Reversi(args)) => reversi::bench(&args),
        Command::Bench(BenchGame::Ataxx(args)) => bench::main(bench::Game::Ataxx, &args),
        Command::Bench(BenchGame::Filler(args)) => bench::main(bench::Game::Filler, &args),
        Command::Bench(BenchGame::FruitRage(args)) => bench::main(bench::Game::FruitRage, &args),
        Command::Analyze(args) => arena::analyze::analyze(&args),
        Command::Openings(game) => openings::openings(&game),
    }
}
