//! The vocabulary every game shares: [`Game`], [`Evaluator`], [`MoveList`] and [`Score`].

/// A search score, always from the point of view of the side to move.
///
/// Games keep their values within ±[`Score::MAX`]` / 4` so that negation and window arithmetic
/// never overflow.
pub type Score = i32;

/// The largest magnitude a game may give a terminal or evaluated position.
pub const SCORE_LIMIT: Score = 1 << 28;

/// The number of distinct move keys a game may use (see [`Game::move_key`]).
pub const MOVE_KEYS: usize = 4096;

/// The rules of a two-player, perfect-information game, as much as a search needs.
///
/// Positions are small `Copy` values (copy-make: [`Game::play_unchecked`] returns the child).
/// A game in which a player must pass represents the pass as a move, so that
/// [`Game::legal_moves`] is empty exactly when the game is over.
pub trait Game: Copy {
    /// A move of this game.
    type Move: Copy + PartialEq + Default;
    /// A fixed-capacity list of moves; its capacity is the game's worst case.
    type MoveList: Default + AsRef<[Self::Move]> + AsMut<[Self::Move]>;

    /// The legal moves of the side to move: empty exactly when the game is over.
    fn legal_moves(&self) -> Self::MoveList;

    /// The position after `mv`, which must be one of [`Game::legal_moves`]; any other move
    /// gives an unspecified (but memory-safe, panic-free) position.
    fn play_unchecked(&self, mv: Self::Move) -> Self;

    /// The value of a finished game for the side to move, in the same units as the game's
    /// evaluation; `None` while the game goes on.
    fn outcome(&self) -> Option<Score>;

    /// A 64-bit hash of everything that decides the game's future (board, side to move, and
    /// any counters the rules use).
    fn hash(&self) -> u64;

    /// A small integer naming `mv`, unique among the legal moves of any one position and below
    /// [`MOVE_KEYS`]. The transposition table stores it; history ordering indexes by it.
    fn move_key(mv: Self::Move) -> u16;
}

/// A static evaluation of positions of `G`, from the side to move's point of view.
pub trait Evaluator<G: Game> {
    /// The value of `pos` for the side to move; positive is good. Within ±[`SCORE_LIMIT`].
    fn evaluate(&self, pos: &G) -> Score;
}

/// A list of at most `N` moves, stored inline.
///
/// Pushing past the capacity drops the move; every game sizes `N` for its proven worst case,
/// so that never happens for a legal position.
#[derive(Clone, Copy, Debug)]
pub struct MoveList<M, const N: usize> {
    moves: [M; N],
    len: usize,
}

impl<M: Copy + Default, const N: usize> Default for MoveList<M, N> {
    fn default() -> Self {
        Self {
            moves: [M::default(); N],
            len: 0,
        }
    }
}

impl<M: Copy + Default, const N: usize> MoveList<M, N> {
    /// An empty list.
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends `mv`; returns false (and drops it) when the list is full.
    #[inline]
    pub fn push(&mut self, mv: M) -> bool {
        match self.moves.get_mut(self.len) {
            Some(slot) => {
                *slot = mv;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list holds no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves, in order.
    #[inline]
    pub fn as_slice(&self) -> &[M] {
        &self.moves[..self.len]
    }

    /// The moves, mutable (for reordering).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        &mut self.moves[..self.len]
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> core::slice::Iter<'_, M> {
        self.as_slice().iter()
    }

    /// Removes every move.
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl<M: Copy + Default, const N: usize> AsRef<[M]> for MoveList<M, N> {
    fn as_ref(&self) -> &[M] {
        self.as_slice()
    }
}

impl<M: Copy + Default, const N: usize> AsMut<[M]> for MoveList<M, N> {
    fn as_mut(&mut self) -> &mut [M] {
        self.as_mut_slice()
    }
}

impl<'a, M: Copy + Default, const N: usize> IntoIterator for &'a MoveList<M, N> {
    type Item = &'a M;
    type IntoIter = core::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
