//! The Ataxx referee: two Botzone bots under the judge's rules (`rules/ataxx.md`), black and
//! white alternating between games, 1 s a turn. A bot is started anew each turn with the whole
//! history, unless it printed `>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`: then it is kept and later
//! turns send it only the new request. Simple (line) or JSON interaction, per bot.
//!
//! The rules, including the judge's repetition ("circular move") check, come from
//! `duel_core::ataxx::Match`, which the tests hold against a naive grid twin.

use super::process::{Failure, LineChild};
use super::{GameRecord, MatchArgs, Referee, Rng, Side};
use crate::clock::WallClock;
use duel_core::ataxx::{BotzoneMove, Color, Match, choose};
use duel_core::search::SearchConfig;
use duel_core::{Budget, Entry, Searcher};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The line a bot prints to be kept running.
const KEEP_RUNNING: &str = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<";

/// Botzone's limit for one turn.
pub const TURN_TIME: Duration = Duration::from_secs(1);

/// How a bot is spoken to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Protocol {
    /// Lines: the turn number, then requests and responses `x0 y0 x1 y1`.
    Simple,
    /// One JSON object a turn.
    Json,
}

/// `duel arena ataxx`.
#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    #[command(flatten)]
    common: MatchArgs,
    /// The interaction both bots use, unless `--protocol-a`/`--protocol-b` say otherwise.
    #[arg(long, value_enum, default_value_t = Protocol::Simple)]
    protocol: Protocol,
    /// The interaction of bot A.
    #[arg(long, value_enum)]
    protocol_a: Option<Protocol>,
    /// The interaction of bot B.
    #[arg(long, value_enum)]
    protocol_b: Option<Protocol>,
}

/// Plays the series and prints the table.
pub fn arena(args: &ArenaArgs) -> ExitCode {
    let Some((a, b)) = super::players("ataxx", &args.common, |text, side| {
        let own = if side == Side::A {
            args.protocol_a
        } else {
            args.protocol_b
        };
        PlayerSpec::parse(text, own.unwrap_or(args.protocol))
    }) else {
        return ExitCode::from(2);
    };
    let mut referee = AtaxxReferee {
        a,
        b,
        seed: args.common.seed,
        turn_time: TURN_TIME,
    };
    super::play("ataxx", "pieces", &args.common, &mut referee)
}

/// Who plays a side.
#[derive(Clone, Debug)]
pub enum PlayerSpec {
    /// A Botzone bot program.
    Command(Vec<String>, Protocol),
    /// `builtin:random`: a random legal move (circular ones included, as the samples do).
    Random,
    /// `builtin:duel`: the engine in-process, never a circular move while another exists.
    Duel,
}

impl PlayerSpec {
    /// Parses a built-in name or a command spoken to with `protocol`.
    ///
    /// # Errors
    /// An unknown built-in, or a command that does not split.
    pub fn parse(text: &str, protocol: Protocol) -> Result<Self, String> {
        super::parse_player(
            text,
            &[("random", Self::Random), ("duel", Self::Duel)],
            |argv| Self::Command(argv, protocol),
        )
    }
}

/// One bot's view of the game: what it was asked and what it answered.
struct Conversation {
    requests: Vec<BotzoneMove>,
    responses: Vec<BotzoneMove>,
    kept: Option<LineChild>,
}

impl Conversation {
    fn json_move(m: &BotzoneMove) -> serde_json::Value {
        serde_json::json!({"x0": m.x0, "y0": m.y0, "x1": m.x1, "y1": m.y1})
    }

    /// The whole input of a fresh start, or only the new request for a kept bot.
    fn input(&self, protocol: Protocol, kept: bool) -> String {
        let last = self.requests.last().copied().unwrap_or(BotzoneMove::NONE);
        match (protocol, kept) {
            (Protocol::Simple, true) => format!("{last}\n"),
            (Protocol::Json, true) => format!("{}\n", Self::json_move(&last)),
            (Protocol::Simple, false) => {
                let mut s = format!("{}\n", self.requests.len());
                for (i, request) in self.requests.iter().enumerate() {
                    s.push_str(&format!("{request}\n"));
                    if let Some(response) = self.responses.get(i) {
                        s.push_str(&format!("{response}\n"));
                    }
                }
                s
            }
            (Protocol::Json, false) => {
                let requests: Vec<_> = self.requests.iter().map(Self::json_move).collect();
                let responses: Vec<_> = self.responses.iter().map(Self::json_move).collect();
                let input = serde_json::json!({
                    "requests": requests,
                    "responses": responses,
                    "data": "",
                    "globaldata": "",
                    "time_limit": 1,
                    "memory_limit": 256,
                });
                format!("{input}\n")
            }
        }
    }
}

/// Reads a bot's response from its first output line.
fn parse_response(line: &str, protocol: Protocol) -> Option<BotzoneMove> {
    match protocol {
        Protocol::Simple => BotzoneMove::parse(line.trim()).ok(),
        Protocol::Json => {
            let value: serde_json::Value = serde_json::from_str(line.trim()).ok()?;
            let r = value.get("response")?;
            let num = |k: &str| r.get(k)?.as_i64().and_then(|v| i32::try_from(v).ok());
            Some(BotzoneMove {
                x0: num("x0")?,
                y0: num("y0")?,
                x1: num("x1")?,
                y1: num("y1")?,
            })
        }
    }
}

/// Plays Ataxx games between two Botzone bots.
pub struct AtaxxReferee {
    /// Player A.
    pub a: PlayerSpec,
    /// Player B.
    pub b: PlayerSpec,
    /// Seeds the built-in random player.
    pub seed: u64,
    /// Time allowed per turn.
    pub turn_time: Duration,
}

impl AtaxxReferee {
    /// One turn of a bot program: the first output line (its response).
    fn ask_program(
        &self,
        argv: &[String],
        protocol: Protocol,
        talk: &mut Conversation,
    ) -> Result<String, Failure> {
        let started = Instant::now();
        let kept = talk.kept.is_some();
        let input = talk.input(protocol, kept);
        let mut child = match talk.kept.take() {
            Some(child) => child,
            None => LineChild::spawn(argv, None)?,
        };
        child.send(&input)?;
        let mut first: Option<String> = None;
        let mut keep = false;
        loop {
            let left = self.turn_time.saturating_sub(started.elapsed());
            match child.next_line(left)? {
                Some(line) if line.trim() == KEEP_RUNNING => {
                    keep = true;
                    break;
                }
                Some(line) => {
                    if first.is_none() && !line.trim().is_empty() {
                        first = Some(line);
                    }
                }
                None => break,
            }
        }
        if keep {
            talk.kept = Some(child);
        } else {
            child.exited_cleanly(self.turn_time.saturating_sub(started.elapsed()))?;
        }
        first.ok_or_else(|| Failure::Crashed("no response".into()))
    }
}

impl Referee for AtaxxReferee {
    fn play_game(&mut self, index: usize, a_first: bool) -> GameRecord {
        let black = if a_first { Side::A } else { Side::B };
        let side_of = |c: Color| {
            if c == Color::Black {
                black
            } else {
                black.other()
            }
        };
        let mut record = GameRecord::new(a_first);
        let mut game = Match::new();
        let mut talks = [
            Conversation {
                requests: vec![],
                responses: vec![],
                kept: None,
            },
            Conversation {
                requests: vec![],
                responses: vec![],
                kept: None,
            },
        ];
        // Black's first request is "no move".
        talks[black as usize].requests.push(BotzoneMove::NONE);
        let mut table = vec![Entry::default(); 1 << 18];
        let mut rng = Rng::new(self.seed, index as u64);
        while !game.board().is_over() {
            let side = side_of(game.board().side());
            let spec = if side == Side::A { &self.a } else { &self.b };
            let k = side as usize;
            let started = Instant::now();
            let response = match spec {
                PlayerSpec::Command(argv, protocol) => {
                    match self.ask_program(argv, *protocol, &mut talks[k]) {
                        Ok(line) => match parse_response(&line, *protocol) {
                            Some(m) => m,
                            None => {
                                return forfeit(
                                    record,
                                    side,
                                    &format!("malformed response {:?}", line.trim()),
                                );
                            }
                        },
                        Err(f) => return forfeit(record, side, &f.to_string()),
                    }
                }
                PlayerSpec::Random => {
                    let moves = game.board().legal_moves();
                    match moves.as_slice().get(rng.below(moves.len())) {
                        Some(&m) => game.board().botzone_move(m),
                        None => BotzoneMove::NONE,
                    }
                }
                PlayerSpec::Duel => {
                    let clock = WallClock::start();
                    let mut budget = Budget::millis(&clock, 800);
                    let mut searcher = Searcher::new(&mut table);
                    let config = SearchConfig {
                        max_depth: 64,
                        aspiration: 0,
                    };
                    match choose(
                        game.board(),
                        game.history(),
                        &mut searcher,
                        &mut budget,
                        config,
                        &mut |_| {},
                    ) {
                        Some(result) => result
                            .best
                            .map_or(BotzoneMove::NONE, |m| game.board().botzone_move(m)),
                        None => BotzoneMove::NONE,
                    }
                }
            };
            if started.elapsed() > self.turn_time {
                return forfeit(record, side, "time-out");
            }
            let Ok(mv) = game.board().parse_botzone(response) else {
                return forfeit(record, side, &format!("invalid move {response}"));
            };
            if game.history().is_circular(game.board(), mv) {
                return forfeit(record, side, &format!("circular move {response}"));
            }
            if game.play(mv).is_err() {
                return forfeit(record, side, &format!("invalid move {response}"));
            }
            talks[k].responses.push(response);
            talks[1 - k].requests.push(response);
            record.moves.push(response.to_string());
        }
        let margin = i64::from(game.board().final_margin().unwrap_or(0));
        let margin_a = if side_of(game.board().side()) == Side::A {
            margin
        } else {
            -margin
        };
        record = record.finish(margin_a);
        for talk in talks {
            if let Some(child) = talk.kept {
                child.finish(Duration::from_millis(200));
            }
        }
        record
    }
}

/// `loser` loses at once for `why` (Botzone scores it 0:2), by the whole board.
fn forfeit(record: GameRecord, loser: Side, why: &str) -> GameRecord {
    record.forfeit(loser, why, 49)
}
