//! Filler's analysis: `--record` JSON lines, under `--max-moves`; values in cells, phases in
//! moves left to the limit.

use super::{Analysis, Game, Point, Replay, point, record_loser};
use crate::record::RecordLine;
use clap::{ArgMatches, FromArgMatches as _};
use duel_core::Limits;
use duel_core::{Colour, Entry, Player as _, filler};
use duel_protocols::clock::WallClock;

/// Filler's analysis.
pub static ANALYSIS: Analysis = Analysis {
    help: "Filler: `--record` JSON lines",
    side_names: ["first", "second"],
    phase_unit: "moves left",
    options: <Options as clap::Args>::augment_args,
    from_record,
    own_format: None,
    expected: "JSON lines (`{`) expected",
};

/// Filler's own options of `duel analyze`.
#[derive(clap::Args, Debug)]
#[group(skip)]
struct Options {
    /// Filler: the move limit the games were played under (the arena's `--max-moves`).
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u8).range(1..))]
    max_moves: u8,
}

/// A `--record` line, replayed from its board (the record's opening, player one to
/// move) under a limit of `max_moves` moves.
fn from_record(record: &RecordLine, matches: &ArgMatches) -> Result<Game, String> {
    let max_moves = Options::from_arg_matches(matches)
        .map_err(|e| e.to_string())?
        .max_moves;
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
        replay: Box::new(Positions(positions)),
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

/// The positions of one game, replayed.
struct Positions(Vec<filler::Board>);

impl Replay for Positions {
    fn score(&self, table: &mut [Entry], limit: Limits) -> Vec<Point> {
        let clock = WallClock::start();
        let positions = &self.0;
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
                    match player.choose(board, &mut limit.budget_now(&clock).0) {
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
