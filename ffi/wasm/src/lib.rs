//! duel in WebAssembly: each game's engine move from a position's text, through the
//! [`duel_core::Player`] seam, its legal moves and the position after a move, each answered as
//! one line of JSON. Built for `wasm32-unknown-unknown` it exports plain functions (no
//! generated glue; `web/duel.mjs` is the loader): the page writes a position's UTF-8 text into
//! `duel_buffer()`, calls `duel_move`, `duel_legal` or `duel_play` with the game's number (its
//! place in [`GAMES`], whose names `duel_games` answers), and reads the answer back from the
//! same buffer. Built natively, [`respond`], [`legal`] and [`play`] are the same code, which
//! the tests hold the `.wasm` to.
//!
//! Each game is one entry of [`GAMES`], written in its own module, which says its text forms
//! ([`reversi`], [`ataxx`], [`filler`], [`fruit_rage`], [`stake`]). The answers:
//! `{"move":"f5","score":4,"exact":false,"depth":9,"nodes":20000,"pv":["f5","d6"]}`, or
//! `{"error":"..."}`.

use duel_core::{Clock, Limits};

mod answer;
pub mod ataxx;
pub mod filler;
pub mod fruit_rage;
pub mod reversi;
pub mod stake;

pub use answer::TABLE_ENTRIES;
use answer::quoted;

/// One game as the binding knows it: its name and its three answers, written once in the
/// game's module. Each takes the position's text; each answers one line of JSON, or an error
/// line (the text or the move does not parse, the move is not legal, the game is over).
pub struct Game {
    /// The game's name, as the page and `duel_games` name it (`fruit-rage`).
    pub name: &'static str,
    /// The engine's decision within the limits, timed by the clock ([`respond`]).
    pub respond: fn(&str, &Limits, &dyn Clock) -> Result<String, String>,
    /// The legal moves ([`legal`]).
    pub legal: fn(&str) -> Result<String, String>,
    /// The position after a move, given trimmed ([`play`]).
    pub play: fn(&str, &str) -> Result<String, String>,
}

impl core::fmt::Debug for Game {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name)
    }
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.name == other.name
    }
}

impl Eq for Game {}

/// Every game, numbered by its place: the number `duel_move`, `duel_legal` and `duel_play`
/// take.
pub static GAMES: [&Game; 5] = [
    &reversi::GAME,
    &ataxx::GAME,
    &filler::GAME,
    &fruit_rage::GAME,
    &stake::GAME,
];

/// The game numbered `n` (its place in [`GAMES`]).
pub fn numbered(n: u32) -> Option<&'static Game> {
    GAMES.get(usize::try_from(n).ok()?).copied()
}

/// The game named `name`.
pub fn named(name: &str) -> Option<&'static Game> {
    GAMES.iter().copied().find(|game| game.name == name)
}

/// The names of [`GAMES`] in order, as one line of JSON: `{"games":["reversi",...]}`.
pub fn games() -> String {
    let names: Vec<String> = GAMES.iter().map(|game| quoted(game.name)).collect();
    format!("{{\"games\":[{}]}}", names.join(","))
}

/// The engine's answer for `game` at the position `text`, as one line of JSON:
/// `{"move":"f5","score":4,"exact":false,"depth":9,"nodes":20000,"pv":["f5","d6"]}`, the
/// line's moves named as [`legal`] names them.
///
/// # Errors
/// The position does not parse, or has no move (a finished game), as one line.
pub fn respond(
    game: &Game,
    text: &str,
    limits: &Limits,
    clock: &dyn Clock,
) -> Result<String, String> {
    (game.respond)(text, limits, clock)
}

/// The legal moves of `game` at the position `text`, as one line of JSON:
/// `{"moves":["d3","c4","f5","e6"],"over":false,"score":0}`. The moves are named as
/// [`respond`] and [`play`] name them, in the core's order (empty once the game is over: a
/// forced pass is the one move `pass` in Reversi, `0000` in Ataxx). `score` is the game's own
/// count for the side to move (each game's module says which), `null` where its text holds
/// none (The Fruit Rage).
///
/// # Errors
/// The position does not parse, as one line.
pub fn legal(game: &Game, text: &str) -> Result<String, String> {
    (game.legal)(text)
}

/// The position of `game` after the side to move at `text` plays `mv`, as one line of JSON:
/// `{"move":"f5","position":"...","points":0}`, the move named as [`legal`] names it and the
/// position in the text form it was given in, with the other side to move. `points` is what
/// the move scores in The Fruit Rage (the group's size squared), 0 in the other games. Each
/// game's module says how its moves are written.
///
/// # Errors
/// The position does not parse, the move does not parse, or it is not legal there, as one
/// line.
pub fn play(game: &Game, text: &str, mv: &str) -> Result<String, String> {
    (game.play)(text, mv.trim())
}

/// The error line of the binding.
pub fn error_json(message: &str) -> String {
    format!("{{\"error\":{}}}", quoted(message))
}

#[cfg(target_arch = "wasm32")]
mod exports {
    use super::{Game, error_json, games, legal, numbered, play, respond};
    use duel_core::Clock;
    use duel_core::Limits;
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

    /// Answers through the buffer: `answer` gets the text of the buffer's first `len` bytes
    /// (and the game numbered `game`); its JSON, or its error's, replaces the text in the
    /// buffer. Returns the answer's length, negated for an error.
    fn through_buffer(
        game: u32,
        len: u32,
        answer: impl FnOnce(&Game, &str) -> Result<String, String>,
    ) -> i32 {
        // SAFETY: single-threaded (see `Buffer`); no other reference to the buffer exists
        // during an exported call, and this is the only one made in it.
        let buffer = unsafe { &mut *BUFFER.0.get() };
        let len = (len as usize).min(BUFFER_LEN);
        let result = match (numbered(game), std::str::from_utf8(&buffer[..len])) {
            (None, _) => Err(format!("no game numbered {game}")),
            (_, Err(_)) => Err("the input is not UTF-8".to_string()),
            (Some(game), Ok(text)) => answer(game, text),
        };
        write_answer(buffer, result)
    }

    /// Writes `result`'s JSON, or its error's, into `buffer`; returns its length, negated for
    /// an error.
    fn write_answer(buffer: &mut [u8; BUFFER_LEN], result: Result<String, String>) -> i32 {
        let (text, sign) = match result {
            Ok(json) => (json, 1),
            Err(e) => (error_json(&e), -1),
        };
        let text = if text.len() > BUFFER_LEN {
            error_json("the answer does not fit the buffer")
        } else {
            text
        };
        let n = text.len().min(BUFFER_LEN);
        buffer[..n].copy_from_slice(&text.as_bytes()[..n]);
        sign * n as i32
    }

    /// The names of the games by number ([`games`]'s JSON) in the buffer; returns its length.
    #[unsafe(no_mangle)]
    pub extern "C" fn duel_games() -> i32 {
        // SAFETY: as in `through_buffer`.
        let buffer = unsafe { &mut *BUFFER.0.get() };
        write_answer(buffer, Ok(games()))
    }

    /// The engine's move for game `game` (its place in [`super::GAMES`]) at the position whose UTF-8 text fills the buffer's first `len` bytes,
    /// searching `nodes` nodes, or `millis` milliseconds when `nodes` is 0. The answer's JSON
    /// replaces the text in the buffer; its length is returned, negated when it is an error.
    #[unsafe(no_mangle)]
    pub extern "C" fn duel_move(game: u32, len: u32, nodes: u32, millis: u32) -> i32 {
        through_buffer(game, len, |game, text| {
            let clock = HostClock;
            // A node count replaces the time: the answer is then reproducible.
            let limits = Limits::millis(u64::from(millis.max(1)))
                .or_nodes((nodes > 0).then_some(u64::from(nodes)));
            respond(game, text, &limits, &clock)
        })
    }

    /// The legal moves of game `game` at the position in the buffer's first `len` bytes
    /// ([`legal`]'s JSON), answered as `duel_move` answers.
    #[unsafe(no_mangle)]
    pub extern "C" fn duel_legal(game: u32, len: u32) -> i32 {
        through_buffer(game, len, legal)
    }

    /// The position after a move ([`play`]'s JSON): the buffer holds the position's text
    /// (`len` bytes) followed at once by the move's (`move_len` bytes); answered as
    /// `duel_move` answers.
    #[unsafe(no_mangle)]
    pub extern "C" fn duel_play(game: u32, len: u32, move_len: u32) -> i32 {
        let total = len.saturating_add(move_len);
        through_buffer(game, total, |game, text| {
            let at = (len as usize).min(text.len());
            match (text.get(..at), text.get(at..)) {
                (Some(position), Some(mv)) => play(game, position, mv),
                _ => Err("the move does not start at a character boundary".to_string()),
            }
        })
    }
}
