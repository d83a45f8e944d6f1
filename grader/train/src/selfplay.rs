//! The one self-play loop of the trainers: the games of a shard played in index order, each
//! written whole and flushed as it ends, so a run can be watched, stopped and resumed.
//!
//! A trainer gives the loop how to play one game (its text, lines ending in `\n`, the last of
//! them the game's end line); the loop runs the shard, resumes a file after its last complete
//! game, and prints the progress on stderr.

use crate::Shard;
use std::io::{BufRead, Write};
use std::path::Path;
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
}
