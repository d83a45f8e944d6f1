//! The Fruit Rage in the binding: the contest's `input.txt`; a move is any cell of the group
//! (`B3`), named by the group's label on the board it is played on. An empty box is the end of
//! a game (which `input.txt` cannot hold).

use crate::{Game, answer};
use duel_core::fruit_rage::{BoardError, Cell, Input, InputError, Player, parse_input};
use duel_core::{Clock, Limits, Player as _, TimeUse};

/// The Fruit Rage's entry in [`crate::GAMES`].
pub static GAME: Game = Game {
    name: "fruit-rage",
    respond,
    legal,
    play,
};

/// The input of `text`; `None` for an empty box, the end of a game.
fn parse(text: &str) -> Result<Option<Input>, String> {
    match parse_input(text) {
        Ok(input) => Ok(Some(input)),
        Err(InputError::Board(BoardError::Empty)) => Ok(None),
        Err(e) => Err(e.to_string()),
    }
}

/// [`Game::respond`].
fn respond(text: &str, limits: &Limits, clock: &dyn Clock) -> Result<String, String> {
    let input = parse(text)?.ok_or(answer::GAME_OVER)?;
    let board = input.board;
    let mut table = answer::table();
    let mut budget = answer::budget(limits, clock);
    let d = Player::new(&mut table, TimeUse::ThisMove, None).choose(&board, &mut budget);
    // A group is named by its cell on the board it is played on: walk the line.
    let mut at = board;
    answer::decision(d, |mv| {
        let name = at.label(mv).to_string();
        at = at.play_unchecked(mv);
        name
    })
}

/// [`Game::legal`]: the text holds no score (`null`).
fn legal(text: &str) -> Result<String, String> {
    let Some(input) = parse(text)? else {
        return Ok(answer::legal::<u8>(&[], |_| String::new(), true, None));
    };
    let board = input.board;
    let moves = board.legal_moves();
    Ok(answer::legal(
        moves.as_ref(),
        |mv| board.label(mv).to_string(),
        board.is_over(),
        None,
    ))
}

/// [`Game::play`]: the points are the group's size squared; the position keeps its type
/// count and seconds.
fn play(text: &str, word: &str) -> Result<String, String> {
    let input = parse(text)?.ok_or_else(|| answer::illegal(word, &answer::GAME_OVER))?;
    let board = input.board;
    let cell = Cell::parse(word).map_err(|e| answer::illegal(word, &e))?;
    let mv = board.move_at(cell).map_err(|e| answer::illegal(word, &e))?;
    let next = board.play(mv).map_err(|e| answer::illegal(word, &e))?;
    let size = i64::from(mv.size());
    let text = format!(
        "{}\n{}\n{}\n{next}",
        board.size(),
        input.kinds,
        input.seconds
    );
    Ok(answer::played(
        &board.label(mv).to_string(),
        &text,
        size * size,
    ))
}
