//! `duel analyze`: where a game was lost. Replays each game of a record (the arena's `--record`
//! JSON lines, GGF for Reversi, PGN for Ataxx), scores every position with duel's own engine
//! (a node-limited or timed search; exact where the solver reaches), and prints each game's
//! value curve and its **decisive mistake**: the last move of the loser that turned its
//! position from not lost (value ≥ 0 for it) to lost (< 0) by that search. A histogram of those
//! moves by phase (empty cells; in Filler, moves left to the limit) ends the report.
//!
//! Values are in the game's own units (discs, pieces, cells) from the first mover's side (Black;
//! in Filler the player who moved first), `*` marking the exact ones; a search's evaluation is
//! a fraction of a disc, piece or cell. Filler's values are exact only within
//! [`duel_core::filler::EXACT_PLIES`] moves of the limit, where the engine's narrower game is
//! Filler's. Each game's records are read, replayed and scored by its module here, through its
//! [`Analysis`].

use crate::record::RecordLine;
use clap::{ArgMatches, Command};
use duel_core::{Colour, Entry, Limits};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

pub mod ataxx;
pub mod filler;
pub mod reversi;

/// Reads the games of a whole record, under the game's options.
type ReadGames = fn(&str, &ArgMatches) -> Result<Vec<Game>, String>;

/// What `duel analyze` needs of one game: how its records are read and replayed, and how the
/// report names its sides and phases. Each game's is the `ANALYSIS` of its module here.
pub struct Analysis {
    /// The help of the game's name among `duel analyze`'s games.
    help: &'static str,
    /// The names of the side that moves first and of the other, as the report prints them.
    side_names: [&'static str; 2],
    /// What a position's phase counts.
    phase_unit: &'static str,
    /// Adds the game's own options to `duel analyze` (a `clap::Args` type's `augment_args`).
    options: fn(Command) -> Command,
    /// A `--record` line, replayed, under the game's options.
    from_record: fn(&RecordLine, &ArgMatches) -> Result<Game, String>,
    /// The game's own record format, if it has one: its first character and its reader.
    own_format: Option<(char, ReadGames)>,
    /// The formats the game reads, for the error on a file that is none of them.
    expected: &'static str,
}

impl Analysis {
    /// The help of the game's name among `duel analyze`'s games.
    pub fn help(&self) -> &'static str {
        self.help
    }

    /// `command` with the game's own options (Ataxx's `--rules`, Filler's `--max-moves`).
    pub fn augment(&self, command: Command) -> Command {
        (self.options)(command)
    }

    /// The name of `side` in this game, as the report prints it: [`Colour::Black`] is the side
    /// that moves first from the start position (in Filler, the player who moves first on the
    /// record's board).
    fn side_name(&self, side: Colour) -> &'static str {
        self.side_names[usize::from(side == Colour::White)]
    }
}

/// `duel analyze GAME RECORD`: the options of every game (the game and its own options are the
/// front end's, from its [`Analysis`]).
#[derive(clap::Args, Debug)]
pub struct AnalyzeArgs {
    /// The record: the arena's `--record` JSON lines, GGF (Reversi, one game a line) or PGN
    /// (Ataxx), told apart by the first character (`{`, `(`, `[`).
    record: PathBuf,
    /// Nodes a position (reproducible); the default when `--millis` is not given is 1000000.
    #[arg(long)]
    nodes: Option<u64>,
    /// Milliseconds a position instead of a node limit.
    #[arg(long, conflicts_with = "nodes")]
    millis: Option<u64>,
    /// Games analysed at once (one thread and one table each).
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// The transposition table of each game, in MiB.
    #[arg(long, default_value_t = 16)]
    hash_mib: usize,
}

/// One game's positions, replayed, which the analysis scores.
trait Replay: Send + Sync {
    /// Every position, scored with `table` under `limit`.
    fn score(&self, table: &mut [Entry], limit: Limits) -> Vec<Point>;
}

/// A game of the record, replayed.
struct Game {
    /// How the report names it.
    label: String,
    /// The positions from the start of the record's moves to the end, one more than `moves`.
    replay: Box<dyn Replay>,
    /// The moves, in the game's notation.
    moves: Vec<String>,
    /// The plies played before the first of `moves` (the opening's, in a `--record` line).
    first_ply: usize,
    /// Who lost, if anyone.
    loser: Option<Colour>,
    /// Black's final margin as the record says it (or the final board, if it says none).
    black_margin: Option<i64>,
}

/// One position's analysis.
#[derive(Clone, Copy, Debug)]
struct Point {
    /// The phase: empty cells (in Filler, moves left to the limit).
    empties: u32,
    /// Whose move it is.
    to_move: Colour,
    /// The value for Black, in discs or pieces.
    black_value: f64,
    /// Whether the value is proven.
    exact: bool,
}

/// Runs `duel analyze` on `game`'s record, the game's own options in `matches`.
pub fn analyze(game: &Analysis, args: &AnalyzeArgs, matches: &ArgMatches) -> ExitCode {
    match run(game, args, matches) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("duel analyze: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(kind: &Analysis, args: &AnalyzeArgs, matches: &ArgMatches) -> Result<(), String> {
    if args.concurrency == 0 {
        return Err("--concurrency must be 1 or more".into());
    }
    let text = std::fs::read_to_string(&args.record)
        .map_err(|e| format!("{}: {e}", args.record.display()))?;
    let games =
        read_record(kind, matches, &text).map_err(|e| format!("{}: {e}", args.record.display()))?;
    if games.is_empty() {
        return Err(format!("{}: no games", args.record.display()));
    }
    // `--millis` a position when given, else `--nodes` (1,000,000 by default).
    let limit = match args.millis {
        Some(ms) => Limits::millis(ms),
        None => Limits::NONE.with_nodes(Some(args.nodes.unwrap_or(1_000_000))),
    };
    let entries = (args.hash_mib << 20) / core::mem::size_of::<Entry>();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Vec<Point>>>> = Mutex::new(vec![None; games.len()]);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..args.concurrency.min(games.len()) {
            scope.spawn(|| {
                let mut table = vec![Entry::default(); entries.max(1)];
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(game) = games.get(i) else { break };
                    table.fill(Entry::default());
                    let points = game.replay.score(&mut table, limit);
                    eprintln!(
                        "analyze: {} done ({} positions, {:.1} s)",
                        game.label,
                        points.len(),
                        started.elapsed().as_secs_f64()
                    );
                    if let Ok(mut r) = results.lock() {
                        r[i] = Some(points);
                    }
                }
            });
        }
    });
    let results = results.into_inner().map_err(|_| "a worker failed")?;
    let mut histogram = Histogram::default();
    let mut lost = [[0.0f64; BANDS]; 2];
    for (game, points) in games.iter().zip(results) {
        let points = points.ok_or("a game was not analysed")?;
        let decisive = decisive_mistake(&points, game.loser);
        print_game(kind, game, &points, decisive);
        histogram.add(game.loser.map(|_| decisive.map(|(i, _)| points[i].empties)));
        for (side, colour) in [Colour::Black, Colour::White].into_iter().enumerate() {
            for (band, value) in value_lost(&points, colour).into_iter().enumerate() {
                lost[side][band] += value;
            }
        }
    }
    histogram.print(kind.phase_unit);
    print_value_lost(kind, &lost, games.len());
    Ok(())
}

/// Reads the games of a record, by its format: `--record` JSON lines, or the game's own.
fn read_record(kind: &Analysis, matches: &ArgMatches, text: &str) -> Result<Vec<Game>, String> {
    match text.trim_start().chars().next() {
        None => Ok(Vec::new()),
        Some('{') => text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(n, line)| {
                let record: RecordLine = serde_json::from_str(line)
                    .map_err(|e| format!("line {}: not a JSON game record: {e}", n + 1))?;
                (kind.from_record)(&record, matches).map_err(|e| format!("line {}: {e}", n + 1))
            })
            .collect(),
        Some(first) => match kind.own_format {
            Some((own, read)) if own == first => read(text, matches),
            _ => Err(format!("not a record: {}", kind.expected)),
        },
    }
}

/// The colour that lost a `--record` game whose first mover (after the opening) is
/// `first_mover`.
fn record_loser(record: &RecordLine, first_mover: Colour) -> Option<Colour> {
    let winner_moved_first = record
        .winner
        .map(|w| (w == crate::Side::A) == record.a_first)?;
    let winner = if winner_moved_first {
        first_mover
    } else {
        first_mover.other()
    };
    Some(winner.other())
}

/// A position's point from a value for the side to move.
fn point(empties: u32, to_move: Colour, own_value: f64, exact: bool) -> Point {
    Point {
        empties,
        to_move,
        black_value: if to_move == Colour::Black {
            own_value
        } else {
            -own_value
        },
        exact,
    }
}

/// The value of `point` for `colour`.
fn value_for(point: &Point, colour: Colour) -> f64 {
    match colour {
        Colour::Black => point.black_value,
        Colour::White => -point.black_value,
    }
}

/// The loser's last move that took its position from not lost (≥ 0 for it) to lost (< 0),
/// as `(i, j)`: the move at position `i`, judged at `j`, the loser's next turn (or the end).
/// Values are compared at the loser's own turns, so that a search's odd-even swing between the
/// two sides' turns does not read as a mistake. `None`: a draw, or a game lost from the
/// record's start.
fn decisive_mistake(points: &[Point], loser: Option<Colour>) -> Option<(usize, usize)> {
    let loser = loser?;
    let turns: Vec<usize> = (0..points.len())
        .filter(|&i| points[i].to_move == loser || i + 1 == points.len())
        .collect();
    turns
        .windows(2)
        .map(|w| (w[0], w[1]))
        .filter(|&(i, _)| points[i].to_move == loser)
        .rfind(|&(i, j)| value_for(&points[i], loser) >= 0.0 && value_for(&points[j], loser) < 0.0)
}

/// The phases of the report: tens of empty cells (or moves left), the last open-ended.
const BANDS: usize = 7;

/// The band of a phase.
fn band_of(empties: u32) -> usize {
    (empties as usize / 10).min(BANDS - 1)
}

/// What `colour` lost from each of its turns to its next (or the end), summed by the band of
/// the turn: the fall of its value, never a rise. A fall between two of its turns is its own
/// move's loss less what the reply gave back, so the sums are lower bounds of its mistakes
/// (against this search), and are compared at its own turns as the decisive mistake is.
fn value_lost(points: &[Point], colour: Colour) -> [f64; BANDS] {
    let mut lost = [0.0; BANDS];
    let turns: Vec<usize> = (0..points.len())
        .filter(|&i| points[i].to_move == colour || i + 1 == points.len())
        .collect();
    for w in turns.windows(2) {
        let (i, j) = (w[0], w[1]);
        if points[i].to_move == colour {
            let fall = value_for(&points[i], colour) - value_for(&points[j], colour);
            lost[band_of(points[i].empties)] += fall.max(0.0);
        }
    }
    lost
}

/// The value each side lost by phase, a game on average (`lost[side][band]`, summed over
/// `games`).
fn print_value_lost(kind: &Analysis, lost: &[[f64; BANDS]; 2], games: usize) {
    let [first, second] = kind.side_names;
    println!(
        "value lost between own turns by phase ({}), a game on average:",
        kind.phase_unit
    );
    println!("  {:>5}  {first:>7} {second:>7}", "");
    for band in (0..BANDS).rev() {
        let (a, b) = (lost[0][band], lost[1][band]);
        if band < BANDS - 1 || a + b > 0.0 {
            let n = games.max(1) as f64;
            println!(
                "  {:>2}-{:<2}  {:>7.2} {:>7.2}",
                band * 10,
                band * 10 + 9,
                a / n,
                b / n
            );
        }
    }
}

/// A value as the curve prints it.
fn value_text(p: &Point) -> String {
    if p.exact {
        format!("{:+}*", p.black_value.round() as i64)
    } else {
        format!("{:+.1}", p.black_value)
    }
}

fn print_game(kind: &Analysis, game: &Game, points: &[Point], decisive: Option<(usize, usize)>) {
    let result = match (game.loser, game.black_margin) {
        (Some(l), Some(m)) => format!("{} won by {}", kind.side_name(l.other()), m.abs()),
        (Some(l), None) => format!("{} won", kind.side_name(l.other())),
        (None, _) => "a draw".to_string(),
    };
    println!("{}: {result}", game.label);
    let curve: Vec<String> = points.iter().map(value_text).collect();
    println!(
        "  curve ({}'s view, * exact): {}",
        kind.side_name(Colour::Black),
        curve.join(" ")
    );
    match (game.loser, decisive) {
        (None, _) => println!("  no loser"),
        (Some(l), None) => println!(
            "  {} stood lost by this search at each of its turns (lost before the record's moves)",
            kind.side_name(l)
        ),
        (Some(l), Some((i, j))) => println!(
            "  decisive mistake: ply {} ({} {}), {} {}: {} -> {}",
            game.first_ply + i + 1,
            points[i].empties,
            kind.phase_unit,
            kind.side_name(l),
            game.moves.get(i).map_or("?", String::as_str),
            value_text(&points[i]),
            value_text(&points[j])
        ),
    }
}

/// Decisive mistakes counted by phase.
#[derive(Default)]
struct Histogram {
    /// Mistakes by tens of empty cells (index 0: 0–9 empty).
    bands: [usize; BANDS],
    /// Games lost from the record's first move.
    from_start: usize,
    /// Drawn games.
    draws: usize,
}

impl Histogram {
    /// Adds a game: `None` for a draw, `Some(None)` for a game lost from the start, else the
    /// empties at its decisive mistake.
    fn add(&mut self, game: Option<Option<u32>>) {
        match game {
            None => self.draws += 1,
            Some(None) => self.from_start += 1,
            Some(Some(empties)) => self.bands[band_of(empties)] += 1,
        }
    }

    fn print(&self, unit: &str) {
        println!("decisive mistakes by phase ({unit}):");
        for (band, &count) in self.bands.iter().enumerate().rev() {
            if count > 0 || band < 6 {
                println!(
                    "  {:>2}-{:<2} {:>4} {}",
                    band * 10,
                    band * 10 + 9,
                    count,
                    "#".repeat(count)
                );
            }
        }
        println!("  lost before the record's first move: {}", self.from_start);
        println!("  draws: {}", self.draws);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(to_move: Colour, black_value: f64, empties: u32) -> Point {
        Point {
            empties,
            to_move,
            black_value,
            exact: false,
        }
    }

    #[test]
    fn the_decisive_mistake_is_judged_at_the_losers_own_turns() {
        use Colour::{Black, White};
        let points = [
            p(Black, 0.5, 10), // black's turn: +0.5
            p(White, -1.0, 9), // a swing at white's turn is not black's to judge
            p(Black, 1.0, 8),  // black's turn: +1.0, so its first move was no mistake
            p(White, 2.0, 7),  //
            p(Black, -0.5, 6), // black's turn: -0.5, so its move at 2 lost the game
            p(White, 1.0, 5),  //
            p(Black, 0.0, 4),  // black's turn: 0.0, not lost again
            p(White, -3.0, 3), //
            p(Black, -2.0, 2), // black's turn: -2.0: its move at 6 is the last mistake
            p(White, -4.0, 1), //
            p(Black, -4.0, 0), // the end
        ];
        assert_eq!(decisive_mistake(&points, Some(Black)), Some((6, 8)));
        // For white, its turns read +1.0, -2.0, -1.0, +3.0, +4.0 and the end +4.0: its move at 1
        // is its only fall.
        assert_eq!(decisive_mistake(&points, Some(White)), Some((1, 3)));
        assert_eq!(decisive_mistake(&points, None), None);
        // The last move is judged at the end.
        let short = [p(Black, 1.0, 2), p(White, 1.0, 1), p(Black, -3.0, 0)];
        assert_eq!(decisive_mistake(&short, Some(Black)), Some((0, 2)));
        let last = [p(White, -1.0, 1), p(Black, -3.0, 0)];
        assert_eq!(decisive_mistake(&last, Some(Black)), None);
        assert_eq!(decisive_mistake(&last, Some(White)), None);
    }

    #[test]
    fn value_lost_sums_the_falls_between_own_turns_by_phase() {
        use Colour::{Black, White};
        let points = [
            p(Black, 3.0, 21), // black: 3.0
            p(White, 0.0, 20), //
            p(Black, 1.0, 19), // black fell 2.0 from its turn at 21
            p(White, 0.0, 18), //
            p(Black, 2.5, 12), // a rise is no loss
            p(White, 5.0, 11), //
            p(Black, -1.0, 3), // black fell 3.5 from its turn at 12
            p(White, -1.0, 2), //
            p(Black, -4.0, 1), // black fell 3.0 from its turn at 3; the end for white
        ];
        let mut black = [0.0; BANDS];
        black[2] = 2.0;
        black[1] = 3.5;
        black[0] = 3.0;
        assert_eq!(value_lost(&points, Black), black);
        // White's turns read 0.0, 0.0, -5.0, +1.0 and the end +4.0: it fell 5.0 from 18.
        let mut white = [0.0; BANDS];
        white[1] = 5.0;
        assert_eq!(value_lost(&points, White), white);
    }

    #[test]
    fn the_histogram_bands_by_tens_of_empties() {
        let mut h = Histogram::default();
        for g in [
            Some(Some(0)),
            Some(Some(9)),
            Some(Some(10)),
            Some(Some(64)),
            Some(None),
            None,
        ] {
            h.add(g);
        }
        assert_eq!(h.bands, [2, 1, 0, 0, 0, 0, 1]);
        assert_eq!((h.from_start, h.draws), (1, 1));
    }
}
