//! The Reversi referee: the grader protocol of `rules/reversi.md` (colour line, then 8×8
//! boards, answers `row column`), 10 seconds of thinking per program per game measured here.

use super::process::{Failure, LineChild};
use super::{GameRecord, Referee, Rng, Side};
use crate::clock::WallClock;
use duel_core::reversi::{Board, Colour, Engine, Move, Square, think_time_millis};
use duel_core::{Budget, Entry, Game};
use std::time::{Duration, Instant};

/// Thinking time per program per game: the contest's 10 seconds.
pub const GAME_TIME: Duration = Duration::from_secs(10);

/// `duel arena reversi`.
#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    #[command(flatten)]
    common: super::MatchArgs,
    /// Print the board after every move.
    #[arg(long)]
    verbose: bool,
}

/// Plays the series and prints the table; exit status 0, or 2 on bad arguments.
pub fn arena(args: &ArenaArgs) -> std::process::ExitCode {
    let Some((a, b)) = super::players("reversi", &args.common, |text, _| PlayerSpec::parse(text))
    else {
        return std::process::ExitCode::from(2);
    };
    let mut referee = ReversiReferee {
        a,
        b,
        seed: args.common.seed,
        verbose: args.verbose,
        game_time: GAME_TIME,
    };
    super::play("reversi", "discs", &args.common, &mut referee)
}

/// Who plays: an external program speaking the grader protocol, or a built-in.
#[derive(Clone, Debug)]
pub enum PlayerSpec {
    /// A command line, split as a shell would.
    Command(Vec<String>),
    /// `builtin:random`: a uniformly random legal move.
    Random,
    /// `builtin:duel`: duel's engine in-process, with the contest's time management.
    Duel,
}

impl PlayerSpec {
    /// Parses `builtin:random`, `builtin:duel`, or a command.
    ///
    /// # Errors
    /// An unknown built-in or a command that does not split.
    pub fn parse(text: &str) -> Result<Self, String> {
        super::parse_player(
            text,
            &[("random", Self::Random), ("duel", Self::Duel)],
            Self::Command,
        )
    }
}

/// A player during one game.
enum Player {
    Program(LineChild),
    Random(Rng),
    Duel(Box<[Entry]>),
}

impl Player {
    fn start(spec: &PlayerSpec, colour: Colour, rng: Rng) -> Result<Self, Failure> {
        Ok(match spec {
            PlayerSpec::Command(argv) => {
                let mut child = LineChild::spawn(argv, None)?;
                child.send(&format!("{}\n", colour.contest_value()))?;
                Player::Program(child)
            }
            PlayerSpec::Random => Player::Random(rng),
            PlayerSpec::Duel => Player::Duel(vec![Entry::default(); 1 << 20].into_boxed_slice()),
        })
    }

    /// Asks for a move; `left` is the player's remaining thinking time. Returns the answer's
    /// text (for the record) and the move, or why there is none.
    fn ask(&mut self, board: &Board, left: Duration) -> Result<(String, Option<Square>), Failure> {
        match self {
            Player::Program(child) => {
                let mut request = String::with_capacity(160);
                for row in board.to_contest() {
                    let cells: Vec<String> = row.iter().map(i32::to_string).collect();
                    request.push_str(&cells.join(" "));
                    request.push('\n');
                }
                child.send(&request)?;
                let line = child.read_line(left)?;
                let square = parse_answer(&line);
                Ok((line.trim().to_string(), square))
            }
            Player::Random(rng) => {
                let moves = board.legal_moves();
                let squares: Vec<Square> = moves
                    .as_ref()
                    .iter()
                    .filter_map(|m| {
                        if let Move::Place(s) = m {
                            Some(*s)
                        } else {
                            None
                        }
                    })
                    .collect();
                let pick = squares.get(rng.below(squares.len())).copied();
                Ok((
                    pick.map_or("-1 -1".into(), |s| format!("{} {}", s.row(), s.column())),
                    pick,
                ))
            }
            Player::Duel(table) => {
                let clock = WallClock::start();
                let millis =
                    think_time_millis(board, left.as_millis().min(u128::from(u64::MAX)) as u64);
                let mut budget = Budget::millis(&clock, millis);
                let mut engine = Engine::new(table);
                let pick = match engine.choose(board, &mut budget).mv {
                    Move::Place(s) => Some(s),
                    Move::Pass => None,
                };
                Ok((
                    pick.map_or("-1 -1".into(), |s| format!("{} {}", s.row(), s.column())),
                    pick,
                ))
            }
        }
    }

    fn finish(self) {
        if let Player::Program(child) = self {
            child.finish(Duration::from_millis(500));
        }
    }
}

/// `row column`, two integers in 0..8, nothing else.
fn parse_answer(line: &str) -> Option<Square> {
    let mut words = line.split_whitespace();
    let row: u8 = words.next()?.parse().ok()?;
    let column: u8 = words.next()?.parse().ok()?;
    if words.next().is_some() {
        return None;
    }
    Square::at(row, column)
}

/// Plays Reversi games between two players.
pub struct ReversiReferee {
    /// Player A.
    pub a: PlayerSpec,
    /// Player B.
    pub b: PlayerSpec,
    /// Seeds the built-in random players.
    pub seed: u64,
    /// Print the board after every move.
    pub verbose: bool,
    /// Thinking time per program per game.
    pub game_time: Duration,
}

impl Referee for ReversiReferee {
    fn play_game(&mut self, index: usize, a_first: bool) -> GameRecord {
        let black_side = if a_first { Side::A } else { Side::B };
        let side_of = |colour: Colour| {
            if colour == Colour::Black {
                black_side
            } else {
                black_side.other()
            }
        };
        let mut record = GameRecord::new(a_first);
        let mut players = Vec::with_capacity(2);
        for (side, spec) in [(Side::A, &self.a), (Side::B, &self.b)] {
            let colour = if side == black_side {
                Colour::Black
            } else {
                Colour::White
            };
            let stream = index as u64 * 2 + side as u64;
            match Player::start(spec, colour, Rng::new(self.seed, stream)) {
                Ok(p) => players.push((side, p, self.game_time)),
                Err(f) => return forfeit(record, side, &f.to_string()),
            }
        }
        let mut board = Board::start();
        while !board.is_game_over() {
            if !board.has_move() {
                board = board.pass();
                record.moves.push("pass".into());
                continue;
            }
            let side = side_of(board.to_move());
            let (_, player, left) = players
                .iter_mut()
                .find(|(s, _, _)| *s == side)
                .expect("both sides play");
            let asked = Instant::now();
            let answer = player.ask(&board, *left);
            let spent = asked.elapsed();
            let (text, square) = match answer {
                Ok(a) => a,
                Err(f) => return forfeit(record, side, &f.to_string()),
            };
            if spent > *left {
                return forfeit(record, side, "time-out");
            }
            *left -= spent;
            let Some(square) = square else {
                return forfeit(record, side, &format!("malformed answer {text:?}"));
            };
            match board.play(Move::Place(square)) {
                Ok(next) => board = next,
                Err(_) => {
                    return forfeit(
                        record,
                        side,
                        &format!("illegal move {} {}", square.row(), square.column()),
                    );
                }
            }
            record.moves.push(Move::Place(square).to_string());
            if self.verbose {
                println!(
                    "game {} move {}: {} plays {}",
                    index + 1,
                    record.moves.len(),
                    side,
                    Move::Place(square)
                );
                print!("{}", picture(&board));
            }
        }
        for (_, p, _) in players {
            p.finish();
        }
        let margin = i64::from(board.black().count_ones()) - i64::from(board.white().count_ones());
        let margin_a = if black_side == Side::A {
            margin
        } else {
            -margin
        };
        record.finish(margin_a)
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
