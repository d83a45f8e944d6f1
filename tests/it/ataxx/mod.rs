//! Ataxx through the real binary: the Botzone bot and the UAI engine. (The naive twin, the
//! rules, the repetition rule and the search, which need duel-core alone, are in
//! `core/tests/core/ataxx` and `core/tests/core/ataxx_search.rs`; this module includes the
//! helpers from there.)

// Shared with the core tests, which use all of it.
#[allow(dead_code)]
#[path = "../../../core/tests/core/ataxx/helpers.rs"]
mod helpers;

mod botzone;
mod games;
mod train;
mod uai;

use duel_core::ataxx::BotzoneMove;
use duel_tests::bin;
use helpers::{bz, play_bz, search_choice};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

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
