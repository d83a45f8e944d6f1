//! The Filler referee: random boards, each played twice with the sides swapped; every move
//! starts the program anew with the board turned so its own start is top-left, and allows it one
//! second, process start included.
//!
//! The referee keeps its own plain grid and breadth-first flood fill, independent of the engine
//! it judges.

use super::player::{ContestantKind, ContestantSpec, Proto};
use super::{GameRecord, GameSetup, Match, MatchArgs, Referee, Rng, Side, stream_seed};
use duel_core::Entry;
use duel_core::filler::builtin::{Greedy, Random};
use duel_core::filler::{Board, Grid, Move};
use duel_protocols::process::{Failure, run_once};
use duel_protocols::time_control::{PlayerClock, TimeControl};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The contest's limit for one move, process start included.
pub const MOVE_TIME: Duration = Duration::from_secs(1);

/// `duel arena filler`.
#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    #[command(flatten)]
    common: MatchArgs,
    /// The side of the board (10..=20 in the contest; 1..=20 accepted).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u8).range(2..=20))]
    size: u8,
    /// The move limit, both players' moves counted.
    #[arg(long, default_value_t = 50)]
    max_moves: u32,
    /// Print the board after every move.
    #[arg(long)]
    verbose: bool,
}

/// Plays the match and prints the table.
pub fn arena(args: &ArenaArgs) -> ExitCode {
    let setup = match Match::new(&args.common, TimeControl::Move(MOVE_TIME)) {
        Ok(s) => s,
        Err(e) => return super::usage_error("filler", &e),
    };
    let players: Result<Vec<Contestant>, String> =
        setup.players.iter().map(Contestant::from_spec).collect();
    let players = match players {
        Ok(p) => [p[0].clone(), p[1].clone()],
        Err(e) => return super::usage_error("filler", &e),
    };
    let referee = FillerReferee {
        players,
        size: usize::from(args.size),
        max_moves: args.max_moves,
        verbose: args.verbose,
    };
    super::play("filler", "cells", &args.common, &setup, &referee, None)
}

/// Who plays a side.
#[derive(Clone, Debug)]
pub enum Contestant {
    /// A program started anew for every move.
    Command(Vec<String>),
    /// `builtin:random`: a random allowed colour.
    Random,
    /// `builtin:greedy`: the allowed colour that gains most cells now.
    Greedy,
    /// `builtin:duel`: the engine in-process, with the program's share of the clock or a node
    /// budget a move.
    Duel(Option<u64>),
}

impl Contestant {
    /// The player a spec names.
    ///
    /// # Errors
    /// An unknown built-in, or a protocol other than the contest's.
    pub fn from_spec(spec: &ContestantSpec) -> Result<Contestant, String> {
        match &spec.kind {
            ContestantKind::Builtin(_) => {
                Ok(match spec.builtin(&["random", "greedy", "duel"])? {
                    Some("random") => Contestant::Random,
                    Some("greedy") => Contestant::Greedy,
                    _ => Contestant::Duel(spec.nodes),
                })
            }
            ContestantKind::Command {
                argv,
                proto: Proto::Contest,
            } => Ok(Contestant::Command(argv.clone())),
            ContestantKind::Command { .. } => {
                Err("Filler programs speak the contest protocol".into())
            }
        }
    }
}

/// A Filler board in absolute orientation: player one owns the top-left region, player two the
/// bottom-right one.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    size: usize,
    colours: Vec<u8>,
    /// 0 unowned, 1 player one, 2 player two.
    owner: Vec<u8>,
}

impl Field {
    /// A random board: uniform colours, the two start cells of different colours, and start
    /// regions that neither overlap nor touch.
    pub fn random(size: usize, rng: &mut Rng) -> Field {
        loop {
            let colours: Vec<u8> = (0..size * size).map(|_| rng.below(10) as u8).collect();
            let mut field = Field {
                size,
                colours,
                owner: vec![0; size * size],
            };
            if field.colours[0] == field.colours[size * size - 1] {
                continue;
            }
            field.absorb(1);
            field.absorb(2);
            let touching = (0..size * size)
                .any(|i| field.owner[i] == 1 && field.neighbours(i).any(|j| field.owner[j] == 2));
            if !touching {
                return field;
            }
        }
    }

    /// A board in the contest's text (`N`, then N rows of N digits 0..9, player one's start
    /// top-left; rows may also be separated by `/`), territories taken by flood from the two
    /// start corners.
    ///
    /// # Errors
    /// A size outside 2..=20, a row of the wrong length, a cell that is not a digit, or both
    /// starts of one colour.
    pub fn parse(text: &str) -> Result<Field, String> {
        let mut words = text
            .split(|c: char| c.is_whitespace() || c == '/')
            .filter(|w| !w.is_empty());
        let size: usize = words
            .next()
            .and_then(|w| w.parse().ok())
            .filter(|n| (2..=20).contains(n))
            .ok_or("the board must start with its size N, 2..=20")?;
        let mut colours = Vec::with_capacity(size * size);
        for word in words {
            if word.bytes().all(|b| b.is_ascii_digit()) && word.len() == size {
                colours.extend(word.bytes().map(|b| b - b'0'));
            } else if word.len() == 1 && word.as_bytes()[0].is_ascii_digit() {
                colours.push(word.as_bytes()[0] - b'0');
            } else {
                return Err(format!("{word:?} is not a row of {size} colours 0..9"));
            }
        }
        if colours.len() != size * size {
            return Err(format!("{} cells for a {size}x{size} board", colours.len()));
        }
        let mut field = Field {
            size,
            owner: vec![0; size * size],
            colours,
        };
        if field.colours[0] == field.colours[size * size - 1] {
            return Err("the two start cells have the same colour".into());
        }
        field.absorb(1);
        field.absorb(2);
        if field.owner[0] != 1 {
            return Err("the two territories overlap".into());
        }
        Ok(field)
    }

    fn start(&self, player: u8) -> usize {
        if player == 1 {
            0
        } else {
            self.size * self.size - 1
        }
    }

    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let (r, c, n) = (i / self.size, i % self.size, self.size);
        [
            (r > 0).then(|| i - n),
            (r + 1 < n).then(|| i + n),
            (c > 0).then(|| i - 1),
            (c + 1 < n).then(|| i + 1),
        ]
        .into_iter()
        .flatten()
    }

    /// Gives `player` every unowned cell of its territory's colour reachable from it (the start
    /// cell is always the player's).
    fn absorb(&mut self, player: u8) {
        let start = self.start(player);
        self.owner[start] = player;
        let colour = self.colours[start];
        let mut queue: Vec<usize> = (0..self.owner.len())
            .filter(|&i| self.owner[i] == player)
            .collect();
        while let Some(i) = queue.pop() {
            let fresh: Vec<usize> = self
                .neighbours(i)
                .filter(|&j| self.owner[j] == 0 && self.colours[j] == colour)
                .collect();
            for j in fresh {
                self.owner[j] = player;
                queue.push(j);
            }
        }
    }

    /// The colour of `player`'s territory.
    pub fn colour_of(&self, player: u8) -> u8 {
        self.colours[self.start(player)]
    }

    /// `player` chooses `colour` (already checked allowed): repaint, then absorb.
    pub fn play(&mut self, player: u8, colour: u8) {
        for i in 0..self.colours.len() {
            if self.owner[i] == player {
                self.colours[i] = colour;
            }
        }
        self.absorb(player);
    }

    /// Cells owned by `player`.
    pub fn owned(&self, player: u8) -> usize {
        self.owner.iter().filter(|&&o| o == player).count()
    }

    /// Whether every cell is owned.
    pub fn all_owned(&self) -> bool {
        self.owner.iter().all(|&o| o != 0)
    }

    /// The protocol text for `player`: its own start top-left (turned 180° for player two).
    pub fn protocol_text(&self, player: u8) -> String {
        let n = self.size;
        let mut s = format!("{n}\n");
        for r in 0..n {
            let row: Vec<String> = (0..n)
                .map(|c| {
                    let i = if player == 1 {
                        r * n + c
                    } else {
                        (n - 1 - r) * n + (n - 1 - c)
                    };
                    self.colours[i].to_string()
                })
                .collect();
            s.push_str(&row.join(" "));
            s.push('\n');
        }
        s
    }
}

/// Plays Filler games between two players.
pub struct FillerReferee {
    /// A's and B's players.
    pub players: [Contestant; 2],
    /// The side of random boards.
    pub size: usize,
    /// Moves in total before the game ends.
    pub max_moves: u32,
    /// Print the board after every move.
    pub verbose: bool,
}

impl FillerReferee {
    /// Asks `player` for a colour on `text` (the protocol board) with `clock`. Returns the raw
    /// answer and its colour if it is one digit.
    fn ask(
        &self,
        player: &Contestant,
        clock: &PlayerClock,
        text: &str,
        moves_played: u32,
        seed: u64,
    ) -> Result<(String, Option<u8>), Failure> {
        let board = || {
            let grid = Grid::parse(text.as_bytes())
                .map_err(|e| Failure::Crashed(format!("referee: {e}")))?;
            Ok::<_, Failure>(
                Board::from_grid(&grid)
                    .with_move_limit(self.max_moves.min(255) as u8)
                    .with_moves_played(moves_played.min(255) as u8),
            )
        };
        let colour = match player {
            Contestant::Command(argv) => {
                let run = run_once(
                    &with_moves_played(argv, moves_played),
                    None,
                    text,
                    clock.deadline(),
                )?;
                let answer = run.stdout.trim().to_string();
                let colour = (answer.len() == 1)
                    .then(|| answer.as_bytes()[0])
                    .filter(u8::is_ascii_digit)
                    .map(|d| d - b'0');
                return Ok((answer, colour));
            }
            Contestant::Random => builtin(&mut Random::new(seed), &board()?),
            Contestant::Greedy => builtin(&mut Greedy, &board()?),
            Contestant::Duel(nodes) => {
                let mut table = vec![Entry::default(); 1 << 18];
                let board = board()?;
                let mut player = duel_core::filler::Player::new(&mut table);
                match super::decide(&mut player, &board, builtin_millis(clock), *nodes) {
                    Some(decision) => decision.mv,
                    None => builtin(&mut Greedy, &board),
                }
            }
        };
        let colour: Move = colour;
        Ok((colour.colour().to_string(), Some(colour.colour())))
    }
}

/// The colour a built-in player (which answers on every board) chooses for `board`.
fn builtin(
    player: &mut impl duel_core::Player<Position = Board, Move = Move>,
    board: &Board,
) -> Move {
    player
        .choose(board, &mut duel_core::Budget::unlimited())
        .map(|d| d.mv)
        .unwrap_or_default()
}

/// The placeholder in a Filler command line that the referee replaces by the moves played so
/// far, both sides counted: the contest's board does not show it, so a program's estimate of it
/// can be measured against the true count (`cmd='./filler --moves-played {moves}'`).
pub const MOVES_PLAYED: &str = "{moves}";

/// `argv` with every [`MOVES_PLAYED`] replaced by `moves_played`.
fn with_moves_played(argv: &[String], moves_played: u32) -> Vec<String> {
    argv.iter()
        .map(|a| a.replace(MOVES_PLAYED, &moves_played.to_string()))
        .collect()
}

/// How long `builtin:duel` thinks: the `filler` program's share of a per-move second, or of
/// what a game clock leaves spread over 25 more moves.
fn builtin_millis(clock: &PlayerClock) -> u64 {
    let share = duel_protocols::filler::DEFAULT_MILLIS as f64 / MOVE_TIME.as_millis() as f64;
    let d = match clock.control() {
        TimeControl::Move(d) => d.mul_f64(share),
        TimeControl::Game { .. } => clock.left() / 25 + clock.increment().mul_f64(share),
    };
    (d.as_millis() as u64).max(1)
}

impl Referee for FillerReferee {
    type Opening = Field;
    const ONE_OPENING_A_LINE: bool = false;
    const MARGIN_PAIRS: bool = true;

    fn parse_opening(&self, text: &str) -> Result<Field, String> {
        Field::parse(text)
    }

    fn random_opening(&self, plies: u32, rng: &mut Rng) -> Field {
        let mut field = Field::random(self.size, rng);
        let mut player = 1;
        for _ in 0..plies {
            if field.all_owned() {
                break;
            }
            let forbidden = [field.colour_of(1), field.colour_of(2)];
            let allowed: Vec<u8> = (0..10).filter(|c| !forbidden.contains(c)).collect();
            field.play(player, allowed[rng.below(allowed.len())]);
            player = 3 - player;
        }
        field
    }

    fn opening_text(&self, field: &Field) -> String {
        field.protocol_text(1).trim_end().replace('\n', "/")
    }

    fn play_game(&self, game: &GameSetup<'_, Field>) -> GameRecord {
        let mut field = game.opening.clone();
        let size = field.size;
        let first = game.first();
        let side_of = |player: u8| if player == 1 { first } else { first.other() };
        let mut record = GameRecord::new(game.a_first);
        let mut clocks = game.clocks;
        let mut player = 1u8;
        for ply in 0..self.max_moves {
            if field.all_owned() {
                break;
            }
            let side = side_of(player);
            let k = side.index();
            let started = Instant::now();
            let answer = self.ask(
                &self.players[k],
                &clocks[k],
                &field.protocol_text(player),
                ply,
                stream_seed(game.seed, u64::from(ply) + 1),
            );
            let spent = started.elapsed();
            let (text, colour) = match answer {
                Ok(a) => a,
                Err(f) => return forfeit(record, side, &f.to_string(), size),
            };
            if !clocks[k].charge(spent) {
                return forfeit(record, side, "time-out", size);
            }
            let Some(colour) = colour else {
                return forfeit(record, side, &format!("malformed answer {text:?}"), size);
            };
            if colour == field.colour_of(3 - player) {
                return forfeit(record, side, &format!("forbidden colour {colour}"), size);
            }
            field.play(player, colour);
            record.push(side, colour.to_string(), spent);
            if self.verbose {
                println!(
                    "game {} move {}: {side} plays {colour}; cells {} - {}",
                    game.index + 1,
                    ply + 1,
                    field.owned(1),
                    field.owned(2)
                );
                print!("{}", field.protocol_text(1));
            }
            player = 3 - player;
        }
        let (one, two) = (field.owned(1) as i64, field.owned(2) as i64);
        let margin = if first == Side::A {
            one - two
        } else {
            two - one
        };
        record.finish(margin)
    }
}

/// `loser` loses at once for `why`, by the whole board.
fn forfeit(record: GameRecord, loser: Side, why: &str, size: usize) -> GameRecord {
    record.forfeit(loser, why, (size * size) as i64)
}
