//! Driving an NBoard engine (any program speaking NBoard protocol version 2) for the arena:
//! start it, give it the game so far with its clock, ask for a move.
//!
//! ```no_run
//! use duel_protocols::ggf::{GgfGame, TimeControl};
//! use duel_protocols::nboard::client::NboardClient;
//! use duel_core::reversi::Board;
//! use std::time::Duration;
//!
//! let argv = vec!["reversi".to_string(), "--nboard".to_string()];
//! let mut engine = NboardClient::start(&argv, Duration::from_secs(5)).expect("starts");
//! let mut game = GgfGame::new(Board::start());
//! game.set_time(Some(TimeControl::new(10.0, 0.0)));
//! engine.set_game(&game).expect("alive");
//! let answer = engine.go(Duration::from_secs(10)).expect("answers");
//! game.push(answer.mv, answer.eval, answer.seconds).expect("legal");
//! engine.finish();
//! ```

use crate::ggf::GgfGame;
use crate::process::{Failure, LineChild};
use duel_core::reversi::{Move, Square};
use std::time::{Duration, Instant};

/// How long a finished engine gets to exit after `quit` before it is killed.
const EXIT_GRACE: Duration = Duration::from_millis(500);

/// An engine's answer to `go`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NboardAnswer {
    /// The move (a pass for `PA`). Its legality is the caller's to check.
    pub mv: Move,
    /// The engine's eval in discs for the mover, if it gave one.
    pub eval: Option<f64>,
    /// The seconds the engine says it spent, if it said.
    pub seconds: Option<f64>,
}

impl NboardAnswer {
    /// Reads the text after `===`: `move[/eval[/seconds]]`, or Edax's `move eval seconds`.
    /// The move is a square in either case, or `PA`/`pass`; empty eval or seconds are absent.
    /// `None` when it is anything else.
    pub fn parse(text: &str) -> Option<NboardAnswer> {
        let joined = text.split_whitespace().collect::<Vec<_>>().join("/");
        let mut parts = joined.split('/');
        let name = parts.next()?;
        let mv = if name.eq_ignore_ascii_case("pa") || name.eq_ignore_ascii_case("pass") {
            Move::Pass
        } else {
            Move::Place(Square::parse(name).ok()?)
        };
        let number = |part: Option<&str>| -> Option<Option<f64>> {
            match part {
                None | Some("") => Some(None),
                Some(p) => p.parse::<f64>().ok().filter(|v| v.is_finite()).map(Some),
            }
        };
        let eval = number(parts.next())?;
        let seconds = number(parts.next())?;
        if parts.next().is_some() {
            return None;
        }
        Some(NboardAnswer { mv, eval, seconds })
    }
}

/// NBoard's client: a running NBoard engine program, driven by duel (the arena). Dropping it kills the process; [`NboardClient::finish`] lets it
/// quit first.
pub struct NboardClient {
    child: LineChild,
    name: Option<String>,
    last_ping: u64,
}

impl NboardClient {
    /// Starts `argv` (program and arguments), sends `nboard 2` and waits, at most `startup`,
    /// for the `pong` of a `ping`; a `set myname` on the way gives the engine's name.
    ///
    /// # Errors
    /// [`Failure::Spawn`] when it does not start, [`Failure::Timeout`] when it does not answer
    /// within `startup`, [`Failure::Crashed`] when it exits.
    pub fn start(argv: &[String], startup: Duration) -> Result<NboardClient, Failure> {
        let child = LineChild::spawn(argv, None)?;
        let mut engine = NboardClient {
            child,
            name: None,
            last_ping: 0,
        };
        engine.child.send("nboard 2\n")?;
        engine.sync(Instant::now() + startup)?;
        Ok(engine)
    }

    /// The name the engine gave with `set myname`, if it did.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// Limits the engine's midgame search to `depth` plies (`set depth`).
    ///
    /// # Errors
    /// [`Failure::Crashed`] when the engine no longer reads its input.
    pub fn set_depth(&mut self, depth: u8) -> Result<(), Failure> {
        self.child.send(&format!("set depth {depth}\n"))
    }

    /// Gives the engine the whole game so far, with its clocks and the seconds of each move
    /// (`set game`); the next [`NboardClient::go`] plays its last position.
    ///
    /// # Errors
    /// [`Failure::Crashed`] when the engine no longer reads its input.
    pub fn set_game(&mut self, game: &GgfGame) -> Result<(), Failure> {
        self.child.send(&format!("set game {game}\n"))
    }

    /// Asks for a move (`ping`, then `go`) and waits at most `limit` for the `===` answer that
    /// follows the `pong`; `status`, `nodestats`, `search` and other lines are skipped, and so
    /// is anything before the `pong` (such as a late answer to an earlier request).
    ///
    /// # Errors
    /// [`Failure::Timeout`] past `limit`; [`Failure::Crashed`] when the engine exits, and
    /// also, as `Failure::Crashed("malformed answer \"...\"")`, when its `===` line is not a
    /// move (the arena scores both as a loss).
    pub fn go(&mut self, limit: Duration) -> Result<NboardAnswer, Failure> {
        let deadline = Instant::now() + limit;
        self.last_ping += 1;
        let ping = self.last_ping;
        self.child.send(&format!("ping {ping}\ngo\n"))?;
        self.wait_for_pong(ping, deadline)?;
        loop {
            let line = self.next_line(deadline)?;
            if let Some(rest) = line.trim().strip_prefix("===") {
                return NboardAnswer::parse(rest).ok_or_else(|| {
                    Failure::Crashed(format!("malformed answer {:?}", line.trim()))
                });
            }
        }
    }

    /// Sends `quit`, closes the engine's input and gives it a moment to exit.
    pub fn finish(mut self) {
        let _ = self.child.send("quit\n");
        self.child.finish(EXIT_GRACE);
    }

    /// `ping` and wait for its `pong` until `deadline`.
    fn sync(&mut self, deadline: Instant) -> Result<(), Failure> {
        self.last_ping += 1;
        let ping = self.last_ping;
        self.child.send(&format!("ping {ping}\n"))?;
        self.wait_for_pong(ping, deadline)
    }

    fn wait_for_pong(&mut self, ping: u64, deadline: Instant) -> Result<(), Failure> {
        loop {
            let line = self.next_line(deadline)?;
            let mut words = line.split_whitespace();
            match (words.next(), words.next()) {
                (Some("pong"), Some(n)) if n.parse() == Ok(ping) => return Ok(()),
                (Some("set"), Some("myname")) => {
                    let name = line.trim().splitn(3, char::is_whitespace).nth(2);
                    self.name = name.map(|n| n.trim().to_string()).filter(|n| !n.is_empty());
                }
                _ => {}
            }
        }
    }

    /// The next line, waiting no later than `deadline`.
    fn next_line(&mut self, deadline: Instant) -> Result<String, Failure> {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(Failure::Timeout);
        }
        self.child.read_line(left)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_parse() {
        let f5 = Move::Place(Square::parse("f5").expect("square"));
        assert_eq!(
            NboardAnswer::parse(" F5/1.50/0.25"),
            Some(NboardAnswer {
                mv: f5,
                eval: Some(1.5),
                seconds: Some(0.25)
            })
        );
        assert_eq!(
            NboardAnswer::parse("f5 -1.00 0.0"),
            Some(NboardAnswer {
                mv: f5,
                eval: Some(-1.0),
                seconds: Some(0.0)
            })
        );
        assert_eq!(
            NboardAnswer::parse("PA"),
            Some(NboardAnswer {
                mv: Move::Pass,
                eval: None,
                seconds: None
            })
        );
        assert_eq!(
            NboardAnswer::parse("f5//2"),
            Some(NboardAnswer {
                mv: f5,
                eval: None,
                seconds: Some(2.0)
            })
        );
        for bad in ["", "z9", "f5/x", "f5/1/2/3", "f5/nan"] {
            assert_eq!(NboardAnswer::parse(bad), None, "{bad:?}");
        }
    }
}
