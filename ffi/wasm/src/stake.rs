//! Stake Your Claim in the binding: the rows of the board (`0`, `1`, `.`), one a line; moves
//! `(r,c)` or `r,c` (0-based). A full board is the end of a game (which the contest's input
//! cannot hold).

use crate::{Game, answer};
use duel_core::coord::{Column, Row};
use duel_core::stake::{
    Board, BoardBuilder, Move, ParseError, Player, PositionError, Slot, TABLE_LEN, largest_region,
};
use duel_core::{Bitboard, Clock, Limits, Player as _};

/// Stake Your Claim's entry in [`crate::GAMES`].
pub static GAME: Game = Game {
    name: "stake",
    respond,
    legal,
    play,
};

/// A position of the binding's text.
enum Position {
    /// A board with an empty cell.
    Playing(Board),
    /// A full board: the value for the side whose turn it would be.
    Over(i32),
}

/// The position of `text`.
fn parse(text: &str) -> Result<Position, String> {
    let rows: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let mut builder = BoardBuilder::new(rows.len()).map_err(|e| e.to_string())?;
    for row in &rows {
        builder
            .push_row(row.as_bytes())
            .map_err(|e| e.to_string())?;
    }
    match builder.finish() {
        Ok(board) => Ok(Position::Playing(board)),
        Err(ParseError::Position(PositionError::NoEmpty)) => Ok(Position::Over(full_value(&rows))),
        Err(e) => Err(e.to_string()),
    }
}

/// The value of a full board (rows checked by the parser) for the side whose turn it would
/// be: its largest region less the opponent's.
fn full_value(rows: &[&str]) -> i32 {
    let (mut zeros, mut ones) = (0u64, 0u64);
    for (r, row) in rows.iter().enumerate() {
        for (c, byte) in row.bytes().enumerate() {
            let bit = 1u64 << ((r * 8 + c) & 63);
            match byte {
                b'0' => zeros |= bit,
                _ => ones |= bit,
            }
        }
    }
    let (zero, one) = (
        largest_region(Bitboard(zeros)) as i32,
        largest_region(Bitboard(ones)) as i32,
    );
    if zeros.count_ones() == ones.count_ones() {
        zero - one
    } else {
        one - zero
    }
}

/// [`Game::respond`]: the exact solver, whatever the limits.
fn respond(text: &str, limits: &Limits, clock: &dyn Clock) -> Result<String, String> {
    let Position::Playing(board) = parse(text)? else {
        return Err(answer::GAME_OVER.to_string());
    };
    let mut slots = vec![Slot::default(); TABLE_LEN];
    let mut budget = answer::budget(limits, clock);
    let d = Player::new(&mut slots).choose(&board, &mut budget);
    answer::decision(d, |mv| mv.to_string())
}

/// [`Game::legal`]: the score is the side to move's largest region less the opponent's.
fn legal(text: &str) -> Result<String, String> {
    Ok(match parse(text)? {
        Position::Over(value) => {
            answer::legal::<Move>(&[], |mv| mv.to_string(), true, Some(i64::from(value)))
        }
        Position::Playing(board) => {
            let moves = board.legal_moves();
            answer::legal(
                moves.as_ref(),
                |mv| mv.to_string(),
                board.is_over(),
                Some(i64::from(board.value_for(board.to_move()))),
            )
        }
    })
}

/// [`Game::play`].
fn play(text: &str, word: &str) -> Result<String, String> {
    let Position::Playing(board) = parse(text)? else {
        return Err(answer::illegal(word, &answer::GAME_OVER));
    };
    let numbers: Vec<&str> = word
        .trim_start_matches('(')
        .trim_end_matches(')')
        .split([',', ' '])
        .filter(|w| !w.is_empty())
        .collect();
    let at = match numbers.as_slice() {
        [r, c] => r.parse::<u8>().ok().zip(c.parse::<u8>().ok()),
        _ => None,
    };
    let mv = at
        .and_then(|(r, c)| {
            if usize::from(r.max(c)) < board.size() {
                Move::at(Row(r), Column(c))
            } else {
                None
            }
        })
        .ok_or_else(|| answer::illegal(word, &"not a cell (r,c) of the board"))?;
    let next = board.play(mv).map_err(|e| answer::illegal(word, &e))?;
    Ok(answer::played(&mv.to_string(), &next.to_string(), 0))
}
