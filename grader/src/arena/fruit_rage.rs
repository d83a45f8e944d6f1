//! The Fruit Rage referee: random full boxes; every move runs the program anew in a directory
//! of its own holding `input.txt` with that player's remaining time; the CPU time the child used
//! (user + sys, as the course measured it) is charged to the player; `output.txt` must name a
//! fruit and show exactly the box after the claim and gravity.
//!
//! The referee keeps its own plain grid (breadth-first claim, column-by-column gravity),
//! independent of the engine it judges.

use super::process::{Failure, run_once};
use super::{GameRecord, MatchArgs, Referee, Rng, Side, stream_seed};
use crate::clock::WallClock;
use duel_core::fruit_rage::{Board, Cell, greedy_move, minimax3_move, random_move};
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

/// Plays the series and prints the table.
pub fn arena(args: &ArenaArgs) -> ExitCode {
    let Some((a, b)) = super::players("fruit-rage", &args.common, |text, _| {
        PlayerSpec::parse(text)
    }) else {
        return ExitCode::from(2);
    };
    if !(args.time.is_finite() && args.time > 0.0) {
        eprintln!("duel: arena fruit-rage: --time must be a positive number of seconds");
        return ExitCode::from(2);
    }
    let scratch =
        std::env::temp_dir().join(format!("duel-arena-fruit-rage-{}", std::process::id()));
    let mut referee = FruitRageReferee {
        a,
        b,
        size: usize::from(args.size),
        types: args.types,
        time: Duration::from_secs_f64(args.time),
        seed: args.common.seed,
        scratch: scratch.clone(),
        first: args.first,
    };
    let status = super::play("fruit-rage", "points", &args.common, &mut referee);
    let _ = std::fs::remove_dir_all(&scratch);
    status
}

/// Who plays a side.
#[derive(Clone, Debug)]
pub enum PlayerSpec {
    /// A program started anew for every move in its own directory.
    Command(Vec<String>),
    /// `builtin:random`: a random group.
    Random,
    /// `builtin:greedy`: the largest group now.
    Greedy,
    /// `builtin:minimax3`: the course's graded opponent, plain minimax of depth 3 (shallower
    /// when short of time).
    Minimax3,
    /// `builtin:duel`: the `fruit-rage` program's own move logic, in-process.
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
            ("minimax3", Self::Minimax3),
            ("duel", Self::Duel),
        ];
        super::parse_player(text, &builtins, Self::Command)
    }
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

    /// Claims the group at (`row`, `column`): empties it, applies gravity, returns its size;
    /// `None` when the cell is outside the box or empty.
    pub fn claim(&mut self, row: usize, column: usize) -> Option<usize> {
        let n = self.size;
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
        Board::from_fn(self.size, |column, row| {
            self.cells[row * self.size + column]
        })
        .ok()
    }
}

/// CPU time (user + sys) used so far by this process's waited-for children.
fn children_cpu() -> Duration {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return Duration::ZERO;
    };
    // Fields after the command name (which may hold spaces) start after the last ')'.
    let Some((_, rest)) = stat.rsplit_once(')') else {
        return Duration::ZERO;
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // cutime and cstime are fields 16 and 17 of the whole line: 13 and 14 after the name.
    let ticks: u64 = [13, 14]
        .iter()
        .filter_map(|&i| fields.get(i)?.parse::<u64>().ok())
        .sum();
    // Linux reports these in USER_HZ, 100 a second on every architecture it supports.
    Duration::from_millis(ticks * 10)
}

/// Plays Fruit Rage games between two players.
pub struct FruitRageReferee {
    /// Player A.
    pub a: PlayerSpec,
    /// Player B.
    pub b: PlayerSpec,
    /// The side of the boxes.
    pub size: usize,
    /// Fruit types.
    pub types: u8,
    /// Each player's thinking time for a game.
    pub time: Duration,
    /// Seeds the boxes and the random players.
    pub seed: u64,
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
        spec: &PlayerSpec,
        grid: &Grid,
        left: Duration,
        dir: &Path,
        seed: u64,
    ) -> Result<(Answer, Duration), Failure> {
        let input = format!(
            "{}\n{}\n{:.3}\n{}",
            self.size,
            self.types,
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
        match spec {
            PlayerSpec::Random => builtin(&|b| random_move(b, seed)),
            PlayerSpec::Greedy => builtin(&|b| greedy_move(b)),
            PlayerSpec::Minimax3 => {
                // Depth 3 while the player has time; shallower when short, as the course's agent.
                let depth = if left > Duration::from_secs(10) {
                    3
                } else if left > Duration::from_secs(2) {
                    2
                } else {
                    1
                };
                builtin(&|b| minimax3_move(b, depth))
            }
            PlayerSpec::Duel => {
                std::fs::write(dir.join("input.txt"), &input)
                    .map_err(|e| Failure::Crashed(e.to_string()))?;
                let _ = std::fs::remove_file(dir.join("output.txt"));
                let started = Instant::now();
                let clock = WallClock::start();
                crate::fruit_rage::play_move(dir, &clock, None).map_err(Failure::Crashed)?;
                Ok((read_output(dir), started.elapsed()))
            }
            PlayerSpec::Command(argv) => {
                std::fs::write(dir.join("input.txt"), &input)
                    .map_err(|e| Failure::Crashed(e.to_string()))?;
                let _ = std::fs::remove_file(dir.join("output.txt"));
                let before = children_cpu();
                // The course killed an agent at its remaining time plus 10 s.
                run_once(argv, Some(dir), "", left + Duration::from_secs(10))?;
                Ok((read_output(dir), children_cpu().saturating_sub(before)))
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
    fn play_game(&mut self, index: usize, a_first: bool) -> GameRecord {
        // A fresh box every game: the first mover's advantage on a given box can be decisive,
        // so replaying a box with the sides swapped would not measure strength.
        let seed = stream_seed(self.seed, index as u64);
        let mut grid = Grid::random(
            self.size,
            self.types,
            &mut Rng::new(self.seed, index as u64),
        );
        let a_first = match self.first {
            First::Alternate => a_first,
            First::A => true,
            First::B => false,
        };
        let first = if a_first { Side::A } else { Side::B };
        let mut record = GameRecord::new(a_first);
        let mut left = [self.time, self.time];
        let mut points = [0i64, 0];
        let dirs = [
            self.scratch.join(format!("game{index}-A")),
            self.scratch.join(format!("game{index}-B")),
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
            let k = side as usize;
            let spec = if side == Side::A { &self.a } else { &self.b };
            let (answer, used) =
                match self.ask(spec, &grid, left[k], &dirs[k], stream_seed(seed, ply + 1)) {
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
            if used > left[k] {
                return forfeit(record, side, "out of time");
            }
            left[k] -= used;
            let (cell, board_text) = match answer {
                Answer::Move { cell, board_text } => (cell, board_text),
                Answer::Malformed(what) => {
                    return forfeit(record, side, &format!("malformed output.txt: {what}"));
                }
            };
            let Some(size) = grid.claim(usize::from(cell.row), usize::from(cell.column)) else {
                return forfeit(record, side, &format!("illegal move {cell}"));
            };
            if let Some(text) = board_text {
                if text != grid.text() {
                    return forfeit(record, side, &format!("wrong board after {cell}"));
                }
            }
            points[k] += (size * size) as i64;
            record.moves.push(cell.to_string());
            side = side.other();
            ply += 1;
        }
        // Equal points are a draw (the course's tournaments broke such ties by time left).
        record.finish(points[0] - points[1])
    }
}

/// `loser` loses at once for `why`.
fn forfeit(record: GameRecord, loser: Side, why: &str) -> GameRecord {
    record.forfeit(loser, why, 0)
}
