//! Reversi's analysis: `--record` JSON lines or GGF, one game a line; values in discs.

use super::{Analysis, Game, Point, Replay, point, record_loser};
use crate::record::RecordLine;
use clap::ArgMatches;
use duel_core::Limits;
use duel_core::{Colour, Entry, Player as _, TimeUse, reversi};
use duel_protocols::clock::WallClock;
use duel_protocols::ggf::{GgfGame, GgfResult};

/// Reversi's analysis.
pub static ANALYSIS: Analysis = Analysis {
    help: "Reversi: `--record` JSON lines or GGF",
    side_names: ["black", "white"],
    phase_unit: "empty cells",
    options: |command| command,
    from_record,
    own_format: Some(('(', read_ggf)),
    expected: "JSON lines (`{`) or GGF (`(;`) expected",
};

/// The games of a GGF file, one a line.
fn read_ggf(text: &str, _: &ArgMatches) -> Result<Vec<Game>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(n, line)| {
            let ggf = GgfGame::parse(line.trim()).map_err(|e| format!("line {}: {e}", n + 1))?;
            from_ggf(&ggf, n + 1).map_err(|e| format!("line {}: {e}", n + 1))
        })
        .collect()
}

/// A `--record` line, replayed.
fn from_record(record: &RecordLine, _: &ArgMatches) -> Result<Game, String> {
    let opening = crate::reversi::Opening::parse(&record.opening)?;
    let first = opening.board.to_move();
    let moves = record
        .moves
        .iter()
        .map(|m| reversi::Move::parse(m).map_err(|_| format!("{m:?} is not a move")))
        .collect::<Result<Vec<_>, _>>()?;
    let positions = replay(opening.board, &moves)?;
    let a_colour = if record.a_first { first } else { first.other() };
    let black_margin = if a_colour == Colour::Black {
        record.margin
    } else {
        -record.margin
    };
    Ok(Game {
        label: format!("game {} (pair {})", record.game, record.pair),
        replay: Box::new(Positions(positions)),
        moves: record.moves.clone(),
        first_ply: opening.moves.len(),
        loser: record_loser(record, first),
        black_margin: Some(black_margin),
    })
}

/// A GGF game, replayed.
fn from_ggf(ggf: &GgfGame, number: usize) -> Result<Game, String> {
    let moves: Vec<reversi::Move> = ggf.moves().iter().map(|m| m.mv).collect();
    let positions = replay(*ggf.start(), &moves)?;
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
        replay: Box::new(Positions(positions)),
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
fn replay(start: reversi::Board, moves: &[reversi::Move]) -> Result<Vec<reversi::Board>, String> {
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

/// The positions of one game, replayed.
struct Positions(Vec<reversi::Board>);

impl Replay for Positions {
    fn score(&self, table: &mut [Entry], limit: Limits) -> Vec<Point> {
        let clock = WallClock::start();
        let positions = &self.0;
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
                    match player.choose(board, &mut limit.budget_now(&clock).0) {
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
}
