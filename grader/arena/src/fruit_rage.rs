//! The Fruit Rage referee: random full boxes; every move runs the program anew in a directory
//! of its own holding `input.txt` with that player's remaining time; the CPU time the child used
//! (user + sys, as the course measured it) is charged to the player; `output.txt` must name a
//! fruit and show exactly the box after the claim and gravity.
//!
//! The referee keeps its own plain grid (breadth-first claim, column-by-column gravity),
//! independent of the engine it judges.

use super::player::{ContestantKind, ContestantSpec, Proto};
use super::{GameRecord, GameSetup, Match, MatchArgs, Referee, Rng, Side, stream_seed};
use duel_core::fruit_rage::builtin::{Greedy, Minimax, Random};
use duel_core::fruit_rage::{Board, Cell};
use duel_core::{Column, Entry, Row};
use duel_protocols::process::{Failure, run_once};
use duel_protocols::time_control::{PlayerClock, TimeControl};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// `duel arena fruit-rage`.
#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    #[command(flatten)]
    common: MatchArgs,
    /// The side of the box (1..=26).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u8).range(1..=26))]
    size: u8,
    /// Fruit types (1..=10).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=10))]
    types: u8,
    /// Each player's thinking time for the whole game, in seconds.
    #[arg(long, default_value_t = 300.0)]
    time: f64,
    /// Who moves first: alternate game by game, or always A, or always B. (On small boxes the
    /// first mover often wins with perfect play, so alternating measures the boxes as much as
    /// the players.)
    #[arg(long, value_enum, default_value_t = First::Alternate)]
    first: First,
}

/// Who moves first in each game of a series.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum First {
    /// A in odd-numbered games, B in even-numbered ones.
    Alternate,
    /// Always A.
    A,
    /// Always B.
    B,
}

/// Plays the match and prints the table.
pub fn arena(args: &ArenaArgs) -> ExitCode {
    if !(args.time.is_finite() && args.time > 0.0 && args.time < 1e9) {
        return super::usage_error("fruit-rage", "--time must be a positive number of seconds");
    }
    let default = TimeControl::Game {
        base: Duration::from_secs_f64(args.time),
        increment: Duration::ZERO,
    };
    let setup = match Match::new(&args.common, default) {
        Ok(s) => s,
        Err(e) => return super::usage_error("fruit-rage", &e),
    };
    let players: Result<Vec<Contestant>, String> =
        setup.players.iter().map(Contestant::from_spec).collect();
    let players = match players {
        Ok(p) => [p[0].clone(), p[1].clone()],
        Err(e) => return super::usage_error("fruit-rage", &e),
    };
    let scratch =
        std::env::temp_dir().join(format!("duel-arena-fruit-rage-{}", std::process::id()));
    let referee = FruitRageReferee {
        players,
        size: usize::from(args.size),
        types: args.types,
        scratch: scratch.clone(),
        first: args.first,
    };
    let status = super::play("fruit-rage", "points", &args.common, &setup, &referee, None);
    let _ = std::fs::remove_dir_all(&scratch);
    status
}

/// Who plays a side.
#[derive(Clone, Debug)]
pub enum Contestant {
    /// A program started anew for every move in its own directory.
    Command(Vec<String>),
    /// `builtin:random`: a random group.
    Random,
    /// `builtin:greedy`: the largest group now.
    Greedy,
    /// `builtin:minimax3`: the course's graded opponent, plain minimax of depth 3 (shallower
    /// when short of time).
    Minimax3,
    /// `builtin:duel`: the `fruit-rage` program's own move logic in-process; with a node
    /// budget, its search stopped after that many nodes.
    Duel(Option<u64>),
}

impl Contestant {
    /// The player a spec names.
    ///
    /// # Errors
    /// An unknown built-in, or a protocol other than the contest's.
    pub fn from_spec(spec: &ContestantSpec) -> Result<Contestant, String> {
        match &spec.kind {
            ContestantKind::Builtin(_) => Ok(
                match spec.builtin(&["random", "greedy", "minimax3", "duel"])? {
                    Some("random") => Contestant::Random,
                    Some("greedy") => Contestant::Greedy,
                    Some("minimax3") => Contestant::Minimax3,
                    _ => Contestant::Duel(spec.nodes),
                },
            ),
            ContestantKind::Command {
                argv,
                proto: Proto::Contest,
            } => Ok(Contestant::Command(argv.clone())),
            ContestantKind::Command { .. } => {
                Err("Fruit Rage programs speak the contest protocol".into())
            }
        }
    }
}

/// Where a game starts: a box and its number of fruit types.
#[derive(Clone, Debug)]
pub struct Opening {
    grid: Grid,
    types: u8,
}

/// A box as plain cells, row-major, row 0 at the top; `None` is empty.
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    size: usize,
    cells: Vec<Option<u8>>,
}

impl Grid {
    /// A full box of `types` fruit types drawn from `rng`.
    pub fn random(size: usize, types: u8, rng: &mut Rng) -> Grid {
        let cells = (0..size * size)
            .map(|_| Some(rng.below(usize::from(types)) as u8))
            .collect();
        Grid { size, cells }
    }

    /// A box in the contest's text: optionally the input.txt header (the size, the fruit types,
    /// the time), then one row a line of digits and `*` (rows may also be separated by `/`);
    /// without a header the types are the largest fruit plus one.
    ///
    /// # Errors
    /// Rows of different lengths or not square, a size above 26, or a cell that is neither a
    /// digit nor `*`.
    pub fn parse(text: &str) -> Result<Opening, String> {
        let mut rows: Vec<&str> = text
            .split(['\n', '/'])
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        // Header lines are the lines before the rows, whose length differs from the last row's:
        // input.txt's size, types and time, or our one-line form's types.
        let width = rows.last().map_or(0, |r| r.len());
        let header = rows
            .iter()
            .take_while(|r| r.len() != width || r.contains('.'))
            .count()
            .min(3);
        let types = match header {
            0 => None,
            1 => Some(rows[0]),
            _ => Some(rows[1]),
        }
        .map(|t| {
            t.parse::<u8>()
                .ok()
                .filter(|t| (1..=10).contains(t))
                .ok_or(format!("{t:?} is not a number of fruit types, 1..=10"))
        })
        .transpose()?;
        rows.drain(..header);
        let size = rows.len();
        if size == 0 || size > 26 {
            return Err(format!("a box of {size} rows (1..=26)"));
        }
        let mut cells = Vec::with_capacity(size * size);
        for row in &rows {
            if row.len() != size {
                return Err(format!("row {row:?} is not {size} cells long"));
            }
            for b in row.bytes() {
                cells.push(match b {
                    b'*' => None,
                    b'0'..=b'9' => Some(b - b'0'),
                    _ => return Err(format!("row {row:?}: a cell is neither a digit nor *")),
                });
            }
        }
        let largest = cells.iter().flatten().max().map_or(1, |f| f + 1);
        let types = types.unwrap_or(largest).max(largest);
        let grid = Grid { size, cells };
        if grid.board().is_none() {
            return Err("fruit floats above an empty cell".into());
        }
        if grid.is_empty() {
            return Err("the box is empty".into());
        }
        Ok(Opening { grid, types })
    }

    fn is_empty(&self) -> bool {
        self.cells.iter().all(Option::is_none)
    }

    /// The box as input.txt and output.txt show it: a line per row, `*` for empty.
    pub fn text(&self) -> String {
        let mut s = String::with_capacity(self.size * (self.size + 1));
        for row in self.cells.chunks(self.size) {
            s.extend(row.iter().map(|c| c.map_or('*', |f| char::from(b'0' + f))));
            s.push('\n');
        }
        s
    }

    /// Claims the group at `row`, `column`: empties it, applies gravity, returns its size;
    /// `None` when the cell is outside the box or empty.
    pub fn claim(&mut self, row: Row, column: Column) -> Option<usize> {
        let n = self.size;
        let (row, column) = (row.index(), column.index());
        if row >= n || column >= n {
            return None;
        }
        let fruit = self.cells[row * n + column]?;
        let mut stack = vec![row * n + column];
        self.cells[row * n + column] = None;
        let mut size = 0;
        while let Some(i) = stack.pop() {
            size += 1;
            let (r, c) = (i / n, i % n);
            let near = [
                (r > 0).then(|| i - n),
                (r + 1 < n).then(|| i + n),
                (c > 0).then(|| i - 1),
                (c + 1 < n).then(|| i + 1),
            ];
            for j in near.into_iter().flatten() {
                if self.cells[j] == Some(fruit) {
                    self.cells[j] = None;
                    stack.push(j);
                }
            }
        }
        for c in 0..n {
            let fruit: Vec<u8> = (0..n).filter_map(|r| self.cells[r * n + c]).collect();
            for r in 0..n {
                let from_bottom = n - 1 - r;
                self.cells[r * n + c] =
                    (from_bottom < fruit.len()).then(|| fruit[fruit.len() - 1 - from_bottom]);
            }
        }
        Some(size)
    }

    fn board(&self) -> Option<Board> {
        Board::from_fn(self.size, |row, column| {
            self.cells[row.index() * self.size + column.index()]
        })
        .ok()
    }
}

/// Plays Fruit Rage games between two players.
pub struct FruitRageReferee {
    /// A's and B's players.
    pub players: [Contestant; 2],
    /// The side of random boxes.
    pub size: usize,
    /// Fruit types of random boxes.
    pub types: u8,
    /// Where the players' directories go.
    pub scratch: PathBuf,
    /// Who moves first.
    pub first: First,
}

/// What a player answered: the cell it named, or why its answer is unusable.
enum Answer {
    Move {
        cell: Cell,
        board_text: Option<String>,
    },
    Malformed(String),
}

impl FruitRageReferee {
    /// Asks a player for a move; returns the answer and the time to charge.
    fn ask(
        &self,
        player: &Contestant,
        (grid, types): (&Grid, u8),
        clock: &PlayerClock,
        dir: &Path,
        seed: u64,
    ) -> Result<(Answer, Duration), Failure> {
        let left = clock.left();
        let input = format!(
            "{}\n{}\n{:.3}\n{}",
            grid.size,
            types,
            left.as_secs_f64(),
            grid.text()
        );
        let builtin = |pick: &dyn Fn(&Board) -> Option<duel_core::fruit_rage::Move>| {
            let started = Instant::now();
            let board = grid
                .board()
                .ok_or_else(|| Failure::Crashed("referee: box does not convert".into()))?;
            let mv =
                pick(&board).ok_or_else(|| Failure::Crashed("built-in found no move".into()))?;
            Ok((
                Answer::Move {
                    cell: board.label(mv),
                    board_text: None,
                },
                started.elapsed(),
            ))
        };
        match player {
            Contestant::Random => builtin(&|b| simple(&mut Random::new(seed), b)),
            Contestant::Greedy => builtin(&|b| simple(&mut Greedy, b)),
            Contestant::Duel(nodes) => builtin(&|b| {
                let mut table = vec![Entry::default(); 1 << 18];
                let mut player =
                    duel_core::fruit_rage::Player::new(&mut table, super::time_use(clock), None);
                let millis = left.as_millis().min(u128::from(u64::MAX)) as u64;
                super::decide(&mut player, b, millis, *nodes).map(|d| d.mv)
            }),
            Contestant::Minimax3 => {
                // Depth 3 while the player has time; shallower when short, as the course's agent.
                let depth = if left > Duration::from_secs(10) {
                    3
                } else if left > Duration::from_secs(2) {
                    2
                } else {
                    1
                };
                builtin(&|b| simple(&mut Minimax::new(depth), b))
            }
            Contestant::Command(argv) => {
                std::fs::write(dir.join("input.txt"), &input)
                    .map_err(|e| Failure::Crashed(e.to_string()))?;
                let _ = std::fs::remove_file(dir.join("output.txt"));
                // The course killed an agent at its remaining time plus 10 s.
                let run = run_once(argv, Some(dir), "", left + Duration::from_secs(10))?;
                Ok((read_output(dir), run.cpu))
            }
        }
    }
}

/// Reads a player's output.txt: a cell name, then the box.
fn read_output(dir: &Path) -> Answer {
    let Ok(text) = std::fs::read_to_string(dir.join("output.txt")) else {
        return Answer::Malformed("no output.txt".into());
    };
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("").trim();
    match Cell::parse(first) {
        Ok(cell) => {
            let rest: Vec<&str> = lines.map(str::trim_end).filter(|l| !l.is_empty()).collect();
            let mut board_text = rest.join("\n");
            board_text.push('\n');
            Answer::Move {
                cell,
                board_text: Some(board_text),
            }
        }
        Err(_) => Answer::Malformed(format!("move {first:?}")),
    }
}

impl Referee for FruitRageReferee {
    type Opening = Opening;
    const ONE_OPENING_A_LINE: bool = false;
    const MARGIN_PAIRS: bool = true;

    fn parse_opening(&self, text: &str) -> Result<Opening, String> {
        Grid::parse(text)
    }

    fn random_opening(&self, plies: u32, rng: &mut Rng) -> Opening {
        let mut grid = Grid::random(self.size, self.types, rng);
        for _ in 0..plies {
            let full: Vec<usize> = (0..grid.cells.len())
                .filter(|&i| grid.cells[i].is_some())
                .collect();
            if full.is_empty() {
                break;
            }
            let i = full[rng.below(full.len())];
            grid.claim(Row((i / grid.size) as u8), Column((i % grid.size) as u8));
        }
        Opening {
            grid,
            types: self.types,
        }
    }

    fn opening_text(&self, opening: &Opening) -> String {
        format!(
            "{}/{}",
            opening.types,
            opening.grid.text().trim_end().replace('\n', "/")
        )
    }

    fn play_game(&self, game: &GameSetup<'_, Opening>) -> GameRecord {
        let mut grid = game.opening.grid.clone();
        let a_first = match self.first {
            First::Alternate => game.a_first,
            First::A => true,
            First::B => false,
        };
        let first = if a_first { Side::A } else { Side::B };
        let mut record = GameRecord::new(a_first);
        let mut clocks = game.clocks;
        let mut points = [0i64, 0];
        let mut cpu = [Duration::ZERO; 2];
        let dirs = [
            self.scratch.join(format!("game{}-A", game.index)),
            self.scratch.join(format!("game{}-B", game.index)),
        ];
        for dir in &dirs {
            if let Err(e) = std::fs::create_dir_all(dir) {
                record.reason = format!("referee: cannot create {}: {e}", dir.display());
                return record;
            }
        }
        let mut side = first;
        let mut ply = 0u64;
        while !grid.is_empty() {
            let k = side.index();
            let asked = self.ask(
                &self.players[k],
                (&grid, game.opening.types),
                &clocks[k],
                &dirs[k],
                stream_seed(game.seed, ply + 1),
            );
            let (answer, used) = match asked {
                Ok(a) => a,
                Err(Failure::Timeout) => {
                    return forfeit(
                        record,
                        side,
                        "out of time (killed at its remaining time + 10 s)",
                    );
                }
                Err(f) => return forfeit(record, side, &f.to_string()),
            };
            if !clocks[k].charge(used) {
                return forfeit(record, side, "out of time");
            }
            let (cell, board_text) = match answer {
                Answer::Move { cell, board_text } => (cell, board_text),
                Answer::Malformed(what) => {
                    return forfeit(record, side, &format!("malformed output.txt: {what}"));
                }
            };
            let Some(size) = grid.claim(Row(cell.row), Column(cell.column)) else {
                return forfeit(record, side, &format!("illegal move {cell}"));
            };
            if let Some(text) = board_text {
                if text != grid.text() {
                    return forfeit(record, side, &format!("wrong board after {cell}"));
                }
            }
            points[k] += (size * size) as i64;
            cpu[k] += used;
            record.push(side, cell.to_string(), used);
            side = side.other();
            ply += 1;
        }
        for dir in &dirs {
            let _ = std::fs::remove_dir_all(dir);
        }
        // The time each side was charged: the figures' CPU a game (stderr, beside the progress).
        eprintln!(
            "game {}: time charged A {:.2} s, B {:.2} s",
            game.index + 1,
            cpu[0].as_secs_f64(),
            cpu[1].as_secs_f64()
        );
        // Equal points are a draw (the course's tournaments broke such ties by time left).
        record.finish(points[0] - points[1])
    }
}

/// `loser` loses at once for `why`.
fn forfeit(record: GameRecord, loser: Side, why: &str) -> GameRecord {
    record.forfeit(loser, why, 0)
}

/// The move of one of core's simple built-in players (no table, no budget) for `board`.
fn simple(
    player: &mut impl duel_core::Player<Position = Board, Move = duel_core::fruit_rage::Move>,
    board: &Board,
) -> Option<duel_core::fruit_rage::Move> {
    player
        .choose(board, &mut duel_core::Budget::unlimited())
        .map(|d| d.mv)
}
