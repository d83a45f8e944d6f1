//! The UAI engine (standard rules): `uai`, `isready`, `uainewgame`, `position`, `go`,
//! `stop`, `quit`, and `perft N`. The search runs on its own thread so that `stop` and
//! `isready` are answered during `go infinite`.

use super::RulesArg;
use crate::clock::WallClock;
use duel_core::ataxx::{Board, Move, Rules, perft, search_position};
use duel_core::{Budget, Clock, Entry, SearchConfig, SearchResult, Searcher};
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
    /// `position …`: the position, or why it was refused (told as `info string`).
    Position(Result<Board, String>),
    /// `go …`.
    Go(GoLimits),
    /// `stop`.
    Stop,
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

/// How long to think, in milliseconds, or `None` for no time limit.
pub fn think_millis(limits: &GoLimits, side_is_black: bool) -> Option<u64> {
    if limits.infinite {
        return None;
    }
    if let Some(ms) = limits.movetime {
        return Some(ms.saturating_sub(10).max(1));
    }
    let (time, inc) = if side_is_black {
        (limits.btime, limits.binc)
    } else {
        (limits.wtime, limits.winc)
    };
    // In UAI, black is the first player `x`: its clock is `btime`.
    time.map(|t| (t / 30 + inc * 3 / 4).min(t / 2).saturating_sub(5).max(1))
}

/// The engine's state between commands.
pub struct Engine {
    board: Board,
    table: Arc<Mutex<Vec<Entry>>>,
    stop: Arc<AtomicBool>,
    search: Option<JoinHandle<()>>,
}

impl Engine {
    /// An engine with a transposition table of `table_entries` entries.
    pub fn new(table_entries: usize) -> Self {
        Engine {
            board: Board::start(Rules::Standard),
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
                    if let Ok(mut t) = self.table.lock() {
                        t.fill(Entry::default());
                    }
                    self.board = Board::start(Rules::Standard);
                }
                Command::Position(position) => {
                    self.stop_search();
                    match position {
                        Ok(board) => self.board = board,
                        Err(msg) => say(&format!("info string {msg}")),
                    }
                }
                Command::Go(limits) => {
                    self.stop_search();
                    self.go(limits);
                }
                Command::Stop => self.stop_search(),
                Command::Quit => break,
                Command::Perft(depth) => {
                    self.stop_search();
                    let start = Instant::now();
                    let nodes = perft(&self.board, depth);
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

    fn go(&mut self, limits: GoLimits) {
        self.stop.store(false, Ordering::Relaxed);
        let board = self.board;
        let table = Arc::clone(&self.table);
        let stop = Arc::clone(&self.stop);
        self.search = Some(std::thread::spawn(move || {
            search(board, limits, &table, stop)
        }));
    }
}

fn search(board: Board, limits: GoLimits, table: &Mutex<Vec<Entry>>, stop: Arc<AtomicBool>) {
    let clock = StopClock {
        wall: WallClock::start(),
        stop: Arc::clone(&stop),
    };
    let deadline = match think_millis(&limits, board.side() == duel_core::ataxx::Color::Black) {
        Some(ms) => ms.saturating_mul(1000),
        None => u64::MAX,
    };
    let mut budget = Budget::until(&clock, deadline);
    if let Some(n) = limits.nodes {
        budget = budget.with_node_limit(n.max(1));
    }
    let config = SearchConfig {
        max_depth: limits.depth.unwrap_or(60),
        aspiration: 0,
    };
    let mut guard = match table.lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    };
    let mut searcher = Searcher::new(&mut guard);
    let started = Instant::now();
    let mut report = |r: &SearchResult<Move>| {
        let micros = started.elapsed().as_micros().max(1) as u64;
        let nps = r.nodes.saturating_mul(1_000_000) / micros;
        let pv = r.best.map(|m| format!(" pv {m}")).unwrap_or_default();
        say(&format!(
            "info depth {} score cp {} nodes {} nps {} time {}{pv}",
            r.depth,
            r.score,
            r.nodes,
            nps,
            micros / 1000
        ));
    };
    let result = search_position(&board, &mut searcher, &mut budget, config, &mut report);
    if limits.infinite {
        while !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    say(&format!("bestmove {}", result.best.unwrap_or(Move::Pass)));
}

/// `startpos | fen <board> <side> [<half> <full>]` then optionally `moves m1 m2 …`.
fn parse_position(words: &[&str]) -> Result<Board, String> {
    let moves_at = words
        .iter()
        .position(|&w| w == "moves")
        .unwrap_or(words.len());
    let mut board = match words.first().copied() {
        Some("startpos") => Board::start(Rules::Standard),
        Some("fen") => {
            let fen = words.get(1..moves_at).unwrap_or(&[]).join(" ");
            Board::from_fen(&fen, RulesArg::Standard.into()).map_err(|e| e.to_string())?
        }
        _ => return Err("position needs startpos or fen".to_string()),
    };
    for word in words.get(moves_at + 1..).unwrap_or(&[]) {
        let mv = Move::parse_uai(word).map_err(|e| format!("move {word}: {e}"))?;
        board = board.play(mv).map_err(|e| format!("move {word}: {e}"))?;
    }
    Ok(board)
}

fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}
