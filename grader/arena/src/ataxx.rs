//! The Ataxx referee: Botzone bots (simple or JSON interaction, started anew each turn unless
//! they print `>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`), UAI engines and built-ins, under the
//! Botzone judge's rules (`docs/rules/ataxx.md`: the repetition rule, both sides' end, 401
//! plies) or standard Ataxx rules (passes, the 100-ply rule), 1 s a move by default.
//!
//! The rules come from `duel_core::ataxx` (`Match` keeps the judge's history), which the tests
//! hold against a naive grid twin. Games can be written as PGN in cuteataxx's form.

use super::player::{ContestantKind, ContestantSpec, Proto};
use super::{GameRecord, GameSetup, Match as MatchSetup, MatchArgs, Referee, Rng, Side};
use duel_core::Colour;
use duel_core::ataxx::{Board, BotzoneMove, Match, Move, Player as Duel, Rules};
use duel_core::{Allowance, Budget, Decision, Entry, Limits, Player as _};
use duel_protocols::clock::WallClock;
use duel_protocols::pgn::PgnGame;
use duel_protocols::process::{Failure, LineChild};
use duel_protocols::time_control::{PlayerClock, TimeControl};
use duel_protocols::uai::client::{GoLimits, UaiClient};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The line a bot prints to be kept running.
const KEEP_RUNNING: &str = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<";

/// Botzone's limit for one turn, process start included.
pub const TURN_TIME: Duration = Duration::from_secs(1);

/// How long `builtin:duel` thinks on a per-move clock: Botzone's 1 s with the `ataxx` bot's
/// margin (0.8 of it).
const BUILTIN_SHARE: f64 = 0.8;

/// How a Botzone bot is spoken to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Protocol {
    /// Lines: the turn number, then requests and responses `x0 y0 x1 y1`.
    Simple,
    /// One JSON object a turn.
    Json,
}

/// A rule set named on a command line (`--rules botzone|standard`), for `duel`'s commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RulesArg {
    /// Botzone's judge: no passes, the game ends when either side cannot move, 401 plies.
    Botzone,
    /// Standard Ataxx: passes, the 100-ply copy/capture clock, blocked cells (what UAI engines
    /// play).
    Standard,
}

impl From<RulesArg> for Rules {
    fn from(r: RulesArg) -> Rules {
        match r {
            RulesArg::Botzone => Rules::Botzone,
            RulesArg::Standard => Rules::Standard,
        }
    }
}

/// `duel arena ataxx`.
#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    #[command(flatten)]
    common: MatchArgs,
    /// The interaction of Botzone bots, unless `--protocol-a`/`--protocol-b` or `proto=`
    /// say otherwise.
    #[arg(long, value_enum, default_value_t = Protocol::Simple)]
    protocol: Protocol,
    /// The interaction of bot A.
    #[arg(long, value_enum)]
    protocol_a: Option<Protocol>,
    /// The interaction of bot B.
    #[arg(long, value_enum)]
    protocol_b: Option<Protocol>,
    /// The rules (default: standard when a player speaks UAI, else Botzone's).
    #[arg(long, value_enum)]
    rules: Option<RulesArg>,
    /// Also write every game as PGN (cuteataxx's form) to this file.
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// Adjudicate a game still running after N plies (opening included) as a draw, as
    /// fastchess's `-maxmoves` does (the rules already end every game; this bounds its length).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    maxmoves: Option<u32>,
}

/// Plays the match and prints the table.
pub fn arena(args: &ArenaArgs) -> ExitCode {
    let setup = match MatchSetup::new(&args.common, TimeControl::Move(TURN_TIME)) {
        Ok(s) => s,
        Err(e) => return super::usage_error("ataxx", &e),
    };
    let own = [args.protocol_a, args.protocol_b];
    let players: Result<Vec<Contestant>, String> = setup
        .players
        .iter()
        .zip(own)
        .map(|(spec, own)| Contestant::from_spec(spec, own.unwrap_or(args.protocol)))
        .collect();
    let players = match players {
        Ok(p) => [p[0].clone(), p[1].clone()],
        Err(e) => return super::usage_error("ataxx", &e),
    };
    let uai = players.iter().any(|p| matches!(p, Contestant::Uai(..)));
    let rules = match args.rules {
        Some(rules) => Rules::from(rules),
        None if uai => Rules::Standard,
        None => Rules::Botzone,
    };
    if rules == Rules::Standard {
        if let Some(p) = players
            .iter()
            .find(|p| matches!(p, Contestant::Botzone(..)))
        {
            let _ = p;
            return super::usage_error(
                "ataxx",
                "Botzone bots play Botzone's rules only (leave out --rules standard)",
            );
        }
    } else if uai {
        return super::usage_error(
            "ataxx",
            "UAI engines play standard rules (use --rules standard)",
        );
    }
    let referee = AtaxxReferee {
        players,
        names: [setup.players[0].name.clone(), setup.players[1].name.clone()],
        rules,
        max_plies: args.maxmoves,
    };
    super::play(
        "ataxx",
        "pieces",
        &args.common,
        &setup,
        &referee,
        args.pgn.clone(),
    )
}

/// Who plays a side.
#[derive(Clone, Debug)]
pub enum Contestant {
    /// A Botzone bot program.
    Botzone(Vec<String>, Protocol),
    /// A UAI engine, the node budget it is given, if any, and the options it is set.
    Uai(Vec<String>, Option<u64>, Vec<(String, String)>),
    /// `builtin:random`: a random legal move (circular ones included, as the samples do).
    Random,
    /// `builtin:duel`: the engine in-process (never a circular move while another exists), with
    /// an optional node budget a move.
    Duel(Option<u64>),
}

impl Contestant {
    /// The player a spec names; `protocol` is a Botzone bot's interaction unless `proto=` says.
    ///
    /// # Errors
    /// An unknown built-in, or a protocol Ataxx does not speak.
    pub fn from_spec(spec: &ContestantSpec, protocol: Protocol) -> Result<Contestant, String> {
        match &spec.kind {
            ContestantKind::Builtin(_) => match spec.builtin(&["duel", "random"])? {
                Some("duel") => Ok(Contestant::Duel(spec.nodes)),
                _ => Ok(Contestant::Random),
            },
            ContestantKind::Command { argv, proto } => match proto {
                Proto::Contest => Ok(Contestant::Botzone(argv.clone(), protocol)),
                Proto::Simple => Ok(Contestant::Botzone(argv.clone(), Protocol::Simple)),
                Proto::Json => Ok(Contestant::Botzone(argv.clone(), Protocol::Json)),
                Proto::Uai => Ok(Contestant::Uai(
                    argv.clone(),
                    spec.nodes,
                    spec.options.clone(),
                )),
                Proto::Nboard => Err("Ataxx programs speak contest (simple, json) or uai".into()),
            },
        }
    }
}

/// Where a game starts: a FEN (standard rules) or the start position, and moves played from it.
#[derive(Clone, Debug)]
pub struct Opening {
    fen: Option<String>,
    moves: Vec<Move>,
}

/// Plays Ataxx games.
pub struct AtaxxReferee {
    /// A's and B's players.
    pub players: [Contestant; 2],
    /// A's and B's names (for PGN).
    pub names: [String; 2],
    /// The rules.
    pub rules: Rules,
    /// Plies (opening included) after which a running game is a draw (`--maxmoves`).
    pub max_plies: Option<u32>,
}

impl AtaxxReferee {
    /// The start of `opening`, before its moves.
    fn start(&self, opening: &Opening) -> Result<Board, String> {
        match &opening.fen {
            Some(fen) => Board::from_fen(fen, self.rules).map_err(|e| format!("FEN {fen:?}: {e}")),
            None => Ok(Board::start(self.rules)),
        }
    }

    /// The game after `opening`'s moves.
    fn position(&self, opening: &Opening) -> Result<Position, String> {
        let mut position = match self.rules {
            Rules::Botzone => Position::Botzone(Box::new(Match::new()), Vec::new()),
            Rules::Standard => {
                Position::Standard(Box::new(Match::from_board(self.start(opening)?)))
            }
        };
        for &mv in &opening.moves {
            if position.is_circular(mv) {
                return Err(format!("{mv} repeats a position (a circular move)"));
            }
            position
                .play(mv)
                .map_err(|()| format!("{mv} is not legal there"))?;
        }
        Ok(position)
    }
}

/// A game under way.
#[derive(Clone)]
enum Position {
    /// Botzone: the judge's history, and every ply's Botzone form so far (the bots' requests).
    Botzone(Box<Match>, Vec<BotzoneMove>),
    /// Standard rules: the game, which keeps the positions since the last copy.
    Standard(Box<Match>),
}

impl Position {
    fn board(&self) -> &Board {
        match self {
            Position::Botzone(m, _) => m.board(),
            Position::Standard(m) => m.board(),
        }
    }

    fn is_circular(&self, mv: Move) -> bool {
        match self {
            Position::Botzone(m, _) => m.history().is_circular(m.board(), mv),
            Position::Standard(_) => false,
        }
    }

    fn play(&mut self, mv: Move) -> Result<(), ()> {
        match self {
            Position::Botzone(m, plies) => {
                let bz = m.board().botzone_move(mv);
                m.play(mv).map_err(|_| ())?;
                plies.push(bz);
            }
            Position::Standard(m) => m.play(mv).map_err(|_| ())?,
        }
        Ok(())
    }
}

impl Referee for AtaxxReferee {
    type Opening = Opening;

    fn parse_opening(&self, text: &str) -> Result<Opening, String> {
        let opening = if text.contains('/') {
            let (fen, moves) = match text.split_once(" moves ") {
                Some((f, m)) => (f.trim(), m),
                None => (text.trim(), ""),
            };
            if self.rules == Rules::Botzone {
                return Err(
                    "Botzone games start from the start position: give a move list, \
                            or play --rules standard"
                        .into(),
                );
            }
            Opening {
                fen: Some(fen.to_string()),
                moves: parse_moves(moves)?,
            }
        } else {
            Opening {
                fen: None,
                moves: parse_moves(text)?,
            }
        };
        let position = self.position(&opening)?;
        if position.board().is_over() {
            return Err("the game is over after it".into());
        }
        Ok(opening)
    }

    fn random_opening(&self, plies: u32, rng: &mut Rng) -> Opening {
        // Draw again until the plies leave a game going (a few tries at most in practice).
        for _ in 0..1000 {
            let mut position = match self.rules {
                Rules::Botzone => Position::Botzone(Box::new(Match::new()), Vec::new()),
                Rules::Standard => {
                    Position::Standard(Box::new(Match::from_board(Board::start(self.rules))))
                }
            };
            let mut moves = Vec::new();
            for _ in 0..plies {
                let legal: Vec<Move> = position
                    .board()
                    .legal_moves()
                    .iter()
                    .copied()
                    .filter(|&m| !position.is_circular(m))
                    .collect();
                let Some(&mv) = legal.get(rng.below(legal.len())) else {
                    break;
                };
                if position.play(mv).is_err() {
                    break;
                }
                moves.push(mv);
            }
            if moves.len() == plies as usize && !position.board().is_over() {
                return Opening { fen: None, moves };
            }
        }
        Opening {
            fen: None,
            moves: Vec::new(),
        }
    }

    fn opening_text(&self, opening: &Opening) -> String {
        let moves: Vec<String> = opening.moves.iter().map(Move::to_string).collect();
        match &opening.fen {
            Some(fen) if moves.is_empty() => fen.clone(),
            Some(fen) => format!("{fen} moves {}", moves.join(" ")),
            None => moves.join(" "),
        }
    }

    fn play_game(&self, game: &GameSetup<'_, Opening>) -> GameRecord {
        let mut record = GameRecord::new(game.a_first);
        let Ok(mut position) = self.position(game.opening) else {
            record.reason = "referee: the opening does not replay".into();
            return record;
        };
        let start_fen = self
            .start(game.opening)
            .map(|b| b.fen().to_string())
            .unwrap_or_default();
        let opening_moves: Vec<String> = game.opening.moves.iter().map(Move::to_string).collect();
        // The colour to move after the opening belongs to the side that moves first.
        let first_colour = position.board().side();
        let side_of = |c: Colour| {
            if c == first_colour {
                game.first()
            } else {
                game.first().other()
            }
        };
        let mut seats = [
            Seat::new(&self.players[0], game.clocks[0], game.seed),
            Seat::new(&self.players[1], game.clocks[1], game.seed ^ 1),
        ];
        // UAI engines start before the clocks do, as in fastchess (a Botzone bot's process
        // start is part of its turn, as on Botzone).
        for side in [Side::A, Side::B] {
            if let Err(f) = seats[side.index()].start_engine() {
                return finish_seats(seats, forfeit(record, side, &f.to_string()));
            }
        }
        let mut repetitions = std::collections::HashMap::new();
        while !position.board().is_over() {
            let side = side_of(position.board().side());
            let k = side.index();
            let other_clock = seats[1 - k].clock;
            let started = Instant::now();
            let answer = seats[k].ask(
                &position,
                &start_fen,
                &opening_moves,
                &record.moves,
                other_clock,
            );
            let spent = started.elapsed();
            let mv_text = match answer {
                Ok(text) => text,
                Err(f) => return finish_seats(seats, forfeit(record, side, &f.to_string())),
            };
            if !seats[k].clock.charge(spent) {
                return finish_seats(seats, forfeit(record, side, "time-out"));
            }
            let mv = match &mv_text {
                Answer::Malformed(line) => {
                    let why = format!("malformed response {line:?}");
                    return finish_seats(seats, forfeit(record, side, &why));
                }
                Answer::Botzone(bz) => position.board().parse_botzone(*bz).ok(),
                Answer::Uai(text) => Move::parse_uai(text)
                    .ok()
                    .filter(|&m| position.board().is_legal(m)),
            };
            let Some(mv) = mv else {
                let why = format!("invalid move {}", mv_text.text());
                return finish_seats(seats, forfeit(record, side, &why));
            };
            if position.is_circular(mv) {
                let why = format!("circular move {}", mv_text.text());
                return finish_seats(seats, forfeit(record, side, &why));
            }
            if position.play(mv).is_err() {
                let why = format!("invalid move {}", mv_text.text());
                return finish_seats(seats, forfeit(record, side, &why));
            }
            record.push(side, mv.to_string(), spent);
            // Standard rules have no repetition rule, and captures reset the 100-ply clock, so
            // two engines can cycle forever: a position seen the third time is a draw (as
            // cutechess adjudicates). Botzone's judge has its own rule and the 401-ply limit.
            if let Position::Standard(game) = &position {
                let board = game.board();
                let key = (
                    board.pieces(Colour::Black),
                    board.pieces(Colour::White),
                    board.side() == Colour::Black,
                );
                let seen = repetitions.entry(key).or_insert(0u8);
                *seen += 1;
                if *seen >= 3 {
                    record.reason = "threefold repetition".into();
                    return finish_seats(seats, record.finish(0));
                }
            }
            let plies = opening_moves.len() + record.moves.len();
            if !position.board().is_over()
                && self.max_plies.is_some_and(|max| plies >= max as usize)
            {
                record.reason = format!("adjudicated a draw after {plies} plies (--maxmoves)");
                return finish_seats(seats, record.finish(0));
            }
        }
        let margin = i64::from(position.board().final_margin().unwrap_or(0));
        let margin_a = if side_of(position.board().side()) == Side::A {
            margin
        } else {
            -margin
        };
        finish_seats(seats, record.finish(margin_a))
    }

    fn export(&self, game: &GameSetup<'_, Opening>, record: &GameRecord) -> Option<String> {
        let start = self.start(game.opening).ok()?;
        let mut board = start;
        for mv in game.opening.moves.iter() {
            board = board.play(*mv).ok()?;
        }
        let fen = board.fen().to_string();
        let mut end = board;
        for text in &record.moves {
            let mv = Move::parse_uai(text).ok()?;
            end = end.play(mv).ok()?;
        }
        // Black is whoever moves first from the start position.
        let black_moves_next = board.side() == Colour::Black;
        let a_black = game.a_first == black_moves_next;
        let (black, white) = if a_black {
            (&self.names[0], &self.names[1])
        } else {
            (&self.names[1], &self.names[0])
        };
        let black_won = record.winner.map(|winner| (winner == Side::A) == a_black);
        let result = match black_won {
            Some(true) => "1-0",
            Some(false) => "0-1",
            None => "1/2-1/2",
        };
        let mut pgn = PgnGame {
            white_moves_first: !black_moves_next,
            moves: record
                .moves
                .iter()
                .cloned()
                .zip(record.move_millis.iter().copied())
                .collect(),
            result: result.to_string(),
            ..PgnGame::default()
        };
        pgn.tag("Event", "duel arena");
        pgn.tag("Site", "duel");
        pgn.tag("Date", &super::utc_date());
        pgn.tag("Round", &(game.index + 1).to_string());
        pgn.tag("Black", black);
        pgn.tag("White", white);
        pgn.tag("Result", result);
        pgn.tag("FEN", &fen);
        pgn.tag("FinalFEN", &end.fen().to_string());
        if record.reason != "game over" {
            pgn.tag("Adjudicated", &record.reason);
        }
        pgn.tag("PlyCount", &record.moves.len().to_string());
        let material =
            i64::from(end.pieces(Colour::Black).len()) - i64::from(end.pieces(Colour::White).len());
        pgn.tag("Material", &format!("{material:+}"));
        Some(pgn.text())
    }
}

/// Reads space-separated UAI moves.
fn parse_moves(text: &str) -> Result<Vec<Move>, String> {
    text.split_whitespace()
        .map(|w| Move::parse_uai(w).map_err(|e| format!("{w:?}: {e}")))
        .collect()
}

/// A player's answer.
enum Answer {
    /// A Botzone response.
    Botzone(BotzoneMove),
    /// A move in UAI notation.
    Uai(String),
    /// A Botzone response that does not read as one.
    Malformed(String),
}

impl Answer {
    fn text(&self) -> String {
        match self {
            Answer::Botzone(bz) => bz.to_string(),
            Answer::Uai(t) | Answer::Malformed(t) => t.clone(),
        }
    }
}

/// A side during one game: its player, clock, and the live process if any.
struct Seat<'p> {
    player: &'p Contestant,
    clock: PlayerClock,
    rng: Rng,
    kept: Option<LineChild>,
    uai: Option<UaiClient>,
    table: Vec<Entry>,
}

impl<'p> Seat<'p> {
    fn new(player: &'p Contestant, clock: PlayerClock, seed: u64) -> Self {
        Seat {
            player,
            clock,
            rng: Rng::new(seed, 0),
            kept: None,
            uai: None,
            table: Vec::new(),
        }
    }

    /// Starts a UAI player's engine and its game (`uai`, `isready`, its options,
    /// `uainewgame`) if it has not started yet; other players have nothing to start.
    fn start_engine(&mut self) -> Result<(), Failure> {
        if let (Contestant::Uai(argv, _, options), None) = (self.player, &self.uai) {
            let mut engine = UaiClient::start(argv)?;
            for (name, value) in options {
                engine.set_option(name, value)?;
            }
            engine.new_game()?;
            self.uai = Some(engine);
        }
        Ok(())
    }

    fn ask(
        &mut self,
        position: &Position,
        start_fen: &str,
        opening: &[String],
        played: &[String],
        other: PlayerClock,
    ) -> Result<Answer, Failure> {
        let board = position.board();
        match self.player {
            Contestant::Random => {
                let decision = RandomPlayer(&mut self.rng).choose(board, &mut Budget::unlimited());
                let mv = decision
                    .ok_or_else(|| Failure::Crashed("built-in found no move".into()))?
                    .mv;
                Ok(Answer::Uai(mv.to_string()))
            }
            Contestant::Duel(nodes) => {
                if self.table.is_empty() {
                    self.table = vec![Entry::default(); 1 << 18];
                }
                let clock = WallClock::start();
                // A node count replaces the clock: node-limited games are reproducible.
                let time = match self.clock.control() {
                    TimeControl::Move(_) => Allowance::PerMove {
                        micros: builtin_millis(&self.clock).saturating_mul(1000),
                    },
                    TimeControl::Game { .. } => Allowance::Clock {
                        left: (self.clock.left().as_millis() as u64).saturating_mul(1000),
                        increment: self.clock.increment().as_micros() as u64,
                    },
                };
                let (mut budget, time) = Limits::time(time).or_nodes(*nodes).budget_now(&clock);
                let game = match position {
                    Position::Botzone(m, _) | Position::Standard(m) => m,
                };
                let best = Duel::new(&mut self.table, time)
                    .choose(game, &mut budget)
                    .map(|d| d.mv);
                let mv = best
                    .or_else(|| board.legal_moves().as_slice().first().copied())
                    .unwrap_or(Move::Pass);
                Ok(Answer::Uai(mv.to_string()))
            }
            Contestant::Uai(_, nodes, _) => {
                self.start_engine()?;
                let Some(engine) = self.uai.as_mut() else {
                    return Err(Failure::Crashed("the UAI engine did not start".into()));
                };
                let mut moves = opening.to_vec();
                moves.extend_from_slice(played);
                let limits = GoLimits {
                    own: self.clock,
                    other,
                    mover_is_black: board.side() == Colour::Black,
                    nodes: *nodes,
                };
                let text = engine.best_move(start_fen, &moves, &limits, self.clock.deadline())?;
                Ok(Answer::Uai(text))
            }
            Contestant::Botzone(argv, protocol) => {
                let Position::Botzone(_, plies) = position else {
                    return Err(Failure::Crashed("a Botzone bot in a standard game".into()));
                };
                let line = self.ask_bot(argv, *protocol, plies, board.side())?;
                Ok(parse_response(&line, *protocol).map_or_else(
                    || Answer::Malformed(line.trim().to_string()),
                    Answer::Botzone,
                ))
            }
        }
    }

    /// One turn of a Botzone bot: its first output line (its response).
    fn ask_bot(
        &mut self,
        argv: &[String],
        protocol: Protocol,
        plies: &[BotzoneMove],
        colour: Colour,
    ) -> Result<String, Failure> {
        let started = Instant::now();
        let limit = self.clock.deadline();
        let input = conversation(plies, colour, protocol, self.kept.is_some());
        let mut child = match self.kept.take() {
            Some(child) => child,
            None => LineChild::spawn(argv, None)?,
        };
        child.send(&input)?;
        let mut first: Option<String> = None;
        let mut keep = false;
        loop {
            match child.next_line(limit.saturating_sub(started.elapsed()))? {
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
            self.kept = Some(child);
        } else {
            child.exited_cleanly(limit.saturating_sub(started.elapsed()))?;
        }
        first.ok_or_else(|| Failure::Crashed("no response".into()))
    }

    fn finish(self) {
        if let Some(child) = self.kept {
            child.finish(Duration::from_millis(200));
        }
        if let Some(engine) = self.uai {
            engine.finish();
        }
    }
}

/// How long `builtin:duel` thinks: its share of a per-move clock, or of what a game clock
/// leaves spread over about 30 more moves.
fn builtin_millis(clock: &PlayerClock) -> u64 {
    let millis = match clock.control() {
        TimeControl::Move(d) => d.mul_f64(BUILTIN_SHARE),
        TimeControl::Game { .. } => clock.left() / 30 + clock.increment().mul_f64(BUILTIN_SHARE),
    };
    (millis.as_millis() as u64).max(1)
}

fn finish_seats(seats: [Seat<'_>; 2], record: GameRecord) -> GameRecord {
    for seat in seats {
        seat.finish();
    }
    record
}

/// What a bot of `colour` reads this turn: the whole history on a fresh start, or only the
/// new request for a kept bot. `plies` are all the game's plies in Botzone form.
fn conversation(plies: &[BotzoneMove], colour: Colour, protocol: Protocol, kept: bool) -> String {
    // Black's first request is "no move"; then each side's requests are the other's moves.
    let mut requests = Vec::new();
    let mut responses = Vec::new();
    if colour == Colour::Black {
        requests.push(BotzoneMove::NONE);
    }
    for (i, &ply) in plies.iter().enumerate() {
        let by_black = i % 2 == 0;
        if by_black == (colour == Colour::Black) {
            responses.push(ply);
        } else {
            requests.push(ply);
        }
    }
    let json_move =
        |m: &BotzoneMove| serde_json::json!({"x0": m.x0, "y0": m.y0, "x1": m.x1, "y1": m.y1});
    let last = requests.last().copied().unwrap_or(BotzoneMove::NONE);
    match (protocol, kept) {
        (Protocol::Simple, true) => format!("{last}\n"),
        (Protocol::Json, true) => format!("{}\n", json_move(&last)),
        (Protocol::Simple, false) => {
            let mut s = format!("{}\n", requests.len());
            for (i, request) in requests.iter().enumerate() {
                s.push_str(&format!("{request}\n"));
                if let Some(response) = responses.get(i) {
                    s.push_str(&format!("{response}\n"));
                }
            }
            s
        }
        (Protocol::Json, false) => {
            let requests: Vec<_> = requests.iter().map(json_move).collect();
            let responses: Vec<_> = responses.iter().map(json_move).collect();
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

/// `loser` loses at once for `why` (Botzone scores it 0:2), by the whole board.
fn forfeit(record: GameRecord, loser: Side, why: &str) -> GameRecord {
    record.forfeit(loser, why, 49)
}

/// `builtin:random`, behind the [`duel_core::Player`] seam like every in-process player: a uniformly random legal move (circular ones included, as the
/// samples do), one draw from the seat's generator a move.
struct RandomPlayer<'r>(&'r mut Rng);

impl duel_core::Player for RandomPlayer<'_> {
    type Position = duel_core::ataxx::Board;
    type Move = duel_core::ataxx::Move;

    fn choose(
        &mut self,
        board: &Self::Position,
        _budget: &mut Budget<'_>,
    ) -> Option<Decision<Self::Move>> {
        let moves = board.legal_moves();
        let mv = *moves.as_slice().get(self.0.below(moves.len()))?;
        Some(Decision::new(mv, 0, false, 0, 0))
    }
}
