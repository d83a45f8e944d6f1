//! The record line: one game of a `--record` file as a JSON line, written as the match takes
//! the game and read back by `--summarize`.

use crate::referee::{GameRecord, Side};

/// One line of a `--record` file, as JSON: what the match wrote for a game, and what
/// `--summarize` reads back. Its fields are in alphabetical order, the order of the keys on
/// the line.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct RecordLine {
    /// Whether A moved first.
    pub(crate) a_first: bool,
    /// The game's number, from 1.
    pub(crate) game: usize,
    /// A's final score minus B's.
    pub(crate) margin: i64,
    /// The moves after the opening, in the game's own notation.
    #[serde(default)]
    pub(crate) moves: Vec<String>,
    /// The opening, in the game's own notation.
    #[serde(default)]
    pub(crate) opening: String,
    /// The pair's number, from 1: games 2k-1 and 2k share an opening.
    #[serde(default)]
    pub(crate) pair: usize,
    /// Why the game ended.
    #[serde(default = "game_over")]
    pub(crate) reason: String,
    /// `"A"`, `"B"`, or null for a draw.
    pub(crate) winner: Option<Side>,
}

/// The reason a game ended by the rules.
fn game_over() -> String {
    "game over".to_string()
}

/// One line of a `--record` file: the game's index (from 0) and its result.
pub(crate) fn recorded_game(line: &str) -> Result<(usize, GameRecord), String> {
    let line: RecordLine =
        serde_json::from_str(line).map_err(|e| format!("not a JSON game record: {e}"))?;
    let index = line
        .game
        .checked_sub(1)
        .ok_or("no game number (\"game\": 1 or more)")?;
    let mut record = GameRecord::new(line.a_first);
    record.winner = line.winner;
    record.margin = line.margin;
    record.reason = line.reason;
    record.moves = line.moves;
    Ok((index, record))
}
