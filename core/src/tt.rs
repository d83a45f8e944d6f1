//! The transposition table: a caller-provided slice of [`Entry`], indexed by position hash.
//!
//! Besides storage it holds the steps every alpha-beta search of duel shares with the table:
//! [`Bound::of`] (what a fail-soft score bounds, for the store), [`Entry::cut`] (the probe's
//! window step) and [`principal_variation`] (the line the table's best moves make, over any
//! position that is a [`Walk`], read from the slots alone).

use crate::game::{Game, Score};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(u8)]
pub enum Bound {
    /// No entry.
    #[default]
    None = 0,
    /// The true value is at least the score (a fail-high).
    Lower = 1,
    /// The true value is at most the score (a fail-low).
    Upper = 2,
    /// The score is exact.
    Exact = 3,
}

impl Bound {
    /// What a fail-soft `score` says about the true value when it was searched within
    /// (`alpha`, `beta`), `alpha` being the window's lower end when the node's moves began (not
    /// as the moves raised it): at least `beta` is a lower bound, above `alpha` exact, else an
    /// upper bound.
    #[inline]
    pub fn of(score: Score, alpha: Score, beta: Score) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// One slot of a transposition table: 16 bytes, so a buffer of `k` KiB holds `64·k` entries.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
pub struct Entry {
    key: u64,
    score: Score,
    best: u16,
    depth: u8,
    bound: Bound,
}

impl Entry {
    /// The stored score (meaningful with [`Entry::bound`]).
    pub fn score(&self) -> Score {
        self.score
    }
    /// The key of the best move found ([`crate::Game::move_key`]), or `u16::MAX` if none.
    pub fn best(&self) -> u16 {
        self.best
    }
    /// The depth the score was searched to.
    pub fn depth(&self) -> u8 {
        self.depth
    }
    /// What the score bounds.
    pub fn bound(&self) -> Bound {
        self.bound
    }

    /// The table's answer for a node searched `depth` deep within (`alpha`, `beta`): when
    /// the entry was searched at least `depth` deep, an exact score is returned, a lower bound
    /// raises `alpha`, an upper bound lowers `beta`, and the stored score is returned once the
    /// window is empty (`alpha >= beta`). `None`: search the node, in the window as narrowed.
    ///
    /// Pass `depth` 0 when every entry of the position is deep enough (an exact solver).
    /// Within a null window (`beta == alpha + 1`) nothing is narrowed: the entry only cuts.
    #[inline]
    pub fn cut(&self, depth: u8, alpha: &mut Score, beta: &mut Score) -> Option<Score> {
        if self.depth < depth {
            return None;
        }
        let s = self.score;
        match self.bound {
            Bound::Exact => return Some(s),
            Bound::Lower => *alpha = (*alpha).max(s),
            Bound::Upper => *beta = (*beta).min(s),
            Bound::None => {}
        }
        if *alpha >= *beta { Some(s) } else { None }
    }
}

/// No best move stored.
pub const NO_MOVE: u16 = u16::MAX;

/// A transposition table over a borrowed slice. An empty slice is a valid table that stores
/// nothing.
pub struct TranspositionTable<'a> {
    entries: &'a mut [Entry],
}

impl<'a> TranspositionTable<'a> {
    /// A table over `entries` (any length, zero included). Old contents are kept, so a caller
    /// may reuse the table between searches of the same game; call [`Self::clear`] otherwise.
    pub fn new(entries: &'a mut [Entry]) -> Self {
        Self { entries }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    /// The number of slots.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table has no slot at all.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    #[inline]
    fn index(&self, hash: u64) -> usize {
        slot(self.entries.len(), hash)
    }

    /// The entry stored for `hash`, if any.
    #[inline]
    pub fn probe(&self, hash: u64) -> Option<Entry> {
        probe(self.entries, hash)
    }

    /// Stores a result for `hash`. An entry for the same position searched deeper is kept
    /// unless the new one is exact; entries of other positions are replaced.
    #[inline]
    pub fn store(&mut self, hash: u64, depth: u8, score: Score, bound: Bound, best: u16) {
        let i = self.index(hash);
        if let Some(e) = self.entries.get_mut(i) {
            if e.key == hash && e.depth > depth && bound != Bound::Exact {
                return;
            }
            let best = if best == NO_MOVE && e.key == hash {
                e.best
            } else {
                best
            };
            *e = Entry {
                key: hash,
                score,
                best,
                depth,
                bound,
            };
        }
    }
}

/// The slot of `hash` in a table of `len` entries.
#[inline]
const fn slot(len: usize, hash: u64) -> usize {
    // Multiply-shift maps a 64-bit hash onto any table length without a division.
    ((hash as u128 * len as u128) >> 64) as usize
}

/// The entry `entries` (a table's slots) hold for `hash`, if any.
#[inline]
fn probe(entries: &[Entry], hash: u64) -> Option<Entry> {
    match entries.get(slot(entries.len(), hash)) {
        Some(e) if e.bound != Bound::None && e.key == hash => Some(*e),
        _ => None,
    }
}

/// Follows the best moves the table in `entries` holds from `root`, writing at most
/// `out.len()` of them; returns how many it wrote. Stops at a position without an entry, at a
/// stored key that is no legal move, and before a move that would return to a position
/// already on the line. Moves [`Walk::forced`] gives are taken without asking the table.
///
/// Every game's line is read this way, from the table alone, after its search returned.
pub fn principal_variation<W: Walk>(entries: &[Entry], root: W, out: &mut [W::Move]) -> usize {
    let mut pos = root;
    let mut n = 0;
    while n < out.len() {
        let mv = match pos.forced() {
            Some(mv) => mv,
            None => {
                let Some(e) = probe(entries, pos.table_key()) else {
                    break;
                };
                let Some(mv) = pos.legal_move(e.best()) else {
                    break;
                };
                mv
            }
        };
        let next = pos.play(mv);
        if on_line(root, &out[..n], next.table_key()) {
            break;
        }
        out[n] = mv;
        n += 1;
        pos = next;
    }
    n
}

/// Whether `root` or a position after a prefix of `line` has the table key `key` (replayed:
/// no memory beyond the line itself).
fn on_line<W: Walk>(root: W, line: &[W::Move], key: u64) -> bool {
    let mut pos = root;
    if pos.table_key() == key {
        return true;
    }
    for &mv in line {
        pos = pos.play(mv);
        if pos.table_key() == key {
            return true;
        }
    }
    false
}

/// A position whose principal variation a table can be read along
/// ([`principal_variation`]): the key its search stores it under, and
/// its moves by move key.
pub trait Walk: Copy {
    /// A move of the game.
    type Move: Copy;
    /// The key the search stores this position's entry under.
    fn table_key(&self) -> u64;
    /// A move the search plays here without an entry of its own (Reversi's forced pass).
    #[inline]
    fn forced(&self) -> Option<Self::Move> {
        None
    }
    /// The legal move whose stored key is `key`, if there is one.
    fn legal_move(&self, key: u16) -> Option<Self::Move>;
    /// The position after `mv`, a move [`Walk::legal_move`] or [`Walk::forced`] gave.
    fn play(&self, mv: Self::Move) -> Self;
}

/// Any [`Game`] as a [`Walk`] under its own [`Game::hash`] and [`Game::move_key`] (as
/// [`crate::Searcher`] stores it).
#[derive(Clone, Copy, Debug)]
pub struct ByGame<G>(pub G);

impl<G: Game> Walk for ByGame<G> {
    type Move = G::Move;

    #[inline]
    fn table_key(&self) -> u64 {
        self.0.hash()
    }

    fn legal_move(&self, key: u16) -> Option<G::Move> {
        let moves = self.0.legal_moves();
        moves
            .as_ref()
            .iter()
            .copied()
            .find(|&m| G::move_key(m) == key)
    }

    #[inline]
    fn play(&self, mv: G::Move) -> Self {
        ByGame(self.0.play_unchecked(mv))
    }
}
