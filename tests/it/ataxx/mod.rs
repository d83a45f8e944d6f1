//! Ataxx: the naive grid twin and the rules against it, the Botzone repetition rule, the
//! Botzone bot and the UAI engine through the real binary. (Perft, search against minimax and
//! the `Game` contract are checked by `conformance`.)

pub(crate) mod naive;

mod botzone;
mod repetition;
mod rules;
mod uai;

use duel_core::Colour;
use duel_core::ataxx::{Board, BotzoneMove, History, Match, Move, Player, Snapshot};
use duel_core::{Budget, Entry, Player as _, SearchResult, TimeUse};
use duel_tests::bin;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// The pieces of `board` as a history entry.
pub(crate) fn snap(board: &Board) -> Snapshot {
    Snapshot {
        black: board.pieces(Colour::Black),
        white: board.pieces(Colour::White),
    }
}

/// A Botzone move from its four numbers.
pub(crate) fn bz(x0: i32, y0: i32, x1: i32, y1: i32) -> BotzoneMove {
    BotzoneMove { x0, y0, x1, y1 }
}

/// Plays a Botzone move in `game`, which must accept it.
pub(crate) fn play_bz(game: &mut Match, m: BotzoneMove) {
    let mv = game.board().parse_botzone(m).unwrap();
    game.play(mv).unwrap();
}

/// What the Ataxx player answers at `depth` with a table of `entries` for `board` after the
/// Botzone history `history`.
pub(crate) fn search_choice(
    board: &Board,
    history: &History,
    depth: u8,
    entries: usize,
) -> SearchResult<Move> {
    let mut table = vec![Entry::default(); entries];
    let game = Match::with_history(*board, history.clone());
    let mut budget = Budget::unlimited().with_max_depth(depth);
    let d = Player::new(&mut table, TimeUse::ThisMove)
        .choose(&game, &mut budget)
        .unwrap();
    SearchResult {
        best: Some(d.mv),
        score: d.score,
        depth: d.depth,
        nodes: d.nodes,
    }
}

/// The `ataxx` program.
pub(crate) fn ataxx() -> PathBuf {
    bin("ataxx")
}

/// The integer after `"key":` in a flat JSON text (the answers here have one of each).
pub(crate) fn json_int(text: &str, key: &str) -> Option<i32> {
    let at = text.find(&format!("\"{key}\":"))? + key.len() + 3;
    let rest = text.get(at..)?.trim_start();
    let end = rest
        .find(|c: char| c != '-' && !c.is_ascii_digit())
        .unwrap_or(rest.len());
    rest[..end].parse().ok()
}

pub(crate) fn json_move(m: BotzoneMove) -> String {
    format!(
        "{{\"x0\":{},\"y0\":{},\"x1\":{},\"y1\":{}}}",
        m.x0, m.y0, m.x1, m.y1
    )
}

/// A child process with line-by-line stdout through a channel (so that a test cannot hang).
pub(crate) struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Session {
    pub(crate) fn start(program: &Path, args: &[&str]) -> Session {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Session {
            child,
            stdin,
            lines: rx,
        }
    }

    pub(crate) fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }

    pub(crate) fn line(&self) -> String {
        self.lines
            .recv_timeout(Duration::from_secs(60))
            .expect("a line within 60 s")
    }

    pub(crate) fn finish(mut self) -> std::process::Output {
        drop(self.stdin.take());
        let out = self.child.wait_with_output().unwrap();
        assert!(self.lines.try_recv().is_err(), "unread output");
        out
    }
}
