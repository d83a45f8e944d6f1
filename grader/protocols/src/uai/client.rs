//! Driving a UAI engine (the Universal Ataxx Interface, cutechess's UCI for Ataxx): `uai` …
//! `uaiok`, `isready` … `readyok`, `uainewgame`, then per move `position fen … moves …` and
//! `go` with the clocks (`wtime`/`btime`/`winc`/`binc`, `movetime`, or `nodes`), answered by
//! `bestmove MOVE`.

use crate::process::{Failure, LineChild};
use crate::time_control::PlayerClock;
use std::time::{Duration, Instant};

/// How long a UAI engine may take to start and answer `uai` and `isready`.
pub const STARTUP: Duration = Duration::from_secs(10);

/// UAI's client: a running UAI engine program, driven by duel (the arena).
pub struct UaiClient {
    child: LineChild,
    name: Option<String>,
}

/// The limits of one `go`.
#[derive(Clone, Copy, Debug)]
pub struct GoLimits {
    /// The mover's clock.
    pub own: PlayerClock,
    /// The opponent's clock.
    pub other: PlayerClock,
    /// Whether the mover is black (`x`), whose clock UAI calls `btime`.
    pub mover_is_black: bool,
    /// A node budget instead of the clock (`go nodes N`).
    pub nodes: Option<u64>,
}

impl GoLimits {
    /// The `go` command.
    pub fn command(&self) -> String {
        if let Some(n) = self.nodes {
            return format!("go nodes {n}");
        }
        let ms = |d: Duration| d.as_millis();
        match self.own.control() {
            crate::time_control::TimeControl::Move(d) => format!("go movetime {}", ms(d)),
            crate::time_control::TimeControl::Game { .. } => {
                let (black, white) = if self.mover_is_black {
                    (&self.own, &self.other)
                } else {
                    (&self.other, &self.own)
                };
                format!(
                    "go wtime {} btime {} winc {} binc {}",
                    ms(white.left()),
                    ms(black.left()),
                    ms(white.increment()),
                    ms(black.increment())
                )
            }
        }
    }
}

impl UaiClient {
    /// Starts `argv`, and waits for `uaiok` and `readyok` within [`STARTUP`].
    ///
    /// # Errors
    /// It cannot start, exits, or does not answer in time.
    pub fn start(argv: &[String]) -> Result<UaiClient, Failure> {
        let mut child = LineChild::spawn(argv, None)?;
        let started = Instant::now();
        child.send("uai\n")?;
        let mut name = None;
        loop {
            let line = child.read_line(STARTUP.saturating_sub(started.elapsed()))?;
            let line = line.trim();
            if let Some(n) = line.strip_prefix("id name ") {
                name = Some(n.to_string());
            }
            if line == "uaiok" {
                break;
            }
        }
        let mut engine = UaiClient { child, name };
        engine.sync(STARTUP.saturating_sub(started.elapsed()))?;
        Ok(engine)
    }

    /// The name the engine gave (`id name`).
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// `isready`, and waits for `readyok`.
    fn sync(&mut self, limit: Duration) -> Result<(), Failure> {
        self.child.send("isready\n")?;
        let started = Instant::now();
        while self
            .child
            .read_line(limit.saturating_sub(started.elapsed()))?
            .trim()
            != "readyok"
        {}
        Ok(())
    }

    /// `setoption name NAME value VALUE` (the next `isready` waits for it to take effect).
    ///
    /// # Errors
    /// The engine has exited.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), Failure> {
        self.child
            .send(&format!("setoption name {name} value {value}\n"))
    }

    /// `uainewgame`, then `isready`.
    ///
    /// # Errors
    /// The engine exits or does not answer within [`STARTUP`].
    pub fn new_game(&mut self) -> Result<(), Failure> {
        self.child.send("uainewgame\n")?;
        self.sync(STARTUP)
    }

    /// Sends the position (`fen` and the moves since, in UAI notation) and `go`, and returns
    /// the text of `bestmove`, waiting at most `deadline`.
    ///
    /// # Errors
    /// [`Failure::Timeout`] past `deadline`, [`Failure::Crashed`] when the engine exits or
    /// answers something else than `bestmove MOVE`.
    pub fn best_move(
        &mut self,
        fen: &str,
        moves: &[String],
        limits: &GoLimits,
        deadline: Duration,
    ) -> Result<String, Failure> {
        let started = Instant::now();
        let mut position = format!("position fen {fen}");
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        self.child
            .send(&format!("{position}\n{}\n", limits.command()))?;
        loop {
            let line = self
                .child
                .read_line(deadline.saturating_sub(started.elapsed()))?;
            let mut words = line.split_whitespace();
            if words.next() == Some("bestmove") {
                return words
                    .next()
                    .map(str::to_string)
                    .ok_or_else(|| Failure::Crashed("empty bestmove".into()));
            }
        }
    }

    /// `quit`, and a moment to exit before the engine is killed.
    pub fn finish(mut self) {
        let _ = self.child.send("quit\n");
        self.child.finish(Duration::from_millis(300));
    }
}
