//! Botzone's repetition ("circular move") rule and the game record it needs.
//!
//! Let `H[0]` be the start board and `H[k]` the board right after ply `k`'s piece is placed
//! (a jump's source emptied) but before captures. Ply `k` is circular when some `i ≤ k − 3`
//! has `H[i] = H[k−1]` and `H[i+1] = H[k]` (and, as the judge checks it, `k ≥ 4`). The side to
//! move is not compared.

use super::board::{Board, IllegalMoveError, PLY_LIMIT, Rules};
use super::moves::Move;

/// The pieces of one history board: `(black, white)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Snapshot {
    /// Black's pieces.
    pub black: u64,
    /// White's pieces.
    pub white: u64,
}

/// How many boards a Botzone game can record: the start board and one per ply.
pub const HISTORY_CAPACITY: usize = PLY_LIMIT as usize + 1;

/// The pre-capture boards `H[0..]` of one Botzone game, in a fixed-capacity array.
#[derive(Clone, Debug)]
pub struct History {
    boards: [Snapshot; HISTORY_CAPACITY],
    len: usize,
}

impl History {
    /// A history holding only `start` as `H[0]`.
    pub fn new(start: &Board) -> Self {
        let mut boards = [Snapshot::default(); HISTORY_CAPACITY];
        boards[0] = Snapshot {
            black: start.black,
            white: start.white,
        };
        History { boards, len: 1 }
    }

    /// The number of boards recorded (plies played + 1).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether nothing is recorded (never: `H[0]` is always there).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The recorded boards, `H[0]` first.
    pub fn boards(&self) -> &[Snapshot] {
        self.boards.get(..self.len).unwrap_or(&[])
    }

    /// Appends the pre-capture board of the next ply.
    pub fn push(&mut self, snapshot: Snapshot) -> Result<(), IllegalMoveError> {
        let slot = self
            .boards
            .get_mut(self.len)
            .ok_or(IllegalMoveError::HistoryFull)?;
        *slot = snapshot;
        self.len += 1;
        Ok(())
    }

    /// Calls `f` with every board `H[i+1]` that would make the next ply circular: those whose
    /// predecessor `H[i]` (with `i ≤ k − 3`, `k` the next ply) equals the last board `H[k−1]`.
    fn for_each_forbidden(&self, mut f: impl FnMut(Snapshot) -> bool) -> bool {
        let k = self.len;
        if k < 4 {
            return false;
        }
        let Some(&last) = self.boards.get(k - 1) else {
            return false;
        };
        for i in 0..=(k - 3) {
            if self.boards.get(i) == Some(&last) {
                if let Some(&next) = self.boards.get(i + 1) {
                    if f(next) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether playing `mv` on `board` (the position after the recorded plies) would be a
    /// circular move.
    pub fn is_circular(&self, board: &Board, mv: Move) -> bool {
        let (black, white) = board.placed(mv);
        let candidate = Snapshot { black, white };
        self.for_each_forbidden(|forbidden| forbidden == candidate)
    }
}

/// A Botzone game in progress: the current board and its history, played with checked moves.
#[derive(Clone, Debug)]
pub struct Match {
    board: Board,
    history: History,
}

impl Default for Match {
    fn default() -> Self {
        Self::new()
    }
}

impl Match {
    /// A new game from the start position under Botzone rules.
    pub fn new() -> Self {
        let board = Board::start(Rules::Botzone);
        Match {
            history: History::new(&board),
            board,
        }
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The history so far.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Plays a legal move (a circular one too: the judge's refusal is the mover's loss, not
    /// an impossible position), recording its pre-capture board.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        let next = self.board.play(mv)?;
        let (black, white) = self.board.placed(mv);
        self.history.push(Snapshot { black, white })?;
        self.board = next;
        Ok(())
    }
}
