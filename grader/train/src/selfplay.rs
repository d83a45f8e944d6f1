//! The one self-play loop of the trainers: the games of a shard played in index order, each
//! written whole and flushed as it ends, so a run can be watched, stopped and resumed.
//!
//! A trainer gives the loop how to play one game (its text, lines ending in `\n`, the last of
//! them the game's end line); the loop runs the shard, resumes a file after its last complete
//! game, and prints the progress on stderr.

use crate::Shard;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A run of one shard's games.
#[derive(Clone, Copy, Debug)]
pub struct Run<'a> {
    /// The trainer's name, for the progress lines.
    pub tool: &'a str,
    /// The games of this process.
    pub shard: Shard,
    /// The games of all shards together: indices `0..games`.
    pub games: u64,
    /// The file the shard's games are appended to, resumed after its last complete game
    /// (a partial game is cut off); standard output when `None`.
    pub out: Option<&'a Path>,
    /// Whether a line is the last of a game (resuming counts them).
    pub ends_game: fn(&str) -> bool,
    /// Games below this index are skipped (resuming by hand, on standard output).
    pub start: u64,
    /// A progress line every this many games (and after the last).
    pub report_every: usize,
}

impl Run<'_> {
    /// A run of `shard` of `games` by `tool`, on standard output, a progress line a game.
    pub fn new(tool: &str, shard: Shard, games: u64) -> Run<'_> {
        Run {
            tool,
            shard,
            games,
            out: None,
            ends_game: |_| true,
            start: 0,
            report_every: 1,
        }
    }

    /// Plays the shard's games not yet written, in index order: `game(index)` gives a game's
    /// text (empty for a game that yields nothing), written and flushed whole.
    ///
    /// # Errors
    /// The first error of `game`, or of reading or writing the output, as one line.
    pub fn play(&self, mut game: impl FnMut(u64) -> Result<String, String>) -> Result<(), String> {
        let mine: Vec<u64> = self
            .shard
            .indices(self.games)
            .filter(|&i| i >= self.start)
            .collect();
        let (mut sink, done, name): (Box<dyn Write>, usize, String) = match self.out {
            Some(path) => {
                let done = resume(path, self.ends_game)?;
                let file = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                (Box::new(file), done, path.display().to_string())
            }
            None => (
                Box::new(std::io::stdout().lock()),
                0,
                "standard output".to_string(),
            ),
        };
        let (tool, shard) = (self.tool, self.shard);
        eprintln!(
            "{tool}: shard {shard}: {} games, {done} already in {name}",
            mine.len()
        );
        let started = Instant::now();
        for (j, &index) in mine.iter().enumerate().skip(done) {
            let text = game(index)?;
            sink.write_all(text.as_bytes())
                .and_then(|()| sink.flush())
                .map_err(|e| format!("{name}: {e}"))?;
            if (j + 1) % self.report_every.max(1) == 0 || j + 1 == mine.len() {
                eprintln!(
                    "{tool}: shard {shard}: {}/{} games (last {index}), {:.0} s this run",
                    j + 1,
                    mine.len(),
                    started.elapsed().as_secs_f64()
                );
            }
        }
        Ok(())
    }
}

/// The games already complete in `path` (complete lines for which `ends_game` holds); the file
/// is cut back to the end of the last of them. 0 when there is no file.
///
/// # Errors
/// The file cannot be read or cut, as one line naming it.
pub fn resume(path: &Path, ends_game: fn(&str) -> bool) -> Result<usize, String> {
    let Ok(f) = std::fs::File::open(path) else {
        return Ok(0);
    };
    let len = f
        .metadata()
        .map_err(|e| format!("{}: {e}", path.display()))?
        .len();
    let (mut done, mut keep, mut at) = (0usize, 0u64, 0u64);
    for line in std::io::BufReader::new(f).split(b'\n') {
        let line = line.map_err(|e| format!("{}: {e}", path.display()))?;
        at += line.len() as u64 + 1;
        // A last line without its `\n` is not complete.
        if at <= len && ends_game(&String::from_utf8_lossy(&line)) {
            done += 1;
            keep = at;
        }
    }
    let f = std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    f.set_len(keep)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(done)
}

/// The `--shard` and `--seed` every sharded generator takes.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct ShardArgs {
    /// This shard, `K/N`: the games whose index is K modulo N.
    #[arg(long, default_value = "0/1")]
    pub shard: Shard,
    /// Seed of the games: each game comes from it and its index alone, so shards are
    /// independent.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// The `merge` step every sharded generator offers.
#[derive(clap::Args, Debug, Clone)]
pub struct MergeArgs {
    /// The shards' files, in any order.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The merged file (written whole; not one of the inputs).
    #[arg(long)]
    pub out: PathBuf,
}

/// Runs [`merge`] on `args` for `tool`, reporting the games and gaps on stderr.
///
/// # Errors
/// As [`merge`]; `--out` naming an input; creating `--out`.
pub fn merge_files(
    tool: &str,
    args: &MergeArgs,
    game_index: fn(&str) -> Option<u64>,
) -> Result<(), String> {
    if args.files.contains(&args.out) {
        return Err(format!("--out {} is one of the inputs", args.out.display()));
    }
    let file =
        std::fs::File::create(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let mut out = std::io::BufWriter::new(file);
    let merged = merge(&args.files, game_index, &mut out)?;
    out.flush()
        .map_err(|e| format!("{}: {e}", args.out.display()))?;
    eprintln!(
        "{tool}: merged {} games into {} ({} missing below the last)",
        merged.games,
        args.out.display(),
        merged.missing
    );
    Ok(())
}

/// What [`merge`] wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Merged {
    /// Games written.
    pub games: u64,
    /// Indices below the highest one written that no file holds (shards still running).
    pub missing: u64,
}

/// One shard file being merged: its reader and its next complete game.
struct Source {
    path: PathBuf,
    lines: std::io::Lines<BufReader<std::fs::File>>,
    next: Option<(u64, String)>,
}

impl Source {
    /// Reads the next complete game (its lines up to its end line), or `None` at the end of the
    /// file (a partial last game, being written, is left out).
    fn advance(&mut self, game_index: fn(&str) -> Option<u64>) -> Result<(), String> {
        let mut text = String::new();
        self.next = None;
        for line in self.lines.by_ref() {
            let line = line.map_err(|e| format!("{}: {e}", self.path.display()))?;
            text.push_str(&line);
            text.push('\n');
            if let Some(index) = game_index(&line) {
                self.next = Some((index, text));
                return Ok(());
            }
        }
        Ok(())
    }
}

/// The merge step of a sharded run: the complete games of `files` (each a shard's file, its
/// games in index order, as [`Run::play`] writes them) written to `out` in index order, as one
/// process running every shard would have written them. `game_index` reads a game's index
/// from its end line (`None` on other lines). Streams: memory holds one game a file.
///
/// # Errors
/// A file that cannot be read, a game that two files hold, or a file out of index order, as
/// one line naming it; writing `out`.
pub fn merge(
    files: &[PathBuf],
    game_index: fn(&str) -> Option<u64>,
    out: &mut dyn Write,
) -> Result<Merged, String> {
    let mut sources = Vec::new();
    for path in files {
        let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut source = Source {
            path: path.clone(),
            lines: BufReader::new(file).lines(),
            next: None,
        };
        source.advance(game_index)?;
        sources.push(source);
    }
    let mut merged = Merged {
        games: 0,
        missing: 0,
    };
    let mut last: Option<(u64, usize)> = None;
    loop {
        let Some(k) = (0..sources.len())
            .filter(|&k| sources[k].next.is_some())
            .min_by_key(|&k| sources[k].next.as_ref().map(|(i, _)| *i))
        else {
            return Ok(merged);
        };
        let (index, text) = sources[k].next.take().expect("chosen for its next game");
        if let Some((before, from)) = last {
            if index == before {
                return Err(format!(
                    "game {index} is in both {} and {}",
                    sources[from].path.display(),
                    sources[k].path.display()
                ));
            }
            merged.missing += index - before - 1;
        } else {
            merged.missing += index;
        }
        out.write_all(text.as_bytes())
            .map_err(|e| format!("writing the merge: {e}"))?;
        merged.games += 1;
        last = Some((index, k));
        sources[k].advance(game_index)?;
        if let Some((after, _)) = &sources[k].next {
            if *after <= index {
                return Err(format!(
                    "{}: game {after} after game {index}: not a shard file in index order",
                    sources[k].path.display()
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_resumes_after_its_last_complete_game() {
        let dir = std::env::temp_dir().join(format!("duel-train-selfplay-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        let path = dir.join("games.txt");
        let _ = std::fs::remove_file(&path);
        let mut run = Run::new("test", Shard::parse("1/2").expect("a shard"), 7);
        run.out = Some(&path);
        run.ends_game = |line| line.starts_with("G ");
        let game = |i: u64| Ok(format!("x {i}\nG {i}\n"));
        run.play(game).expect("a run");
        assert_eq!(
            std::fs::read_to_string(&path).expect("the file"),
            "x 1\nG 1\nx 3\nG 3\nx 5\nG 5\n"
        );
        // A partial game is cut off and the run goes on after the last complete one.
        std::fs::write(&path, "x 1\nG 1\nx 3\nG 3").expect("a partial file");
        run.play(game).expect("a resumed run");
        assert_eq!(
            std::fs::read_to_string(&path).expect("the file"),
            "x 1\nG 1\nx 3\nG 3\nx 5\nG 5\n"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    fn end_index(line: &str) -> Option<u64> {
        line.strip_prefix("G ")?.parse().ok()
    }

    /// Three shards merged are the one run of every game, byte for byte; a partial game being
    /// written is left out, a game twice is refused, gaps are counted.
    #[test]
    fn shard_files_merge_into_the_file_of_one_run() {
        let dir = std::env::temp_dir().join(format!("duel-train-merge-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        let game = |i: u64| Ok(format!("x {i}\ny {}\nG {i}\n", i * i));
        let play = |shard: &str, name: &str| {
            let path = dir.join(name);
            let _ = std::fs::remove_file(&path);
            let mut run = Run::new("test", Shard::parse(shard).expect("a shard"), 10);
            run.out = Some(&path);
            run.ends_game = |line| line.starts_with("G ");
            run.play(game).expect("a run");
            path
        };
        let whole = std::fs::read_to_string(play("0/1", "all.txt")).expect("the run");
        let shards: Vec<PathBuf> = ["2/3", "0/3", "1/3"]
            .iter()
            .enumerate()
            .map(|(k, s)| play(s, &format!("s{k}.txt")))
            .collect();
        let mut out = Vec::new();
        let merged = merge(&shards, end_index, &mut out).expect("a merge");
        assert_eq!(String::from_utf8(out).expect("text"), whole);
        assert_eq!(
            merged,
            Merged {
                games: 10,
                missing: 0
            }
        );

        // Shard 0/3 still writing game 9: games 0-8 merge, 9 is left for later.
        let mut partial = std::fs::read_to_string(&shards[1]).expect("shard 0/3");
        partial.truncate(partial.len() - "G 9\n".len());
        std::fs::write(&shards[1], partial).expect("a partial shard");
        let mut out = Vec::new();
        let merged = merge(&shards, end_index, &mut out).expect("a merge");
        assert_eq!(
            merged,
            Merged {
                games: 9,
                missing: 0
            }
        );
        assert!(whole.starts_with(&String::from_utf8(out).expect("text")));

        // A shard missing: its games are counted as gaps below the highest index.
        let mut out = Vec::new();
        let merged = merge(&shards[..2], end_index, &mut out).expect("a merge");
        assert_eq!(
            merged,
            Merged {
                games: 6,
                missing: 3
            }
        );

        let twice = [shards[0].clone(), shards[0].clone()];
        let err = merge(&twice, end_index, &mut Vec::new()).expect_err("a game twice");
        assert!(err.starts_with("game 2 is in both "), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
