//! The box: one bit plane per fruit type, its groups, claiming a group, and gravity.
//!
//! A plane is a bitset of [`WORDS`] u64 words, column-major with 32 bits a column: bit
//! `32·c + h` is column `c` (0 = leftmost) at height `h` (0 = bottom row). Heights 26..31 of
//! every column are padding and always clear, so shifting a word by one bit moves fruit up or
//! down a column without leaking into the next one, and shifting by 32 moves it sideways.
//! Gravity removes the claimed bits of a column from every plane with one mask.

use crate::coord::{Column, Row, cells};
use crate::game::{Game, Score};
use core::fmt;

/// The largest box side.
pub const MAX_SIZE: usize = 26;
/// The number of fruit types (digits `0`..`9`).
pub const MAX_KINDS: usize = 10;
/// Words of one plane: two columns of 32 bits a word.
pub const WORDS: usize = MAX_SIZE.div_ceil(2);
/// The largest lead a box keeps: far above any real game's (676² points in all), far below
/// the search's score limit.
pub const MAX_LEAD: i32 = 1 << 26;
/// The most groups a box can hold: every cell its own group.
pub const MAX_GROUPS: usize = MAX_SIZE * MAX_SIZE;

/// One fruit type's cells (or any set of cells), column-major, 32 bits a column.
pub type Plane = [u64; WORDS];

/// The legal moves of a box: at most one per cell.
pub type MoveList = crate::game::MoveList<Move, MAX_GROUPS>;

/// A move: a group of one fruit type, named by its lowest bit in the column-major layout.
///
/// The contest names a group by its first cell in row-major order; [`Board::label`] gives it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Move {
    bit: u16,
    fruit: u8,
    size: u16,
}

impl Move {
    /// The group of fruit type `fruit` whose lowest column-major bit is `bit`, of `size` cells.
    pub(crate) fn new(bit: u16, fruit: u8, size: u32) -> Move {
        Move {
            bit,
            fruit,
            size: size as u16,
        }
    }

    /// The number of cells the group claims.
    pub fn size(self) -> u32 {
        u32::from(self.size)
    }

    /// The fruit type (digit) of the group.
    pub fn fruit(self) -> u8 {
        self.fruit
    }

    /// The points the move scores: its size squared.
    pub fn points(self) -> i32 {
        let s = i32::from(self.size);
        s * s
    }

    /// A key unique among the moves of one box: the bit index of the group's lowest cell.
    pub fn key(self) -> u16 {
        self.bit
    }
}

/// A cell as the contest names it: a row (0 = row `1`, top) and a column (0 = `A`, leftmost),
/// row first like every coordinate of duel; the name writes the column letter first (`G8`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// The row, 0 = top (printed as `1`).
    pub row: u8,
    /// The column, 0 = leftmost (letter `A`).
    pub column: u8,
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = char::from(b'A'.wrapping_add(self.column.min(25)));
        write!(f, "{}{}", letter, u32::from(self.row) + 1)
    }
}

impl Cell {
    /// Reads a cell name such as `G8` (letter `A`..`Z`, then a row number from 1).
    pub fn parse(text: &str) -> Result<Cell, IllegalMoveError> {
        let bytes = text.trim().as_bytes();
        let (&letter, digits) = bytes.split_first().ok_or(IllegalMoveError::BadName)?;
        if !letter.is_ascii_uppercase() || digits.is_empty() || digits.len() > 2 {
            return Err(IllegalMoveError::BadName);
        }
        let mut row = 0u8;
        for &d in digits {
            if !d.is_ascii_digit() {
                return Err(IllegalMoveError::BadName);
            }
            row = row * 10 + (d - b'0');
        }
        if row == 0 {
            return Err(IllegalMoveError::BadName);
        }
        Ok(Cell {
            row: row - 1,
            column: letter - b'A',
        })
    }
}

/// A move that cannot be played on a box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMoveError {
    /// The text is not a cell name like `G8`.
    BadName,
    /// The cell lies outside the box.
    OutsideBox,
    /// The cell is empty.
    EmptyCell,
    /// The move is not a group of this box.
    NotAGroup,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::BadName => "a move is a column letter and a row number, such as G8",
            Self::OutsideBox => "the cell lies outside the box",
            Self::EmptyCell => "the cell is empty",
            Self::NotAGroup => "the move is not a group of this box",
        })
    }
}

impl core::error::Error for IllegalMoveError {}

/// A box that cannot exist in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The side is not in 1..=26.
    BadSize,
    /// A fruit type is not in 0..=9.
    BadFruit,
    /// Fruit floats above an empty cell (gravity was not applied).
    Floating {
        /// The column, 0 = leftmost.
        column: u8,
    },
    /// The box holds no fruit at all.
    Empty,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BadSize => f.write_str("the box side must be 1 to 26"),
            Self::BadFruit => f.write_str("a fruit type must be a digit 0 to 9"),
            Self::Floating { column } => write!(
                f,
                "fruit floats above an empty cell in column {}",
                char::from(b'A'.wrapping_add(*column))
            ),
            Self::Empty => f.write_str("the box holds no fruit"),
        }
    }
}

impl core::error::Error for BoardError {}

/// A position: the box, and the score difference so far for the side to move.
///
/// Two boards are equal when their cells and leads are: how many fruit types the box started
/// with does not matter.
#[derive(Clone, Copy, Debug)]
pub struct Board {
    planes: [Plane; MAX_KINDS],
    size: u8,
    kinds: u8,
    lead: i32,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size && self.lead == other.lead && self.planes == other.planes
    }
}

impl Eq for Board {}

/// The bits of column `c` of `p`.
#[inline]
fn column(p: &Plane, c: usize) -> u32 {
    match p.get(c >> 1) {
        Some(&w) => (w >> ((c & 1) * 32)) as u32,
        None => 0,
    }
}

/// Replaces the bits of column `c` of `p` with `bits`.
#[inline]
fn set_column(p: &mut Plane, c: usize, bits: u32) {
    let shift = (c & 1) * 32;
    if let Some(w) = p.get_mut(c >> 1) {
        *w = (*w & !(0xFFFF_FFFFu64 << shift)) | (u64::from(bits) << shift);
    }
}

/// `bits` with the cells of `removed` taken out and everything above them moved down.
#[inline]
fn compact(mut bits: u32, mut removed: u32) -> u32 {
    while removed != 0 {
        let low_end = removed.trailing_zeros();
        let run = (removed >> low_end).trailing_ones();
        let keep = (1u32 << low_end) - 1;
        bits = (bits & keep) | (bits.checked_shr(run).unwrap_or(0) & !keep);
        removed = removed.checked_shr(run).unwrap_or(0) & !keep;
    }
    bits
}

/// The 4-connected component of `plane` holding the cells of `seed`, which must lie in it and
/// in the single word `word`. Sweeps only the words the group reaches, and one on each side.
/// Returns the component and the first and last word it occupies.
#[inline]
fn flood(plane: &Plane, seed: Plane, word: usize, words: usize) -> (Plane, usize, usize) {
    let mut g = seed;
    let last = words.min(WORDS).saturating_sub(1);
    let (mut lo, mut hi) = (word.min(last), word.min(last));
    loop {
        let (from, to) = (lo.saturating_sub(1), (hi + 1).min(last));
        let mut changed = 0;
        // Forward then backward, in place: a group crossing many words fills in few passes.
        for i in (from..=to).chain((from..=to).rev()) {
            let w = g[i];
            let mut x = w | w << 1 | w >> 1 | w << 32 | w >> 32;
            if i > 0 {
                x |= g[i - 1] >> 32;
            }
            if let Some(&next) = g.get(i + 1) {
                x |= next << 32;
            }
            x &= plane[i];
            changed |= x ^ w;
            g[i] = x;
        }
        if changed == 0 {
            return (g, lo, hi);
        }
        if g[from] != 0 {
            lo = from;
        }
        if g[to] != 0 {
            hi = to;
        }
    }
}

/// Slots of a [`Scan`]: a power of two above [`MAX_GROUPS`], so that an index masked by
/// `SCAN_SLOTS - 1` is always in bounds.
const SCAN_SLOTS: usize = 1024;

/// The working memory of a group scan (6 KiB), reusable from box to box: a search keeps one
/// so that no node clears it.
///
/// Run `i` of the plane being scanned has a union-find parent (always a smaller index, the
/// root being the group's first run), a size (the group's at a root) and its lowest bit.
#[derive(Clone, Debug)]
pub struct Scan {
    parent: [u16; SCAN_SLOTS],
    count: [u16; SCAN_SLOTS],
    key: [u16; SCAN_SLOTS],
}

impl Default for Scan {
    fn default() -> Self {
        Self::new()
    }
}

impl Scan {
    /// Fresh working memory.
    pub const fn new() -> Self {
        Self {
            parent: [0; SCAN_SLOTS],
            count: [0; SCAN_SLOTS],
            key: [0; SCAN_SLOTS],
        }
    }

    /// Finds every group of `board` once, by a union-find over vertical runs: each column of
    /// each plane splits into maximal runs of fruit; a run joins the runs of the previous
    /// column it overlaps. Calls `f(fruit, lowest bit, size)` for each group, by fruit type and
    /// then by lowest column-major bit (a group's lowest bit is its first run's, and runs are
    /// numbered in that order).
    #[inline]
    pub fn groups(&mut self, board: &Board, mut f: impl FnMut(u8, u16, u32)) {
        const M: usize = SCAN_SLOTS - 1;
        let size = board.size().min(MAX_SIZE);
        for (fruit, plane) in board
            .planes
            .iter()
            .enumerate()
            .take(usize::from(board.kinds))
        {
            if plane.iter().all(|&w| w == 0) {
                continue;
            }
            let mut len = 0usize;
            let (mut prev_bits, mut prev_starts, mut prev_base) = (0u32, 0u32, 0usize);
            for c in 0..size {
                let bits = column(plane, c);
                let starts = bits & !(bits << 1);
                let base = len;
                let mut s = starts;
                while s != 0 {
                    let t = s.trailing_zeros();
                    let i = len & M;
                    self.parent[i] = i as u16;
                    self.count[i] = (bits >> t).trailing_ones() as u16;
                    self.key[i] = (32 * c) as u16 + t as u16;
                    len += 1;
                    s &= s - 1;
                }
                let overlap = bits & prev_bits;
                let mut o = overlap & !(overlap << 1);
                while o != 0 {
                    let below = u32::MAX >> (31 - o.trailing_zeros());
                    let a = base + (starts & below).count_ones() as usize;
                    let b = prev_base + (prev_starts & below).count_ones() as usize;
                    self.union(a.wrapping_sub(1) & M, b.wrapping_sub(1) & M);
                    o &= o - 1;
                }
                (prev_bits, prev_starts, prev_base) = (bits, starts, base);
            }
            for i in 0..len.min(SCAN_SLOTS) {
                if usize::from(self.parent[i]) == i {
                    f(fruit as u8, self.key[i], u32::from(self.count[i]));
                }
            }
        }
    }

    /// Finds every group of `board` once, all fruit types together, column by column, and
    /// returns how many there are. Calls `f(lowest bit, size)` for every group of at least the
    /// size `f` last returned (1 at first), by lowest column-major bit (see [`Board::fruit_of`]
    /// for its type). Faster than [`Scan::groups`]: one pass over the columns for all types, and a
    /// caller keeping the largest groups skips the small ones at the cost of a compare.
    #[inline]
    pub fn groups_by_bit(&mut self, board: &Board, mut f: impl FnMut(u16, u32) -> u32) -> u32 {
        const M: usize = SCAN_SLOTS - 1;
        let size = board.size().min(MAX_SIZE);
        let words = size.div_ceil(2).min(WORDS);
        // Per word (two columns), all types at once: the cells where a run starts, the cells
        // with a neighbour of their type to the left, and the fruit present.
        let (mut starts, mut lefts, mut occs) = ([0u64; WORDS], [0u64; WORDS], [0u64; WORDS]);
        for plane in board.planes.iter().take(usize::from(board.kinds)) {
            let mut carry = 0u64;
            for w in 0..words {
                let bits = plane[w];
                starts[w] |= bits & !(bits << 1);
                lefts[w] |= bits & (bits << 32 | carry);
                occs[w] |= bits;
                carry = bits >> 32;
            }
        }
        let mut len = 0usize;
        let mut joins = 0u32;
        let (mut prev_base, mut prev_starts) = (0usize, 0u32);
        for c in 0..size {
            let (st, left, occ) = (column(&starts, c), column(&lefts, c), column(&occs, c));
            let top = occ.count_ones();
            let base = len;
            let mut s = st;
            while s != 0 {
                let t = s.trailing_zeros();
                s &= s - 1;
                // The next start, or the column's top (`trailing_zeros` of 0 is 32).
                let end = s.trailing_zeros().min(top);
                let i = len & M;
                self.parent[i] = i as u16;
                self.count[i] = (end - t) as u16;
                self.key[i] = (32 * c) as u16 + t as u16;
                len += 1;
            }
            // Each stretch of cells sharing the type of their left neighbour, cut where a run
            // starts in either column, joins one run here to one run there.
            let mut o = left & (!(left << 1) | st | prev_starts);
            while o != 0 {
                let below = u32::MAX >> (31 - o.trailing_zeros());
                let a = base + (st & below).count_ones() as usize;
                let b = prev_base + (prev_starts & below).count_ones() as usize;
                joins += u32::from(self.union(a.wrapping_sub(1) & M, b.wrapping_sub(1) & M));
                o &= o - 1;
            }
            (prev_base, prev_starts) = (base, st);
        }
        let mut least = 1u32;
        for i in 0..len.min(SCAN_SLOTS) {
            let n = u32::from(self.count[i]);
            // A run not a root holds part of its group's size: never more than the whole.
            if (n >= least) & (usize::from(self.parent[i]) == i) {
                least = f(self.key[i], n);
            }
        }
        (len as u32).saturating_sub(joins)
    }

    /// The root of run `i`, halving the path on the way.
    #[inline]
    fn find(&mut self, mut i: usize) -> usize {
        const M: usize = SCAN_SLOTS - 1;
        loop {
            let p = usize::from(self.parent[i & M]);
            if p == i {
                return i;
            }
            let gp = self.parent[p & M];
            self.parent[i & M] = gp;
            i = usize::from(gp);
        }
    }

    /// Joins the groups of runs `a` and `b` under the smaller root index, adding the sizes;
    /// whether they were two groups.
    #[inline]
    fn union(&mut self, a: usize, b: usize) -> bool {
        const M: usize = SCAN_SLOTS - 1;
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return false;
        }
        let (lo, hi) = (ra.min(rb) & M, ra.max(rb) & M);
        self.parent[hi] = lo as u16;
        self.count[lo] += self.count[hi];
        true
    }
}

fn count(p: &Plane) -> u32 {
    p.iter().map(|w| w.count_ones()).sum()
}

impl Board {
    /// A box of side `size` (1..=26) whose cell at `row` (0 = top), `column` holds
    /// `fruit(row, column)`: a digit 0..=9 or `None` for empty. The lead starts at zero.
    ///
    /// # Errors
    /// [`BoardError`] for a bad side or fruit type, fruit floating above an empty cell, or a box
    /// with no fruit at all.
    pub fn from_fn(
        size: usize,
        mut fruit: impl FnMut(Row, Column) -> Option<u8>,
    ) -> Result<Board, BoardError> {
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(BoardError::BadSize);
        }
        let mut board = Board {
            planes: [[0; WORDS]; MAX_KINDS],
            size: size as u8,
            kinds: 0,
            lead: 0,
        };
        for (row, column) in cells(size) {
            if let Some(f) = fruit(row, column) {
                let plane = board
                    .planes
                    .get_mut(usize::from(f))
                    .ok_or(BoardError::BadFruit)?;
                let bit = column.index() * 32 + (size - 1 - row.index());
                plane[bit >> 6] |= 1 << (bit & 63);
                board.kinds = board.kinds.max(f + 1);
            }
        }
        for col in 0..size {
            let occupied = board.column_occupancy(col);
            if occupied & occupied.wrapping_add(1) != 0 {
                return Err(BoardError::Floating { column: col as u8 });
            }
        }
        if board.is_over() {
            return Err(BoardError::Empty);
        }
        Ok(board)
    }

    /// A full box of side `size` (1..=26) with fruit types `0..kinds` (1..=10) drawn from a
    /// generator seeded with `seed`: the start of a game.
    ///
    /// # Errors
    /// [`BoardError::BadSize`] or [`BoardError::BadFruit`] for a side or type count out of range.
    pub fn random(size: usize, kinds: u8, seed: u64) -> Result<Board, BoardError> {
        if kinds == 0 || usize::from(kinds) > MAX_KINDS {
            return Err(BoardError::BadFruit);
        }
        let mut state = seed;
        Board::from_fn(size, |_, _| {
            let r = splitmix(&mut state);
            Some((((r >> 32) * u64::from(kinds)) >> 32) as u8)
        })
    }

    fn words(&self) -> usize {
        usize::from(self.size).div_ceil(2)
    }

    fn column_occupancy(&self, col: usize) -> u32 {
        self.planes.iter().fold(0, |acc, p| acc | column(p, col))
    }

    /// The side of the box.
    pub fn size(&self) -> usize {
        usize::from(self.size)
    }

    /// One more than the highest fruit type present at the start (the planes in use).
    pub fn kinds(&self) -> u8 {
        self.kinds
    }

    /// The score difference so far, for the side to move (the mover's points minus the
    /// other's). Zero for a parsed box: the contest input does not give the scores.
    pub fn lead(&self) -> i32 {
        self.lead
    }

    /// The same box with the lead set to `lead`, clamped to ±[`MAX_LEAD`].
    pub fn with_lead(mut self, lead: i32) -> Board {
        self.lead = lead.clamp(-MAX_LEAD, MAX_LEAD);
        self
    }

    /// The number of fruits left.
    pub fn cells(&self) -> u32 {
        self.planes.iter().map(count).sum()
    }

    /// Whether the box is empty (the game is over).
    pub fn is_over(&self) -> bool {
        self.planes.iter().all(|p| p.iter().all(|&w| w == 0))
    }

    /// The fruit at `row` (0 = top), `column`, or `None` for an empty or outside cell.
    pub fn fruit_at(&self, row: Row, column: Column) -> Option<u8> {
        let size = self.size();
        let (row, column) = (row.index(), column.index());
        if column >= size || row >= size {
            return None;
        }
        let bit = column * 32 + (size - 1 - row);
        let (w, b) = (bit >> 6, bit & 63);
        (0..MAX_KINDS as u8).find(|&f| self.planes[usize::from(f)][w] >> b & 1 != 0)
    }

    /// The groups of the box, largest first; among groups of one size, by fruit type, then
    /// lowest column-major cell first.
    pub fn legal_moves(&self) -> MoveList {
        // A counting sort by size: groups are found by type and cell, counted per size, then
        // placed block by block, largest size first.
        let mut found = MoveList::new();
        let mut per_size = [0u16; MAX_GROUPS + 1];
        let mut largest = 0;
        self.for_each_group(|fruit, bit, size| {
            found.push(Move {
                bit,
                fruit,
                size: size as u16,
            });
            if let Some(n) = per_size.get_mut(size as usize) {
                *n += 1;
            }
            largest = largest.max(size as usize);
        });
        let mut start = 0;
        for n in per_size.iter_mut().take(largest + 1).rev() {
            let count = *n;
            *n = start;
            start += count;
        }
        let mut moves = MoveList::new();
        for _ in 0..found.len() {
            moves.push(Move::default());
        }
        let slots = moves.as_mut_slice();
        for &mv in found.iter() {
            if let Some(next) = per_size.get_mut(usize::from(mv.size)) {
                if let Some(slot) = slots.get_mut(usize::from(*next)) {
                    *slot = mv;
                }
                *next += 1;
            }
        }
        moves
    }

    /// Fills `out` with the sizes of the largest groups, largest first (zeros when the box has
    /// fewer groups), without building the move list.
    pub fn largest_groups(&self, out: &mut [u32]) {
        out.fill(0);
        self.for_each_group(|_, _, size| {
            let mut size = size;
            for slot in out.iter_mut() {
                if size > *slot {
                    core::mem::swap(slot, &mut size);
                }
            }
        });
    }

    /// Calls `f(fruit, lowest bit, size)` for every group: by fruit type, then by lowest
    /// column-major bit. See [`Scan::groups`] (which a caller scanning many boxes should keep).
    #[inline]
    pub fn for_each_group(&self, f: impl FnMut(u8, u16, u32)) {
        Scan::new().groups(self, f);
    }

    /// The fruit type at column-major bit `bit` (0 for an empty or outside cell).
    #[inline]
    pub fn fruit_of(&self, bit: u16) -> u8 {
        let (w, b) = (usize::from(bit >> 6), bit & 63);
        let mut fruit = 0;
        for (f, plane) in self.planes.iter().enumerate().take(usize::from(self.kinds)) {
            if plane.get(w).is_some_and(|x| x >> b & 1 != 0) {
                fruit = f as u8;
            }
        }
        fruit
    }

    /// The cells of the group `mv` names (empty if `mv` names no fruit of its type).
    pub fn group(&self, mv: Move) -> Plane {
        let Some(plane) = self.planes.get(usize::from(mv.fruit)) else {
            return [0; WORDS];
        };
        let (w, b) = (usize::from(mv.bit >> 6), mv.bit & 63);
        let mut seed = [0; WORDS];
        match (seed.get_mut(w), plane.get(w)) {
            (Some(s), Some(&p)) if p >> b & 1 != 0 => *s = 1 << b,
            _ => return [0; WORDS],
        }
        flood(plane, seed, w, self.words()).0
    }

    /// The contest's name for `mv`: the group's first cell in row-major order (top row first,
    /// then leftmost).
    pub fn label(&self, mv: Move) -> Cell {
        let group = self.group(mv);
        let mut best = (0u32, 0usize);
        for c in 0..self.size() {
            let bits = column(&group, c);
            if bits != 0 {
                let height = 32 - bits.leading_zeros();
                if height > best.0 {
                    best = (height, c);
                }
            }
        }
        let row = (self.size() as u32).saturating_sub(best.0);
        Cell {
            row: row as u8,
            column: best.1 as u8,
        }
    }

    /// The group holding `cell`.
    ///
    /// # Errors
    /// [`IllegalMoveError::OutsideBox`] or [`IllegalMoveError::EmptyCell`].
    pub fn move_at(&self, cell: Cell) -> Result<Move, IllegalMoveError> {
        let (col, row) = (usize::from(cell.column), usize::from(cell.row));
        if col >= self.size() || row >= self.size() {
            return Err(IllegalMoveError::OutsideBox);
        }
        let fruit = self
            .fruit_at(Row(cell.row), Column(cell.column))
            .ok_or(IllegalMoveError::EmptyCell)?;
        let bit = col * 32 + (self.size() - 1 - row);
        let probe = Move {
            bit: bit as u16,
            fruit,
            size: 0,
        };
        let group = self.group(probe);
        let lowest = group
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
            .unwrap_or(bit);
        Ok(Move {
            bit: lowest as u16,
            fruit,
            size: count(&group) as u16,
        })
    }

    /// The position after claiming `mv`, checked.
    ///
    /// # Errors
    /// [`IllegalMoveError::NotAGroup`] when `mv` is not one of [`Board::legal_moves`].
    pub fn play(&self, mv: Move) -> Result<Board, IllegalMoveError> {
        let group = self.group(mv);
        let lowest = group
            .iter()
            .position(|&w| w != 0)
            .map(|i| i * 64 + group[i].trailing_zeros() as usize);
        if lowest != Some(usize::from(mv.bit)) || count(&group) != mv.size() {
            return Err(IllegalMoveError::NotAGroup);
        }
        Ok(self.play_unchecked(mv))
    }

    /// The position after claiming `mv`, which must be one of [`Board::legal_moves`]: the group
    /// empties, fruit above it falls, the mover scores its size squared, and the turn passes.
    pub fn play_unchecked(&self, mv: Move) -> Board {
        let group = self.group(mv);
        let mut next = *self;
        let points = {
            let s = count(&group) as i32;
            s * s
        };
        for c in 0..self.size() {
            let removed = column(&group, c);
            if removed == 0 {
                continue;
            }
            for plane in next.planes.iter_mut().take(usize::from(self.kinds)) {
                let bits = column(plane, c);
                if bits != 0 {
                    set_column(plane, c, compact(bits, removed));
                }
            }
        }
        next.lead = self
            .lead
            .saturating_add(points)
            .clamp(-MAX_LEAD, MAX_LEAD)
            .saturating_neg();
        next
    }

    /// A 64-bit hash of the cells and the lead (equal boards hash equal).
    pub fn hash(&self) -> u64 {
        self.hash_with_lead(self.lead)
    }

    /// A 64-bit hash of the cells alone: boxes that differ only in their leads hash equal (a
    /// search valuing the points still to come shares their entries).
    pub fn cells_hash(&self) -> u64 {
        self.hash_with_lead(0)
    }

    fn hash_with_lead(&self, lead: i32) -> u64 {
        let mut h =
            0x243F_6A88_85A3_08D3u64 ^ u64::from(lead as u32) ^ (u64::from(self.size) << 40);
        let words = self.words();
        for (fruit, plane) in self.planes.iter().enumerate().take(usize::from(self.kinds)) {
            // A type no longer on the box hashes as if the box never had it.
            if plane.iter().take(words).all(|&w| w == 0) {
                continue;
            }
            h = (h ^ fruit as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93);
            for &w in plane.iter().take(words) {
                h = (h.rotate_left(23) ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            }
        }
        h ^= h >> 31;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^ h >> 29
    }
}

/// One step of the splitmix64 generator.
pub(crate) fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ z >> 30).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ z >> 27).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ z >> 31
}

/// The box as the contest prints it: `size` lines of digits and `*`, each ending in `\n`.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.size() {
            for col in 0..self.size() {
                let c = match self.fruit_at(Row(row as u8), Column(col as u8)) {
                    Some(d) => char::from(b'0' + d),
                    None => '*',
                };
                fmt::Write::write_char(f, c)?;
            }
            fmt::Write::write_char(f, '\n')?;
        }
        Ok(())
    }
}

impl Game for Board {
    type Move = Move;
    type MoveList = MoveList;

    fn legal_moves(&self) -> MoveList {
        Board::legal_moves(self)
    }

    fn play_unchecked(&self, mv: Move) -> Board {
        Board::play_unchecked(self, mv)
    }

    fn outcome(&self) -> Option<Score> {
        if self.is_over() {
            Some(self.lead)
        } else {
            None
        }
    }

    fn hash(&self) -> u64 {
        Board::hash(self)
    }

    fn move_key(mv: Move) -> u16 {
        mv.bit
    }
}
