//! The Fruit Rage's self-play data: the features the horizon reads, the labels of positions
//! by a deep search (exact where it reaches the end), and the horizon weights as a file.

use duel_core::fruit_rage::horizon::{Horizon, PHASES, ROW, TOP};
use duel_core::fruit_rage::train::engine::{self, Largest};
use duel_core::fruit_rage::train::{HORIZON, SEARCH_WIDTH};
use duel_core::fruit_rage::{Board, Move};
use duel_core::{Budget, Entry};
use std::fmt::Write as _;

/// The points of the [`TOP`] largest groups of `board`, largest first (0 past the last group):
/// what [`Horizon::value`] weighs.
pub fn features(board: &Board) -> [i32; TOP] {
    let mut points = [0; TOP];
    for (p, mv) in points.iter_mut().zip(Largest::<TOP>::of(board).moves()) {
        *p = mv.points();
    }
    points
}

/// A position's training label: the points still to come for the side to move, less the
/// other's, by a search, and whether that value is exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Label {
    /// The value the search expects.
    pub points: i32,
    /// The search reached the end of every line without pruning: `points` is exact.
    pub exact: bool,
}

/// The label of `board` by the engine's search ([`SEARCH_WIDTH`], [`HORIZON`]) of `nodes`
/// nodes over `table` (cleared here); a box of one group is exact. `None` on an empty box.
pub fn label(board: &Board, nodes: u64, table: &mut [Entry]) -> Option<Label> {
    let moves = board.legal_moves();
    match moves.as_slice() {
        [] => return None,
        [only] => {
            return Some(Label {
                points: only.points(),
                exact: true,
            });
        }
        _ => {}
    }
    table.fill(Entry::default());
    let depth = board.cells().min(254) as u8;
    let result =
        engine::search::<SEARCH_WIDTH>(board, &mut Budget::nodes(nodes), table, depth, &HORIZON);
    Some(Label {
        points: result.score - board.lead(),
        exact: engine::is_exact(board, table),
    })
}

/// The move of the engine's search of `nodes` nodes over `table` (cleared here); `None` on an
/// empty box.
pub fn engine_move(board: &Board, nodes: u64, table: &mut [Entry]) -> Option<Move> {
    table.fill(Entry::default());
    let depth = board.cells().min(254) as u8;
    let mut budget = Budget::nodes(nodes);
    engine::search::<SEARCH_WIDTH>(board, &mut budget, table, depth, &HORIZON)
        .best
        .or_else(|| board.legal_moves().as_slice().first().copied())
}

/// `horizon` as Rust source: the `Horizon` constant `name`, a row a phase (four weights, then
/// the bias), with a comment
/// after each row (`notes`, one a phase, may be empty). [`parse_horizon`] reads it back.
pub fn horizon_source(name: &str, horizon: &Horizon, notes: &[String]) -> String {
    let mut s = format!("pub const {name}: Horizon = Horizon([\n");
    for (p, row) in horizon.0.iter().enumerate() {
        let weights: Vec<String> = row.iter().map(i16::to_string).collect();
        let note = notes.get(p).map_or("", String::as_str);
        let _ = writeln!(s, "    [{}], // phase {p} {note}", weights.join(", "));
    }
    s.push_str("]);\n");
    s
}

/// The weights in `text` as [`horizon_source`] writes them: every word outside `//` comments
/// that is a whole integer (names such as `i16` are not), a row of [`ROW`] a phase.
///
/// # Errors
/// Not exactly `PHASES × ROW` integers, or one beyond an `i16`, as one line.
pub fn parse_horizon(text: &str) -> Result<Horizon, String> {
    let words = text
        .lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .flat_map(|code| code.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-')))
        .filter(|w| {
            w.trim_start_matches('-')
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit())
        });
    let mut weights = Vec::new();
    for w in words {
        weights.push(
            w.parse::<i16>()
                .map_err(|_| format!("weight {w} is not a 16-bit integer"))?,
        );
    }
    if weights.len() != PHASES * ROW {
        return Err(format!(
            "{} weights, not {} ({PHASES} phases of {ROW})",
            weights.len(),
            PHASES * ROW
        ));
    }
    let mut horizon = Horizon([[0; ROW]; PHASES]);
    for (i, w) in weights.into_iter().enumerate() {
        horizon.0[i / ROW][i % ROW] = w;
    }
    Ok(horizon)
}

/// The horizon weights in the file at `path` ([`parse_horizon`]).
///
/// # Errors
/// The file cannot be read or holds no horizon, as one line naming it.
pub fn read_horizon(path: &std::path::Path) -> Result<Horizon, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse_horizon(&text).map_err(|e| format!("{}: {e}", path.display()))
}
