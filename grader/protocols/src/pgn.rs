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
}
