//! Botzone's repetition ("circular move") rule and the game record it needs.
//!
//! Let `H[0]` be the start board and `H[k]` the board right after ply `k`'s piece is placed
//! (a jump's source emptied) but before captures. Ply `k` is circular when some `i ≤ k − 3`
//! has `H[i] = H[k−1]` and `H[i+1] = H[k]` (and, as the judge checks it, `k ≥ 4`). The side to
//! move is not compared.

use super::board::{Board, IllegalMoveError, PLY_LIMIT, Rules};
use super::moves::{BotzoneMove, Move};
use crate::bitboard::Bitboard;
use core::fmt;

/// The pieces of one history board: `(black, white)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Snapshot {
    /// Black's pieces.
    pub black: Bitboard,
    /// White's pieces.
    pub white: Bitboard,
}

/// How many boards a Botzone game can record: the start board and one per ply.
pub const HISTORY_CAPACITY: usize = PLY_LIMIT as usize + 1;

/// The pre-capture boards `H[0..]` of one Botzone game, in a fixed-capacity array.
#[derive(Clone, Debug, PartialEq, Eq)]
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

/// Why a move given in Botzone form was refused by [`Match::play_botzone`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The move is not legal where it is played (or the game was already over).
    Illegal {
        /// The ply it would have been, counting from 1.
        ply: u16,
        /// The move as given.
        mv: BotzoneMove,
        /// Why it is not legal.
        error: IllegalMoveError,
    },
    /// The move is legal but circular: the judge ends the game there, so no real game goes on
    /// after it.
    Circular {
        /// The ply it would have been, counting from 1.
        ply: u16,
        /// The move as given.
        mv: BotzoneMove,
    },
}

impl ReplayError {
    /// The ply of the refused move, counting from 1.
    pub fn ply(&self) -> u16 {
        match *self {
            ReplayError::Illegal { ply, .. } | ReplayError::Circular { ply, .. } => ply,
        }
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Illegal { ply, mv, error } => write!(f, "{mv} at ply {ply}: {error}"),
            ReplayError::Circular { ply, mv } => write!(
                f,
                "{mv} at ply {ply}: circular move (the judge ends the game there)"
            ),
        }
    }
}

impl core::error::Error for ReplayError {}

/// How many positions of a game since its last copy a [`Match`] keeps for the repetition
/// draw (standard rules); older ones are forgotten.
pub const REPETITION_CAPACITY: usize = 128;

/// A game in progress: the current board and what the rules need of the game before it,
/// played with checked moves. Under Botzone's rules that is the [`History`] of pre-capture
/// boards (the circular-move rule); under standard rules, the positions since the last copy
/// (a return to one of them is a repetition, which the search scores as a draw).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    board: Board,
    history: History,
    /// [`crate::Game::hash`]es of the positions before `board` since its last copy, oldest
    /// first (standard rules only).
    since_copy: [u64; REPETITION_CAPACITY],
    since_copy_len: usize,
}

impl Default for Match {
    fn default() -> Self {
        Self::new()
    }
}

impl Match {
    /// A new game from the start position under Botzone rules.
    pub fn new() -> Self {
        Self::from_board(Board::start(Rules::Botzone))
    }

    /// A game that starts at `board` (under its rules), with nothing before it.
    pub fn from_board(board: Board) -> Self {
        Match {
            history: History::new(&board),
            board,
            since_copy: [0; REPETITION_CAPACITY],
            since_copy_len: 0,
        }
    }

    /// A game at `board` (under its rules) after the Botzone history `history`, which is
    /// taken as it is (tests and tools that build a history by hand; a real game comes from
    /// [`Match::play`] or [`Match::replay_botzone`]). Nothing is known of the positions since
    /// the last copy.
    pub fn with_history(board: Board, history: History) -> Self {
        Match {
            history,
            ..Self::from_board(board)
        }
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The history so far (Botzone's rules; under standard rules only the start board).
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The [`crate::Game::hash`]es of the positions before the current one since the last
    /// copy, oldest first (standard rules; empty under Botzone's, whose rule is the circular
    /// move). At most [`REPETITION_CAPACITY`], the latest.
    pub fn since_copy(&self) -> &[u64] {
        self.since_copy.get(..self.since_copy_len).unwrap_or(&[])
    }

    /// Plays a legal move (a circular one too: the judge's refusal is the mover's loss, not
    /// an impossible position), recording its pre-capture board under Botzone's rules, or the
    /// position it leaves under standard rules.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        let next = self.board.play(mv)?;
        match self.board.rules() {
            Rules::Botzone => {
                let (black, white) = self.board.placed(mv);
                self.history.push(Snapshot { black, white })?;
            }
            Rules::Standard => {
                if matches!(mv, Move::Single(_)) {
                    // A copy adds a piece: no later position can equal an earlier one.
                    self.since_copy_len = 0;
                } else {
                    if self.since_copy_len == REPETITION_CAPACITY {
                        self.since_copy.copy_within(1.., 0);
                        self.since_copy_len -= 1;
                    }
                    if let Some(slot) = self.since_copy.get_mut(self.since_copy_len) {
                        *slot = <Board as crate::Game>::hash(&self.board);
                        self.since_copy_len += 1;
                    }
                }
            }
        }
        self.board = next;
        Ok(())
    }

    /// Plays a move given in Botzone form as the judge accepts it: legal where it is played
    /// and not circular. This is the one check every replay of a Botzone history goes
    /// through (the bot, the C API): a history with a circular move cannot come from a real
    /// game, because the judge ends the game at it.
    ///
    /// # Errors
    /// [`ReplayError::Illegal`] or [`ReplayError::Circular`]; the game is then unchanged.
    pub fn play_botzone(&mut self, bm: BotzoneMove) -> Result<Move, ReplayError> {
        let ply = self.board.ply().saturating_add(1);
        let illegal = |error| ReplayError::Illegal { ply, mv: bm, error };
        let mv = self.board.parse_botzone(bm).map_err(illegal)?;
        if self.history.is_circular(&self.board, mv) {
            return Err(ReplayError::Circular { ply, mv: bm });
        }
        self.play(mv).map_err(illegal)?;
        Ok(mv)
    }

    /// Replays a Botzone history from the start position, black's first move first, with
    /// [`Match::play_botzone`].
    ///
    /// # Errors
    /// The first move refused.
    pub fn replay_botzone(
        moves: impl IntoIterator<Item = BotzoneMove>,
    ) -> Result<Match, ReplayError> {
        let mut game = Match::new();
        for bm in moves {
            game.play_botzone(bm)?;
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bz(x0: i32, y0: i32, x1: i32, y1: i32) -> BotzoneMove {
        BotzoneMove { x0, y0, x1, y1 }
    }

    #[test]
    fn replay_refuses_a_circular_move_and_an_illegal_one_naming_the_ply() {
        let back_and_forth = [
            bz(0, 0, 2, 0),
            bz(6, 0, 4, 0),
            bz(2, 0, 0, 0),
            bz(4, 0, 6, 0),
        ];
        let game = Match::replay_botzone(back_and_forth).expect("four legal plies");
        assert_eq!((game.board().ply(), game.history().len()), (4, 5));
        let circular = back_and_forth.into_iter().chain([bz(0, 0, 2, 0)]);
        let error = Match::replay_botzone(circular).unwrap_err();
        assert_eq!(
            error,
            ReplayError::Circular {
                ply: 5,
                mv: bz(0, 0, 2, 0)
            }
        );
        assert_eq!(error.ply(), 5);
        let illegal = [bz(0, 0, 1, 1), bz(0, 0, 1, 0)];
        assert_eq!(
            Match::replay_botzone(illegal).unwrap_err(),
            ReplayError::Illegal {
                ply: 2,
                mv: bz(0, 0, 1, 0),
                error: IllegalMoveError::NotLegal
            }
        );
        // A refused move leaves the game as it was.
        let mut game = Match::replay_botzone(back_and_forth).unwrap();
        assert!(game.play_botzone(bz(0, 0, 2, 0)).is_err());
        assert_eq!(game.board().ply(), 4);
        assert!(game.play_botzone(bz(0, 0, 1, 0)).is_ok());
    }
}
