//! The Botzone bot: simple (line) or JSON input, history replay with checked moves, a timed
//! search, and keep-running mode.
//!
//! The history is replayed with [`Match::play_botzone`], the replay the C API uses too: an
//! illegal or circular move in it is refused with a one-line error naming the move (the judge
//! ends the game at a circular move, so no later turn can follow one). In the simple form, the
//! `data` and `globaldata` lines after the turn's last request are skipped: every line after
//! it that is not a request (four integers, or a JSON request object) until the next request.
//! The bot saves no data, so Botzone sends those lines empty or not at all; a data line that
//! reads as four integers would be taken for the next request.

use crate::clock::WallClock;
use duel_core::ataxx::{BotzoneMove, Match, Player};
use duel_core::{Clock, Entry, Limits, Player as _};
use serde_json::Value;
use std::io::{BufRead, Write};

/// The line that asks Botzone to keep the bot running between turns.
pub const KEEP_RUNNING: &str = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<";

/// How the bot searches.
#[derive(Clone, Copy, Debug)]
pub struct BotOptions {
    /// Wall time per turn, counted from the turn's start (process start for the first turn).
    pub millis: u64,
    /// The deepest iteration.
    pub max_depth: u8,
    /// Transposition table entries (16 bytes each).
    pub table_entries: usize,
    /// At most this many nodes a turn (for reproducible answers); `None`: no node limit.
    pub max_nodes: Option<u64>,
}

/// Which of Botzone's two input forms a turn came in (answered in the same form).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    Simple,
    Json,
}

/// A turn's input failed: the one-line message for stderr.
#[derive(Debug)]
pub struct BotError(pub String);

impl std::fmt::Display for BotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn err<T>(msg: impl Into<String>) -> Result<T, BotError> {
    Err(BotError(msg.into()))
}

/// Reads the next non-blank line; `None` at end of input.
fn next_line(input: &mut dyn BufRead) -> Result<Option<String>, BotError> {
    loop {
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) => return Ok(None),
            Ok(_) if line.trim().is_empty() => continue,
            Ok(_) => return Ok(Some(line.trim().to_string())),
            Err(e) => return err(format!("cannot read input: {e}")),
        }
    }
}

/// The move a JSON object `{"x0":…,"y0":…,"x1":…,"y1":…}` gives.
fn json_move(value: &Value) -> Result<BotzoneMove, BotError> {
    let field = |name: &str| -> Result<i32, BotError> {
        value
            .get(name)
            .and_then(Value::as_i64)
            .and_then(|n| i32::try_from(n).ok())
            .ok_or_else(|| BotError(format!("move has no integer field {name}")))
    };
    Ok(BotzoneMove {
        x0: field("x0")?,
        y0: field("y0")?,
        x1: field("x1")?,
        y1: field("y1")?,
    })
}

fn simple_move(line: &str) -> Result<BotzoneMove, BotError> {
    BotzoneMove::parse(line).map_err(|e| BotError(format!("bad move line {line:?}: {e}")))
}

/// A full turn's input: the requests and responses so far, oldest first.
struct Transcript {
    requests: Vec<BotzoneMove>,
    responses: Vec<BotzoneMove>,
}

fn parse_simple(first: &str, input: &mut dyn BufRead) -> Result<Transcript, BotError> {
    let n: usize = first
        .parse()
        .map_err(|_| BotError(format!("bad turn number {first:?}")))?;
    if n == 0 || n > 1000 {
        return err(format!("turn number {n} out of range"));
    }
    let mut moves = Vec::with_capacity(2 * n - 1);
    while moves.len() < 2 * n - 1 {
        match next_line(input)? {
            Some(line) => moves.push(simple_move(&line)?),
            None => {
                return err(format!(
                    "input ended after {} of {} moves",
                    moves.len(),
                    2 * n - 1
                ));
            }
        }
    }
    let requests = moves.iter().step_by(2).copied().collect();
    let responses = moves.iter().skip(1).step_by(2).copied().collect();
    Ok(Transcript {
        requests,
        responses,
    })
}

fn parse_json(line: &str) -> Result<Transcript, BotError> {
    let value: Value =
        serde_json::from_str(line).map_err(|e| BotError(format!("bad json: {e}")))?;
    let list = |name: &str| -> Result<Vec<BotzoneMove>, BotError> {
        match value.get(name) {
            Some(Value::Array(items)) => items.iter().map(json_move).collect(),
            None if name == "responses" => Ok(Vec::new()),
            _ => err(format!("json has no {name} array")),
        }
    };
    let requests = list("requests")?;
    let responses = list("responses")?;
    if requests.len() != responses.len() + 1 {
        return err(format!(
            "json has {} requests and {} responses; requests must be one more",
            requests.len(),
            responses.len()
        ));
    }
    Ok(Transcript {
        requests,
        responses,
    })
}

/// Plays the opponent's request into the game (black's first `-1 -1 -1 -1` plays nothing).
fn play_request(game: &mut Match, request: BotzoneMove, first: bool) -> Result<(), BotError> {
    if request.is_none() {
        if first {
            return Ok(());
        }
        return err("request -1 -1 -1 -1 after the first turn");
    }
    play(game, request, "request")
}

fn play(game: &mut Match, bm: BotzoneMove, what: &str) -> Result<(), BotError> {
    game.play_botzone(bm)
        .map(|_| ())
        .map_err(|e| BotError(format!("{what} {e}")))
}

fn replay(transcript: &Transcript) -> Result<Match, BotError> {
    let mut game = Match::new();
    for (i, &request) in transcript.requests.iter().enumerate() {
        play_request(&mut game, request, i == 0)?;
        if let Some(&response) = transcript.responses.get(i) {
            play(&mut game, response, "response")?;
        }
    }
    Ok(game)
}

/// The request a keep-running line holds: `Ok(None)` for a line that is no request at all
/// while `skip_data` (the `data` and `globaldata` lines after a simple-form turn).
fn keep_running_request(
    line: &str,
    skip_data: bool,
) -> Result<Option<(Form, BotzoneMove)>, BotError> {
    let parsed = if line.starts_with('{') {
        serde_json::from_str::<Value>(line)
            .map_err(|e| BotError(format!("bad json: {e}")))
            .and_then(|value| json_move(&value))
            .map(|bm| (Form::Json, bm))
    } else {
        simple_move(line).map(|bm| (Form::Simple, bm))
    };
    match parsed {
        Ok(request) => Ok(Some(request)),
        Err(_) if skip_data => Ok(None),
        Err(e) => Err(e),
    }
}

/// The bot's state across turns of one process.
pub struct Bot {
    options: BotOptions,
    table: Vec<Entry>,
    clock: WallClock,
}

impl Bot {
    /// A bot whose turn clock is `clock` (started at process start).
    pub fn new(options: BotOptions, clock: WallClock) -> Self {
        Bot {
            options,
            table: vec![Entry::default(); options.table_entries.max(1)],
            clock,
        }
    }

    /// Searches the position of `game` and plays the chosen move into it; returns it.
    fn answer(&mut self, game: &mut Match, turn_start: u64) -> Result<BotzoneMove, BotError> {
        // The turn's time from its start; a node count caps it (both bind).
        let (mut budget, time) = Limits::millis(self.options.millis)
            .with_nodes(self.options.max_nodes)
            .with_depth(Some(self.options.max_depth))
            .budget(&self.clock, turn_start);
        let mut player = Player::new(&mut self.table, time);
        let Some(decision) = player.choose(game, &mut budget) else {
            return err("the game is over: no move to make");
        };
        let (board, mv) = (*game.board(), decision.mv);
        let bm = board.botzone_move(mv);
        game.play(mv)
            .map_err(|e| BotError(format!("own move {bm}: {e}")))?;
        Ok(bm)
    }

    /// Serves one process's worth of turns: the first (full history) and, in keep-running
    /// mode, every later single request until end of input.
    pub fn serve(
        &mut self,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<(), BotError> {
        let Some(first) = next_line(input)? else {
            return err("empty input");
        };
        let (form, transcript) = if first.starts_with('{') {
            (Form::Json, parse_json(&first)?)
        } else {
            (Form::Simple, parse_simple(&first, input)?)
        };
        let mut game = replay(&transcript)?;
        let mut turn_start = 0;
        let mut form = form;
        // Only a simple-form turn is followed by data and globaldata lines.
        let mut skip_data = form == Form::Simple;
        loop {
            let bm = self.answer(&mut game, turn_start)?;
            write_answer(output, form, bm)?;
            writeln!(output, "{KEEP_RUNNING}")
                .and_then(|_| output.flush())
                .map_err(io_err)?;
            let request = loop {
                let Some(line) = next_line(input)? else {
                    return Ok(());
                };
                if let Some(request) = keep_running_request(&line, skip_data)? {
                    break request;
                }
            };
            turn_start = self.clock.now_micros();
            skip_data = false;
            let (request_form, request_move) = request;
            form = request_form;
            play_request(&mut game, request_move, false)?;
        }
    }
}

fn io_err(e: std::io::Error) -> BotError {
    BotError(format!("cannot write output: {e}"))
}

fn write_answer(output: &mut dyn Write, form: Form, bm: BotzoneMove) -> Result<(), BotError> {
    match form {
        Form::Simple => writeln!(output, "{bm}"),
        Form::Json => writeln!(
            output,
            "{{\"response\":{{\"x0\":{},\"y0\":{},\"x1\":{},\"y1\":{}}}}}",
            bm.x0, bm.y0, bm.x1, bm.y1
        ),
    }
    .map_err(io_err)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Serves `input` with a node-limited bot; returns the result (as text) and the output.
    fn serve(input: &str) -> (Result<(), String>, String) {
        let options = BotOptions {
            millis: 60_000,
            max_depth: 3,
            table_entries: 1 << 10,
            max_nodes: Some(2_000),
        };
        let mut bot = Bot::new(options, WallClock::start());
        let mut output = Vec::new();
        let result = bot
            .serve(&mut input.as_bytes(), &mut output)
            .map_err(|e| e.to_string());
        (result, String::from_utf8(output).expect("utf-8 output"))
    }

    /// The answer lines of `output` (the keep-running lines left out).
    fn answers(output: &str) -> Vec<&str> {
        output.lines().filter(|l| *l != KEEP_RUNNING).collect()
    }

    #[test]
    fn a_history_with_a_circular_move_is_refused_in_both_forms() {
        // Black's jump back to (2,0) repeats H[1] after H[0] = H[4]: the judge ends the game.
        let simple = "3\n0 0 2 0\n6 0 4 0\n2 0 0 0\n4 0 6 0\n0 0 2 0\n";
        let (result, output) = serve(simple);
        assert_eq!(
            result,
            Err("request 0 0 2 0 at ply 5: circular move (the judge ends the game there)".into())
        );
        assert_eq!(output, "");
        let json = concat!(
            r#"{"requests":[{"x0":0,"y0":0,"x1":2,"y1":0},{"x0":2,"y0":0,"x1":0,"y1":0},"#,
            r#"{"x0":0,"y0":0,"x1":2,"y1":0}],"responses":[{"x0":6,"y0":0,"x1":4,"y1":0},"#,
            r#"{"x0":4,"y0":0,"x1":6,"y1":0}]}"#,
            "\n"
        );
        let (result, output) = serve(json);
        assert_eq!(
            result,
            Err("request 0 0 2 0 at ply 5: circular move (the judge ends the game there)".into())
        );
        assert_eq!(output, "");
        // A circular move among the bot's own responses is refused the same way.
        let own = "4\n-1 -1 -1 -1\n0 0 2 0\n6 0 4 0\n2 0 0 0\n4 0 6 0\n0 0 2 0\n6 0 5 0\n";
        let (result, _) = serve(own);
        assert_eq!(
            result,
            Err("response 0 0 2 0 at ply 5: circular move (the judge ends the game there)".into())
        );
    }

    #[test]
    fn data_and_globaldata_lines_are_skipped_when_started_anew() {
        let (result, output) = serve("1\n-1 -1 -1 -1\nsaved data\nglobal 1\n{\"g\":2}\n");
        assert_eq!(result, Ok(()));
        assert_eq!(answers(&output).len(), 1, "{output}");
    }

    #[test]
    fn data_and_globaldata_lines_are_skipped_in_keep_running_mode() {
        // White's copy (6,0) -> (5,0) is legal whatever black's first answer was.
        let input = "1\n-1 -1 -1 -1\nsaved data\nglobal 1\nglobal 2\n6 0 5 0\n";
        let (result, output) = serve(input);
        assert_eq!(result, Ok(()));
        let lines = answers(&output);
        assert_eq!(lines.len(), 2, "{output}");
        for line in lines {
            assert!(BotzoneMove::parse(line).is_ok(), "{line}");
        }
        // After a keep-running request no data follows: a stray line is an error.
        let (result, output) = serve(&format!("{input}not a move\n"));
        assert_eq!(
            result,
            Err("bad move line \"not a move\": move is not four integers x0 y0 x1 y1".into())
        );
        assert_eq!(answers(&output).len(), 2);
    }

    #[test]
    fn a_json_turn_is_followed_by_no_data_lines() {
        let (result, output) =
            serve("{\"requests\":[{\"x0\":-1,\"y0\":-1,\"x1\":-1,\"y1\":-1}]}\nx\n");
        assert_eq!(
            result,
            Err("bad move line \"x\": move is not four integers x0 y0 x1 y1".into())
        );
        assert_eq!(answers(&output).len(), 1);
    }
}
