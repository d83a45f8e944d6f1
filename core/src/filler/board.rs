//! [`Board`]: a Filler position from the side to move's point of view, its [`Move`], and the
//! rules (the move, the forbidden colour, the end of the game, the score).

use core::fmt;

use super::cells::Cells;
use super::grid::{COLOURS, Grid};
use crate::coord::{Column, Row, cells};
use crate::game::{Game, SCORE_LIMIT, Score};

/// The contest's move limit: 50 moves in total, both players' moves counted.
pub const DEFAULT_MOVE_LIMIT: u8 = 50;

/// Search score units per owned cell.
pub const CELL: Score = 16;

/// Added to (or taken from) the score of a finished game that is won (or lost), so that any win
/// outranks any evaluation.
pub const WIN: Score = SCORE_LIMIT / 8;

/// A move: the colour (0..=9) to repaint the own territory in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Move(u8);

impl Move {
    /// The move to `colour`, or `None` for a colour above 9.
    pub fn new(colour: u8) -> Option<Move> {
        ((colour as usize) < COLOURS).then_some(Move(colour))
    }

    /// The colour, 0..=9.
    pub fn colour(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMoveError {
    /// The colour is the opponent's current colour.
    Forbidden(u8),
    /// The game is over.
    GameOver,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMoveError::Forbidden(c) => write!(f, "colour {c} is the opponent's colour"),
            IllegalMoveError::GameOver => write!(f, "the game is over"),
        }
    }
}

impl core::error::Error for IllegalMoveError {}

/// The moves of one position: at most one a colour.
pub type MoveList = crate::game::MoveList<Move, COLOURS>;

/// A Filler position, relative to the side to move ("own" and "opponent").
///
/// The colours of unowned cells never change during a game, so the board keeps one plane per
/// colour from its start and the two territories; a cell's colour is its territory's colour if
/// owned, its plane's otherwise. Territories never overlap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    planes: [Cells; COLOURS],
    own: Cells,
    opponent: Cells,
    size: u8,
    own_colour: u8,
    opponent_colour: u8,
    moves_played: u8,
    move_limit: u8,
    planes_hash: u64,
    /// Within this many moves of the limit the useful moves are the exact ones.
    exact_plies: u8,
    /// Cells whose right neighbour had the same colour at the start (see [`Cells::spread`]).
    joins_right: Cells,
    /// Cells whose lower neighbour had the same colour at the start.
    joins_down: Cells,
}

impl Board {
    /// The position a protocol board shows: the side to move owns the top-left cell's region,
    /// the opponent the bottom-right cell's region (minus any cell of the first, when both start
    /// cells share a colour and their regions meet). No move played, the default move limit.
    pub fn from_grid(grid: &Grid) -> Board {
        let n = grid.size();
        let mut planes = [Cells::EMPTY; COLOURS];
        for (row, column) in cells(n) {
            if let Some(plane) = grid
                .colour(row, column)
                .and_then(|c| planes.get_mut(c as usize))
            {
                *plane |= Cells::single(row, column);
            }
        }
        let (first, last) = (
            (Row(0), Column(0)),
            (
                Row(n.saturating_sub(1) as u8),
                Column(n.saturating_sub(1) as u8),
            ),
        );
        let own_colour = grid.colour(first.0, first.1).unwrap_or(0);
        let opponent_colour = grid.colour(last.0, last.1).unwrap_or(0);
        let plane = |c: u8| planes.get(c as usize).copied().unwrap_or(Cells::EMPTY);
        let own = Cells::single(first.0, first.1).flood(plane(own_colour));
        let opponent = Cells::single(last.0, last.1).flood(plane(opponent_colour).without(own));
        let (mut joins_right, mut joins_down) = (Cells::EMPTY, Cells::EMPTY);
        for (row, column) in cells(n) {
            let here = grid.colour(row, column);
            // Off the board the neighbour's colour is `None`, never `here`.
            if grid.colour(row, Column(column.0 + 1)) == here {
                joins_right |= Cells::single(row, column);
            }
            if grid.colour(Row(row.0 + 1), column) == here {
                joins_down |= Cells::single(row, column);
            }
        }
        let mut planes_hash = mix(n as u64);
        for p in planes {
            for w in p.words() {
                planes_hash = mix(planes_hash ^ w);
            }
        }
        Board {
            planes,
            own,
            opponent,
            size: n as u8,
            own_colour,
            opponent_colour,
            moves_played: 0,
            move_limit: DEFAULT_MOVE_LIMIT,
            planes_hash,
            exact_plies: EXACT_PLIES,
            joins_right,
            joins_down,
        }
    }

    /// This board with a different move limit (moves in total, both players counted).
    pub fn with_move_limit(mut self, limit: u8) -> Board {
        self.move_limit = limit;
        self
    }

    /// This board with [`Board::useful_moves`] exact within `plies` moves of the limit
    /// instead of [`EXACT_PLIES`] (0: never; for a move count that is only estimated).
    pub fn with_exact_plies(mut self, plies: u8) -> Board {
        self.exact_plies = plies;
        self
    }

    /// This board with `moves` moves already played (toward the move limit).
    pub fn with_moves_played(mut self, moves: u8) -> Board {
        self.moves_played = moves;
        self
    }

    /// The side of the board.
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// Every cell of the board.
    pub fn cells(&self) -> Cells {
        Cells::square(self.size())
    }

    /// The cells the side to move owns.
    pub fn own(&self) -> Cells {
        self.own
    }

    /// The cells the opponent owns.
    pub fn opponent(&self) -> Cells {
        self.opponent
    }

    /// The cells nobody owns.
    pub fn free(&self) -> Cells {
        self.cells().without(self.own | self.opponent)
    }

    /// The unowned cells of `colour` (empty for a colour above 9).
    pub fn free_of(&self, colour: u8) -> Cells {
        self.planes
            .get(colour as usize)
            .copied()
            .unwrap_or(Cells::EMPTY)
            .without(self.own | self.opponent)
    }

    /// The cells of `open` that `seeds ∩ open` reaches through side-adjacent unowned cells of
    /// one colour: each seed with the rest of its one-colour region within `open` (`open` must
    /// hold unowned cells only).
    #[inline]
    pub fn regions_of(&self, seeds: Cells, open: Cells) -> Cells {
        seeds.spread(open, self.joins_right, self.joins_down)
    }

    /// The cells joined to their right neighbour and to the one below by a shared start colour
    /// (see [`Cells::spread`]).
    #[inline]
    pub(crate) fn joins(&self) -> (Cells, Cells) {
        (self.joins_right, self.joins_down)
    }

    /// The own territory's colour.
    pub fn own_colour(&self) -> u8 {
        self.own_colour
    }

    /// The opponent's colour: the one colour the side to move may not choose.
    pub fn forbidden(&self) -> u8 {
        self.opponent_colour
    }

    /// The colour at `row`, `column`, or `None` off the board.
    pub fn colour(&self, row: Row, column: Column) -> Option<u8> {
        if row.index() >= self.size() || column.index() >= self.size() {
            return None;
        }
        if self.own.contains(row, column) {
            return Some(self.own_colour);
        }
        if self.opponent.contains(row, column) {
            return Some(self.opponent_colour);
        }
        (0..COLOURS as u8).find(|&c| {
            self.planes
                .get(c as usize)
                .is_some_and(|p| p.contains(row, column))
        })
    }

    /// Moves played so far.
    pub fn moves_played(&self) -> u8 {
        self.moves_played
    }

    /// The move limit.
    pub fn move_limit(&self) -> u8 {
        self.move_limit
    }

    /// Whether the game is over: every cell owned, or the move limit reached.
    pub fn is_over(&self) -> bool {
        self.moves_played >= self.move_limit || self.free().is_empty()
    }

    /// Own cells minus the opponent's.
    pub fn score(&self) -> i32 {
        self.own.count() as i32 - self.opponent.count() as i32
    }

    /// The own territory after choosing `colour` (the territory itself for a colour above 9).
    #[inline]
    pub fn territory_after(&self, colour: u8) -> Cells {
        self.own.flood(self.own | self.free_of(colour))
    }

    /// How many cells choosing `colour` gains now.
    pub fn gain(&self, colour: u8) -> u32 {
        self.territory_after(colour).count() - self.own.count()
    }

    /// Whether the rules allow `mv`: the game goes on and the colour is not the opponent's.
    pub fn is_legal(&self, mv: Move) -> bool {
        !self.is_over() && mv.0 != self.opponent_colour
    }

    /// The position after `mv`, with the opponent to move.
    ///
    /// # Errors
    /// [`IllegalMoveError`] when the game is over or the colour is the opponent's.
    pub fn play(&self, mv: Move) -> Result<Board, IllegalMoveError> {
        if self.is_over() {
            return Err(IllegalMoveError::GameOver);
        }
        if mv.0 == self.opponent_colour {
            return Err(IllegalMoveError::Forbidden(mv.0));
        }
        Ok(self.play_unchecked(mv))
    }

    /// The position after `mv` without checking it (any colour gives a memory-safe position).
    #[inline]
    pub fn play_unchecked(&self, mv: Move) -> Board {
        let mut next = *self;
        next.own = self.opponent;
        next.opponent = self.territory_after(mv.0);
        next.own_colour = self.opponent_colour;
        next.opponent_colour = mv.0;
        next.moves_played = self.moves_played.saturating_add(1);
        next
    }

    /// The moves worth searching, ordered by the number of cells adjacent to the territory,
    /// most first; empty when the game is over. A subset of the legal moves
    /// ([`Game::legal_moves`]), never empty while the game goes on; the engine searches them
    /// through [`Useful`](super::Useful).
    ///
    /// - Every legal colour that gains a cell.
    /// - Only when no colour gains: the colours the opponent could gain from (choosing one
    ///   blocks them; the own colour counts as a block of itself), or else one colour that
    ///   changes nothing (the own colour if legal, else the lowest legal one).
    ///
    /// A block that gains nothing while a gain is on offer is left out: repeated, it is a
    /// blockade in which neither side ever grows, a draw that minimax prefers whenever breaking
    /// it lets a perfect opponent come out ahead, though a weaker one loses the race that
    /// follows (see the [module notes](super) on blockades).
    ///
    /// Within [`EXACT_PLIES`] moves of the limit (see [`Board::with_exact_plies`]) they are the
    /// [`Board::exact_moves`] instead, so that the search to the end is exact.
    pub fn useful_moves(&self) -> MoveList {
        if self.plies_left() <= self.exact_plies {
            return self.exact_moves();
        }
        if self.is_over() {
            return MoveList::new();
        }
        let free = self.free();
        let mut list = self.gains(self.own.neighbours(free));
        if list.is_empty() {
            // Nothing gains: blocking is free.
            let opponent_border = self.opponent.neighbours(free);
            for c in 0..COLOURS as u8 {
                let blocks = self
                    .planes
                    .get(c as usize)
                    .is_some_and(|&plane| !(opponent_border & plane).is_empty());
                if c != self.opponent_colour && blocks {
                    list.push(Move(c));
                }
            }
        }
        if list.is_empty() {
            let idle = if self.own_colour != self.opponent_colour {
                self.own_colour
            } else {
                (0..COLOURS as u8)
                    .find(|&c| c != self.opponent_colour)
                    .unwrap_or(0)
            };
            list.push(Move(idle));
        }
        list
    }

    /// Every legal colour on `own_border` (the cells a colour would gain), most adjacent
    /// cells first: the first moves of [`Board::useful_moves`] and [`Board::exact_moves`].
    #[inline]
    fn gains(&self, own_border: Cells) -> MoveList {
        let mut list = MoveList::new();
        let mut keys = [0u32; COLOURS];
        for c in 0..COLOURS as u8 {
            if c == self.opponent_colour {
                continue;
            }
            let Some(&plane) = self.planes.get(c as usize) else {
                continue;
            };
            let mine = (own_border & plane).count();
            if mine > 0 {
                if let Some(k) = keys.get_mut(list.len()) {
                    *k = mine;
                }
                list.push(Move(c));
            }
        }
        let moves = list.as_mut_slice();
        for i in 1..moves.len() {
            let mut j = i;
            while j > 0 && keys[j - 1] < keys[j] {
                keys.swap(j - 1, j);
                moves.swap(j - 1, j);
                j -= 1;
            }
        }
        list
    }
}

/// Within this many moves of the move limit, [`Board::useful_moves`] are the
/// [`Board::exact_moves`] (unless [`Board::with_exact_plies`] says otherwise): a blockade can
/// last no longer than the game, and the last moves' blocks decide the final count.
pub const EXACT_PLIES: u8 = 8;

impl Board {
    /// Moves left before the move limit (both sides counted).
    pub fn plies_left(&self) -> u8 {
        self.move_limit.saturating_sub(self.moves_played)
    }

    /// The moves that can change the game's value; empty when the game is over. Minimax over
    /// them equals minimax over every legal colour: a colour on neither territory's border
    /// ("inert") only repaints the territory and forbids that colour to the opponent, for
    /// whom it would be inert too, so one inert colour stands for all.
    ///
    /// - Every legal colour on the own border (gains), most adjacent cells first;
    /// - then every legal colour on the opponent's border only (blocks);
    /// - then one inert legal colour, if any: the own colour if inert, else the lowest.
    pub fn exact_moves(&self) -> MoveList {
        if self.is_over() {
            return MoveList::new();
        }
        let free = self.free();
        let own_border = self.own.neighbours(free);
        let opponent_border = self.opponent.neighbours(free);
        let mut list = self.gains(own_border);
        let mut inert: Option<u8> = None;
        for c in 0..COLOURS as u8 {
            if c == self.opponent_colour {
                continue;
            }
            let Some(&plane) = self.planes.get(c as usize) else {
                continue;
            };
            if !(own_border & plane).is_empty() {
                continue;
            }
            if !(opponent_border & plane).is_empty() {
                list.push(Move(c));
            } else if inert.is_none() || c == self.own_colour {
                inert = Some(c);
            }
        }
        if let Some(c) = inert {
            list.push(Move(c));
        }
        list
    }
}

/// A 64-bit mixing step (splitmix64's finaliser).
#[inline]
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl Game for Board {
    type Move = Move;
    type MoveList = MoveList;

    /// Every colour the rules allow, in colour order: the nine other than the opponent's while
    /// the game goes on, none once it is over. (The engine searches the narrower
    /// [`Useful`](super::Useful) game.)
    fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if !self.is_over() {
            for c in 0..COLOURS as u8 {
                if c != self.opponent_colour {
                    list.push(Move(c));
                }
            }
        }
        list
    }

    fn play_unchecked(&self, mv: Move) -> Board {
        Board::play_unchecked(self, mv)
    }

    fn outcome(&self) -> Option<Score> {
        if !self.is_over() {
            return None;
        }
        let diff = self.score();
        Some(diff * CELL + diff.signum() * WIN)
    }

    fn hash(&self) -> u64 {
        let mut h = self.planes_hash;
        for (a, b) in self.own.words().into_iter().zip(self.opponent.words()) {
            h = mix(h ^ a).wrapping_add(b.rotate_left(17));
        }
        let counters = (self.own_colour as u64)
            | (self.opponent_colour as u64) << 8
            | (self.moves_played as u64) << 16
            | (self.move_limit as u64) << 24;
        mix(h ^ counters)
    }

    fn move_key(mv: Move) -> u16 {
        mv.0 as u16
    }
}
