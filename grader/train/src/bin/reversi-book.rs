//! `reversi-book`: builds the Reversi opening book (`duel_train::book`).

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Build the Reversi opening book by drop-out expansion over deep searches.
#[derive(Parser, Debug)]
#[command(name = "reversi-book", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Grow the tree (resuming from the memo file) and write the book.
    Build(duel_train::book::BuildArgs),
    /// Value the WTHOR archive's tree of openings (theoretical scores at its leaves, searches
    /// of the moves masters did not play) and write the book.
    Archive(duel_train::book_archive::ArchiveArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Build(args) => duel_train::book::build(args),
        Command::Archive(args) => duel_train::book_archive::build(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("reversi-book: {e}");
            ExitCode::from(2)
        }
    }
}
