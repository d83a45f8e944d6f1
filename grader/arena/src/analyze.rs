//! `duel analyze`: where a game was lost. Replays each game of a record (the arena's `--record`
//! JSON lines, GGF for Reversi, PGN for Ataxx), scores every position with duel's own engine
//! (a node-limited or timed search; exact where the solver reaches), and prints each game's
//! value curve and its **decisive mistake**: the last move of the loser that turned its
//! position from not lost (value ≥ 0 for it) to lost (< 0) by that search. A histogram of those
//! moves by phase (empty cells; in Filler, moves left to the limit) ends the report.
//!
//! Values are in the game's own units (discs, pieces, cells) from the first mover's side (Black;
//! in Filler the player who moved first), `*` marking the exact ones; a search's evaluation is
//! a fraction of a disc, piece or cell. Filler's values are exact only within
//! [`filler::EXACT_PLIES`] moves of the limit, where the engine's narrower game is Filler's.

use crate::record::RecordLine;
use duel_core::{Budget, Colour, Entry, Player as _, TimeUse, ataxx, filler, reversi};
use duel_protocols::clock::WallClock;
use duel_protocols::ggf::{GgfGame, GgfResult};
use duel_protocols::pgn;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// The games `duel analyze` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum AnalyzedGame {
    /// Reversi: `--record` JSON lines or GGF.
    Reversi,
    /// Ataxx: `--record` JSON lines or PGN.
    Ataxx,
    /// Filler: `--record` JSON lines.
    Filler,
}

impl AnalyzedGame {
    /// The names of the side that moves first and of the other, as the report prints them.
    fn side_names(self) -> [&'static str; 2] {
        match self {
            AnalyzedGame::Reversi | AnalyzedGame::Ataxx => ["black", "white"],
            AnalyzedGame::Filler => ["first", "second"],
        }
    }

    /// The name of `side` in this game, as the report prints it: [`Colour::Black`] is the side
    /// that moves first from the start position (in Filler, the player who moves first on the
    /// record's board).
    fn side_name(self, side: Colour) -> &'static str {
        self.side_names()[usize::from(side == Colour::White)]
    }

    /// What a position's phase counts.
    fn phase_unit(self) -> &'static str {
        match self {
            AnalyzedGame::Reversi | AnalyzedGame::Ataxx => "empty cells",
            AnalyzedGame::Filler => "moves left",
        }
    }
}

/// `duel analyze GAME RECORD`.
#[derive(clap::Args, Debug)]
pub struct AnalyzeArgs {
    /// The game the record holds.
    #[arg(value_enum)]
    game: AnalyzedGame,
    /// The record: the arena's `--record` JSON lines, GGF (Reversi, one game a line) or PGN
    /// (Ataxx), told apart by the first character (`{`, `(`, `[`).
    record: PathBuf,
    /// Nodes a position (reproducible); the default when `--millis` is not given is 1000000.
    #[arg(long)]
    nodes: Option<u64>,
    /// Milliseconds a position instead of a node limit.
    #[arg(long, conflicts_with = "nodes")]
    millis: Option<u64>,
    /// Games analysed at once (one thread and one table each).
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// The transposition table of each game, in MiB.
    #[arg(long, default_value_t = 16)]
    hash_mib: usize,
    /// Ataxx: the rules the games were played under.
    #[arg(long, value_enum, default_value_t = crate::ataxx::RulesArg::Botzone)]
    rules: crate::ataxx::RulesArg,
    /// Filler: the move limit the games were played under (the arena's `--max-moves`).
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u8).range(1..))]
    max_moves: u8,
}

/// One game to analyse: its positions and how it ended.
enum Replay {
    Reversi(Vec<reversi::Board>),
    Ataxx(Vec<ataxx::Match>),
    Filler(Vec<filler::Board>),
}

/// A game of the record, replayed.
struct Game {
    /// How the report names it.
    label: String,
    /// The positions from the start of the record's moves to the end, one more than `moves`.
    replay: Replay,
    /// The moves, in the game's notation.
    moves: Vec<String>,
    /// The plies played before the first of `moves` (the opening's, in a `--record` line).
    first_ply: usize,
    /// Who lost, if anyone.
    loser: Option<Colour>,
    /// Black's final margin as the record says it (or the final board, if it says none).
    black_margin: Option<i64>,
}

/// One position's analysis.
#[derive(Clone, Copy, Debug)]
struct Point {
    /// The phase: empty cells (in Filler, moves left to the limit).
    empties: u32,
    /// Whose move it is.
    to_move: Colour,
    /// The value for Black, in discs or pieces.
    black_value: f64,
    /// Whether the value is proven.
    exact: bool,
}

/// What the search is given for each position.
#[derive(Clone, Copy, Debug)]
enum Limit {
    Nodes(u64),
    Millis(u64),
}

/// Runs `duel analyze`.
pub fn analyze(args: &AnalyzeArgs) -> ExitCode {
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("duel analyze: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &AnalyzeArgs) -> Result<(), String> {
    if args.concurrency == 0 {
        return Err("--concurrency must be 1 or more".into());
    }
    let text = std::fs::read_to_string(&args.record)
        .map_err(|e| format!("{}: {e}", args.record.display()))?;
    let games = read_record(args, &text).map_err(|e| format!("{}: {e}", args.record.display()))?;
    if games.is_empty() {
        return Err(format!("{}: no games", args.record.display()));
    }
    let limit = match args.millis {
        Some(ms) => Limit::Millis(ms),
        None => Limit::Nodes(args.nodes.unwrap_or(1_000_000)),
    };
    let entries = (args.hash_mib << 20) / core::mem::size_of::<Entry>();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Vec<Point>>>> = Mutex::new(vec![None; games.len()]);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..args.concurrency.min(games.len()) {
            scope.spawn(|| {
                let mut table = vec![Entry::default(); entries.max(1)];
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(game) = games.get(i) else { break };
                    table.fill(Entry::default());
                    let points = analyse(&game.replay, &mut table, limit);
                    eprintln!(
                        "analyze: {} done ({} positions, {:.1} s)",
                        game.label,
                        points.len(),
                        started.elapsed().as_secs_f64()
                    );
                    if let Ok(mut r) = results.lock() {
                        r[i] = Some(points);
                    }
                }
            });
        }
    });
    let results = results.into_inner().map_err(|_| "a worker failed")?;
    let mut histogram = Histogram::default();
    let mut lost = [[0.0f64; BANDS]; 2];
    for (game, points) in games.iter().zip(results) {
        let points = points.ok_or("a game was not analysed")?;
        let decisive = decisive_mistake(&points, game.loser);
        print_game(args.game, game, &points, decisive);
        histogram.add(game.loser.map(|_| decisive.map(|(i, _)| points[i].empties)));
        for (side, colour) in [Colour::Black, Colour::White].into_iter().enumerate() {
            for (band, value) in value_lost(&points, colour).into_iter().enumerate() {
                lost[side][band] += value;
            }
        }
    }
    histogram.print(args.game.phase_unit());
    print_value_lost(args.game, &lost, games.len());
    Ok(())
}

/// Reads the games of a record, by its format.
fn read_record(args: &AnalyzeArgs, text: &str) -> Result<Vec<Game>, String> {
    let first = text.trim_start().chars().next();
    match (args.game, first) {
        (_, None) => Ok(Vec::new()),
        (game, Some('{')) => text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(n, line)| {
                let record: RecordLine = serde_json::from_str(line)
                    .map_err(|e| format!("line {}: not a JSON game record: {e}", n + 1))?;
                match game {
                    AnalyzedGame::Reversi => reversi_from_record(&record),
                    AnalyzedGame::Ataxx => ataxx_from_record(&record, args.rules),
                    AnalyzedGame::Filler => filler_from_record(&record, args.max_moves),
                }
                .map_err(|e| format!("line {}: {e}", n + 1))
            })
            .collect(),
        (AnalyzedGame::Reversi, Some('(')) => text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(n, line)| {
                let ggf =
                    GgfGame::parse(line.trim()).map_err(|e| format!("line {}: {e}", n + 1))?;
                reversi_from_ggf(&ggf, n + 1).map_err(|e| format!("line {}: {e}", n + 1))
            })
            .collect(),
        (AnalyzedGame::Ataxx, Some('[')) => pgn::parse_games(text)?
            .iter()
            .enumerate()
            .map(|(n, g)| {
                ataxx_from_pgn(g, n + 1, args.rules).map_err(|e| format!("game {}: {e}", n + 1))
            })
            .collect(),
        (AnalyzedGame::Reversi, Some(_)) => {
            Err("not a record: JSON lines (`{`) or GGF (`(;`) expected".into())
        }
        (AnalyzedGame::Ataxx, Some(_)) => {
            Err("not a record: JSON lines (`{`) or PGN (`[`) expected".into())
        }
        (AnalyzedGame::Filler, Some(_)) => Err("not a record: JSON lines (`{`) expected".into()),
    }
}

/// The colour that lost a `--record` game whose first mover (after the opening) is
/// `first_mover`.
fn record_loser(record: &RecordLine, first_mover: Colour) -> Option<Colour> {
    let winner_moved_first = record
        .winner
        .map(|w| (w == crate::Side::A) == record.a_first)?;
    let winner = if winner_moved_first {
        first_mover
    } else {
        first_mover.other()
    };
    Some(winner.other())
}

/// A Reversi `--record` line, replayed.
fn reversi_from_record(record: &RecordLine) -> Result<Game, String> {
    let opening = crate::reversi::Opening::parse(&record.opening)?;
    let first = opening.board.to_move();
    let moves = record
        .moves
        .iter()
        .map(|m| reversi::Move::parse(m).map_err(|_| format!("{m:?} is not a move")))
        .collect::<Result<Vec<_>, _>>()?;
    let positions = replay_reversi(opening.board, &moves)?;
    let a_colour = if record.a_first { first } else { first.other() };
    let black_margin = if a_colour == Colour::Black {
        record.margin
    } else {
        -record.margin
    };
    Ok(Game {
        label: format!("game {} (pair {})", record.game, record.pair),
        replay: Replay::Reversi(positions),
        moves: record.moves.clone(),
        first_ply: opening.moves.len(),
        loser: record_loser(record, first),
        black_margin: Some(black_margin),
    })
}

/// A GGF game, replayed.
fn reversi_from_ggf(ggf: &GgfGame, number: usize) -> Result<Game, String> {
    let moves: Vec<reversi::Move> = ggf.moves().iter().map(|m| m.mv).collect();
    let positions = replay_reversi(*ggf.start(), &moves)?;
    let end = positions.last().copied().unwrap_or(*ggf.start());
    let black_margin = match ggf.result {
        GgfResult::Discs {
            black_minus_white, ..
        } => Some(i64::from(black_minus_white)),
        GgfResult::Unknown if end.is_over() => {
            Some(i64::from(end.black().len()) - i64::from(end.white().len()))
        }
        GgfResult::Unknown => None,
    };
    Ok(Game {
        label: format!("game {number} ({} - {})", ggf.black, ggf.white),
        replay: Replay::Reversi(positions),
        moves: moves.iter().map(|m| m.to_string()).collect(),
        first_ply: 0,
        loser: black_margin.and_then(loser_of_margin),
        black_margin,
    })
}

/// The loser of a game that Black won by `black_margin`.
fn loser_of_margin(black_margin: i64) -> Option<Colour> {
    match black_margin.signum() {
        1 => Some(Colour::White),
        -1 => Some(Colour::Black),
        _ => None,
    }
}

/// The positions from `start` through `moves`: one more than the moves.
fn replay_reversi(
    start: reversi::Board,
    moves: &[reversi::Move],
) -> Result<Vec<reversi::Board>, String> {
    let mut positions = vec![start];
    let mut board = start;
    for (ply, &mv) in moves.iter().enumerate() {
        board = if mv == reversi::Move::Pass && !board.has_move() && !board.is_over() {
            board.pass()
        } else {
            board
                .play(mv)
                .map_err(|_| format!("move {} ({mv}) is not legal there", ply + 1))?
        };
        positions.push(board);
    }
    Ok(positions)
}

/// An Ataxx `--record` line, replayed.
fn ataxx_from_record(record: &RecordLine, rules: crate::ataxx::RulesArg) -> Result<Game, String> {
    let (fen, opening) = match record.opening.split_once(" moves ") {
        Some((fen, moves)) if fen.contains('/') => (Some(fen.trim()), moves),
        None if record.opening.contains('/') => (Some(record.opening.trim()), ""),
        _ => (None, record.opening.as_str()),
    };
    let mut game = ataxx_start(fen, rules)?;
    let opening: Vec<&str> = opening.split_whitespace().collect();
    for (n, &word) in opening.iter().enumerate() {
        let mv = ataxx::Move::parse_uai(word).map_err(|e| format!("opening move {word:?}: {e}"))?;
        game.play(mv)
            .map_err(|_| format!("opening move {} ({word}) is not legal there", n + 1))?;
    }
    let first = game.board().side();
    let positions = replay_ataxx(game, &record.moves)?;
    let a_colour = if record.a_first { first } else { first.other() };
    Ok(Game {
        label: format!("game {} (pair {})", record.game, record.pair),
        replay: Replay::Ataxx(positions),
        moves: record.moves.clone(),
        first_ply: opening.len(),
        loser: record_loser(record, first),
        black_margin: Some(if a_colour == Colour::Black {
            record.margin
        } else {
            -record.margin
        }),
    })
}

/// A PGN game, replayed: its moves from its `FEN` tag (the start position without one).
fn ataxx_from_pgn(
    pgn: &pgn::PgnGame,
    number: usize,
    rules: crate::ataxx::RulesArg,
) -> Result<Game, String> {
    let fen = pgn.tag_value("FEN");
    let game = ataxx_start(fen, rules)?;
    // The FEN's full-move number and side to move say how many plies came before it.
    let first_ply = fen
        .and_then(|f| f.split_whitespace().last()?.parse::<usize>().ok())
        .map_or(0, |full| {
            2 * full.saturating_sub(1) + usize::from(game.board().side() == Colour::White)
        });
    let moves: Vec<String> = pgn.moves.iter().map(|(m, _)| m.clone()).collect();
    let positions = replay_ataxx(game, &moves)?;
    let loser = match pgn.result.as_str() {
        "1-0" => Some(Colour::White),
        "0-1" => Some(Colour::Black),
        _ => None,
    };
    // The final board's margin where the game ended on it (under Botzone's rules the side that
    // can still move takes the empty cells, which the `Material` tag does not count).
    let black_margin = positions.last().and_then(|end| {
        let own = i64::from(end.board().final_margin()?);
        Some(match end.board().side() {
            Colour::Black => own,
            Colour::White => -own,
        })
    });
    Ok(Game {
        label: format!(
            "game {number} ({} - {})",
            pgn.tag_value("Black").unwrap_or("?"),
            pgn.tag_value("White").unwrap_or("?")
        ),
        replay: Replay::Ataxx(positions),
        moves,
        first_ply,
        loser,
        black_margin,
    })
}

/// The game at a FEN, or at the start position.
fn ataxx_start(fen: Option<&str>, rules: crate::ataxx::RulesArg) -> Result<ataxx::Match, String> {
    let rules = match rules {
        crate::ataxx::RulesArg::Botzone => ataxx::Rules::Botzone,
        crate::ataxx::RulesArg::Standard => ataxx::Rules::Standard,
    };
    match fen {
        Some(fen) => ataxx::Board::from_fen(fen, rules)
            .map(ataxx::Match::from_board)
            .map_err(|e| format!("FEN {fen:?}: {e}")),
        None => Ok(ataxx::Match::from_board(ataxx::Board::start(rules))),
    }
}

/// The positions from `game` through `moves` (UAI notation).
fn replay_ataxx(mut game: ataxx::Match, moves: &[String]) -> Result<Vec<ataxx::Match>, String> {
    let mut positions = vec![game.clone()];
    for (ply, text) in moves.iter().enumerate() {
        let mv = ataxx::Move::parse_uai(text)
            .map_err(|e| format!("move {} ({text:?}): {e}", ply + 1))?;
        game.play(mv)
            .map_err(|_| format!("move {} ({text}) is not legal there", ply + 1))?;
        positions.push(game.clone());
    }
    Ok(positions)
}

/// A Filler `--record` line, replayed from its board (the record's opening, player one to
/// move) under a limit of `max_moves` moves.
fn filler_from_record(record: &RecordLine, max_moves: u8) -> Result<Game, String> {
    let field = crate::filler::Field::parse(&record.opening)?;
    let grid = filler::Grid::parse(field.protocol_text(1).as_bytes())
        .map_err(|e| format!("opening: {e}"))?;
    let mut board = filler::Board::from_grid(&grid).with_move_limit(max_moves);
    let mut positions = vec![board];
    for (ply, text) in record.moves.iter().enumerate() {
        let mv = match text.as_bytes() {
            [d @ b'0'..=b'9'] => filler::Move::new(d - b'0'),
            _ => None,
        }
        .ok_or_else(|| format!("move {} ({text:?}) is not a colour 0..9", ply + 1))?;
        board = board
            .play(mv)
            .map_err(|_| format!("move {} ({text}) is not legal there", ply + 1))?;
        positions.push(board);
    }
    // Player one (the record's first mover) is Black here.
    let a_colour = if record.a_first {
        Colour::Black
    } else {
        Colour::White
    };
    Ok(Game {
        label: format!("game {} (pair {})", record.game, record.pair),
        replay: Replay::Filler(positions),
        moves: record.moves.clone(),
        first_ply: 0,
        loser: record_loser(record, Colour::Black),
        black_margin: Some(if a_colour == Colour::Black {
            record.margin
        } else {
            -record.margin
        }),
    })
}

/// The budget of one position.
fn budget<'c>(limit: Limit, clock: &'c WallClock) -> Budget<'c> {
    match limit {
        Limit::Nodes(n) => Budget::nodes(n),
        Limit::Millis(ms) => Budget::millis(clock, ms),
    }
}

/// Every position of `replay`, scored.
fn analyse(replay: &Replay, table: &mut [Entry], limit: Limit) -> Vec<Point> {
    let clock = WallClock::start();
    match replay {
        Replay::Reversi(positions) => {
            let mut player = reversi::Player::new(table, TimeUse::ThisMove);
            positions
                .iter()
                .map(|board| {
                    let to_move = board.to_move();
                    let empties = 64 - (board.black().len() + board.white().len());
                    let (value, exact) = if board.is_over() {
                        let margin = board.black().len() as i32 - board.white().len() as i32;
                        let own = if to_move == Colour::Black {
                            margin
                        } else {
                            -margin
                        };
                        (f64::from(own), true)
                    } else {
                        match player.choose(board, &mut budget(limit, &clock)) {
                            Some(d) if d.exact => (f64::from(d.score), true),
                            Some(d) => match reversi::final_margin_of(d.score) {
                                Some(diff) if d.score != 0 => (f64::from(diff), true),
                                _ => (f64::from(d.score) / 100.0, false),
                            },
                            None => (0.0, false),
                        }
                    };
                    point(empties, to_move, value, exact)
                })
                .collect()
        }
        Replay::Ataxx(positions) => {
            let mut player = ataxx::Player::new(table, TimeUse::ThisMove);
            positions
                .iter()
                .map(|game| {
                    let board = game.board();
                    let to_move = board.side();
                    let empties = board.empty().len();
                    let piece = f64::from(ataxx::PIECE);
                    let (value, exact) = match board.final_margin() {
                        Some(margin) => {
                            let own = if to_move == Colour::Black {
                                margin
                            } else {
                                -margin
                            };
                            (f64::from(own), true)
                        }
                        None => match player.choose(game, &mut budget(limit, &clock)) {
                            Some(d) if d.score.abs() >= ataxx::WIN - 49 * ataxx::PIECE => {
                                let margin = d.score - d.score.signum() * ataxx::WIN;
                                (f64::from(margin) / piece, true)
                            }
                            Some(d) => (f64::from(d.score) / piece, d.exact),
                            None => (0.0, false),
                        },
                    };
                    point(empties, to_move, value, exact)
                })
                .collect()
        }
        Replay::Filler(positions) => {
            let mut player = filler::Player::new(table);
            let mut to_move = Colour::Black;
            positions
                .iter()
                .map(|board| {
                    let left = board.plies_left();
                    let cell = f64::from(filler::CELL);
                    let (value, exact) = if board.is_over() {
                        (f64::from(board.score()), true)
                    } else {
                        match player.choose(board, &mut budget(limit, &clock)) {
                            Some(d) => {
                                let won = d.score.abs() >= filler::WIN;
                                let cells = d.score
                                    - if won {
                                        d.score.signum() * filler::WIN
                                    } else {
                                        0
                                    };
                                let exact = left <= filler::EXACT_PLIES && d.depth >= left;
                                (f64::from(cells) / cell, exact)
                            }
                            None => (0.0, false),
                        }
                    };
                    let p = point(u32::from(left), to_move, value, exact);
                    to_move = to_move.other();
                    p
                })
                .collect()
        }
    }
}

/// A position's point from a value for the side to move.
fn point(empties: u32, to_move: Colour, own_value: f64, exact: bool) -> Point {
    Point {
        empties,
        to_move,
        black_value: if to_move == Colour::Black {
            own_value
        } else {
            -own_value
        },
        exact,
    }
}

/// The value of `point` for `colour`.
fn value_for(point: &Point, colour: Colour) -> f64 {
    match colour {
        Colour::Black => point.black_value,
        Colour::White => -point.black_value,
    }
}

/// The loser's last move that took its position from not lost (≥ 0 for it) to lost (< 0),
/// as `(i, j)`: the move at position `i`, judged at `j`, the loser's next turn (or the end).
/// Values are compared at the loser's own turns, so that a search's odd-even swing between the
/// two sides' turns does not read as a mistake. `None`: a draw, or a game lost from the
/// record's start.
fn decisive_mistake(points: &[Point], loser: Option<Colour>) -> Option<(usize, usize)> {
    let loser = loser?;
    let turns: Vec<usize> = (0..points.len())
        .filter(|&i| points[i].to_move == loser || i + 1 == points.len())
        .collect();
    turns
        .windows(2)
        .map(|w| (w[0], w[1]))
        .filter(|&(i, _)| points[i].to_move == loser)
        .rfind(|&(i, j)| value_for(&points[i], loser) >= 0.0 && value_for(&points[j], loser) < 0.0)
}

/// The phases of the report: tens of empty cells (or moves left), the last open-ended.
const BANDS: usize = 7;

/// The band of a phase.
fn band_of(empties: u32) -> usize {
    (empties as usize / 10).min(BANDS - 1)
}

/// What `colour` lost from each of its turns to its next (or the end), summed by the band of
/// the turn: the fall of its value, never a rise. A fall between two of its turns is its own
/// move's loss less what the reply gave back, so the sums are lower bounds of its mistakes
/// (against this search), and are compared at its own turns as the decisive mistake is.
fn value_lost(points: &[Point], colour: Colour) -> [f64; BANDS] {
    let mut lost = [0.0; BANDS];
    let turns: Vec<usize> = (0..points.len())
        .filter(|&i| points[i].to_move == colour || i + 1 == points.len())
        .collect();
    for w in turns.windows(2) {
        let (i, j) = (w[0], w[1]);
        if points[i].to_move == colour {
            let fall = value_for(&points[i], colour) - value_for(&points[j], colour);
            lost[band_of(points[i].empties)] += fall.max(0.0);
        }
    }
    lost
}

/// The value each side lost by phase, a game on average (`lost[side][band]`, summed over
/// `games`).
fn print_value_lost(kind: AnalyzedGame, lost: &[[f64; BANDS]; 2], games: usize) {
    let [first, second] = kind.side_names();
    println!(
        "value lost between own turns by phase ({}), a game on average:",
        kind.phase_unit()
    );
    println!("  {:>5}  {first:>7} {second:>7}", "");
    for band in (0..BANDS).rev() {
        let (a, b) = (lost[0][band], lost[1][band]);
        if band < BANDS - 1 || a + b > 0.0 {
            let n = games.max(1) as f64;
            println!(
                "  {:>2}-{:<2}  {:>7.2} {:>7.2}",
                band * 10,
                band * 10 + 9,
                a / n,
                b / n
            );
        }
    }
}

/// A value as the curve prints it.
fn value_text(p: &Point) -> String {
    if p.exact {
        format!("{:+}*", p.black_value.round() as i64)
    } else {
        format!("{:+.1}", p.black_value)
    }
}

fn print_game(kind: AnalyzedGame, game: &Game, points: &[Point], decisive: Option<(usize, usize)>) {
    let result = match (game.loser, game.black_margin) {
        (Some(l), Some(m)) => format!("{} won by {}", kind.side_name(l.other()), m.abs()),
        (Some(l), None) => format!("{} won", kind.side_name(l.other())),
        (None, _) => "a draw".to_string(),
    };
    println!("{}: {result}", game.label);
    let curve: Vec<String> = points.iter().map(value_text).collect();
    println!(
        "  curve ({}'s view, * exact): {}",
        kind.side_name(Colour::Black),
        curve.join(" ")
    );
    match (game.loser, decisive) {
        (None, _) => println!("  no loser"),
        (Some(l), None) => println!(
            "  {} stood lost by this search at each of its turns (lost before the record's moves)",
            kind.side_name(l)
        ),
        (Some(l), Some((i, j))) => println!(
            "  decisive mistake: ply {} ({} {}), {} {}: {} -> {}",
            game.first_ply + i + 1,
            points[i].empties,
            kind.phase_unit(),
            kind.side_name(l),
            game.moves.get(i).map_or("?", String::as_str),
            value_text(&points[i]),
            value_text(&points[j])
        ),
    }
}

/// Decisive mistakes counted by phase.
#[derive(Default)]
struct Histogram {
    /// Mistakes by tens of empty cells (index 0: 0–9 empty).
    bands: [usize; BANDS],
    /// Games lost from the record's first move.
    from_start: usize,
    /// Drawn games.
    draws: usize,
}

impl Histogram {
    /// Adds a game: `None` for a draw, `Some(None)` for a game lost from the start, else the
    /// empties at its decisive mistake.
    fn add(&mut self, game: Option<Option<u32>>) {
        match game {
            None => self.draws += 1,
            Some(None) => self.from_start += 1,
            Some(Some(empties)) => self.bands[band_of(empties)] += 1,
        }
    }

    fn print(&self, unit: &str) {
        println!("decisive mistakes by phase ({unit}):");
        for (band, &count) in self.bands.iter().enumerate().rev() {
            if count > 0 || band < 6 {
                println!(
                    "  {:>2}-{:<2} {:>4} {}",
                    band * 10,
                    band * 10 + 9,
                    count,
                    "#".repeat(count)
                );
            }
        }
        println!("  lost before the record's first move: {}", self.from_start);
        println!("  draws: {}", self.draws);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(to_move: Colour, black_value: f64, empties: u32) -> Point {
        Point {
            empties,
            to_move,
            black_value,
            exact: false,
        }
    }

    #[test]
    fn the_decisive_mistake_is_judged_at_the_losers_own_turns() {
        use Colour::{Black, White};
        let points = [
            p(Black, 0.5, 10), // black's turn: +0.5
            p(White, -1.0, 9), // a swing at white's turn is not black's to judge
            p(Black, 1.0, 8),  // black's turn: +1.0, so its first move was no mistake
            p(White, 2.0, 7),  //
            p(Black, -0.5, 6), // black's turn: -0.5, so its move at 2 lost the game
            p(White, 1.0, 5),  //
            p(Black, 0.0, 4),  // black's turn: 0.0, not lost again
            p(White, -3.0, 3), //
            p(Black, -2.0, 2), // black's turn: -2.0: its move at 6 is the last mistake
            p(White, -4.0, 1), //
            p(Black, -4.0, 0), // the end
        ];
        assert_eq!(decisive_mistake(&points, Some(Black)), Some((6, 8)));
        // For white, its turns read +1.0, -2.0, -1.0, +3.0, +4.0 and the end +4.0: its move at 1
        // is its only fall.
        assert_eq!(decisive_mistake(&points, Some(White)), Some((1, 3)));
        assert_eq!(decisive_mistake(&points, None), None);
        // The last move is judged at the end.
        let short = [p(Black, 1.0, 2), p(White, 1.0, 1), p(Black, -3.0, 0)];
        assert_eq!(decisive_mistake(&short, Some(Black)), Some((0, 2)));
        let last = [p(White, -1.0, 1), p(Black, -3.0, 0)];
        assert_eq!(decisive_mistake(&last, Some(Black)), None);
        assert_eq!(decisive_mistake(&last, Some(White)), None);
    }

    #[test]
    fn value_lost_sums_the_falls_between_own_turns_by_phase() {
        use Colour::{Black, White};
        let points = [
            p(Black, 3.0, 21), // black: 3.0
            p(White, 0.0, 20), //
            p(Black, 1.0, 19), // black fell 2.0 from its turn at 21
            p(White, 0.0, 18), //
            p(Black, 2.5, 12), // a rise is no loss
            p(White, 5.0, 11), //
            p(Black, -1.0, 3), // black fell 3.5 from its turn at 12
            p(White, -1.0, 2), //
            p(Black, -4.0, 1), // black fell 3.0 from its turn at 3; the end for white
        ];
        let mut black = [0.0; BANDS];
        black[2] = 2.0;
        black[1] = 3.5;
        black[0] = 3.0;
        assert_eq!(value_lost(&points, Black), black);
        // White's turns read 0.0, 0.0, -5.0, +1.0 and the end +4.0: it fell 5.0 from 18.
        let mut white = [0.0; BANDS];
        white[1] = 5.0;
        assert_eq!(value_lost(&points, White), white);
    }

    #[test]
    fn the_histogram_bands_by_tens_of_empties() {
        let mut h = Histogram::default();
        for g in [
            Some(Some(0)),
            Some(Some(9)),
            Some(Some(10)),
            Some(Some(64)),
            Some(None),
            None,
        ] {
            h.add(g);
        }
        assert_eq!(h.bands, [2, 1, 0, 0, 0, 0, 1]);
        assert_eq!((h.from_start, h.draws), (1, 1));
    }
}
