//! The NBoard protocol (version 2), the line protocol of the NBoard Othello GUI and of engines
//! such as NTest and Edax: [`serve`] is duel's Reversi engine speaking it (the `reversi --nboard`
//! program), [`client`] drives any NBoard engine for the arena.
//!
//! What the engine answers, one command a line:
//!
//! | command | reply |
//! |---|---|
//! | `nboard 2` | `set myname duel` |
//! | `set game <GGF>` | nothing (`status duel: ...` when the game does not read) |
//! | `set depth N` | nothing; the midgame search goes at most N plies deep (1..60) |
//! | `set contempt N` | nothing; accepted and not used (a draw scores 0) |
//! | `move <mv>[/eval/time]` | nothing; the move (`PA` to pass) is appended to the game |
//! | `hint N` | `status duel is thinking`, `search <move> <eval> 0 <depth>` for the N best moves (depth `100%` when solved exactly), then `status` |
//! | `go` | `status duel is thinking`, `nodestats <nodes> <seconds>`, `=== <move>/<eval>/<seconds>` (`=== PA` when the side to move must pass) |
//! | `ping N` | `pong N`, once everything before it is done |
//! | `learn` | `learned` |
//! | `analyze` | `analysis <moves played> <eval>` for each position of the game, last first, then `status` |
//! | `quit` | the engine stops |
//!
//! Evals are in discs for the side to move. Anything else (an unknown command, a game or move
//! that does not read) gets one `status duel: <why>` line and the engine carries on.
//!
//! The clock: `go` reads the mover's time left from the game's `TI` (or `TB`/`TW`) and the
//! seconds of its moves so far, keeps a safety margin, and lets duel's Reversi player spend its
//! whole-game share of the rest (plus most of the increment). An untimed game is searched to the
//! `set depth` depth (without one, the engine's clockless depth). `hint` ranks the moves
//! with the player to the `set depth` depth ([`DEFAULT_ANALYSIS_DEPTH`] without one) for at most [`HINT_MILLIS`],
//! `analyze` for at most [`ANALYZE_MILLIS`] a position. [`NboardOptions::nodes`]
//! replaces every clock by a node limit, for reproducible play. The transposition table
//! persists while the games set are continuations of each other, and is cleared for a new one.

pub mod client;

use crate::clock::WallClock;
use crate::ggf::{GgfGame, move_name, parse_move_item};
use duel_core::reversi::{Board, Book, Move, Player, final_margin_of};
use duel_core::{Allowance, Budget, Clock, Decision, Entry, Limits, Player as _, Score, TimeUse};
use std::io::{self, BufRead, Write};

/// The name the engine gives itself (`set myname`).
pub const ENGINE_NAME: &str = "duel";

/// Transposition-table entries by default: 2^21 × 16 bytes = 32 MiB.
pub const DEFAULT_TABLE_ENTRIES: usize = 1 << 21;

/// The midgame depth of `hint` and `analyze` when no `set depth` came.
pub const DEFAULT_ANALYSIS_DEPTH: u8 = 12;

/// Wall time of one `hint` (without a node limit).
pub const HINT_MILLIS: u64 = 5_000;

/// Wall time per position of `analyze` (without a node limit).
pub const ANALYZE_MILLIS: u64 = 500;

/// Kept back from the clock on every move, besides the 5% the engine never plans to use: the
/// time to read the command and write the answer.
pub const SAFETY_MARGIN_MILLIS: u64 = 30;

/// How the engine searches.
#[derive(Clone, Debug)]
pub struct NboardOptions {
    /// At most this many nodes a search (`go`, `hint`, each position of `analyze`), and no
    /// clock at all: the same commands give the same answers.
    pub nodes: Option<u64>,
    /// Transposition-table entries (16 bytes each).
    pub table_entries: usize,
    /// Play `go` from the committed opening book where it holds the position (`reversi
    /// --nboard --book`; off by default); `hint` and `analyze` always search.
    pub book: bool,
}

impl Default for NboardOptions {
    fn default() -> Self {
        Self {
            nodes: None,
            table_entries: DEFAULT_TABLE_ENTRIES,
            book: false,
        }
    }
}

/// Serves NBoard commands from `input` until `quit` or the end of the input, answering on
/// `output` (flushed after every command).
///
/// # Errors
/// Only the input's or the output's own errors (a closed pipe); bad commands are answered
/// with a `status` line.
pub fn serve(
    mut input: impl BufRead,
    output: impl Write,
    options: &NboardOptions,
) -> io::Result<()> {
    let mut session = Session::new(output, options);
    let mut raw = Vec::new();
    loop {
        raw.clear();
        if input.read_until(b'\n', &mut raw)? == 0 {
            return session.out.flush();
        }
        let line = String::from_utf8_lossy(&raw);
        let flow = session.command(line.trim())?;
        session.out.flush()?;
        if flow == Flow::Quit {
            return Ok(());
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// The engine's state between commands.
struct Session<'o, W> {
    out: W,
    options: &'o NboardOptions,
    clock: WallClock,
    game: GgfGame,
    depth: Option<u8>,
    table: Vec<Entry>,
}

impl<'o, W: Write> Session<'o, W> {
    fn new(out: W, options: &'o NboardOptions) -> Self {
        Self {
            out,
            options,
            clock: WallClock::start(),
            game: GgfGame::new(Board::start()),
            depth: None,
            table: vec![Entry::default(); options.table_entries],
        }
    }

    fn command(&mut self, line: &str) -> io::Result<Flow> {
        let (word, rest) = split_word(line);
        match word {
            "" => {}
            "nboard" => {
                if rest != "2" {
                    self.status(&format!(
                        "duel: protocol version {rest:?} asked for; speaking version 2"
                    ))?;
                }
                writeln!(self.out, "set myname {ENGINE_NAME}")?;
            }
            "set" => self.set(rest)?,
            "move" => self.play(rest)?,
            "hint" => self.hint(rest)?,
            "go" => self.go()?,
            "ping" => {
                let (n, _) = split_word(rest);
                writeln!(self.out, "pong {}", if n.is_empty() { "0" } else { n })?;
            }
            "learn" => writeln!(self.out, "learned")?,
            "analyze" => self.analyze()?,
            "quit" => return Ok(Flow::Quit),
            _ => self.status(&format!("duel: unknown command {word:?}"))?,
        }
        Ok(Flow::Continue)
    }

    fn status(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.out, "status {text}")
    }

    fn set(&mut self, rest: &str) -> io::Result<()> {
        let (what, value) = split_word(rest);
        match what {
            "game" => match GgfGame::parse(value) {
                Ok(game) => {
                    if !continues(&self.game, &game) {
                        self.table.fill(Entry::default());
                    }
                    self.game = game;
                    Ok(())
                }
                Err(e) => self.status(&format!("duel: cannot read the game: {e}")),
            },
            "depth" => match value.parse::<u8>() {
                Ok(d @ 1..=60) => {
                    self.depth = Some(d);
                    Ok(())
                }
                _ => self.status(&format!("duel: depth {value:?} is not in 1..60")),
            },
            // Accepted and not used: the search scores a draw as 0.
            "contempt" => match value.parse::<f64>() {
                Ok(_) => Ok(()),
                Err(_) => self.status(&format!("duel: contempt {value:?} is not a number")),
            },
            _ => self.status(&format!("duel: unknown setting {what:?}")),
        }
    }

    /// `move <mv>[/eval/time]`; a pass the GUI left out before the move is filled in.
    fn play(&mut self, text: &str) -> io::Result<()> {
        let (mv, eval, seconds) = match parse_move_item(text) {
            Ok(m) => m,
            Err(e) => return self.status(&format!("duel: cannot read the move: {e}")),
        };
        if self.game.push(mv, eval, seconds).is_ok() {
            return Ok(());
        }
        let count = self.game.moves().len();
        let board = self.game.position();
        if mv != Move::Pass && !board.has_move() && self.game.push(Move::Pass, None, None).is_ok() {
            if self.game.push(mv, eval, seconds).is_ok() {
                return Ok(());
            }
            self.game.truncate(count);
        }
        self.status(&format!("duel: move {text:?} is illegal in {board}"))
    }

    fn go(&mut self) -> io::Result<()> {
        let board = self.game.position();
        if board.is_over() {
            return self.status("duel: the game is over, there is no move to make");
        }
        if !board.has_move() {
            return writeln!(self.out, "=== PA");
        }
        self.status("duel is thinking")?;
        self.out.flush()?;
        let started = self.clock.now_micros();
        let (budget, time) = move_budget(&self.clock, self.options, &self.game, &board);
        let book = self.options.book.then(Book::committed);
        let decision = choose(&mut self.table, &board, budget, time, self.depth, book);
        let seconds = self.clock.now_micros().saturating_sub(started) as f64 / 1e6;
        writeln!(self.out, "nodestats {} {seconds:.3}", decision.nodes)?;
        writeln!(
            self.out,
            "=== {}/{:.2}/{seconds:.3}",
            move_name(decision.mv),
            decision_eval(&decision)
        )
    }

    fn hint(&mut self, rest: &str) -> io::Result<()> {
        let (n, _) = split_word(rest);
        let Some(count) = n.parse::<usize>().ok().filter(|&c| c >= 1) else {
            return self.status(&format!("duel: hint {n:?}: expected a count of 1 or more"));
        };
        let board = self.game.position();
        if board.is_over() {
            return self.status("duel: the game is over, there is no move to hint");
        }
        self.status("duel is thinking")?;
        self.out.flush()?;
        let (mut budget, _) = Limits::millis(HINT_MILLIS)
            .or_nodes(self.options.nodes)
            .with_depth(Some(self.depth.unwrap_or(DEFAULT_ANALYSIS_DEPTH)))
            .budget_now(&self.clock);
        let ranked =
            Player::new(&mut self.table, TimeUse::ThisMove).rank_moves(&board, &mut budget);
        for r in ranked.iter().take(count) {
            let depth = if r.exact {
                "100%".to_string()
            } else {
                r.depth.to_string()
            };
            writeln!(
                self.out,
                "search {} {:.2} 0 {depth}",
                move_name(r.mv),
                f64::from(r.centidiscs()) / 100.0
            )?;
        }
        writeln!(self.out, "status")
    }

    /// Evaluates every position of the game, from the last back to the start (the table then
    /// carries what the later positions taught to the earlier ones).
    fn analyze(&mut self) -> io::Result<()> {
        self.status("duel is analysing")?;
        self.out.flush()?;
        for k in (0..=self.game.moves().len()).rev() {
            let Some(board) = self.game.position_after(k) else {
                continue;
            };
            let eval = if board.is_over() {
                f64::from(board.final_margin())
            } else {
                let limits = Limits::millis(ANALYZE_MILLIS).or_nodes(self.options.nodes);
                let (budget, time) = limits.budget_now(&self.clock);
                let decision = choose(&mut self.table, &board, budget, time, self.depth, None);
                decision_eval(&decision)
            };
            writeln!(self.out, "analysis {k} {eval:.2}")?;
        }
        writeln!(self.out, "status")
    }
}

/// The first word of `text` and the rest, both trimmed.
fn split_word(text: &str) -> (&str, &str) {
    let text = text.trim();
    match text.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (text, ""),
    }
}

/// Whether `new` is `old` with moves added (same start, `old`'s moves first).
fn continues(old: &GgfGame, new: &GgfGame) -> bool {
    old.start() == new.start()
        && old.moves().len() <= new.moves().len()
        && old
            .moves()
            .iter()
            .zip(new.moves())
            .all(|(a, b)| a.mv == b.mv)
}

/// The budget of a `go` and how the player reads it: the node limit when set, else what is
/// usable of the mover's clock (the player spends its share of it, and most of the
/// increment), else none (the depth bounds the search).
fn move_budget<'c>(
    clock: &'c WallClock,
    options: &NboardOptions,
    game: &GgfGame,
    board: &Board,
) -> (Budget<'c>, TimeUse) {
    let colour = board.to_move();
    let time = match (game.time_of(colour), game.remaining_seconds(colour)) {
        (Some(time), Some(left)) if time.base_seconds > 0.0 || time.increment_seconds > 0.0 => {
            let left_ms = (left.max(0.0) * 1000.0) as u64;
            let usable = (left_ms / 100 * 95).saturating_sub(SAFETY_MARGIN_MILLIS);
            let increment_ms = (time.increment_seconds.max(0.0) * 1000.0) as u64;
            Allowance::Clock {
                left: usable.saturating_mul(1000),
                increment: increment_ms.saturating_mul(1000),
            }
        }
        _ => Allowance::Unlimited,
    };
    Limits::time(time).or_nodes(options.nodes).budget_now(clock)
}

/// A move for `board` (a game that is not over): duel's Reversi player reading `budget` as
/// `time` says, with a depth searching the middle game no deeper than `depth` (its exact solve
/// starts accordingly), from `book` where it holds the position.
fn choose(
    table: &mut [Entry],
    board: &Board,
    budget: Budget<'_>,
    time: TimeUse,
    depth: Option<u8>,
    book: Option<Book<'static>>,
) -> Decision<Move> {
    let mut budget = match depth {
        Some(depth) => budget.with_max_depth(depth),
        None => budget,
    };
    let mut player = Player::new(table, time);
    if let Some(book) = book {
        player = player.with_book(book);
    }
    let decision = player.choose(board, &mut budget);
    decision.unwrap_or_else(|| Decision::new(Move::Pass, board.final_margin(), true, 0, 0))
}

/// A search score in discs: a proven result's disc difference, an evaluation's hundredths.
fn score_discs(score: Score) -> f64 {
    match final_margin_of(score) {
        Some(diff) => f64::from(diff),
        None => f64::from(score) / 100.0,
    }
}

/// The eval of a decision in discs for the side to move.
fn decision_eval(decision: &Decision<Move>) -> f64 {
    if decision.exact {
        f64::from(decision.score)
    } else {
        score_discs(decision.score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session_output(input: &str, nodes: u64) -> Vec<String> {
        let options = NboardOptions {
            nodes: Some(nodes),
            table_entries: 1 << 12,
            book: false,
        };
        let mut out = Vec::new();
        serve(input.as_bytes(), &mut out, &options).expect("in-memory serve");
        String::from_utf8(out)
            .expect("UTF-8")
            .lines()
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn ping_learn_and_unknown_commands() {
        let lines = session_output("nboard 2\nfrobnicate\nlearn\nping 7\n", 1000);
        assert_eq!(
            lines,
            [
                "set myname duel",
                "status duel: unknown command \"frobnicate\"",
                "learned",
                "pong 7"
            ]
        );
    }

    #[test]
    fn quit_stops_before_later_commands() {
        let lines = session_output("ping 1\nquit\nping 2\n", 1000);
        assert_eq!(lines, ["pong 1"]);
    }
}
