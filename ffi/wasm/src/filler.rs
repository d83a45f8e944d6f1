//! Filler in the binding: the contest's input (N, then N rows of colours, own start cell
//! top-left), optionally followed by a line `moves M`, the moves both players have played
//! (without it, as in the contest's input, the engine counts none of the 50); moves a colour
//! digit. The position after a move is turned by 180° (the mover's start now bottom-right).

use crate::{Game, answer};
use duel_core::filler::{Board, Grid, Move, Player};
use duel_core::{Clock, Game as _, Limits, Player as _};
use std::fmt::Write as _;

/// Filler's entry in [`crate::GAMES`].
pub static GAME: Game = Game {
    name: "filler",
    respond,
    legal,
    play,
};

/// The grid of `text`, and the moves played when the text gives them (`moves M`).
fn parse(text: &str) -> Result<(Grid, Option<u8>), String> {
    let body = text.trim_end();
    let (grid, played) = match body.rsplit_once('\n') {
        Some((grid, last)) if last.trim_start().starts_with("moves") => {
            let count = last.trim_start().trim_start_matches("moves").trim();
            let played = count.parse::<u8>().map_err(|_| {
                format!(
                    "line `{}`: moves played must be a number 0 to 255",
                    last.trim()
                )
            })?;
            (grid, Some(played))
        }
        _ => (body, None),
    };
    let grid = Grid::parse(grid.as_bytes()).map_err(|e| e.to_string())?;
    Ok((grid, played))
}

/// The board of `grid`, counting `played` moves toward the limit when known.
fn board(grid: &Grid, played: Option<u8>) -> Board {
    let board = Board::from_grid(grid);
    match played {
        Some(played) => board.with_moves_played(played),
        None => board,
    }
}

/// [`Game::respond`].
fn respond(text: &str, limits: &Limits, clock: &dyn Clock) -> Result<String, String> {
    let (grid, played) = parse(text)?;
    let board = board(&grid, played);
    let mut table = answer::table();
    let mut budget = answer::budget(limits, clock);
    let d = Player::new(&mut table).choose(&board, &mut budget);
    answer::decision(d, |mv| mv.to_string())
}

/// [`Game::legal`]: the score is the side to move's cells less the opponent's.
fn legal(text: &str) -> Result<String, String> {
    let (grid, played) = parse(text)?;
    let board = board(&grid, played);
    let moves = board.legal_moves();
    Ok(answer::legal(
        moves.as_ref(),
        |mv| mv.to_string(),
        board.is_over(),
        Some(i64::from(board.score())),
    ))
}

/// [`Game::play`].
fn play(text: &str, word: &str) -> Result<String, String> {
    let (grid, played) = parse(text)?;
    let colour = match word.as_bytes() {
        [d @ b'0'..=b'9'] => Move::new(d - b'0'),
        _ => None,
    }
    .ok_or_else(|| answer::illegal(word, &"not a colour digit 0 to 9"))?;
    board(&grid, played)
        .play(colour)
        .map_err(|e| answer::illegal(word, &e))?;
    let mut next = grid.after_move(colour).rotated().to_string();
    if let Some(played) = played {
        let _ = writeln!(next, "moves {}", played.saturating_add(1));
    }
    Ok(answer::played(&colour.to_string(), &next, 0))
}
