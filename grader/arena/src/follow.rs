//! `--summarize … --sprt … --follow`: the SPRT of a match whose shards are still playing, read
//! from their records as they grow, so that the shards can be stopped as soon as it decides.
//!
//! A shard writes a game as one line, flushed as the game ends. Every [`POLL`] the records are
//! read again whole (a restarted shard may have rewritten its file); the games counted are
//! those of the pairs whose games are all in, in game order, so the LLR is the one
//! `--summarize` prints for the same pairs, and once every game is in it is the whole match's.

use crate::referee::{GameRecord, Referee};
use crate::stats::{Sprt, SprtState};
use crate::table::{RecordedGames, Totals, file_names, print_summary, read_records};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// How long between two readings of the records.
const POLL: Duration = Duration::from_secs(1);

/// The exit status when every game of the match is in and the SPRT has not decided.
pub(crate) const NO_DECISION: u8 = 3;

/// The games that count, in game order: those of the pairs whose games are all in (a pair's
/// second game is missing only when the match has an odd number of games).
fn counted(games: &RecordedGames, total: usize) -> Vec<(usize, &GameRecord)> {
    games
        .iter()
        .filter(|&(&index, _)| {
            let other = index ^ 1;
            other >= total || games.contains_key(&other)
        })
        .map(|(&index, (_, record))| (index, record))
        .collect()
}

/// Follows the records of `paths` until the SPRT decides or all `total` games of the match are
/// in, printing a line whenever the number of games read changes, then the table of the games
/// counted. Exit status 0 when H1 is accepted, 1 when H0 is, [`NO_DECISION`] otherwise.
///
/// # Errors
/// A record cannot be read or is not a game record, a game is recorded twice, or a game is
/// beyond `total`.
pub(crate) fn follow<R: Referee>(
    game: &str,
    unit: &str,
    paths: &[PathBuf],
    sprt: &Sprt,
    total: usize,
) -> Result<ExitCode, String> {
    let names = file_names(paths);
    let (low, high) = sprt.bounds();
    for path in paths.iter().filter(|p| !p.exists()) {
        eprintln!(
            "duel: arena {game}: waiting for {} (not written yet)",
            path.display()
        );
    }
    let mut shown = None;
    loop {
        let games = read_records(paths, true)?;
        if let Some((&last, (here, _))) = games.range(total..).next() {
            return Err(format!(
                "{here}: game {} is beyond --games {total} (give --follow the match's --games)",
                last + 1
            ));
        }
        let counted = counted(&games, total);
        let mut totals = Totals::default();
        for &(index, record) in &counted {
            totals.add(index, record);
        }
        let llr = sprt.llr(&totals.sprt_sample(R::MARGIN_PAIRS));
        let state = sprt.state(llr);
        if shown != Some(games.len()) {
            shown = Some(games.len());
            println!(
                "follow: {} of {total} games in, pairs counted {}, LLR {llr:.3} [{low:.3}, {high:.3}]",
                games.len(),
                totals.pentanomial.pairs(),
            );
        }
        if state != SprtState::Running || games.len() == total {
            let verdict = print_summary::<R>(game, unit, &names, counted.into_iter(), Some(sprt));
            return Ok(match verdict {
                SprtState::AcceptH1 => ExitCode::SUCCESS,
                SprtState::AcceptH0 => ExitCode::from(1),
                SprtState::Running => ExitCode::from(NO_DECISION),
            });
        }
        std::thread::sleep(POLL);
    }
}
