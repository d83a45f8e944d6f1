//! Ataxx's analysis: `--record` JSON lines or PGN, under `--rules`; values in pieces.

use super::{Analysis, Game, Point, Replay, point, record_loser};
use crate::ataxx::RulesArg;
use crate::record::RecordLine;
use clap::{ArgMatches, FromArgMatches as _};
use duel_core::Limits;
use duel_core::{Colour, Entry, Player as _, TimeUse, ataxx};
use duel_protocols::clock::WallClock;
use duel_protocols::pgn;

/// Ataxx's analysis.
pub static ANALYSIS: Analysis = Analysis {
    help: "Ataxx: `--record` JSON lines or PGN",
    side_names: ["black", "white"],
    phase_unit: "empty cells",
    options: <Options as clap::Args>::augment_args,
    from_record,
    own_format: Some(('[', read_pgn)),
    expected: "JSON lines (`{`) or PGN (`[`) expected",
};

/// Ataxx's own options of `duel analyze`.
#[derive(clap::Args, Debug)]
#[group(skip)]
struct Options {
    /// Ataxx: the rules the games were played under.
    #[arg(long, value_enum, default_value_t = RulesArg::Botzone)]
    rules: RulesArg,
}

/// The options as parsed.
fn options(matches: &ArgMatches) -> Result<Options, String> {
    Options::from_arg_matches(matches).map_err(|e| e.to_string())
}

/// The games of a PGN file.
fn read_pgn(text: &str, matches: &ArgMatches) -> Result<Vec<Game>, String> {
    let rules = options(matches)?.rules;
    pgn::parse_games(text)?
        .iter()
        .enumerate()
        .map(|(n, g)| from_pgn(g, n + 1, rules).map_err(|e| format!("game {}: {e}", n + 1)))
        .collect()
}

/// A `--record` line, replayed.
fn from_record(record: &RecordLine, matches: &ArgMatches) -> Result<Game, String> {
    let rules = options(matches)?.rules;
    let (fen, opening) = match record.opening.split_once(" moves ") {
        Some((fen, moves)) if fen.contains('/') => (Some(fen.trim()), moves),
        None if record.opening.contains('/') => (Some(record.opening.trim()), ""),
        _ => (None, record.opening.as_str()),
    };
    let mut game = start(fen, rules)?;
    let opening: Vec<&str> = opening.split_whitespace().collect();
    for (n, &word) in opening.iter().enumerate() {
        let mv = ataxx::Move::parse_uai(word).map_err(|e| format!("opening move {word:?}: {e}"))?;
        game.play(mv)
            .map_err(|_| format!("opening move {} ({word}) is not legal there", n + 1))?;
    }
    let first = game.board().side();
    let positions = replay(game, &record.moves)?;
    let a_colour = if record.a_first { first } else { first.other() };
    Ok(Game {
        label: format!("game {} (pair {})", record.game, record.pair),
        replay: Box::new(Positions(positions)),
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
fn from_pgn(pgn: &pgn::PgnGame, number: usize, rules: RulesArg) -> Result<Game, String> {
    let fen = pgn.tag_value("FEN");
    let game = start(fen, rules)?;
    // The FEN's full-move number and side to move say how many plies came before it.
    let first_ply = fen
        .and_then(|f| f.split_whitespace().last()?.parse::<usize>().ok())
        .map_or(0, |full| {
            2 * full.saturating_sub(1) + usize::from(game.board().side() == Colour::White)
        });
    let moves: Vec<String> = pgn.moves.iter().map(|(m, _)| m.clone()).collect();
    let positions = replay(game, &moves)?;
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
        replay: Box::new(Positions(positions)),
        moves,
        first_ply,
        loser,
        black_margin,
    })
}

/// The game at a FEN, or at the start position.
fn start(fen: Option<&str>, rules: RulesArg) -> Result<ataxx::Match, String> {
    let rules = ataxx::Rules::from(rules);
    match fen {
        Some(fen) => ataxx::Board::from_fen(fen, rules)
            .map(ataxx::Match::from_board)
            .map_err(|e| format!("FEN {fen:?}: {e}")),
        None => Ok(ataxx::Match::from_board(ataxx::Board::start(rules))),
    }
}

/// The positions from `game` through `moves` (UAI notation).
fn replay(mut game: ataxx::Match, moves: &[String]) -> Result<Vec<ataxx::Match>, String> {
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

/// The positions of one game, replayed.
struct Positions(Vec<ataxx::Match>);

impl Replay for Positions {
    fn score(&self, table: &mut [Entry], limit: Limits) -> Vec<Point> {
        let clock = WallClock::start();
        let positions = &self.0;
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
                    None => match player.choose(game, &mut limit.budget_now(&clock).0) {
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
}
