//! `fruit-rage`: one move of The Fruit Rage (USC CSCI-561 fall 2017): reads `input.txt` in the
//! current directory, writes `output.txt`. `fruit-rage calibrate` writes `calibration.txt`.

use clap::{Parser, Subcommand};
use duel_protocols::clock::WallClock;
use duel_protocols::fruit_rage;
use std::path::PathBuf;
use std::process::ExitCode;

/// Plays one move of The Fruit Rage: reads input.txt (side, fruit types, remaining seconds,
/// the box) and writes output.txt (the move, then the box after it and gravity). The time a
/// move takes is decided from the remaining time and the box; with 1 s or less left it plays
/// the largest group at once. If calibration.txt (written by `fruit-rage calibrate`) is
/// present its speed caps the thinking time; a malformed one is ignored with a warning.
/// Malformed input: one line on stderr, no output.txt (a previous one is removed before
/// input.txt is read), exit status 1.
#[derive(Parser, Debug)]
#[command(name = "fruit-rage", version, about, long_about = None)]
struct Cli {
    /// The directory holding input.txt (and calibration.txt); output.txt is written there.
    #[arg(long, default_value = ".")]
    dir: PathBuf,
    /// Print the move, the time allowed, the depth and the nodes on stderr.
    #[arg(long)]
    verbose: bool,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Measure this machine's search speed (about 1.5 s) and write calibration.txt.
    Calibrate,
}

fn main() -> ExitCode {
    if let Some(status) = duel_programs::bench::from_program_args(&duel_programs::fruit_rage::BENCH)
    {
        return status;
    }
    let clock = WallClock::start();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => e.exit(),
        Err(e) => {
            let text = e.to_string();
            let line = text.lines().next().unwrap_or("bad arguments");
            eprintln!("fruit-rage: {}", line.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    match cli.command {
        Some(Command::Calibrate) => match fruit_rage::calibrate(&cli.dir) {
            Ok(nps) => {
                println!("nodes_per_second {nps}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("fruit-rage: {e}");
                ExitCode::FAILURE
            }
        },
        None => {
            let speed = match fruit_rage::read_calibration(&cli.dir) {
                Ok(speed) => speed,
                Err(e) => {
                    eprintln!("fruit-rage: warning: {e}; ignored");
                    None
                }
            };
            match fruit_rage::play_move(&cli.dir, &clock, speed) {
                Ok(r) => {
                    if cli.verbose {
                        eprintln!(
                            "move key {} think {} us depth {} nodes {}",
                            r.mv.key(),
                            r.planned_micros,
                            r.depth,
                            r.nodes
                        );
                    }
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("fruit-rage: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}
