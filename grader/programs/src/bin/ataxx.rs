//! `ataxx`: the Botzone Ataxx bot (simple or JSON interaction, keep-running mode), or with
//! `--uai` a UAI engine under standard rules.

use clap::Parser;
use duel_protocols::botzone::{Bot, BotOptions};
use duel_protocols::clock::WallClock;
use duel_protocols::uai::UaiServer;
use std::process::ExitCode;

/// Ataxx for Botzone: reads a turn (simple lines or JSON, told apart by the first non-blank
/// character), answers in the same form, then keeps serving single requests until end of
/// input. With --uai, speaks UAI under standard Ataxx rules instead.
#[derive(Parser, Debug)]
#[command(name = "ataxx", version)]
struct Cli {
    /// Speak UAI (standard rules) instead of Botzone's protocol.
    #[arg(long)]
    uai: bool,
    /// Botzone: wall time per turn in milliseconds, start-up and replay included.
    #[arg(long, default_value_t = 800)]
    millis: u64,
    /// Botzone: the deepest search iteration.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u8).range(1..=60))]
    depth: u8,
    /// Botzone: at most this many search nodes a turn (reproducible answers; the time limit
    /// still holds).
    #[arg(long)]
    nodes: Option<u64>,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u16).range(1..=4096))]
    hash_mb: u16,
}

fn main() -> ExitCode {
    if let Some(status) = duel_programs::bench::from_program_args(&duel_programs::ataxx::BENCH) {
        return status;
    }
    let clock = WallClock::start();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version: print them as clap would.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("bad arguments");
            eprintln!("ataxx: {}", first.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    let entries = usize::from(cli.hash_mb) * (1 << 20) / 16;
    if cli.uai {
        UaiServer::new(entries).run(&mut std::io::stdin().lock());
        return ExitCode::SUCCESS;
    }
    let options = BotOptions {
        millis: cli.millis,
        max_depth: cli.depth,
        table_entries: entries,
        max_nodes: cli.nodes,
    };
    let mut bot = Bot::new(options, clock);
    match bot.serve(&mut std::io::stdin().lock(), &mut std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ataxx: {e}");
            ExitCode::FAILURE
        }
    }
}
