//! Reversi in the binding: 64 cells (`X`, `O`, `-`, row by row from a1) then the side to
//! move; moves `f5` or `pass`.

use crate::{Game, answer};
use duel_core::reversi::{Board, Move, Player};
use duel_core::{Clock, Colour, Game as _, Limits, Player as _, TimeUse};

/// Reversi's entry in [`crate::GAMES`].
pub static GAME: Game = Game {
    name: "reversi",
    respond,
    legal,
    play,
};

/// The position of `text`.
fn parse(text: &str) -> Result<Board, String> {
    Board::parse_text(text.trim()).map_err(|e| e.to_string())
}

/// [`Game::respond`].
fn respond(text: &str, limits: &Limits, clock: &dyn Clock) -> Result<String, String> {
    let board = parse(text)?;
    let mut table = answer::table();
    let mut budget = answer::budget(limits, clock);
    let d = Player::new(&mut table, TimeUse::ThisMove).choose(&board, &mut budget);
    answer::decision(d, |mv| mv.to_string())
}

/// [`Game::legal`]: the score is the side to move's discs less the opponent's.
fn legal(text: &str) -> Result<String, String> {
    let board = parse(text)?;
    let black_lead = i64::from(board.black().len()) - i64::from(board.white().len());
    let own = match board.to_move() {
        Colour::Black => black_lead,
        Colour::White => -black_lead,
    };
    let moves = board.legal_moves();
    Ok(answer::legal(
        moves.as_ref(),
        |mv| mv.to_string(),
        board.is_over(),
        Some(own),
    ))
}

/// [`Game::play`].
fn play(text: &str, word: &str) -> Result<String, String> {
    let board = parse(text)?;
    let mv = Move::parse(word).map_err(|e| answer::illegal(word, &e))?;
    let next = board.play(mv).map_err(|e| answer::illegal(word, &e))?;
    Ok(answer::played(&mv.to_string(), &next.to_string(), 0))
}
