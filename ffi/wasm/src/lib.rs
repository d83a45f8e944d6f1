//! duel in WebAssembly: each game's engine move from a position's text, through the
//! [`duel_core::Player`] seam, its legal moves and the position after a move, each answered as
//! one line of JSON. Built for `wasm32-unknown-unknown` it exports plain functions (no
//! generated glue; `web/duel.mjs` is the loader): the page writes a position's UTF-8 text into
//! `duel_buffer()`, calls `duel_move`, `duel_legal` or `duel_play`, and reads the answer back
//! from the same buffer. Built natively, [`respond`], [`legal`] and [`play`] are the same code,
//! which the tests hold the `.wasm` to.
//!
//! Positions, by [`Game`]: Reversi, 64 cells (`X`, `O`, `-`) then the side to move; Ataxx, a
//! FEN (standard rules); Filler, the contest's input (N, then N rows of colours, own start
//! cell top-left), optionally followed by a line `moves M`, the moves both players have played
//! (without it, as in the contest's input, the engine counts none of the 50); The Fruit Rage, the contest's `input.txt`; Stake Your Claim, the rows of
//! the board (`0`, `1`, `.`), one a line. The answer:
//! `{"move":"f5","score":4,"exact":false,"depth":9,"nodes":20000,"pv":["f5","d6"]}`, or
//! `{"error":"..."}`.

use duel_core::{Clock, Decision, Entry, Limits, Player, TimeUse};
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

/// The error of a finished game's move.
const GAME_OVER: &str = "the game is over: no move to play";

/// A position of one of the games, read from its text.
// One lives on the stack for one call: its size does not matter, a box would only allocate.
#[allow(clippy::large_enum_variant)]
enum Position {
    Reversi(duel_core::reversi::Board),
    Ataxx(duel_core::ataxx::Board),
    /// The grid, and the moves played when the text gives them (`moves M`).
    Filler(duel_core::filler::Grid, Option<u8>),
    /// `None`: an empty box, the end of a game (which `input.txt` cannot hold).
    FruitRage(Option<duel_core::fruit_rage::Input>),
    Stake(duel_core::stake::Board),
    /// A full Stake Your Claim board, the end of a game (which the contest's input cannot
    /// hold): the value for the side whose turn it would be.
    StakeOver(i32),
}

impl Position {
    /// Reads `text` as a position of `game`.
    fn parse(game: Game, text: &str) -> Result<Position, String> {
        use duel_core::{ataxx, filler, fruit_rage, reversi, stake};
        Ok(match game {
            Game::Reversi => Position::Reversi(
                reversi::Board::parse_text(text.trim()).map_err(|e| e.to_string())?,
            ),
            Game::Ataxx => Position::Ataxx(
                ataxx::Board::from_fen(text.trim(), ataxx::Rules::Standard)
                    .map_err(|e| e.to_string())?,
            ),
            Game::Filler => {
                // A last line `moves M`, then the contest's text.
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
                let grid = filler::Grid::parse(grid.as_bytes()).map_err(|e| e.to_string())?;
                Position::Filler(grid, played)
            }
            Game::FruitRage => match fruit_rage::parse_input(text) {
                Ok(input) => Position::FruitRage(Some(input)),
                Err(fruit_rage::InputError::Board(fruit_rage::BoardError::Empty)) => {
                    Position::FruitRage(None)
                }
                Err(e) => return Err(e.to_string()),
            },
            Game::Stake => {
                let rows: Vec<&str> = text
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .collect();
                let mut builder =
                    stake::BoardBuilder::new(rows.len()).map_err(|e| e.to_string())?;
                for row in &rows {
                    builder
                        .push_row(row.as_bytes())
                        .map_err(|e| e.to_string())?;
                }
                match builder.finish() {
                    Ok(board) => Position::Stake(board),
                    Err(stake::ParseError::Position(stake::PositionError::NoEmpty)) => {
                        Position::StakeOver(full_stake_value(&rows))
                    }
                    Err(e) => return Err(e.to_string()),
                }
            }
        })
    }
}

/// Filler's board from its grid and, when known, the moves played toward the limit.
fn filler_board(grid: &duel_core::filler::Grid, played: Option<u8>) -> duel_core::filler::Board {
    let board = duel_core::filler::Board::from_grid(grid);
    match played {
        Some(played) => board.with_moves_played(played),
        None => board,
    }
}

/// The value of a full Stake Your Claim board (rows checked by the parser) for the side whose
/// turn it would be: its largest region less the opponent's.
fn full_stake_value(rows: &[&str]) -> i32 {
    use duel_core::{Bitboard, stake::largest_region};
    let (mut zeros, mut ones) = (0u64, 0u64);
    for (r, row) in rows.iter().enumerate() {
        for (c, byte) in row.bytes().enumerate() {
            let bit = 1u64 << ((r * 8 + c) & 63);
            match byte {
                b'0' => zeros |= bit,
                _ => ones |= bit,
            }
        }
    }
    let (zero, one) = (
        largest_region(Bitboard(zeros)) as i32,
        largest_region(Bitboard(ones)) as i32,
    );
    if zeros.count_ones() == ones.count_ones() {
        zero - one
    } else {
        one - zero
    }
}

/// The engine's answer for `game` at the position `text`, as one line of JSON.
///
/// # Errors
/// The position does not parse, or has no move (a finished game), as one line.
pub fn respond(
    game: Game,
    text: &str,
    limits: &Limits,
    clock: &dyn Clock,
) -> Result<String, String> {
    let position = Position::parse(game, text)?;
    let mut table = vec![Entry::default(); TABLE_ENTRIES];
    let (mut budget, _) = limits.budget_now(clock);
    let budget = &mut budget;
    match position {
        Position::Reversi(board) => {
            use duel_core::reversi::Player;
            let d = Player::new(&mut table, TimeUse::ThisMove).choose(&board, budget);
            json(d, |mv| mv.to_string())
        }
        Position::Ataxx(board) => {
            use duel_core::ataxx::{Match, Player};
            let game = Match::from_board(board);
            let d = Player::new(&mut table, TimeUse::ThisMove).choose(&game, budget);
            json(d, |mv| mv.to_string())
        }
        Position::Filler(grid, played) => {
            use duel_core::filler::Player;
            let board = filler_board(&grid, played);
            json(Player::new(&mut table).choose(&board, budget), |mv| {
                mv.to_string()
            })
        }
        Position::FruitRage(None) => Err(GAME_OVER.to_string()),
        Position::FruitRage(Some(input)) => {
            use duel_core::fruit_rage::Player;
            let board = input.board;
            let d = Player::new(&mut table, TimeUse::ThisMove, None).choose(&board, budget);
            // A group is named by its cell on the board it is played on: walk the line.
            let mut at = board;
            json(d, |mv| {
                let name = at.label(mv).to_string();
                at = at.play_unchecked(mv);
                name
            })
        }
        Position::StakeOver(_) => Err(GAME_OVER.to_string()),
        Position::Stake(board) => {
            use duel_core::stake::{Player, Slot, TABLE_LEN};
            let mut slots = vec![Slot::default(); TABLE_LEN];
            json(Player::new(&mut slots).choose(&board, budget), |mv| {
                mv.to_string()
            })
        }
    }
}

/// The legal moves of `game` at the position `text`, as one line of JSON:
/// `{"moves":["d3","c4","f5","e6"],"over":false,"score":0}`. The moves are named as
/// [`respond`] and [`play`] name them, in the core's order (empty once the game is over: a
/// forced pass is the one move `pass` in Reversi, `0000` in Ataxx). `score` is the game's own
/// count for the side to move: discs (Reversi) or pieces (Ataxx) or cells (Filler) of its own
/// less the opponent's, Stake Your Claim's largest region less the opponent's, and `null` for
/// The Fruit Rage, whose text holds no score.
///
/// # Errors
/// The position does not parse, as one line.
pub fn legal(game: Game, text: &str) -> Result<String, String> {
    use duel_core::Game as _;
    let (names, over, score): (Vec<String>, bool, Option<i64>) = match Position::parse(game, text)?
    {
        Position::Reversi(board) => {
            let own = i64::from(board.black().len()) - i64::from(board.white().len());
            let own = match board.to_move() {
                duel_core::Colour::Black => own,
                duel_core::Colour::White => -own,
            };
            (
                names(board.legal_moves().as_ref(), |mv| mv.to_string()),
                board.is_over(),
                Some(own),
            )
        }
        Position::Ataxx(board) => {
            let own = i64::from(board.pieces(board.side()).len())
                - i64::from(board.pieces(board.side().other()).len());
            let moves = if board.is_over() {
                Vec::new()
            } else {
                names(board.legal_moves().as_ref(), |mv| mv.to_string())
            };
            (moves, board.is_over(), Some(own))
        }
        Position::Filler(grid, played) => {
            let board = filler_board(&grid, played);
            (
                names(board.legal_moves().as_ref(), |mv| mv.to_string()),
                board.is_over(),
                Some(i64::from(board.score())),
            )
        }
        Position::FruitRage(None) => (Vec::new(), true, None),
        Position::FruitRage(Some(input)) => {
            let board = input.board;
            (
                names(board.legal_moves().as_ref(), |mv| {
                    board.label(mv).to_string()
                }),
                board.is_over(),
                None,
            )
        }
        Position::StakeOver(value) => (Vec::new(), true, Some(i64::from(value))),
        Position::Stake(board) => (
            names(board.legal_moves().as_ref(), |mv| mv.to_string()),
            board.is_over(),
            Some(i64::from(board.value_for(board.to_move()))),
        ),
    };
    let mut out = String::from("{\"moves\":[");
    for (k, name) in names.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        out.push_str(&quoted(name));
    }
    let score = score.map_or("null".to_string(), |s| s.to_string());
    let _ = write!(out, "],\"over\":{over},\"score\":{score}}}");
    Ok(out)
}

/// Each of `moves` named by `name`.
fn names<M: Copy>(moves: &[M], name: impl Fn(M) -> String) -> Vec<String> {
    moves.iter().map(|&mv| name(mv)).collect()
}

/// The position of `game` after the side to move at `text` plays `mv`, as one line of JSON:
/// `{"move":"f5","position":"...","points":0}`, the move named as [`legal`] names it and the
/// position in the text form it was given in, with the other side to move (Filler's turned by
/// 180°, the mover's start now bottom-right, its `moves M` line one higher when it has one;
/// The Fruit Rage's keeps its type count and
/// seconds). `points` is what the move scores in The Fruit Rage (the group's size squared),
/// 0 in the other games.
///
/// Moves are written as the games write them: Reversi `f5` or `pass`; Ataxx `f2`, `g1e3` or
/// `0000`; Filler a colour digit; The Fruit Rage any cell of the group (`B3`); Stake Your
/// Claim `(r,c)` or `r,c` (0-based).
///
/// # Errors
/// The position does not parse, the move does not parse, or it is not legal there, as one
/// line.
pub fn play(game: Game, text: &str, mv: &str) -> Result<String, String> {
    use duel_core::{ataxx, filler, fruit_rage, reversi, stake};
    let word = mv.trim();
    let illegal = |why: &dyn core::fmt::Display| format!("illegal move {word:?}: {why}");
    let (name, position, points) = match Position::parse(game, text)? {
        Position::Reversi(board) => {
            let mv = reversi::Move::parse(word).map_err(|e| illegal(&e))?;
            let next = board.play(mv).map_err(|e| illegal(&e))?;
            (mv.to_string(), next.to_string(), 0)
        }
        Position::Ataxx(board) => {
            let mv = ataxx::Move::parse_uai(word).map_err(|e| illegal(&e))?;
            let next = board.play(mv).map_err(|e| illegal(&e))?;
            (mv.to_string(), next.fen().to_string(), 0)
        }
        Position::Filler(grid, played) => {
            let colour = match word.as_bytes() {
                [d @ b'0'..=b'9'] => filler::Move::new(d - b'0'),
                _ => None,
            }
            .ok_or_else(|| illegal(&"not a colour digit 0 to 9"))?;
            filler_board(&grid, played)
                .play(colour)
                .map_err(|e| illegal(&e))?;
            let mut next = grid.after_move(colour).rotated().to_string();
            if let Some(played) = played {
                let _ = writeln!(next, "moves {}", played.saturating_add(1));
            }
            (colour.to_string(), next, 0)
        }
        Position::FruitRage(None) => return Err(illegal(&GAME_OVER)),
        Position::FruitRage(Some(input)) => {
            let board = input.board;
            let cell = fruit_rage::Cell::parse(word).map_err(|e| illegal(&e))?;
            let mv = board.move_at(cell).map_err(|e| illegal(&e))?;
            let next = board.play(mv).map_err(|e| illegal(&e))?;
            let size = i64::from(mv.size());
            let text = format!(
                "{}\n{}\n{}\n{next}",
                board.size(),
                input.kinds,
                input.seconds
            );
            (board.label(mv).to_string(), text, size * size)
        }
        Position::StakeOver(_) => return Err(illegal(&GAME_OVER)),
        Position::Stake(board) => {
            let numbers: Vec<&str> = word
                .trim_start_matches('(')
                .trim_end_matches(')')
                .split([',', ' '])
                .filter(|w| !w.is_empty())
                .collect();
            let at = match numbers.as_slice() {
                [r, c] => r.parse::<u8>().ok().zip(c.parse::<u8>().ok()),
                _ => None,
            };
            let mv = at
                .and_then(|(r, c)| {
                    if usize::from(r.max(c)) < board.size() {
                        stake::Move::at(duel_core::coord::Row(r), duel_core::coord::Column(c))
                    } else {
                        None
                    }
                })
                .ok_or_else(|| illegal(&"not a cell (r,c) of the board"))?;
            let next = board.play(mv).map_err(|e| illegal(&e))?;
            (mv.to_string(), next.to_string(), 0)
        }
    };
    Ok(format!(
        "{{\"move\":{},\"position\":{},\"points\":{points}}}",
        quoted(&name),
        quoted(&position)
    ))
}

/// A decision as the binding's JSON line; `name` names each move of its line in turn.
fn json<M: Copy + Default>(
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

/// The error line of the binding.
pub fn error_json(message: &str) -> String {
    format!("{{\"error\":{}}}", quoted(message))
}

#[cfg(target_arch = "wasm32")]
mod exports {
    use super::{Game, error_json, legal, play, respond};
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
        answer: impl FnOnce(Game, &str) -> Result<String, String>,
    ) -> i32 {
        // SAFETY: single-threaded (see `Buffer`); no other reference to the buffer exists
        // during an exported call, and this is the only one made in it.
        let buffer = unsafe { &mut *BUFFER.0.get() };
        let len = (len as usize).min(BUFFER_LEN);
        let result = match (Game::from_number(game), std::str::from_utf8(&buffer[..len])) {
            (None, _) => Err(format!("no game numbered {game}")),
            (_, Err(_)) => Err("the input is not UTF-8".to_string()),
            (Some(game), Ok(text)) => answer(game, text),
        };
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

    /// The engine's move for game `game` (0 Reversi, 1 Ataxx, 2 Filler, 3 The Fruit Rage, 4
    /// Stake Your Claim) at the position whose UTF-8 text fills the buffer's first `len` bytes,
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
