//! Bench signatures: each engine searches a fixed set of positions to a fixed depth through its
//! [`duel_core::Player`], with a fresh table of [`TABLE_ENTRIES`] entries a position, and prints
//! `N nodes N nps`. The node count depends on nothing but the engine's search, so it is the
//! engine's signature, as `bench` is in chess engines: a test pins it, and a commit that changes
//! search behaviour names the new count (`Bench: N`) in its message. Nodes per second are the
//! speed of this machine, for comparing builds on one machine.
//!
//! The positions: Reversi and Ataxx, the first [`OPENINGS`] lines of the arena's opening
//! suites (`data/openings/`, built in); Filler, random boards the arena draws from seed 1
//! ([`duel_arena::filler::Field::random`]); The Fruit Rage, boxes of
//! [`duel_core::fruit_rage::Board::random`] from seeds 0 to 5.

use duel_arena::Rng;
use duel_core::{Budget, Decision, Entry, TimeUse};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

/// Table entries a position (2^20, 16 MiB).
pub const TABLE_ENTRIES: usize = 1 << 20;
/// Opening lines searched in Reversi and Ataxx.
pub const OPENINGS: usize = 12;

const REVERSI_OPENINGS: &str = include_str!("../../../data/openings/reversi-8ply.txt");
const ATAXX_OPENINGS: &str = include_str!("../../../data/openings/ataxx-4ply.txt");

/// A game with a bench.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Game {
    /// Reversi.
    Reversi,
    /// Ataxx (Botzone's rules).
    Ataxx,
    /// Filler.
    Filler,
    /// The Fruit Rage.
    FruitRage,
}

impl Game {
    /// The search depth of the signature.
    pub const fn default_depth(self) -> u8 {
        match self {
            Game::Reversi => 12,
            Game::Ataxx => 9,
            Game::Filler => 16,
            Game::FruitRage => 6,
        }
    }

    /// The program's name, for messages.
    pub const fn program(self) -> &'static str {
        match self {
            Game::Reversi => "reversi",
            Game::Ataxx => "ataxx",
            Game::Filler => "filler",
            Game::FruitRage => "fruit-rage",
        }
    }
}

/// What one bench found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    /// Positions searched.
    pub positions: usize,
    /// Nodes of all of them: the signature.
    pub nodes: u64,
    /// Wall time of the searches in microseconds (clearing the table not counted).
    pub micros: u64,
}

impl Report {
    /// Nodes per second (0 when no time was measured).
    pub fn nps(&self) -> u64 {
        if self.micros == 0 {
            0
        } else {
            (u128::from(self.nodes) * 1_000_000 / u128::from(self.micros)) as u64
        }
    }
}

/// Searches `game`'s bench positions to `depth` plies, calling `progress` with each position's
/// number, its node count and its best move.
///
/// # Errors
/// A built-in position that does not replay (a defect of this module, reported rather than
/// panicked on).
pub fn run(
    game: Game,
    depth: u8,
    progress: &mut dyn FnMut(usize, u64, &str),
) -> Result<Report, String> {
    let mut table = vec![Entry::default(); TABLE_ENTRIES];
    let mut report = Report {
        positions: 0,
        nodes: 0,
        micros: 0,
    };
    let mut searched = |nodes: u64, micros: u64, mv: String| {
        report.positions += 1;
        report.nodes += nodes;
        report.micros += micros;
        progress(report.positions, nodes, &mv);
    };
    match game {
        Game::Reversi => {
            for line in opening_lines(REVERSI_OPENINGS) {
                let board = reversi_position(line)?;
                table.fill(Entry::default());
                if let Some((d, micros)) = timed(
                    duel_core::reversi::Player::new(&mut table, TimeUse::ThisMove),
                    &board,
                    depth,
                ) {
                    searched(d.nodes, micros, d.mv.to_string());
                }
            }
        }
        Game::Ataxx => {
            use duel_core::ataxx::{Match, Move, Player, Rules};
            for line in opening_lines(ATAXX_OPENINGS) {
                let mut game = Match::from_board(duel_core::ataxx::Board::start(Rules::Botzone));
                for word in line.split_whitespace() {
                    let mv = Move::parse_uai(word).map_err(|e| format!("{line:?}: {e}"))?;
                    game.play(mv).map_err(|e| format!("{line:?}: {e}"))?;
                }
                table.fill(Entry::default());
                if let Some((d, micros)) =
                    timed(Player::new(&mut table, TimeUse::ThisMove), &game, depth)
                {
                    searched(d.nodes, micros, d.mv.to_string());
                }
            }
        }
        Game::Filler => {
            use duel_core::filler::{Board, Grid, Player};
            let mut rng = Rng::new(1, 0);
            for size in [10, 10, 15, 15, 20, 20] {
                let text = duel_arena::filler::Field::random(size, &mut rng).protocol_text(1);
                let grid = Grid::parse(text.as_bytes()).map_err(|e| e.to_string())?;
                let board = Board::from_grid(&grid);
                table.fill(Entry::default());
                if let Some((d, micros)) = timed(Player::new(&mut table), &board, depth) {
                    searched(d.nodes, micros, d.mv.to_string());
                }
            }
        }
        Game::FruitRage => {
            use duel_core::fruit_rage::{Board, Player};
            for (seed, (size, types)) in [(8, 3), (8, 6), (12, 4), (12, 9), (18, 5), (26, 9)]
                .into_iter()
                .enumerate()
            {
                let board = Board::random(size, types, seed as u64).map_err(|e| e.to_string())?;
                table.fill(Entry::default());
                if let Some((d, micros)) = timed(
                    Player::new(&mut table, TimeUse::ThisMove, None),
                    &board,
                    depth,
                ) {
                    searched(d.nodes, micros, board.label(d.mv).to_string());
                }
            }
        }
    }
    Ok(report)
}

/// `player`'s decision on `position` searched to `depth`, and the microseconds it took.
fn timed<P: duel_core::Player>(
    mut player: P,
    position: &P::Position,
    depth: u8,
) -> Option<(Decision<P::Move>, u64)> {
    let start = Instant::now();
    let decision = player.choose(position, &mut Budget::unlimited().with_max_depth(depth))?;
    let micros = u64::try_from(start.elapsed().as_micros()).unwrap_or(u64::MAX);
    Some((decision, micros))
}

/// The first [`OPENINGS`] lines of an opening suite.
fn opening_lines(suite: &str) -> impl Iterator<Item = &str> {
    suite
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(OPENINGS)
}

/// The Reversi position after a line of squares (`f5d6c3`), passes implied.
fn reversi_position(line: &str) -> Result<duel_core::reversi::Board, String> {
    use duel_core::reversi::{Board, Move, Square};
    let mut board = Board::start();
    for k in (0..line.len()).step_by(2) {
        let name = line
            .get(k..k + 2)
            .ok_or_else(|| format!("{line:?}: odd length"))?;
        let square = Square::parse(name).map_err(|e| format!("{line:?}: {e}"))?;
        if !board.has_move() {
            board = board.pass();
        }
        board = board
            .play(Move::Place(square))
            .map_err(|e| format!("{line:?}: {e}"))?;
    }
    Ok(board)
}

/// Arguments of `bench`.
#[derive(clap::Args, Debug, Clone)]
pub struct BenchArgs {
    /// The search depth [default: the game's signature depth].
    #[arg(long)]
    pub depth: Option<u8>,
}

/// `bench`: each position's number, nodes and move on stderr, then `N nodes N nps` on stdout.
pub fn main(game: Game, args: &BenchArgs) -> ExitCode {
    let depth = args.depth.unwrap_or(game.default_depth()).max(1);
    let name = game.program();
    let mut progress = |k: usize, nodes: u64, mv: &str| {
        eprintln!("{name} bench: position {k}: {nodes} nodes, {mv}");
    };
    match run(game, depth, &mut progress) {
        Ok(report) => {
            let mut out = std::io::stdout().lock();
            match writeln!(out, "{} nodes {} nps", report.nodes, report.nps()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("{name}: cannot write: {e}");
                    ExitCode::from(1)
                }
            }
        }
        Err(e) => {
            eprintln!("{name} bench: {e}");
            ExitCode::from(2)
        }
    }
}

/// For a contest program: when its first argument is `bench`, runs the bench with the rest
/// (`--depth D`, `--help`) and returns its exit status; otherwise `None`.
pub fn from_program_args(game: Game) -> Option<ExitCode> {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) != Some("bench") {
        return None;
    }
    /// Search the bench positions to a fixed depth and print `N nodes N nps`: the node count
    /// is the engine's signature, the speed this machine's.
    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        bench: BenchArgs,
    }
    let name = format!("{} bench", game.program());
    let cli = match <Cli as clap::Parser>::try_parse_from(
        std::iter::once(name.clone()).chain(args.into_iter().skip(2)),
    ) {
        Ok(cli) => cli,
        Err(e) => {
            let text = e.to_string();
            if matches!(
                e.kind(),
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion
            ) {
                print!("{text}");
                return Some(ExitCode::SUCCESS);
            }
            let first = text.lines().next().unwrap_or("bad arguments");
            eprintln!("{name}: {}", first.trim_start_matches("error: "));
            return Some(ExitCode::from(2));
        }
    };
    Some(main(game, &cli.bench))
}
