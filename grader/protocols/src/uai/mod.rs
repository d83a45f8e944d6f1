//! The UAI engine (standard rules): `uai`, `isready`, `uainewgame`, `position`, `go`,
//! `stop`, `quit`, `setoption`, and `perft N`. The search runs on its own thread so that `stop`
//! and `isready` are answered during `go infinite`.
//!
//! `go` takes `wtime`/`btime`/`winc`/`binc`, `movetime`, `depth`, `nodes` and `infinite` (any
//! mix; the first limit reached ends the search), planned by the core's time manager
//! (`core/src/ataxx/time.rs`). The positions of the game since its last copy (from
//! `position … moves …`) are passed to the search, which scores a return to one of them as a
//! draw. `setoption name NAME value N` sets `Hash` (MiB), `Network` (1, the default: the
//! trained network evaluation; 0: the linear [`Eval`], which the firmware plays) or, for
//! tuning matches, a field of [`Tuning`] or [`Eval`] by name (`w0`… the linear evaluation's
//! weights); these are not listed by `uai`.
//!
//! [`client`] drives any UAI engine for the arena.

pub mod client;

use crate::clock::WallClock;
use duel_core::Colour;
use duel_core::ataxx::{Board, Eval, Match, Move, Player, Rules, Tuning, perft};
use duel_core::{Allowance, Clock, Decision, Entry, Limits};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A wall clock that jumps to the end of time once `stop` is set, so that any deadline
/// passes: the way a [`Budget`] (which knows no stop flag) is interrupted from outside.
struct StopClock {
    wall: WallClock,
    stop: Arc<AtomicBool>,
}

impl Clock for StopClock {
    fn now_micros(&self) -> u64 {
        if self.stop.load(Ordering::Relaxed) {
            u64::MAX
        } else {
            self.wall.now_micros()
        }
    }
}

/// The limits of one `go`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoLimits {
    /// `movetime`: milliseconds for this move.
    pub movetime: Option<u64>,
    /// `wtime`: white's clock, milliseconds.
    pub wtime: Option<u64>,
    /// `btime`: black's clock, milliseconds.
    pub btime: Option<u64>,
    /// `winc`: white's increment, milliseconds.
    pub winc: u64,
    /// `binc`: black's increment, milliseconds.
    pub binc: u64,
    /// `depth`: the deepest iteration, 1..=60.
    pub depth: Option<u8>,
    /// `nodes`: the node limit.
    pub nodes: Option<u64>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
}

/// One command line, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uai`.
    Uai,
    /// `isready`.
    IsReady,
    /// `uainewgame`.
    NewGame,
    /// `position …`: the game (the position with the moves that led to it), or why it was
    /// refused (told as `info string`).
    Position(Result<Box<Match>, String>),
    /// `go …`.
    Go(GoLimits),
    /// `stop`.
    Stop,
    /// `setoption …`: the words after `setoption`.
    SetOption(Vec<String>),
    /// `quit`.
    Quit,
    /// `perft N` (1 when N is missing or not a number).
    Perft(u32),
    /// An empty line or an unknown command: ignored.
    Ignored,
}

/// Reads one command line (the engine's whole input path but the search).
pub fn parse_command(line: &str) -> Command {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.first().copied() {
        Some("uai") => Command::Uai,
        Some("isready") => Command::IsReady,
        Some("uainewgame") => Command::NewGame,
        Some("position") => Command::Position(parse_position(&words[1..])),
        Some("go") => Command::Go(parse_go(&words[1..])),
        Some("stop") => Command::Stop,
        Some("setoption") => {
            Command::SetOption(words[1..].iter().map(|w| (*w).to_string()).collect())
        }
        Some("quit") => Command::Quit,
        Some("perft") => Command::Perft(
            words
                .get(1)
                .and_then(|w| w.parse::<u32>().ok())
                .unwrap_or(1),
        ),
        _ => Command::Ignored,
    }
}

fn parse_go(words: &[&str]) -> GoLimits {
    let mut limits = GoLimits::default();
    let mut i = 0;
    while i < words.len() {
        let value = words.get(i + 1).and_then(|w| w.parse::<i64>().ok());
        let ms = value.map(|v| v.max(0) as u64);
        match words[i] {
            "movetime" => limits.movetime = ms,
            "wtime" => limits.wtime = ms,
            "btime" => limits.btime = ms,
            "winc" => limits.winc = ms.unwrap_or(0),
            "binc" => limits.binc = ms.unwrap_or(0),
            "depth" => limits.depth = value.map(|v| v.clamp(1, 60) as u8),
            "nodes" => limits.nodes = ms,
            "infinite" => limits.infinite = true,
            _ => {
                i += 1;
                continue;
            }
        }
        i += if words[i] == "infinite" { 1 } else { 2 };
    }
    limits
}

/// UAI's words as [`Limits`]: the clock that gives this move its time (UAI's black is the
/// first player `x`, whose clock is `btime`), less [`OVERHEAD_MICROS`] kept in hand; `depth`;
/// and `nodes`, which caps the time as UAI's specification reads it (both bind). Without a
/// time (`infinite`, or only `depth` or `nodes`) the search still reads the clock: `stop`
/// comes through it.
fn limits(go: &GoLimits, side_is_black: bool) -> Limits {
    let usable = |micros: u64| micros.saturating_sub(OVERHEAD_MICROS).max(1_000);
    let (time, inc) = if side_is_black {
        (go.btime, go.binc)
    } else {
        (go.wtime, go.winc)
    };
    let time = match (go.infinite, go.movetime, time) {
        (false, Some(ms), _) => Allowance::PerMove {
            micros: usable(ms.saturating_mul(1000)),
        },
        (false, None, Some(t)) => Allowance::Clock {
            left: usable(t.saturating_mul(1000)),
            increment: inc.saturating_mul(1000),
        },
        _ => Allowance::PerMove { micros: u64::MAX },
    };
    Limits {
        time,
        nodes: go.nodes.map(|n| n.max(1)),
        depth: Some(go.depth.unwrap_or(duel_core::ataxx::MAX_DEPTH)),
    }
}

/// Microseconds kept in hand for answering `bestmove` and the pipe's latency.
const OVERHEAD_MICROS: u64 = 10_000;

/// UAI's server: duel's Ataxx player answering UAI commands (`ataxx --uai`); its state between
/// commands.
pub struct UaiServer {
    game: Box<Match>,
    settings: Settings,
    table: Arc<Mutex<Vec<Entry>>>,
    /// Whether the table may hold entries (a fresh table needs no clearing).
    searched: bool,
    stop: Arc<AtomicBool>,
    search: Option<JoinHandle<()>>,
}

impl UaiServer {
    /// An engine with a transposition table of `table_entries` entries.
    pub fn new(table_entries: usize) -> Self {
        UaiServer {
            game: Box::new(Match::from_board(Board::start(Rules::Standard))),
            settings: Settings::default(),
            searched: false,
            table: Arc::new(Mutex::new(vec![Entry::default(); table_entries.max(1)])),
            stop: Arc::new(AtomicBool::new(false)),
            search: None,
        }
    }

    fn finish_search(&mut self) {
        if let Some(handle) = self.search.take() {
            let _ = handle.join();
        }
    }

    fn stop_search(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.finish_search();
    }

    /// Reads commands until `quit` or end of input.
    pub fn run(&mut self, input: &mut dyn BufRead) {
        let mut line = String::new();
        loop {
            line.clear();
            match input.read_line(&mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            match parse_command(&line) {
                Command::Uai => say("id name duel\nid author the duel project\nuaiok"),
                Command::IsReady => say("readyok"),
                Command::NewGame => {
                    self.stop_search();
                    if self.searched {
                        if let Ok(mut t) = self.table.lock() {
                            t.fill(Entry::default());
                        }
                        self.searched = false;
                    }
                    *self.game = Match::from_board(Board::start(Rules::Standard));
                }
                Command::Position(position) => {
                    self.stop_search();
                    match position {
                        Ok(game) => self.game = game,
                        Err(msg) => say(&format!("info string {msg}")),
                    }
                }
                Command::Go(limits) => {
                    self.stop_search();
                    self.go(limits);
                }
                Command::Stop => self.stop_search(),
                Command::SetOption(words) => {
                    self.stop_search();
                    let words: Vec<&str> = words.iter().map(String::as_str).collect();
                    if let Err(msg) = self.set_option(&words) {
                        say(&format!("info string {msg}"));
                    }
                }
                Command::Quit => break,
                Command::Perft(depth) => {
                    self.stop_search();
                    let start = Instant::now();
                    let nodes = perft(self.game.board(), depth);
                    say(&format!(
                        "{depth} {nodes} {:.3}",
                        start.elapsed().as_secs_f64()
                    ));
                }
                Command::Ignored => {}
            }
        }
        self.stop_search();
    }

    /// `setoption name NAME value N`: `Hash` (MiB), or a search or evaluation parameter by
    /// its field name in [`Tuning`] or [`Eval`] (for tuning matches; not listed by `uai`).
    fn set_option(&mut self, words: &[&str]) -> Result<(), String> {
        let (Some(&"name"), Some(name), Some(&"value"), Some(value)) =
            (words.first(), words.get(1), words.get(2), words.get(3))
        else {
            return Err("setoption needs name NAME value N".to_string());
        };
        let n: i64 = value
            .parse()
            .map_err(|_| format!("option {name}: {value:?} is not an integer"))?;
        if name.eq_ignore_ascii_case("hash") {
            let mib = usize::try_from(n.clamp(1, 4096)).unwrap_or(16);
            if let Ok(mut t) = self.table.lock() {
                *t = vec![Entry::default(); mib * (1 << 20) / std::mem::size_of::<Entry>()];
            }
            return Ok(());
        }
        if name.eq_ignore_ascii_case("network") {
            self.settings.linear = match n {
                0 => true,
                1 => false,
                _ => return Err(format!("option {name}: {value} is neither 0 nor 1")),
            };
            return Ok(());
        }
        let (t, e) = (&mut self.settings.tuning, &mut self.settings.eval);
        let int = n.clamp(-1_000_000, 1_000_000) as i32;
        let count = n.clamp(0, 1000) as usize;
        match name.to_ascii_lowercase().as_str() {
            "rfp_depth" => t.rfp_depth = int,
            "rfp_margin" => t.rfp_margin = int,
            "null_depth" => t.null_depth = int,
            "null_empties" => t.null_empties = count as u32,
            "lmr_depth" => t.lmr_depth = int,
            "lmr_moves" => t.lmr_moves = count,
            "lmr_divisor" => t.lmr_divisor = int.max(1),
            "lmp_depth" => t.lmp_depth = int,
            "lmp_base" => t.lmp_base = count,
            "lmp_scale" => t.lmp_scale = count,
            "aspiration" => t.aspiration = int.max(0),
            "probcut_depth" => t.probcut_depth = int,
            "probcut_margin" => t.probcut_margin = int,
            w if w.starts_with('w') => {
                let slot = w[1..]
                    .parse::<usize>()
                    .ok()
                    .and_then(|i| e.weights.get_mut(i))
                    .ok_or_else(|| format!("no option {name}"))?;
                *slot = int.clamp(-32_000, 32_000) as i16;
            }
            _ => return Err(format!("no option {name}")),
        }
        Ok(())
    }

    fn go(&mut self, limits: GoLimits) {
        self.stop.store(false, Ordering::Relaxed);
        self.searched = true;
        let settings = self.settings;
        let game = self.game.clone();
        let table = Arc::clone(&self.table);
        let stop = Arc::clone(&self.stop);
        self.search = Some(std::thread::spawn(move || {
            search(&game, limits, settings, &table, stop)
        }));
    }
}

/// The search parameters `setoption` may change.
#[derive(Clone, Copy, Debug, Default)]
struct Settings {
    tuning: Tuning,
    /// The linear evaluation's weights, used when `linear` is set.
    eval: Eval,
    /// Whether the linear evaluation replaces the network (`setoption name Network value 0`).
    linear: bool,
}

fn search(
    game: &Match,
    limits: GoLimits,
    settings: Settings,
    table: &Mutex<Vec<Entry>>,
    stop: Arc<AtomicBool>,
) {
    let clock = StopClock {
        wall: WallClock::start(),
        stop: Arc::clone(&stop),
    };
    let side_is_black = game.board().side() == Colour::Black;
    let (mut budget, time) =
        self::limits(&limits, side_is_black).budget(&clock, clock.wall.now_micros());
    let mut guard = match table.lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    };
    let (mut network, mut linear);
    let player: &mut dyn duel_core::Player<Position = Match, Move = Move> = if settings.linear {
        linear = Player::new(&mut guard, time)
            .with_eval(settings.eval)
            .with_tuning(settings.tuning);
        &mut linear
    } else {
        network = Player::new(&mut guard, time).with_tuning(settings.tuning);
        &mut network
    };
    let started = Instant::now();
    let mut report = |r: &Decision<Move>| {
        let micros = started.elapsed().as_micros().max(1) as u64;
        let nps = r.nodes.saturating_mul(1_000_000) / micros;
        let pv = format!(" pv {}", r.mv);
        say(&format!(
            "info depth {} score cp {} nodes {} nps {} time {}{pv}",
            r.depth,
            r.score,
            r.nodes,
            nps,
            micros / 1000
        ));
    };
    let decision = player.choose_reporting(game, &mut budget, &mut report);
    if limits.infinite {
        while !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    say(&format!(
        "bestmove {}",
        decision.map_or(Move::Pass, |d| d.mv)
    ));
}

/// `startpos | fen <board> <side> [<half> <full>]` then optionally `moves m1 m2 …`: the game
/// from that position through the moves, which keeps the positions since the last copy (the
/// search will not return to one of them while it can do better than a draw).
fn parse_position(words: &[&str]) -> Result<Box<Match>, String> {
    let moves_at = words
        .iter()
        .position(|&w| w == "moves")
        .unwrap_or(words.len());
    let board = match words.first().copied() {
        Some("startpos") => Board::start(Rules::Standard),
        Some("fen") => {
            let fen = words.get(1..moves_at).unwrap_or(&[]).join(" ");
            Board::from_fen(&fen, Rules::Standard).map_err(|e| e.to_string())?
        }
        _ => return Err("position needs startpos or fen".to_string()),
    };
    let mut game = Box::new(Match::from_board(board));
    for word in words.get(moves_at + 1..).unwrap_or(&[]) {
        let mv = Move::parse_uai(word).map_err(|e| format!("move {word}: {e}"))?;
        game.play(mv).map_err(|e| format!("move {word}: {e}"))?;
    }
    Ok(game)
}

fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}
