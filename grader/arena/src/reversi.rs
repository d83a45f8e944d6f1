//! The Reversi referee: the grader protocol of `rules/reversi.md` (colour line, then 8×8
//! boards, answers `row column`), 10 seconds of thinking per program per game measured here.

use super::player::{ContestantKind, ContestantSpec, Proto};
use super::{GameRecord, GameSetup, Match, MatchArgs, Referee, Rng, Side};
use duel_core::Colour;
use duel_core::reversi::{Board, Move, Square};
use duel_core::{Budget, Column, Decision, Entry, Game as _, Player as _, Row};
use duel_protocols::ggf::{GameEnd, GgfGame, GgfResult, TimeControl as GgfTime};
use duel_protocols::nboard::client::NboardClient;
use duel_protocols::process::{Failure, LineChild};
use duel_protocols::time_control::{PlayerClock, TimeControl};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Thinking time per program per game: the contest's 10 seconds.
pub const GAME_TIME: Duration = Duration::from_secs(10);

/// How long an NBoard engine may take to start and answer its first `ping`.
const STARTUP: Duration = Duration::from_secs(10);

/// `duel arena reversi`.
#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    #[command(flatten)]
    common: MatchArgs,
    /// Print the board after every move.
    #[arg(long)]
    verbose: bool,
    /// Also write every game in GGF (the format NBoard and GGS read) to this file.
    #[arg(long, value_name = "FILE")]
    ggf: Option<PathBuf>,
}

/// Plays the match and prints the table; exit status 0, or 2 on bad arguments.
pub fn arena(args: &ArenaArgs) -> ExitCode {
    let default = TimeControl::Game {
        base: GAME_TIME,
        increment: Duration::ZERO,
    };
    let setup = match Match::new(&args.common, default) {
        Ok(s) => s,
        Err(e) => return super::usage_error("reversi", &e),
    };
    let players: Result<Vec<Contestant>, String> =
        setup.players.iter().map(Contestant::from_spec).collect();
    let players = match players {
        Ok(p) => [p[0].clone(), p[1].clone()],
        Err(e) => return super::usage_error("reversi", &e),
    };
    // NBoard tells an engine its game clock, never a time a move: a per-move clock would reach
    // it as a whole game of that many seconds.
    for (player, time) in players.iter().zip(setup.time) {
        if matches!(player, Contestant::Nboard(_)) && matches!(time, TimeControl::Move(_)) {
            return super::usage_error(
                "reversi",
                &format!(
                    "an NBoard player has no time a move ({time}): give it a game clock, \
                     e.g. --tc 5 or tc=5+0.1"
                ),
            );
        }
    }
    let referee = ReversiReferee {
        players,
        names: [setup.players[0].name.clone(), setup.players[1].name.clone()],
        verbose: args.verbose,
    };
    super::play(
        "reversi",
        "discs",
        &args.common,
        &setup,
        &referee,
        args.ggf.clone(),
    )
}

/// Who plays: a program speaking the grader protocol or NBoard, or a built-in.
#[derive(Clone, Debug)]
pub enum Contestant {
    /// A command line speaking the contest's grader protocol.
    Contest(Vec<String>),
    /// A command line speaking the NBoard protocol.
    Nboard(Vec<String>),
    /// `builtin:random`: a uniformly random legal move.
    Random,
    /// `builtin:duel`: duel's engine in-process, with the contest's time management or a node
    /// budget a move.
    Duel(Option<u64>),
}

impl Contestant {
    /// The player a spec names.
    ///
    /// # Errors
    /// An unknown built-in, or a protocol Reversi does not speak.
    pub fn from_spec(spec: &ContestantSpec) -> Result<Contestant, String> {
        match &spec.kind {
            ContestantKind::Builtin(_) => Ok(match spec.builtin(&["duel", "random"])? {
                Some("random") => Contestant::Random,
                _ => Contestant::Duel(spec.nodes),
            }),
            ContestantKind::Command { argv, proto } => match proto {
                Proto::Contest => Ok(Contestant::Contest(argv.clone())),
                Proto::Nboard => Ok(Contestant::Nboard(argv.clone())),
                _ => Err("Reversi programs speak contest or nboard".into()),
            },
        }
    }
}

/// Where a game starts: a position, and the moves that led to it from a given board.
#[derive(Clone, Debug)]
pub struct Opening {
    /// The board the opening's moves start from (the start position for a move string).
    pub base: Board,
    /// The moves from `base` (passes included).
    pub moves: Vec<Move>,
    /// The position the game starts from.
    pub board: Board,
}

impl Opening {
    /// Parses a move string (`f5d6c3`, either case, passes implied) or a 64-character board
    /// (`X`/`*` black, `O` white, `-`/`.` empty, row 1 first) with an optional side to move
    /// (`X` or `O`; without it, black when the discs beyond the first four are even).
    ///
    /// # Errors
    /// A bad square or board, an illegal move, or a finished game.
    pub fn parse(text: &str) -> Result<Opening, String> {
        let text = text.trim();
        let first = text.split_whitespace().next().unwrap_or("");
        let (base, squares) = if first.len() == 64 {
            let board = if text.len() > 64 {
                Board::parse_text(text).map_err(|e| format!("board: {e}"))?
            } else {
                let discs = first.bytes().filter(|b| !matches!(b, b'-' | b'.')).count();
                let side = if discs % 2 == 0 {
                    Colour::Black
                } else {
                    Colour::White
                };
                Board::from_text(first.as_bytes(), side).map_err(|e| format!("board: {e}"))?
            };
            (board, "")
        } else {
            (Board::start(), text)
        };
        let mut board = base;
        let mut moves = Vec::new();
        let compact: String = squares.split_whitespace().collect();
        if compact.len() % 2 != 0 {
            return Err(format!("{compact:?} is not a string of squares"));
        }
        for i in (0..compact.len()).step_by(2) {
            let name = compact.get(i..i + 2).ok_or("not a string of squares")?;
            let square = Square::parse(name).map_err(|_| format!("{name:?} is not a square"))?;
            if !board.has_move() && !board.is_over() {
                board = board.pass();
                moves.push(Move::Pass);
            }
            board = board
                .play(Move::Place(square))
                .map_err(|_| format!("{name} is not legal there"))?;
            moves.push(Move::Place(square));
        }
        if !board.has_move() && !board.is_over() {
            board = board.pass();
            moves.push(Move::Pass);
        }
        if board.is_over() {
            return Err("the game is over after it".into());
        }
        Ok(Opening { base, moves, board })
    }

    /// The opening as a line: the move string, or the board and side.
    pub fn text(&self) -> String {
        if self.base == Board::start() {
            self.moves
                .iter()
                .filter_map(|m| match m {
                    Move::Place(s) => Some(s.to_string()),
                    Move::Pass => None,
                })
                .collect()
        } else {
            let mut cells = [0u8; 64];
            self.board.write_text(&mut cells);
            format!(
                "{} {}",
                String::from_utf8_lossy(&cells),
                if self.board.to_move() == Colour::Black {
                    "X"
                } else {
                    "O"
                }
            )
        }
    }
}

/// A player during one game.
enum Seat {
    Program(LineChild),
    Nboard(Box<NboardClient>),
    Random(Rng),
    Duel(Box<[Entry]>, Option<u64>),
}

impl Seat {
    fn start(player: &Contestant, colour: Colour, rng: Rng) -> Result<Self, Failure> {
        Ok(match player {
            Contestant::Contest(argv) => {
                let mut child = LineChild::spawn(argv, None)?;
                child.send(&format!("{}\n", colour.contest_value()))?;
                Seat::Program(child)
            }
            Contestant::Nboard(argv) => Seat::Nboard(Box::new(NboardClient::start(argv, STARTUP)?)),
            Contestant::Random => Seat::Random(rng),
            Contestant::Duel(nodes) => {
                Seat::Duel(vec![Entry::default(); 1 << 20].into_boxed_slice(), *nodes)
            }
        })
    }

    /// Asks for a move with `clock`; `game` is the game so far, with both clocks as they stand
    /// (for NBoard engines). Returns the answer's text (for the record) and the move, or why
    /// there is none.
    fn ask(
        &mut self,
        board: &Board,
        clock: &PlayerClock,
        game: &GgfGame,
    ) -> Result<(String, Option<Square>), Failure> {
        match self {
            Seat::Nboard(engine) => {
                engine.set_game(game)?;
                let answer = engine.go(clock.deadline())?;
                Ok(match answer.mv {
                    Move::Place(s) => (s.to_string(), Some(s)),
                    Move::Pass => ("PA".into(), None),
                })
            }
            Seat::Program(child) => {
                let mut request = String::with_capacity(160);
                for row in board.to_contest() {
                    let cells: Vec<String> = row.iter().map(i32::to_string).collect();
                    request.push_str(&cells.join(" "));
                    request.push('\n');
                }
                child.send(&request)?;
                let line = child.read_line(clock.deadline())?;
                let square = parse_answer(&line);
                Ok((line.trim().to_string(), square))
            }
            Seat::Random(rng) => {
                let pick = random_square(board, rng);
                Ok((answer_text(pick), pick))
            }
            Seat::Duel(table, nodes) => {
                let mut player = duel_core::reversi::Player::new(table, super::time_use(clock));
                let decision = super::decide(&mut player, board, builtin_millis(clock), *nodes);
                let pick = match decision.map(|d| d.mv) {
                    Some(Move::Place(s)) => Some(s),
                    _ => None,
                };
                Ok((answer_text(pick), pick))
            }
        }
    }

    fn finish(self) {
        match self {
            Seat::Program(child) => child.finish(Duration::from_millis(500)),
            Seat::Nboard(engine) => engine.finish(),
            Seat::Random(_) | Seat::Duel(..) => {}
        }
    }
}

/// The budget of `builtin:duel`: what is left of a game clock (the player spends the
/// contest's whole-game share of it), or most of a per-move clock.
fn builtin_millis(clock: &PlayerClock) -> u64 {
    let ms = |d: Duration| d.as_millis().min(u128::from(u64::MAX)) as u64;
    match clock.control() {
        TimeControl::Move(d) => (ms(d) * 9 / 10).max(1),
        TimeControl::Game { .. } => ms(clock.left()),
    }
}

/// A uniformly random square the side to move may play (`None` when it must pass).
fn random_square(board: &Board, rng: &mut Rng) -> Option<Square> {
    let decision = RandomPlayer(rng).choose(board, &mut Budget::unlimited());
    match decision.map(|d| d.mv) {
        Some(Move::Place(s)) => Some(s),
        _ => None,
    }
}

fn answer_text(pick: Option<Square>) -> String {
    pick.map_or("-1 -1".into(), |s| {
        format!("{} {}", s.row().0, s.column().0)
    })
}

/// `row column`, two integers in 0..8, nothing else.
fn parse_answer(line: &str) -> Option<Square> {
    let mut words = line.split_whitespace();
    let row: u8 = words.next()?.parse().ok()?;
    let column: u8 = words.next()?.parse().ok()?;
    if words.next().is_some() {
        return None;
    }
    Square::at(Row(row), Column(column))
}

/// What is left of `clock`, as a GGF time control (what an NBoard engine reads).
///
/// An NBoard engine reads its clock from the game it is sent as the base plus an increment for
/// each of its moves so far, minus their seconds, and the arena sends the game without seconds:
/// so the base is what is left now less the increments of the mover's `own_moves`. When that
/// would be negative, the time left is sent with no increment (never more than the player has).
fn remaining(clock: &PlayerClock, own_moves: usize) -> GgfTime {
    let (left, increment) = (clock.left().as_secs_f64(), clock.increment().as_secs_f64());
    let base = left - increment * own_moves as f64;
    if base >= 0.0 {
        GgfTime::new(base, increment)
    } else {
        GgfTime::new(left, 0.0)
    }
}

/// A time control as GGF writes it; a per-move clock has no GGF form (untimed).
fn ggf_time(control: TimeControl) -> Option<GgfTime> {
    match control {
        TimeControl::Game { base, increment } => {
            Some(GgfTime::new(base.as_secs_f64(), increment.as_secs_f64()))
        }
        TimeControl::Move(_) => None,
    }
}

impl ReversiReferee {
    /// The opening as a GGF game: its base board and its moves.
    fn opening_game(&self, opening: &Opening) -> GgfGame {
        let mut ggf = GgfGame::new(opening.base);
        for &mv in &opening.moves {
            let _ = ggf.push(mv, None, None);
        }
        ggf
    }
}

/// Plays Reversi games between two players.
pub struct ReversiReferee {
    /// A's and B's players.
    pub players: [Contestant; 2],
    /// A's and B's names (for GGF).
    pub names: [String; 2],
    /// Print the board after every move.
    pub verbose: bool,
}

impl Referee for ReversiReferee {
    type Opening = Opening;

    fn parse_opening(&self, text: &str) -> Result<Opening, String> {
        Opening::parse(text)
    }

    fn random_opening(&self, plies: u32, rng: &mut Rng) -> Opening {
        for _ in 0..1000 {
            let mut text = String::new();
            let mut board = Board::start();
            for _ in 0..plies {
                if !board.has_move() {
                    board = board.pass();
                }
                let Some(s) = random_square(&board, rng) else {
                    break;
                };
                board = board.play_unchecked(Move::Place(s));
                text.push_str(&s.to_string());
            }
            if let Ok(opening) = Opening::parse(&text) {
                if text.len() == 2 * plies as usize {
                    return opening;
                }
            }
        }
        Opening::parse("").expect("the start position is an opening")
    }

    fn opening_text(&self, opening: &Opening) -> String {
        opening.text()
    }

    fn export(&self, game: &GameSetup<'_, Opening>, record: &GameRecord) -> Option<String> {
        let mut ggf = self.opening_game(game.opening);
        let a_black = game.a_first == (game.opening.board.to_move() == Colour::Black);
        let (black, white) = if a_black { (0, 1) } else { (1, 0) };
        ggf.black.clone_from(&self.names[black]);
        ggf.white.clone_from(&self.names[white]);
        ggf.date = Some(super::utc_date());
        ggf.black_time = ggf_time(game.clocks[black].control());
        ggf.white_time = ggf_time(game.clocks[white].control());
        for (text, &ms) in record.moves.iter().zip(&record.move_millis) {
            let mv = Move::parse(text).ok()?;
            ggf.push(mv, None, Some(ms as f64 / 1000.0)).ok()?;
        }
        let margin = if a_black {
            record.margin
        } else {
            -record.margin
        };
        let ending = if record.reason == "game over" {
            GameEnd::Normal
        } else if record.reason.ends_with("time-out") {
            GameEnd::Timeout
        } else {
            GameEnd::Resigned
        };
        ggf.result = GgfResult::Discs {
            black_minus_white: margin as i32,
            ending,
        };
        Some(format!("{ggf}\n"))
    }

    fn play_game(&self, game: &GameSetup<'_, Opening>) -> GameRecord {
        let first_colour = game.opening.board.to_move();
        let first = game.first();
        let side_of = |colour: Colour| {
            if colour == first_colour {
                first
            } else {
                first.other()
            }
        };
        let mut record = GameRecord::new(game.a_first);
        let mut clocks = game.clocks;
        let mut seats = Vec::with_capacity(2);
        for side in [Side::A, Side::B] {
            let colour = if side == first {
                first_colour
            } else {
                first_colour.other()
            };
            match Seat::start(
                &self.players[side.index()],
                colour,
                Rng::new(game.seed, side as u64),
            ) {
                Ok(seat) => seats.push(seat),
                Err(f) => return forfeit(record, side, &f.to_string()),
            }
        }
        let mut board = game.opening.board;
        // The game so far as NBoard engines are told it: no seconds a move, so each clock
        // reads as what is left of it.
        let mut live = self.opening_game(game.opening);
        while !board.is_over() {
            if !board.has_move() {
                let passer = side_of(board.to_move());
                board = board.pass();
                let _ = live.push(Move::Pass, None, None);
                record.push(passer, "pass".into(), Duration::ZERO);
                continue;
            }
            let side = side_of(board.to_move());
            let k = side.index();
            let black = side_of(Colour::Black).index();
            let own_moves = |colour| live.moves().iter().filter(|m| m.colour == colour).count();
            let (black_moves, white_moves) = (own_moves(Colour::Black), own_moves(Colour::White));
            live.black_time = Some(remaining(&clocks[black], black_moves));
            live.white_time = Some(remaining(&clocks[1 - black], white_moves));
            let asked = Instant::now();
            let answer = seats[k].ask(&board, &clocks[k], &live);
            let spent = asked.elapsed();
            let (text, square) = match answer {
                Ok(a) => a,
                Err(f) => return forfeit(record, side, &f.to_string()),
            };
            if !clocks[k].charge(spent) {
                return forfeit(record, side, "time-out");
            }
            let Some(square) = square else {
                return forfeit(record, side, &format!("malformed answer {text:?}"));
            };
            match board.play(Move::Place(square)) {
                Ok(next) => {
                    board = next;
                    let _ = live.push(Move::Place(square), None, None);
                }
                Err(_) => {
                    return forfeit(
                        record,
                        side,
                        &format!("illegal move {} {}", square.row().0, square.column().0),
                    );
                }
            }
            record.push(side, Move::Place(square).to_string(), spent);
            if self.verbose {
                println!(
                    "game {} move {}: {} plays {}",
                    game.index + 1,
                    record.moves.len(),
                    side,
                    Move::Place(square)
                );
                print!("{}", picture(&board));
            }
        }
        for seat in seats {
            seat.finish();
        }
        let margin = i64::from(board.black().len()) - i64::from(board.white().len());
        let a_black = side_of(Colour::Black) == Side::A;
        record.finish(if a_black { margin } else { -margin })
    }
}

/// `loser` loses the game at once for `why`, by the largest margin (64 discs).
fn forfeit(record: GameRecord, loser: Side, why: &str) -> GameRecord {
    record.forfeit(loser, why, 64)
}

/// The board as the seed's interact.py shows it: rows 0..7, `X` black, `O` white, `.` empty.
fn picture(board: &Board) -> String {
    let mut s = String::from("  0 1 2 3 4 5 6 7\n");
    for (r, row) in board.to_contest().iter().enumerate() {
        s.push_str(&r.to_string());
        for v in row {
            s.push_str(match v {
                1 => " X",
                0 => " O",
                _ => " .",
            });
        }
        s.push('\n');
    }
    s
}

/// `builtin:random`, behind the [`duel_core::Player`] seam like every in-process player: a uniformly random square the side to move may play, a pass
/// when it has none. One draw from the seat's generator a move (none when it must pass), so a
/// seed gives the same game.
struct RandomPlayer<'r>(&'r mut Rng);

impl duel_core::Player for RandomPlayer<'_> {
    type Position = duel_core::reversi::Board;
    type Move = duel_core::reversi::Move;

    fn choose(
        &mut self,
        board: &Self::Position,
        _budget: &mut Budget<'_>,
    ) -> Option<Decision<Self::Move>> {
        use duel_core::reversi::Move;
        let legal = board.legal_moves();
        let squares: Vec<Move> = legal
            .as_slice()
            .iter()
            .copied()
            .filter(|m| *m != Move::Pass)
            .collect();
        let pick = squares.get(self.0.below(squares.len())).copied();
        if legal.is_empty() {
            return None;
        }
        Some(Decision::new(pick.unwrap_or(Move::Pass), 0, false, 0, 0))
    }
}

#[cfg(test)]
mod tests {
    use super::{PlayerClock, TimeControl, remaining};
    use duel_core::Colour;
    use duel_core::Game;
    use duel_core::reversi::Board;
    use duel_protocols::ggf::GgfGame;
    use std::time::Duration;

    /// What an NBoard engine reads from the game the arena sends equals the player's clock, with
    /// and without increments, however many moves were played.
    #[test]
    fn nboard_engines_read_the_time_their_clock_has_left() {
        for (base, increment) in [(10.0, 0.0), (0.15, 0.15), (5.0, 0.5), (1.0, 0.2)] {
            let control = TimeControl::Game {
                base: Duration::from_secs_f64(base),
                increment: Duration::from_secs_f64(increment),
            };
            let mut clock = PlayerClock::new(control, Duration::ZERO);
            let mut game = GgfGame::new(Board::start());
            let mut board = Board::start();
            for ply in 0..20 {
                let Some(&mv) = board.legal_moves().as_slice().first() else {
                    break;
                };
                if board.to_move() == Colour::Black {
                    assert!(clock.charge(Duration::from_secs_f64(increment / 2.0)));
                    let own = game
                        .moves()
                        .iter()
                        .filter(|m| m.colour == Colour::Black)
                        .count();
                    let mut sent = game.clone();
                    sent.black_time = Some(remaining(&clock, own));
                    let read = sent.remaining_seconds(Colour::Black).unwrap();
                    let left = clock.left().as_secs_f64();
                    assert!((read - left).abs() < 1e-9, "ply {ply}: {read} vs {left}");
                }
                let _ = game.push(mv, None, None);
                board = board.play(mv).unwrap_or(board);
            }
        }
    }
}
