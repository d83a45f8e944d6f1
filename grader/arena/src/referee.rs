//! What a game's referee is: the two sides, the record of a game, what a game is set up with,
//! and the [`Referee`] trait every game implements.

use crate::rng::Rng;
use crate::stats::Outcome;
use duel_protocols::time_control::PlayerClock;
use std::time::Duration;

/// One side of a match (`"A"` or `"B"` in a record).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Side {
    /// The `--a` player.
    A,
    /// The `--b` player.
    B,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// 0 for A, 1 for B.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Side::A => "A",
            Side::B => "B",
        })
    }
}

/// How one game went.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Whether A moved first.
    pub a_first: bool,
    /// The moves after the opening, in the game's own notation, in order.
    pub moves: Vec<String>,
    /// The wall time each move of `moves` took, in milliseconds (for the game's own record
    /// format; not in the JSON lines, which must not depend on the machine's speed).
    pub move_millis: Vec<u64>,
    /// A's and B's thinking time over the game, in milliseconds, by the referee's watch.
    pub side_millis: [u64; 2],
    /// A's and B's longest move, in milliseconds.
    pub longest_millis: [u64; 2],
    /// The winner, `None` for a draw.
    pub winner: Option<Side>,
    /// A's final score minus B's (discs, cells or points, as the game counts).
    pub margin: i64,
    /// Why the game ended: `"game over"`, or who lost how (`"B: illegal move d3"`).
    pub reason: String,
}

impl GameRecord {
    /// A game about to start, A moving first when `a_first`.
    pub fn new(a_first: bool) -> Self {
        Self {
            a_first,
            moves: Vec::new(),
            move_millis: Vec::new(),
            side_millis: [0; 2],
            longest_millis: [0; 2],
            winner: None,
            margin: 0,
            reason: "game over".to_string(),
        }
    }

    /// Records `by`'s move and the time it took (a pass the referee plays took none).
    pub fn push(&mut self, by: Side, mv: String, took: Duration) {
        let millis = took.as_millis().min(u128::from(u64::MAX)) as u64;
        self.moves.push(mv);
        self.move_millis.push(millis);
        let k = by.index();
        self.side_millis[k] = self.side_millis[k].saturating_add(millis);
        self.longest_millis[k] = self.longest_millis[k].max(millis);
    }

    /// The game ended by the rules with A's `margin`; its sign decides the winner.
    pub fn finish(mut self, margin: i64) -> Self {
        self.margin = margin;
        self.winner = match margin.signum() {
            1 => Some(Side::A),
            -1 => Some(Side::B),
            _ => None,
        };
        self
    }

    /// `loser` loses at once for `why`, by `whole` (the game's largest margin; 0 where the game
    /// has none).
    pub fn forfeit(mut self, loser: Side, why: &str, whole: i64) -> Self {
        self.winner = Some(loser.other());
        self.reason = format!("{loser}: {why}");
        self.margin = if loser == Side::A { -whole } else { whole };
        self
    }

    /// A's outcome.
    pub fn outcome(&self) -> Outcome {
        match self.winner {
            Some(Side::A) => Outcome::Win,
            Some(Side::B) => Outcome::Loss,
            None => Outcome::Draw,
        }
    }
}

/// What a referee needs to play one game.
#[derive(Debug)]
pub struct GameSetup<'a, O> {
    /// The game's number in the match, from 0.
    pub index: usize,
    /// Whether A moves first (has the first colour: Reversi black, Ataxx black, Filler and
    /// Fruit Rage the first mover).
    pub a_first: bool,
    /// The opening (shared by both games of a pair).
    pub opening: &'a O,
    /// A's and B's clocks, full.
    pub clocks: [PlayerClock; 2],
    /// A seed for the built-in players' random choices in this game.
    pub seed: u64,
}

impl<O> GameSetup<'_, O> {
    /// The side that moves first.
    pub fn first(&self) -> Side {
        if self.a_first { Side::A } else { Side::B }
    }
}

/// A game's referee: plays one game between the two players.
pub trait Referee: Sync {
    /// Where a game starts: a position (and the moves that led to it), or a board.
    type Opening: Send + Sync;

    /// Whether an openings file holds one opening a line (`false`: blocks separated by blank
    /// lines, for boards of several lines).
    const ONE_OPENING_A_LINE: bool = true;

    /// Whether pairs are also scored by the sum of their margins (games where the seat often
    /// decides a board whoever holds it).
    const MARGIN_PAIRS: bool = false;

    /// Reads one opening of an openings file.
    ///
    /// # Errors
    /// What is wrong with it, in one line.
    fn parse_opening(&self, text: &str) -> Result<Self::Opening, String>;

    /// An opening of `plies` random plies (the contest's own start, e.g. a random board, when
    /// `plies` is 0) drawn from `rng`.
    fn random_opening(&self, plies: u32, rng: &mut Rng) -> Self::Opening;

    /// The opening as an openings file would hold it (one line, for the records).
    fn opening_text(&self, opening: &Self::Opening) -> String;

    /// Plays one game.
    fn play_game(&self, game: &GameSetup<'_, Self::Opening>) -> GameRecord;

    /// The game in the game's own record format (PGN, GGF), when the match writes one.
    fn export(&self, _game: &GameSetup<'_, Self::Opening>, _record: &GameRecord) -> Option<String> {
        None
    }
}
