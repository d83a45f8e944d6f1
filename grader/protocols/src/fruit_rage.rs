//! The Fruit Rage contest program's work: read `input.txt`, think within the time the whole
//! game has left, write `output.txt`; and `calibrate`, which measures this machine's search
//! speed into `calibration.txt`.

use crate::clock::WallClock;
use duel_core::fruit_rage::{self, Board, Move, Player};
use duel_core::{Allowance, Clock, Entry, Limits, Player as _, TimeUse};
use std::fmt::Write as _;
use std::path::Path;

/// The file the course's calibrate step writes and every move reads.
pub const CALIBRATION_FILE: &str = "calibration.txt";

/// What one move did, for a log line.
#[derive(Clone, Copy, Debug)]
pub struct MoveReport {
    /// The move played.
    pub mv: Move,
    /// The time the plan ([`duel_core::fruit_rage::planned_micros`]) allowed, in microseconds
    /// (0: greedy, no search).
    pub planned_micros: u64,
    /// The depth of the last completed search iteration.
    pub depth: u8,
    /// Nodes searched.
    pub nodes: u64,
}

/// The text of `output.txt` for `mv` on `board`: the move's name, then the box after it.
pub fn output_text(board: &Board, mv: Move) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = writeln!(out, "{}", board.label(mv));
    let _ = write!(out, "{}", board.play_unchecked(mv));
    out
}

/// Reads `calibration.txt` in `dir`: `Ok(None)` when there is none, the speed in nodes per
/// second when it holds one line `nodes_per_second N` (N > 0), an error message otherwise.
pub fn read_calibration(dir: &Path) -> Result<Option<u64>, String> {
    let path = dir.join(CALIBRATION_FILE);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let mut words = text.split_whitespace();
    match (
        words.next(),
        words.next().map(str::parse::<u64>),
        words.next(),
    ) {
        (Some("nodes_per_second"), Some(Ok(n)), None) if n > 0 => Ok(Some(n)),
        _ => Err(format!("{} is not 'nodes_per_second N'", path.display())),
    }
}

/// What one move answers: the report and the text of `output.txt`.
#[derive(Clone, Debug)]
pub struct Answer {
    /// What the move did.
    pub report: MoveReport,
    /// The text of `output.txt`: the move's name, then the box after it.
    pub output: String,
}

/// Answers the text of an `input.txt`, the clock having started at process start:
/// `nodes_per_second` is the calibrated speed, if any; `max_nodes` caps the search (`None`: no
/// cap beyond the time). The program's whole input path but the files.
///
/// # Errors
/// A one-line message: the input is malformed or its box impossible.
pub fn answer(
    text: &str,
    clock: &WallClock,
    nodes_per_second: Option<u64>,
    max_nodes: Option<u64>,
) -> Result<Answer, String> {
    let input = fruit_rage::parse_input(text).map_err(|e| e.to_string())?;
    let board = input.board;
    let remaining = input.remaining_micros();
    let think = fruit_rage::planned_micros(&board, remaining, nodes_per_second);
    // The table is sized for the time the move will think (none for a greedy move); a
    // node-limited search needs no more entries than it can visit nodes.
    let entries = match think {
        0 => 0,
        _ => max_nodes.map_or(usize::MAX, |n| {
            usize::try_from(n.max(1).next_power_of_two()).unwrap_or(usize::MAX)
        }),
    };
    let mut table = vec![Entry::default(); fruit_rage::table_entries(think).min(entries)];
    // The game's clock goes to the player, whose time management takes this move's share.
    // A node count caps it (both bind).
    let game = Limits::time(Allowance::Clock {
        left: remaining,
        increment: 0,
    });
    let (mut budget, time) = game.with_nodes(max_nodes).budget_now(clock);
    let decision = Player::new(&mut table, time, nodes_per_second)
        .with_plan(think)
        .choose(&board, &mut budget)
        .ok_or("the box holds no fruit")?;
    let report = MoveReport {
        mv: decision.mv,
        planned_micros: think,
        depth: decision.depth,
        nodes: decision.nodes,
    };
    Ok(Answer {
        output: output_text(&board, report.mv),
        report,
    })
}

/// Plays one move from `dir/input.txt` to `dir/output.txt`, the clock having started at
/// process start. `nodes_per_second` is the calibrated speed, if any. `output.txt` is removed
/// first, so on any error there is none (never the previous move's) and the message says why.
pub fn play_move(
    dir: &Path,
    clock: &WallClock,
    nodes_per_second: Option<u64>,
) -> Result<MoveReport, String> {
    let output_path = dir.join("output.txt");
    match std::fs::remove_file(&output_path) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(format!("cannot remove {}: {e}", output_path.display())),
    }
    let input_path = dir.join("input.txt");
    let text = std::fs::read_to_string(&input_path)
        .map_err(|e| format!("cannot read {}: {e}", input_path.display()))?;
    let answer = answer(&text, clock, nodes_per_second, None)
        .map_err(|e| format!("{}: {e}", input_path.display()))?;
    std::fs::write(&output_path, &answer.output)
        .map_err(|e| format!("cannot write {}: {e}", output_path.display()))?;
    Ok(answer.report)
}

/// Searches a fixed box for about `millis` milliseconds and returns the speed in nodes per
/// second.
pub fn measure_speed(millis: u64) -> Result<u64, String> {
    let clock = WallClock::start();
    // A full 26×26 box of four fruit types, fixed.
    let board = Board::random(26, 4, 0x00C5_C156_1F00_0017).map_err(|e| e.to_string())?;
    let mut table = vec![Entry::default(); 1 << 20];
    let (mut budget, _) = Limits::millis(millis).budget_now(&clock);
    let start = clock.now_micros();
    let decision = Player::new(&mut table, TimeUse::ThisMove, None)
        .choose(&board, &mut budget)
        .ok_or("the calibration box holds no fruit")?;
    let elapsed = clock.now_micros().saturating_sub(start).max(1);
    Ok(
        (u128::from(decision.nodes) * 1_000_000 / u128::from(elapsed))
            .clamp(1, u128::from(u64::MAX)) as u64,
    )
}

/// Measures this machine's search speed (about 1.5 s) and writes `dir/calibration.txt`;
/// returns the speed.
pub fn calibrate(dir: &Path) -> Result<u64, String> {
    let nps = measure_speed(1500)?;
    let path = dir.join(CALIBRATION_FILE);
    std::fs::write(&path, format!("nodes_per_second {nps}\n"))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(nps)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory for one test.
    fn scratch(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("duel-protocols-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch directory");
        dir
    }

    #[test]
    fn a_failed_move_leaves_no_output_file_not_even_the_previous_one() {
        let dir = scratch("stale-output");
        std::fs::write(dir.join("input.txt"), "2\n2\n10.0\n01\n10\n").unwrap();
        let clock = WallClock::start();
        play_move(&dir, &clock, None).expect("a legal box");
        let first = std::fs::read_to_string(dir.join("output.txt")).unwrap();
        assert_eq!(first.lines().count(), 3, "{first}");
        std::fs::write(dir.join("input.txt"), "2\n2\n10.0\n0x\n10\n").unwrap();
        let error = play_move(&dir, &clock, None).unwrap_err();
        assert!(error.contains("row 1 column 2"), "{error}");
        assert!(!dir.join("output.txt").exists());
        // A missing input.txt is the same.
        std::fs::write(dir.join("output.txt"), first).unwrap();
        std::fs::remove_file(dir.join("input.txt")).unwrap();
        assert!(play_move(&dir, &clock, None).is_err());
        assert!(!dir.join("output.txt").exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn answer_is_the_program_without_its_files() {
        let clock = WallClock::start();
        let greedy = answer("2\n2\n0.5\n01\n11\n", &clock, None, None).unwrap();
        assert_eq!(greedy.report.planned_micros, 0);
        assert_eq!(greedy.output, "B1\n**\n0*\n");
        assert_eq!(
            answer("0\n", &clock, None, None).unwrap_err(),
            "malformed input: line 1 must be the box side, an integer 1 to 26"
        );
    }
}
