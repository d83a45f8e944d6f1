//! Ataxx in `duel`: its registry entry ([`ENTRY`]), `duel perft|solve|bench ataxx` (the
//! Botzone bot and the UAI engine behind `ataxx` are `duel_protocols::botzone` and
//! `duel_protocols::uai`).

use crate::bench::{Bench, BenchArgs, Searches};
use crate::games::GameEntry;
use duel_arena::ataxx::RulesArg;
use duel_arena::openings::OpeningsArgs;
use duel_core::ataxx::{Board, Rules, perft as count};
use duel_protocols::clock::WallClock;
use std::process::ExitCode;
use std::time::Instant;

/// Ataxx as `duel` knows it.
pub static ENTRY: GameEntry = GameEntry {
    name: "ataxx",
    arena: Some(crate::hook!(
        duel_arena::ataxx::ArenaArgs,
        duel_arena::ataxx::arena,
        "Ataxx: two Botzone bots under the judge's rules, 1 s a turn, keep-running honoured"
    )),
    perft: Some(crate::hook!(
        PerftArgs,
        perft,
        "Ataxx from the start position or a FEN (a forced pass is a ply under standard rules)"
    )),
    solve: Some(crate::hook!(
        SolveArgs,
        solve_lines,
        "Ataxx: FEN lines in, `<move> <margin> <nodes> <micros>` lines out (proven)"
    )),
    bench: Some(crate::hook!(
        BenchArgs,
        |args| crate::bench::main(&BENCH, args),
        "Ataxx: the bench signature"
    )),
    analyze: Some(&duel_arena::analyze::ataxx::ANALYSIS),
    openings: Some(crate::hook!(
        OpeningsArgs,
        duel_arena::openings::ataxx::openings,
        "Ataxx UAI move lists (default 4 plies)"
    )),
};

/// Ataxx's bench: the first lines of the arena's 4-ply opening suite (Botzone's rules), to
/// depth 9.
pub static BENCH: Bench = Bench {
    program: "ataxx",
    default_depth: 9,
    search: bench_search,
};

/// The opening suite whose first lines are the bench's positions.
const BENCH_OPENINGS: &str = include_str!("../../../data/openings/ataxx-4ply.txt");

/// Searches the bench's positions.
fn bench_search(table: &mut [duel_core::Entry], searches: &mut Searches) -> Result<(), String> {
    use duel_core::ataxx::{Match, Move, Player};
    for line in crate::bench::opening_lines(BENCH_OPENINGS) {
        let mut game = Match::from_board(Board::start(Rules::Botzone));
        for word in line.split_whitespace() {
            let mv = Move::parse_uai(word).map_err(|e| format!("{line:?}: {e}"))?;
            game.play(mv).map_err(|e| format!("{line:?}: {e}"))?;
        }
        table.fill(duel_core::Entry::default());
        let player = Player::new(table, duel_core::TimeUse::ThisMove);
        searches.search(player, &game, |mv| mv.to_string());
    }
    Ok(())
}

/// `duel perft ataxx DEPTH [--fen F] [--rules botzone|standard]`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// The deepest ply to count.
    pub depth: u32,
    /// The position (FEN: rows from the top, `x` black, `o` white, `-` blocked; side; clocks);
    /// the start position by default.
    #[arg(long)]
    pub fen: Option<String>,
    /// The rules that decide passes and the end of the game.
    #[arg(long, value_enum, default_value = "standard")]
    pub rules: RulesArg,
}

/// Counts leaf nodes, printing `DEPTH NODES SECONDS` for each depth from 1.
pub fn perft(args: &PerftArgs) -> ExitCode {
    let rules = Rules::from(args.rules);
    let board = match &args.fen {
        Some(fen) => match Board::from_fen(fen, rules) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("duel: {e}");
                return ExitCode::from(2);
            }
        },
        None => Board::start(rules),
    };
    for depth in 1..=args.depth {
        let start = Instant::now();
        let nodes = count(&board, depth);
        println!("{depth} {nodes} {:.3}", start.elapsed().as_secs_f64());
    }
    ExitCode::SUCCESS
}

/// `duel solve ataxx`: FENs on stdin, one a line (`#` comments and blank lines skipped), one
/// `<move> <margin> <nodes> <micros>` line each (the proven best move and the final margin for
/// the side to move, by the player's exact solve), or `unsolved - <nodes> <micros>` when no
/// proof was found within the budget; `over <margin>` for a finished game.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// The rules that decide passes and the end of the game.
    #[arg(long, value_enum, default_value = "standard")]
    pub rules: RulesArg,
    /// Give up on a position after this many milliseconds (no limit by default).
    #[arg(long)]
    pub millis: Option<u64>,
    /// Give up on a position after this many nodes (no limit by default).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Transposition table size in MiB (cleared between positions).
    #[arg(long, default_value_t = 16)]
    pub hash_mib: usize,
}

/// The final margin of an exact score (`ataxx::WIN` and a piece a [`ataxx::PIECE`] a unit).
fn margin_of(score: i32) -> i32 {
    (score - score.signum() * duel_core::ataxx::WIN) / duel_core::ataxx::PIECE
}

/// Solves each FEN of stdin exactly; a malformed line stops with `duel: line N: ...`, exit 2.
pub fn solve_lines(args: &SolveArgs) -> ExitCode {
    use duel_core::ataxx::Match;
    use duel_core::{Entry, Limits, Player as _, TimeUse, ataxx};
    use std::io::{BufRead, Write};
    let entries = (args.hash_mib.max(1) << 20) / std::mem::size_of::<Entry>();
    let mut table = vec![Entry::default(); entries];
    let clock = WallClock::start();
    let mut out = std::io::stdout().lock();
    for (i, line) in std::io::stdin().lock().lines().enumerate() {
        let n = i + 1;
        let Ok(line) = line else {
            eprintln!("duel: line {n}: not valid UTF-8 text");
            return ExitCode::from(2);
        };
        let fen = line.trim();
        if fen.is_empty() || fen.starts_with('#') {
            continue;
        }
        let board = match Board::from_fen(fen, args.rules.into()) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("duel: line {n}: {e}");
                return ExitCode::from(2);
            }
        };
        let text = if let Some(margin) = board.final_margin() {
            format!("over {margin}")
        } else {
            table.fill(Entry::default());
            let start = Instant::now();
            // Both bind; unproven, the player searches one ply with what is left: no more.
            let limits = match args.millis {
                Some(ms) => Limits::millis(ms),
                None => Limits::NONE,
            };
            let (mut budget, _) = limits
                .with_nodes(args.nodes)
                .with_depth(Some(1))
                .budget_now(&clock);
            let decision = ataxx::Player::new(&mut table, TimeUse::ThisMove)
                .solving_exactly()
                .choose(&Match::from_board(board), &mut budget);
            let micros = start.elapsed().as_micros();
            match decision {
                Some(d) if d.exact => {
                    format!("{} {} {} {micros}", d.mv, margin_of(d.score), d.nodes)
                }
                _ => format!("unsolved - {} {micros}", budget.nodes_used()),
            }
        };
        if writeln!(out, "{text}").and_then(|()| out.flush()).is_err() {
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}
