//! The match driver: the openings of the match, its games played `--concurrency` at a time and
//! taken in game order, each counted, reported and recorded as it is taken.

use crate::args::{Match, MatchArgs};
use crate::follow::follow;
use crate::record::RecordLine;
use crate::referee::{GameRecord, GameSetup, Referee, Side};
use crate::rng::{Rng, stream_seed};
use crate::shard::Shard;
use crate::stats::SprtState;
use crate::table::{Source, Totals, print_table, summarize};
use duel_protocols::time_control::PlayerClock;
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// Where the game's own record format goes, if anywhere: (file, what it is called).
pub type ExportFile = Option<PathBuf>;

/// Plays the match `args` describes with `referee` (whose players `setup` describes), margins
/// counted in `unit`. Exit status 0, or 2 when an opening or a file is bad.
pub fn play<R: Referee>(
    game: &str,
    unit: &str,
    args: &MatchArgs,
    setup: &Match,
    referee: &R,
    export: ExportFile,
) -> ExitCode {
    let result = if args.summarize.is_some() || args.follow.is_some() {
        read_back::<R>(game, unit, args)
    } else {
        run(game, unit, args, setup, referee, export).map(|()| ExitCode::SUCCESS)
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("duel: arena {game}: {e}");
            ExitCode::from(2)
        }
    }
}

/// `--summarize` and `--follow`: plays nothing, reads the records back. Exit status 0, or
/// `--follow`'s.
fn read_back<R: Referee>(game: &str, unit: &str, args: &MatchArgs) -> Result<ExitCode, String> {
    let sprt = args.sprt().transpose()?;
    let paths: Vec<PathBuf> = args
        .summarize
        .iter()
        .chain(&args.follow)
        .flatten()
        .cloned()
        .collect();
    if paths.is_empty() {
        return Err("--summarize needs the record files: --summarize FILE…".into());
    }
    if args.follow.is_none() {
        let shard = args.shard.unwrap_or(Shard::ALL);
        summarize::<R>(game, unit, &paths, shard, sprt.as_ref())?;
        return Ok(ExitCode::SUCCESS);
    }
    let Some(sprt) = sprt else {
        return Err("--follow needs --sprt, the test it stops on (--sprt elo0=0 elo1=10)".into());
    };
    follow::<R>(game, unit, &paths, &sprt, args.games)
}

/// Reads the openings of `path`: one a line, or blocks separated by blank lines. Lines starting
/// with `#` are comments.
///
/// # Errors
/// The file cannot be read, or holds no opening.
pub fn read_openings(path: &std::path::Path, one_a_line: bool) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read --openings {}: {e}", path.display()))?;
    let mut openings = Vec::new();
    let mut block = String::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('#') {
            continue;
        }
        if one_a_line {
            if !trimmed.is_empty() {
                openings.push(trimmed.to_string());
            }
        } else if trimmed.is_empty() {
            if !block.is_empty() {
                openings.push(std::mem::take(&mut block));
            }
        } else {
            block.push_str(trimmed);
            block.push('\n');
        }
    }
    if !block.is_empty() {
        openings.push(block);
    }
    if openings.is_empty() {
        return Err(format!("--openings {}: no opening in it", path.display()));
    }
    Ok(openings)
}

/// The openings of the match: a file's, each used by pairs `k`, `k + len`, …; or one random
/// opening for each pair.
fn openings<R: Referee>(args: &MatchArgs, referee: &R) -> Result<Vec<R::Opening>, String> {
    if let Some(path) = &args.openings {
        let texts = read_openings(path, R::ONE_OPENING_A_LINE)?;
        return texts
            .iter()
            .enumerate()
            .map(|(i, t)| {
                referee
                    .parse_opening(t)
                    .map_err(|e| format!("--openings {}: opening {}: {e}", path.display(), i + 1))
            })
            .collect();
    }
    let plies = args.random_plies.unwrap_or(0);
    Ok((0..args.games.div_ceil(2).max(1))
        .map(|pair| referee.random_opening(plies, &mut Rng::new(args.seed, pair as u64)))
        .collect())
}

fn run<R: Referee>(
    game: &str,
    unit: &str,
    args: &MatchArgs,
    setup: &Match,
    referee: &R,
    export: ExportFile,
) -> Result<(), String> {
    let sprt = args.sprt().transpose()?;
    let openings = openings(args, referee)?;
    let create = |path: &PathBuf| {
        File::create(path)
            .map(BufWriter::new)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    let mut record_file = args.record.as_ref().map(create).transpose()?;
    let mut export_file = export.as_ref().map(create).transpose()?;
    let game_setup = |index: usize| GameSetup {
        index,
        a_first: index % 2 == 0,
        opening: &openings[(index / 2) % openings.len()],
        clocks: [
            PlayerClock::new(setup.time[0], setup.margin),
            PlayerClock::new(setup.time[1], setup.margin),
        ],
        seed: stream_seed(args.seed ^ 0x05EE_D0F6_A3E5, index as u64),
    };
    // The games of this run, in order: all of them, or the pairs of this shard.
    let shard = args.shard.unwrap_or(Shard::ALL);
    let games: Vec<usize> = shard
        .indices(args.games.div_ceil(2) as u64)
        .flat_map(|pair| [2 * pair as usize, 2 * pair as usize + 1])
        .filter(|&index| index < args.games)
        .collect();
    let mut totals = Totals::default();
    let mut verdict = SprtState::Running;
    let mut write_error: Option<io::Error> = None;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(usize, GameRecord)>();
    std::thread::scope(|scope| {
        for _ in 0..args.concurrency {
            let tx = tx.clone();
            let (next, stop, game_setup, games) = (&next, &stop, &game_setup, &games);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let Some(&index) = games.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    let record = referee.play_game(&game_setup(index));
                    if tx.send((index, record)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Results are taken in game order, whatever order they finish in.
        let mut waiting: BTreeMap<usize, GameRecord> = BTreeMap::new();
        let mut taken = 0;
        for (index, record) in rx {
            waiting.insert(index, record);
            while let Some(record) = games.get(taken).and_then(|i| waiting.remove(i)) {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let setup = game_setup(games[taken]);
                let written = take_game(
                    (unit, args),
                    referee,
                    &setup,
                    &record,
                    &mut totals,
                    (&mut record_file, &mut export_file),
                );
                if let Err(e) = written {
                    write_error.get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                }
                if let (Some(sprt), 1) = (&sprt, taken % 2) {
                    verdict = sprt.state(sprt.llr(&totals.sprt_sample(R::MARGIN_PAIRS)));
                    if verdict != SprtState::Running {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                taken += 1;
            }
        }
    });
    for file in [&mut record_file, &mut export_file].into_iter().flatten() {
        if let Err(e) = file.flush() {
            write_error.get_or_insert(e);
        }
    }
    if let Some(e) = write_error {
        return Err(format!("cannot write the records: {e}"));
    }
    print_table::<R>(
        game,
        unit,
        Source::Played(setup),
        &totals,
        sprt.as_ref(),
        verdict,
    );
    Ok(())
}

/// Counts one game in order: totals, progress line, records.
fn take_game<R: Referee>(
    (unit, args): (&str, &MatchArgs),
    referee: &R,
    setup: &GameSetup<'_, R::Opening>,
    record: &GameRecord,
    totals: &mut Totals,
    (record_file, export_file): (&mut Option<BufWriter<File>>, &mut Option<BufWriter<File>>),
) -> io::Result<()> {
    totals.add(setup.index, record);
    let verdict = match record.winner {
        Some(Side::A) => "A wins",
        Some(Side::B) => "B wins",
        None => "draw",
    };
    let mut progress = format!(
        "game {}/{} (pair {}, A {}): {verdict} {:+} {unit} ({}) | {} games, A {} points, score {:.1}%, Elo {}",
        setup.index + 1,
        args.games,
        setup.index / 2 + 1,
        if setup.a_first { "first" } else { "second" },
        record.margin,
        record.reason,
        totals.tally.games(),
        totals.tally.points(),
        100.0 * totals.tally.score_rate(),
        totals.elo(),
    );
    if let Some(Ok(sprt)) = args.sprt() {
        let (low, high) = sprt.bounds();
        progress.push_str(&format!(
            ", LLR {:.2} [{low:.2}, {high:.2}]",
            sprt.llr(&totals.sprt_sample(R::MARGIN_PAIRS))
        ));
    }
    eprintln!("{progress}");
    if let Some(file) = record_file {
        let line = RecordLine {
            a_first: record.a_first,
            game: setup.index + 1,
            margin: record.margin,
            moves: record.moves.clone(),
            opening: referee.opening_text(setup.opening),
            pair: setup.index / 2 + 1,
            reason: record.reason.clone(),
            winner: record.winner,
        };
        let line = serde_json::to_string(&line).map_err(io::Error::other)?;
        writeln!(file, "{line}")?;
        // Whole games reach the file as they end: a long match can be watched, or stopped.
        file.flush()?;
    }
    if let (Some(file), Some(text)) = (export_file, referee.export(setup, record)) {
        file.write_all(text.as_bytes())?;
        file.flush()?;
    }
    Ok(())
}
