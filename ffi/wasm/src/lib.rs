//! duel in WebAssembly: each game's engine move from a position's text, through the
//! [`duel_core::Player`] seam, answered as one line of JSON. Built for
//! `wasm32-unknown-unknown` it exports plain functions (no generated glue): the page writes a
//! position's UTF-8 text into `duel_buffer()`, calls `duel_move`, and reads the answer back
//! from the same buffer. Built natively, [`respond`] is the same code, which the tests hold the
//! `.wasm` to.
//!
//! Positions, by [`Game`]: Reversi, 64 cells (`X`, `O`, `-`) then the side to move; Ataxx, a
//! FEN (standard rules); Filler, the contest's input (N, then N rows of colours, own start
//! cell top-left); The Fruit Rage, the contest's `input.txt`; Stake Your Claim, the rows of
//! the board (`0`, `1`, `.`), one a line. The answer:
//! `{"move":"f5","score":4,"exact":false,"depth":9,"nodes":20000,"pv":["f5","d6"]}`, or
//! `{"error":"..."}`.

use duel_core::{Budget, Clock, Decision, Entry, Player, TimeUse};
use std::fmt::Write as _;

/// A game the binding plays, by the number `duel_move` takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    /// 0: Reversi.
    Reversi,
    /// 1: Ataxx, standard rules.
    Ataxx,
    /// 2: Filler.
    Filler,
    /// 3: The Fruit Rage.
    FruitRage,
    /// 4: Stake Your Claim.
    Stake,
}

impl Game {
    /// The game numbered `n` (0 to 4).
    pub fn from_number(n: u32) -> Option<Game> {
        Some(match n {
            0 => Game::Reversi,
            1 => Game::Ataxx,
            2 => Game::Filler,
            3 => Game::FruitRage,
            4 => Game::Stake,
            _ => return None,
        })
    }
}

/// Transposition-table entries of a search (2^18, 4 MiB).
pub const TABLE_ENTRIES: usize = 1 << 18;

/// How long a move may think: `nodes` nodes, or `millis` milliseconds of `clock`.
pub enum Limit<'c> {
    /// A node limit (reproducible).
    Nodes(u64),
    /// A time limit on a clock.
    Millis(&'c dyn Clock, u64),
}

/// The engine's answer for `game` at the position `text`, as one line of JSON.
///
/// # Errors
/// The position does not parse, or has no move (a finished game), as one line.
pub fn respond(game: Game, text: &str, limit: &Limit<'_>) -> Result<String, String> {
    let mut table = vec![Entry::default(); TABLE_ENTRIES];
    let mut budget = match *limit {
        Limit::Nodes(n) => Budget::nodes(n),
        Limit::Millis(clock, ms) => Budget::millis(clock, ms),
    };
    let budget = &mut budget;
    match game {
        Game::Reversi => {
            use duel_core::reversi::{Board, Player};
            let board = Board::parse_text(text.trim()).map_err(|e| e.to_string())?;
            let d = Player::new(&mut table, TimeUse::ThisMove).choose(&board, budget);
            json(d, |mv| mv.to_string())
        }
        Game::Ataxx => {
            use duel_core::ataxx::{Board, Match, Player, Rules};
            let board = Board::from_fen(text.trim(), Rules::Standard).map_err(|e| e.to_string())?;
            let game = Match::from_board(board);
            let d = Player::new(&mut table, TimeUse::ThisMove).choose(&game, budget);
            json(d, |mv| mv.to_string())
        }
        Game::Filler => {
            use duel_core::filler::{Board, Grid, Player};
            let grid = Grid::parse(text.as_bytes()).map_err(|e| e.to_string())?;
            let board = Board::from_grid(&grid);
            json(Player::new(&mut table).choose(&board, budget), |mv| {
                mv.to_string()
            })
        }
        Game::FruitRage => {
            use duel_core::fruit_rage::{Player, parse_input};
            let board = parse_input(text).map_err(|e| e.to_string())?.board;
            let d = Player::new(&mut table, TimeUse::ThisMove, None).choose(&board, budget);
            // A group is named by its cell on the board it is played on: walk the line.
            let mut at = board;
            json(d, |mv| {
                let name = at.label(mv).to_string();
                at = at.play_unchecked(mv);
                name
            })
        }
        Game::Stake => {
            use duel_core::stake::{BoardBuilder, Player, Slot, TABLE_LEN};
            let rows: Vec<&str> = text
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect();
            let mut builder = BoardBuilder::new(rows.len()).map_err(|e| e.to_string())?;
            for row in &rows {
                builder
                    .push_row(row.as_bytes())
                    .map_err(|e| e.to_string())?;
            }
            let board = builder.finish().map_err(|e| e.to_string())?;
            let mut slots = vec![Slot::default(); TABLE_LEN];
            json(Player::new(&mut slots).choose(&board, budget), |mv| {
                mv.to_string()
            })
        }
    }
}

/// A decision as the binding's JSON line; `name` names each move of its line in turn.
fn json<M: Copy + Default>(
    decision: Option<Decision<M>>,
    mut name: impl FnMut(M) -> String,
) -> Result<String, String> {
    let d = decision.ok_or("the game is over: no move to play")?;
    let line: Vec<String> = if d.pv.is_empty() {
        vec![name(d.mv)]
    } else {
        d.pv.iter().map(|&mv| name(mv)).collect()
    };
    let mut out = String::new();
    let _ = write!(
        out,
        "{{\"move\":{},\"score\":{},\"exact\":{},\"depth\":{},\"nodes\":{},\"pv\":[",
        quoted(&line[0]),
        d.score,
        d.exact,
        d.depth,
        d.nodes
    );
    for (k, mv) in line.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        out.push_str(&quoted(mv));
    }
    out.push_str("]}");
    Ok(out)
}

/// `text` as a JSON string.
fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The error line of the binding.
pub fn error_json(message: &str) -> String {
    format!("{{\"error\":{}}}", quoted(message))
}

#[cfg(target_arch = "wasm32")]
mod exports {
    use super::{Game, Limit, error_json, respond};
    use duel_core::Clock;
    use std::cell::UnsafeCell;

    /// Bytes of the buffer positions and answers pass through.
    const BUFFER_LEN: usize = 1 << 16;

    /// The buffer JavaScript writes positions into and reads answers from, between calls.
    struct Buffer(UnsafeCell<[u8; BUFFER_LEN]>);

    // SAFETY: wasm32-unknown-unknown runs one thread; the buffer is only touched inside the
    // exported calls and by the host between them.
    unsafe impl Sync for Buffer {}

    static BUFFER: Buffer = Buffer(UnsafeCell::new([0; BUFFER_LEN]));

    #[link(wasm_import_module = "env")]
    unsafe extern "C" {
        /// Milliseconds from the host's clock (`performance.now()`).
        fn duel_now_millis() -> f64;
    }

    /// The host's clock.
    struct HostClock;

    impl Clock for HostClock {
        fn now_micros(&self) -> u64 {
            // SAFETY: an imported function of no arguments, reading the host's clock.
            let millis = unsafe { duel_now_millis() };
            (millis * 1000.0) as u64
        }
    }

    /// The buffer's address in the module's memory.
    #[unsafe(no_mangle)]
    pub extern "C" fn duel_buffer() -> *mut u8 {
        BUFFER.0.get().cast()
    }

    /// The buffer's length in bytes.
    #[unsafe(no_mangle)]
    pub extern "C" fn duel_buffer_len() -> u32 {
        BUFFER_LEN as u32
    }

    /// The engine's move for game `game` (0 Reversi, 1 Ataxx, 2 Filler, 3 The Fruit Rage, 4
    /// Stake Your Claim) at the position whose UTF-8 text fills the buffer's first `len` bytes,
    /// searching `nodes` nodes, or `millis` milliseconds when `nodes` is 0. The answer's JSON
    /// replaces the text in the buffer; its length is returned, negated when it is an error.
    #[unsafe(no_mangle)]
    pub extern "C" fn duel_move(game: u32, len: u32, nodes: u32, millis: u32) -> i32 {
        // SAFETY: single-threaded (see `Buffer`); no other reference to the buffer exists
        // during this call.
        let buffer = unsafe { &mut *BUFFER.0.get() };
        let len = (len as usize).min(BUFFER_LEN);
        let answer = match (Game::from_number(game), std::str::from_utf8(&buffer[..len])) {
            (None, _) => Err(format!("no game numbered {game}")),
            (_, Err(_)) => Err("the position is not UTF-8".to_string()),
            (Some(game), Ok(text)) => {
                let clock = HostClock;
                let limit = if nodes > 0 {
                    Limit::Nodes(u64::from(nodes))
                } else {
                    Limit::Millis(&clock, u64::from(millis.max(1)))
                };
                respond(game, text, &limit)
            }
        };
        let (text, sign) = match answer {
            Ok(json) => (json, 1),
            Err(e) => (error_json(&e), -1),
        };
        let n = text.len().min(BUFFER_LEN);
        buffer[..n].copy_from_slice(&text.as_bytes()[..n]);
        sign * n as i32
    }
}
