//! The results table: the running totals of a match, and the table, pentanomial line, SPRT
//! verdict and `RESULT` line printed from them, for a match just played or a `--record` file
//! read back (`--summarize`).

use crate::args::Match;
use crate::player::ContestantSpec;
use crate::record::recorded_game;
use crate::referee::{GameRecord, Referee};
use crate::shard::Shard;
use crate::stats::{self, EloEstimate, MarginPairs, Outcome, Pentanomial, Sprt, SprtState, Tally};
use duel_protocols::time_control::TimeControl;
use std::collections::BTreeMap;

/// The running totals of a match.
#[derive(Default)]
pub(crate) struct Totals {
    pub(crate) tally: Tally,
    pub(crate) pentanomial: Pentanomial,
    pub(crate) margin_pairs: MarginPairs,
    /// The first game of the pair under way: A's outcome and margin.
    pub(crate) half_pair: Option<(Outcome, i64)>,
    /// A's and B's thinking time (games played here only: a record holds no times).
    pub(crate) time: [TimeUsed; 2],
}

/// One side's thinking time over a match's games, by the referee's watch.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct TimeUsed {
    /// Games counted.
    pub(crate) games: u64,
    /// Milliseconds over all of them.
    pub(crate) total_millis: u64,
    /// The most milliseconds one game took.
    pub(crate) most_in_a_game: u64,
    /// The longest move, in milliseconds.
    pub(crate) longest_move: u64,
}

impl TimeUsed {
    fn add(&mut self, game_millis: u64, longest_move: u64) {
        self.games += 1;
        self.total_millis = self.total_millis.saturating_add(game_millis);
        self.most_in_a_game = self.most_in_a_game.max(game_millis);
        self.longest_move = self.longest_move.max(longest_move);
    }

    /// `"7.42 s a game (most 8.23), longest move 0.910 s"`. A move that lost on time is not
    /// in it: the referee stops the game before recording it.
    fn describe(&self) -> String {
        let seconds = |millis: u64| millis as f64 / 1000.0;
        let mean = seconds(self.total_millis) / self.games.max(1) as f64;
        format!(
            "{mean:.2} s a game (most {:.2}), longest move {:.3} s",
            seconds(self.most_in_a_game),
            seconds(self.longest_move)
        )
    }
}

impl Totals {
    pub(crate) fn add(&mut self, index: usize, record: &GameRecord) {
        self.tally.add(record.outcome(), record.margin);
        for (k, time) in self.time.iter_mut().enumerate() {
            time.add(record.side_millis[k], record.longest_millis[k]);
        }
        if index % 2 == 0 {
            self.half_pair = Some((record.outcome(), record.margin));
        } else if let Some((first, margin)) = self.half_pair.take() {
            self.pentanomial.add(first, record.outcome());
            self.margin_pairs.add(margin, record.margin);
        }
    }

    /// The pairs the SPRT reads: game outcomes, or whole pairs by the sum of their margins
    /// where the targets count pairs (`by_margin`: Filler, The Fruit Rage, where the
    /// seat often decides a board and nearly every pair is a win and a loss).
    pub(crate) fn sprt_sample(&self, by_margin: bool) -> Pentanomial {
        if by_margin {
            self.margin_pairs.as_pentanomial()
        } else {
            self.pentanomial
        }
    }

    /// Elo from the pairs once there is one, from the games before.
    pub(crate) fn elo(&self) -> EloEstimate {
        if self.pentanomial.pairs() > 0 {
            self.pentanomial.elo()
        } else {
            self.tally.elo()
        }
    }
}

/// The games of `--record` files by index (from 0), each with where it was read (`FILE line
/// N`), so that a game recorded twice names both places.
pub(crate) type RecordedGames = BTreeMap<usize, (String, GameRecord)>;

/// Reads the games of `paths`. When `growing` (`--follow`), the files are being written: one
/// that does not exist yet holds no game, and a last line without its newline that is not a
/// whole record is a game still being written, left for the next reading.
///
/// # Errors
/// A file cannot be read, a line is not a game record, or a game is recorded twice.
pub(crate) fn read_records(
    paths: &[std::path::PathBuf],
    growing: bool,
) -> Result<RecordedGames, String> {
    let mut games = BTreeMap::new();
    for path in paths {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if growing && e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => {
                let option = if growing { "--follow" } else { "--summarize" };
                return Err(format!("cannot read {option} {}: {e}", path.display()));
            }
        };
        let ended = text.ends_with('\n');
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let here = format!("{} line {}", path.display(), i + 1);
            let record = match recorded_game(line) {
                Ok(record) => record,
                // The line a shard is writing: read again next time.
                Err(_) if growing && !ended && i + 1 == lines.len() => continue,
                Err(e) => return Err(format!("{here}: {e}")),
            };
            let (index, record) = record;
            if let Some((before, _)) = games.insert(index, (here.clone(), record)) {
                return Err(format!(
                    "{here}: game {} recorded twice (also at {before})",
                    index + 1
                ));
            }
        }
    }
    Ok(games)
}

/// The record files' names as the table shows them.
pub(crate) fn file_names(paths: &[std::path::PathBuf]) -> String {
    let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    names.join(", ")
}

/// Tallies the games of `--record` files in game order, as the match did while it ran, and
/// prints the same table, then how many games ended for each reason. The files hold the games
/// of `shard` (every game for [`Shard::ALL`]), from its first game on.
///
/// # Errors
/// A file cannot be read, a line is not a game record, or a game number is repeated, missing,
/// or not the shard's.
pub(crate) fn summarize<R: Referee>(
    game: &str,
    unit: &str,
    paths: &[std::path::PathBuf],
    shard: Shard,
    sprt: Option<&Sprt>,
) -> Result<(), String> {
    let games = read_records(paths, false)?;
    let names = file_names(paths);
    if games.is_empty() {
        return Err(format!("{names}: no game in it"));
    }
    // The shard's games in order: both games of each of its pairs.
    let expected = shard
        .indices(u64::MAX)
        .flat_map(|pair| [2 * pair, 2 * pair + 1]);
    for (&index, expected) in games.keys().zip(expected) {
        let index = index as u64;
        if (index / 2) % shard.n != shard.k {
            return Err(format!(
                "{names}: game {} is not in shard {shard}",
                index + 1
            ));
        }
        if index != expected {
            return Err(format!("{names}: game {} is missing", expected + 1));
        }
    }
    print_summary::<R>(
        game,
        unit,
        &names,
        games.iter().map(|(&i, (_, record))| (i, record)),
        sprt,
    );
    Ok(())
}

/// Tallies `games` (index from 0 and result, in game order, a pair's two games together) and
/// prints the table, then how many games ended for each reason; returns the SPRT's state
/// (`Running` without one).
pub(crate) fn print_summary<'a, R: Referee>(
    game: &str,
    unit: &str,
    names: &str,
    games: impl Iterator<Item = (usize, &'a GameRecord)>,
    sprt: Option<&Sprt>,
) -> SprtState {
    let mut totals = Totals::default();
    let mut reasons = BTreeMap::<&str, usize>::new();
    for (index, record) in games {
        totals.add(index, record);
        *reasons.entry(record.reason.as_str()).or_default() += 1;
    }
    let verdict = sprt.map_or(SprtState::Running, |s| {
        s.state(s.llr(&totals.sprt_sample(R::MARGIN_PAIRS)))
    });
    print_table::<R>(game, unit, Source::Record(names), &totals, sprt, verdict);
    let reasons: Vec<String> = reasons.iter().map(|(r, n)| format!("{r}: {n}")).collect();
    println!("ended by: {}", reasons.join(", "));
    verdict
}

/// Where the games of a table come from.
pub(crate) enum Source<'a> {
    /// The match just played, between these players.
    Played(&'a Match),
    /// `--record` files read back (their names).
    Record(&'a str),
}

/// A contestant in the match header: its name and what limits its moves (`"new (st=0.1)"`,
/// `"w64 (20000 nodes a move, clock st=1)"`: a node-limited player still plays under the clock).
fn contestant_line(spec: &ContestantSpec, time: &TimeControl) -> String {
    match spec.nodes {
        Some(nodes) => format!("{} ({nodes} nodes a move, clock {time})", spec.name),
        None => format!("{} ({time})", spec.name),
    }
}

pub(crate) fn print_table<R: Referee>(
    game: &str,
    unit: &str,
    source: Source<'_>,
    totals: &Totals,
    sprt: Option<&Sprt>,
    verdict: SprtState,
) {
    let t = &totals.tally;
    let elo = totals.elo();
    let avg = if t.games() == 0 {
        0.0
    } else {
        t.margin_sum as f64 / f64::from(t.games())
    };
    println!("{game} arena, {} games", t.games());
    let played = matches!(source, Source::Played(_));
    match source {
        Source::Played(setup) => {
            for (side, (spec, time)) in ["A", "B"]
                .iter()
                .zip(setup.players.iter().zip(setup.time.iter()))
            {
                println!("  {side}: {}", contestant_line(spec, time));
            }
        }
        Source::Record(names) => println!("  read back from {names}"),
    }
    println!(
        "{:>6} {:>6} {:>6} {:>14} {:>8} {:>26}",
        "wins",
        "draws",
        "losses",
        format!("avg {unit}"),
        "score",
        "Elo (95%)"
    );
    println!(
        "{:>6} {:>6} {:>6} {:>14.2} {:>7.1}% {:>26}",
        t.wins,
        t.draws,
        t.losses,
        avg,
        100.0 * t.score_rate(),
        format!(
            "{} [{}, {}]",
            stats::signed(elo.elo, 1),
            stats::signed(elo.low, 1),
            stats::signed(elo.high, 1)
        )
    );
    let p = &totals.pentanomial;
    println!(
        "Ptnml(0-2): {:?}, WL/DD: {}/{} ({} pairs)",
        p.classes(),
        p.wl,
        p.dd,
        p.pairs()
    );
    let m = &totals.margin_pairs;
    if R::MARGIN_PAIRS {
        let pair_elo = m.as_pentanomial().elo();
        println!(
            "pairs by margin sum: won {}, drawn {}, lost {}; pair score {:.1}%, pair Elo {} [{}, {}]{}",
            m.won,
            m.drawn,
            m.lost,
            100.0 * m.score_rate(),
            stats::signed(pair_elo.elo, 1),
            stats::signed(pair_elo.low, 1),
            stats::signed(pair_elo.high, 1),
            if sprt.is_some() {
                " (the SPRT's sample)"
            } else {
                ""
            }
        );
    }
    if played {
        println!(
            "time used: A {}; B {}",
            totals.time[0].describe(),
            totals.time[1].describe()
        );
    }
    let llr = sprt.map_or(f64::NAN, |s| s.llr(&totals.sprt_sample(R::MARGIN_PAIRS)));
    if let Some(s) = sprt {
        let (low, high) = s.bounds();
        let state = match verdict {
            SprtState::Running => "no decision yet",
            SprtState::AcceptH0 => "H0 accepted (A is not elo1 stronger)",
            SprtState::AcceptH1 => "H1 accepted (A is at least elo1 stronger)",
        };
        println!(
            "SPRT elo0={} elo1={} alpha={} beta={}: LLR {llr:.3} [{low:.3}, {high:.3}], {state}",
            s.elo0, s.elo1, s.alpha, s.beta
        );
    }
    let mut result = format!(
        "RESULT wins={} draws={} losses={} elo={} llr={}",
        t.wins,
        t.draws,
        t.losses,
        stats::signed(elo.elo, 2),
        if llr.is_nan() {
            "none".to_string()
        } else {
            format!("{llr:.3}")
        }
    );
    if R::MARGIN_PAIRS {
        result.push_str(&format!(
            " pair_wins={} pair_draws={} pair_losses={} pair_elo={}",
            m.won,
            m.drawn,
            m.lost,
            stats::signed(m.as_pentanomial().elo().elo, 2)
        ));
    }
    println!("{result}");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::Side;
    use std::time::Duration;

    #[test]
    fn the_header_names_a_node_limit_beside_the_clock() {
        let clock = TimeControl::Move(Duration::from_millis(100));
        let timed = ContestantSpec::parse("name=new cmd='engine --uai' proto=uai").unwrap();
        assert_eq!(contestant_line(&timed, &clock), "new (st=0.1)");
        let limited =
            ContestantSpec::parse("name=w64 cmd='engine --uai' proto=uai nodes=20000").unwrap();
        assert_eq!(
            contestant_line(&limited, &clock),
            "w64 (20000 nodes a move, clock st=0.1)"
        );
    }

    #[test]
    fn thinking_time_is_counted_by_side_a_game_at_a_time() {
        let mut totals = Totals::default();
        for (index, (a, b)) in [(300u64, 50u64), (900, 10)].into_iter().enumerate() {
            let mut record = GameRecord::new(index % 2 == 0);
            record.push(Side::A, "d3".into(), Duration::from_millis(a));
            record.push(Side::B, "pass".into(), Duration::ZERO);
            record.push(Side::B, "c5".into(), Duration::from_millis(b));
            record.push(Side::A, "e6".into(), Duration::from_millis(100));
            totals.add(index, &record.finish(1));
        }
        let [a, b] = totals.time;
        assert_eq!(
            a,
            TimeUsed {
                games: 2,
                total_millis: 1_400,
                most_in_a_game: 1_000,
                longest_move: 900
            }
        );
        assert_eq!(
            (b.total_millis, b.most_in_a_game, b.longest_move),
            (60, 50, 50)
        );
        assert_eq!(
            a.describe(),
            "0.70 s a game (most 1.00), longest move 0.900 s"
        );
    }
}
