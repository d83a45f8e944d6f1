//! The Filler referee: random boards, each played twice with the sides swapped; every move
//! starts the program anew with the board turned so its own start is top-left, and allows it one
//! second, process start included.
//!
//! The referee keeps its own plain grid and breadth-first flood fill, independent of the engine
//! it judges.

use super::process::{Failure, run_once};
use super::{GameRecord, MatchArgs, Referee, Rng, Side, stream_seed};
use crate::clock::WallClock;
use duel_core::filler::{Board, Grid, Move, choose, greedy_colour, random_colour};
use duel_core::{Budget, Entry};
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

/// Plays the series and prints the table.
pub fn arena(args: &ArenaArgs) -> ExitCode {
    let Some((a, b)) = super::players("filler", &args.common, |text, _| PlayerSpec::parse(text))
    else {
        return ExitCode::from(2);
    };
    let mut referee = FillerReferee {
        a,
        b,
        size: usize::from(args.size),
        max_moves: args.max_moves,
        seed: args.common.seed,
        verbose: args.verbose,
        move_time: MOVE_TIME,
    };
    super::play("filler", "cells", &args.common, &mut referee)
}

/// Who plays a side.
#[derive(Clone, Debug)]
pub enum PlayerSpec {
    /// A program started anew for every move.
    Command(Vec<String>),
    /// `builtin:random`: a random allowed colour.
    Random,
    /// `builtin:greedy`: the allowed colour that gains most cells now.
    Greedy,
    /// `builtin:duel`: the engine in-process, with the program's own time budget.
    Duel,
}

impl PlayerSpec {
    /// Parses a built-in name or a command.
    ///
    /// # Errors
    /// An unknown built-in, or a command that does not split.
    pub fn parse(text: &str) -> Result<Self, String> {
        let builtins = [
            ("random", Self::Random),
            ("greedy", Self::Greedy),
            ("duel", Self::Duel),
        ];
        super::parse_player(text, &builtins, Self::Command)
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
    /// Player A.
    pub a: PlayerSpec,
    /// Player B.
    pub b: PlayerSpec,
    /// The side of the boards.
    pub size: usize,
    /// Moves in total before the game ends.
    pub max_moves: u32,
    /// Seeds the boards and the random players.
    pub seed: u64,
    /// Print the board after every move.
    pub verbose: bool,
    /// Time allowed per move.
    pub move_time: Duration,
}

impl FillerReferee {
    /// Asks `spec` for a colour on `text` (the protocol board). Returns the raw answer and its
    /// colour if it is one digit.
    fn ask(
        &self,
        spec: &PlayerSpec,
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
        let colour = match spec {
            PlayerSpec::Command(argv) => {
                let run = run_once(argv, None, text, self.move_time)?;
                let answer = run.stdout.trim().to_string();
                let colour = (answer.len() == 1)
                    .then(|| answer.as_bytes()[0])
                    .filter(u8::is_ascii_digit)
                    .map(|d| d - b'0');
                return Ok((answer, colour));
            }
            PlayerSpec::Random => random_colour(&board()?, seed),
            PlayerSpec::Greedy => greedy_colour(&board()?),
            PlayerSpec::Duel => {
                let clock = WallClock::start();
                let mut table = vec![Entry::default(); 1 << 18];
                let mut budget = Budget::millis(&clock, crate::filler::DEFAULT_MILLIS);
                choose(&board()?, &mut budget, &mut table).colour
            }
        };
        let colour: Move = colour;
        Ok((colour.colour().to_string(), Some(colour.colour())))
    }
}

impl Referee for FillerReferee {
    fn play_game(&mut self, index: usize, a_first: bool) -> GameRecord {
        // Games 2k and 2k+1 share a board, with the sides swapped.
        let board_seed = stream_seed(self.seed, (index / 2) as u64);
        let mut field = Field::random(self.size, &mut Rng::new(self.seed, (index / 2) as u64));
        let first = if a_first { Side::A } else { Side::B };
        let side_of = |player: u8| if player == 1 { first } else { first.other() };
        let mut record = GameRecord::new(a_first);
        let mut player = 1u8;
        for ply in 0..self.max_moves {
            if field.all_owned() {
                break;
            }
            let side = side_of(player);
            let spec = if side == Side::A { &self.a } else { &self.b };
            let started = Instant::now();
            let answer = self.ask(
                spec,
                &field.protocol_text(player),
                ply,
                stream_seed(board_seed, u64::from(ply) + 1),
            );
            let (text, colour) = match answer {
                Ok(a) => a,
                Err(f) => return forfeit(record, side, &f.to_string(), self.size),
            };
            if started.elapsed() > self.move_time {
                return forfeit(record, side, "time-out", self.size);
            }
            let Some(colour) = colour else {
                return forfeit(
                    record,
                    side,
                    &format!("malformed answer {text:?}"),
                    self.size,
                );
            };
            if colour == field.colour_of(3 - player) {
                return forfeit(
                    record,
                    side,
                    &format!("forbidden colour {colour}"),
                    self.size,
                );
            }
            field.play(player, colour);
            record.moves.push(colour.to_string());
            if self.verbose {
                println!(
                    "game {} move {}: {side} plays {colour}; cells {} - {}",
                    index + 1,
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
