//! PGN, the Portable Game Notation, in the form cuteataxx writes Ataxx games: the tag pairs
//! (`[Key "value"]`, a value's `\` and `"` escaped), a blank line, then the moves numbered by
//! full move from black's, each followed by its `{ movetime MS }` comment, and the result.
//!
//! ```text
//! [Event "duel arena"]
//! [Result "1-0"]
//!
//! 1. g2 { movetime 12 } a7 { movetime 9 } 1-0
//! ```
//!
//! A game whose first move is white's starts its moves with `1... `.

/// One game as PGN writes it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs, in the order written.
    pub tags: Vec<(String, String)>,
    /// Whether the first move is white's (numbered `1...`).
    pub white_moves_first: bool,
    /// The moves in the game's notation, each with the milliseconds it took.
    pub moves: Vec<(String, u64)>,
    /// The result: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

impl PgnGame {
    /// Adds tag `key` with `value`.
    pub fn tag(&mut self, key: &str, value: &str) {
        self.tags.push((key.to_string(), value.to_string()));
    }

    /// The game as PGN text, ending in a blank line (games of a file follow one another).
    pub fn text(&self) -> String {
        let mut pgn = String::new();
        for (k, v) in &self.tags {
            pgn.push_str(&format!(
                "[{k} \"{}\"]\n",
                v.replace('\\', "\\\\").replace('"', "\\\"")
            ));
        }
        pgn.push('\n');
        if self.white_moves_first {
            pgn.push_str("1... ");
        }
        let first_ply = usize::from(self.white_moves_first);
        for (ply, (text, ms)) in (first_ply..).zip(&self.moves) {
            if ply % 2 == 0 {
                pgn.push_str(&format!("{}. ", ply / 2 + 1));
            }
            pgn.push_str(&format!("{text} {{ movetime {ms} }} "));
        }
        pgn.push_str(&self.result);
        pgn.push_str("\n\n");
        pgn
    }
}

/// Reads every game of a PGN file: tag pairs, then the moves up to the result. Move numbers
/// (`12.`, `12...`) and `{ … }` comments are skipped, but a comment's `movetime MS` is kept as
/// the move's milliseconds (0 without one). The inverse of [`PgnGame::text`].
///
/// # Errors
/// A tag line that is not `[Key "value"]`, an unclosed comment, or moves without a result.
pub fn parse_games(text: &str) -> Result<Vec<PgnGame>, String> {
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    let mut in_moves = false;
    let mut chars = text.char_indices().peekable();
    while let Some(&(i, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '[' && !in_moves {
            let end = text[i..].find('\n').map_or(text.len(), |n| i + n);
            game.tags.push(parse_tag(text[i..end].trim())?);
            while chars.peek().is_some_and(|&(j, _)| j < end) {
                chars.next();
            }
        } else if c == '{' {
            let end = text[i..]
                .find('}')
                .map(|n| i + n)
                .ok_or("a comment is not closed")?;
            let comment = &text[i + 1..end];
            if let (Some(last), Some(ms)) = (
                game.moves.last_mut(),
                comment
                    .split_whitespace()
                    .skip_while(|&w| w != "movetime")
                    .nth(1)
                    .and_then(|ms| ms.parse().ok()),
            ) {
                last.1 = ms;
            }
            while chars.peek().is_some_and(|&(j, _)| j <= end) {
                chars.next();
            }
        } else {
            in_moves = true;
            let end = text[i..]
                .find(|c: char| c.is_whitespace() || c == '{')
                .map_or(text.len(), |n| i + n);
            let word = &text[i..end];
            while chars.peek().is_some_and(|&(j, _)| j < end) {
                chars.next();
            }
            if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
                game.result = word.to_string();
                games.push(std::mem::take(&mut game));
                in_moves = false;
            } else if let Some(number) = word.strip_suffix("...") {
                if number.parse::<u32>().is_ok() && game.moves.is_empty() {
                    game.white_moves_first = true;
                }
            } else if word
                .strip_suffix('.')
                .is_some_and(|n| n.parse::<u32>().is_ok())
            {
                // A move number.
            } else {
                game.moves.push((word.to_string(), 0));
            }
        }
    }
    if in_moves || !game.tags.is_empty() {
        return Err("the last game's moves end without a result (1-0, 0-1, 1/2-1/2 or *)".into());
    }
    Ok(games)
}

/// One `[Key "value"]` line, its value unescaped.
fn parse_tag(line: &str) -> Result<(String, String), String> {
    let bad = || format!("not a PGN tag pair: {line:?}");
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(bad)?;
    let (key, value) = inner.split_once(' ').ok_or_else(bad)?;
    let value = value
        .trim()
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(bad)?;
    let mut unescaped = String::with_capacity(value.len());
    let mut escaped = false;
    for c in value.chars() {
        if escaped || c != '\\' {
            unescaped.push(c);
            escaped = false;
        } else {
            escaped = true;
        }
    }
    Ok((key.to_string(), unescaped))
}

impl PgnGame {
    /// The value of tag `key`, if the game has it.
    pub fn tag_value(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_escape_and_moves_number_from_black() {
        let mut game = PgnGame {
            white_moves_first: true,
            moves: vec![("a1a2".into(), 5), ("g7".into(), 6), ("b2".into(), 7)],
            result: "0-1".into(),
            ..PgnGame::default()
        };
        game.tag("White", "say \"hi\" \\o/");
        assert_eq!(
            game.text(),
            "[White \"say \\\"hi\\\" \\\\o/\"]\n\n1... a1a2 { movetime 5 } 2. g7 { movetime 6 } \
             b2 { movetime 7 } 0-1\n\n"
        );
    }

    #[test]
    fn games_read_back_as_written() {
        let mut first = PgnGame {
            moves: vec![("g2".into(), 12), ("a7".into(), 9), ("0000".into(), 0)],
            result: "1-0".into(),
            ..PgnGame::default()
        };
        first.tag("FEN", "x5o/7/7/7/7/7/o5x x 0 1");
        first.tag("White", "say \"hi\" \\o/");
        let mut second = PgnGame {
            white_moves_first: true,
            moves: vec![("a1a2".into(), 5), ("g7".into(), 6)],
            result: "1/2-1/2".into(),
            ..PgnGame::default()
        };
        second.tag("Round", "2");
        let text = first.text() + &second.text();
        assert_eq!(parse_games(&text), Ok(vec![first, second]));
        assert_eq!(parse_games(""), Ok(vec![]));
        assert!(parse_games("[Event \"x\"]\n\n1. g2").is_err());
        assert!(parse_games("[Event x]\n\n1-0").is_err());
        assert!(parse_games("1. g2 { movetime 3").is_err());
    }
}
