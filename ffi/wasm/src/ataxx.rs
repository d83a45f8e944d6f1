//! Ataxx in the binding: a FEN (standard rules); moves `f2`, `g1e3` or `0000`.

use crate::{Game, answer};
use duel_core::ataxx::{Board, Match, Move, Player, Rules};
use duel_core::{Clock, Limits, Player as _, TimeUse};

/// Ataxx's entry in [`crate::GAMES`].
pub static GAME: Game = Game {
    name: "ataxx",
    respond,
    legal,
    play,
};

/// The position of `text`.
fn parse(text: &str) -> Result<Board, String> {
    Board::from_fen(text.trim(), Rules::Standard).map_err(|e| e.to_string())
}

/// [`Game::respond`].
fn respond(text: &str, limits: &Limits, clock: &dyn Clock) -> Result<String, String> {
    let game = Match::from_board(parse(text)?);
    let mut table = answer::table();
    let mut budget = answer::budget(limits, clock);
    let d = Player::new(&mut table, TimeUse::ThisMove).choose(&game, &mut budget);
    answer::decision(d, |mv| mv.to_string())
}

/// [`Game::legal`]: the score is the side to move's pieces less the opponent's.
fn legal(text: &str) -> Result<String, String> {
    let board = parse(text)?;
    let own = i64::from(board.pieces(board.side()).len())
        - i64::from(board.pieces(board.side().other()).len());
    let moves = if board.is_over() {
        Default::default()
    } else {
        board.legal_moves()
    };
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
    let mv = Move::parse_uai(word).map_err(|e| answer::illegal(word, &e))?;
    let next = board.play(mv).map_err(|e| answer::illegal(word, &e))?;
    Ok(answer::played(&mv.to_string(), &next.fen().to_string(), 0))
}
