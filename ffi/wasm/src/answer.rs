//! The binding's answers as lines of JSON, written once for every game: a decision, a list of
//! legal moves, the position after a move, an error.

use duel_core::{Clock, Decision, Entry, Limits};
use std::fmt::Write as _;

/// Transposition-table entries of a search (2^18, 4 MiB).
pub const TABLE_ENTRIES: usize = 1 << 18;

/// The error of a finished game's move.
pub const GAME_OVER: &str = "the game is over: no move to play";

/// A search's table, allocated for one call as the page's calls allocate it.
pub(crate) fn table() -> Vec<Entry> {
    vec![Entry::default(); TABLE_ENTRIES]
}

/// The budget of a search asked for `limits`, its clock started now.
pub(crate) fn budget<'c>(limits: &Limits, clock: &'c dyn Clock) -> duel_core::Budget<'c> {
    limits.budget_now(clock).0
}

/// `illegal move "w": why`, the error of a move that does not parse or is not legal.
pub(crate) fn illegal(word: &str, why: &dyn core::fmt::Display) -> String {
    format!("illegal move {word:?}: {why}")
}

/// A decision as the binding's JSON line; `name` names each move of its line in turn.
///
/// # Errors
/// No decision: the game is over.
pub(crate) fn decision<M: Copy + Default>(
    decision: Option<Decision<M>>,
    mut name: impl FnMut(M) -> String,
) -> Result<String, String> {
    let d = decision.ok_or(GAME_OVER)?;
    let line: Vec<String> = if d.pv.is_empty() {
        vec![name(d.mv)]
    } else {
        d.pv.iter().map(|&mv| name(mv)).collect()
    };
    let mut out = String::new();
    let _ = write!(
        out,
        "{{\"move\":{},\"score\":{},\"exact\":{},\"depth\":{},\"nodes\":{},\"pv\":{}}}",
        quoted(&line[0]),
        d.score,
        d.exact,
        d.depth,
        d.nodes,
        list(&line)
    );
    Ok(out)
}

/// The legal-move answer: `{"moves":[...],"over":false,"score":0}`, `score` `null` when the
/// game's text holds none.
pub(crate) fn legal<M: Copy>(
    moves: &[M],
    name: impl Fn(M) -> String,
    over: bool,
    score: Option<i64>,
) -> String {
    let names: Vec<String> = moves.iter().map(|&mv| name(mv)).collect();
    let score = score.map_or("null".to_string(), |s| s.to_string());
    format!(
        "{{\"moves\":{},\"over\":{over},\"score\":{score}}}",
        list(&names)
    )
}

/// The played-move answer: `{"move":"f5","position":"...","points":0}`.
pub(crate) fn played(name: &str, position: &str, points: i64) -> String {
    format!(
        "{{\"move\":{},\"position\":{},\"points\":{points}}}",
        quoted(name),
        quoted(position)
    )
}

/// `texts` as a JSON array of strings.
fn list(texts: &[String]) -> String {
    let quoted: Vec<String> = texts.iter().map(|t| quoted(t)).collect();
    format!("[{}]", quoted.join(","))
}

/// `text` as a JSON string.
pub(crate) fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
