//! Ataxx as a [`Game`] for the generic search, the circular moves the Botzone move choice
//! filters at the root, and perft. Moves are chosen by [`super::Player`].

use super::board::{Board, MoveList};
use super::eval::{Eval, PIECE};
use super::history::History;
use super::moves::Move;
use crate::game::{Evaluator, Game, Score};

/// The score of a won game, before the final margin is added.
pub const WIN: Score = 1_000_000;

/// The score of a finished game for the side to move, from its final piece margin.
pub fn outcome_score(margin: i32) -> Score {
    margin.signum() * WIN + margin * PIECE
}

const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Game for Board {
    type Move = Move;
    type MoveList = MoveList;

    #[inline]
    fn legal_moves(&self) -> MoveList {
        Board::legal_moves(self)
    }

    #[inline]
    fn play_unchecked(&self, mv: Move) -> Self {
        Board::play_unchecked(self, mv)
    }

    fn outcome(&self) -> Option<Score> {
        self.final_margin().map(outcome_score)
    }

    fn hash(&self) -> u64 {
        let side = self.side as u64;
        // The counters matter only near their limits; hashing them only there keeps
        // transpositions between move orders that differ in jumps.
        let counters = match self.rules {
            super::Rules::Botzone if self.ply + 64 >= super::PLY_LIMIT => u64::from(self.ply) << 8,
            super::Rules::Standard if self.halfmove >= 36 => u64::from(self.halfmove) << 8,
            _ => 0,
        };
        mix(self.black.0 ^ mix(self.white.0 ^ mix(self.blocked.0 ^ side ^ counters)))
    }

    #[inline]
    fn move_key(mv: Move) -> u16 {
        match mv {
            Move::Single(to) => to.index() as u16,
            Move::Double(from, to) => 49 + (from.index() * 49 + to.index()) as u16,
            Move::Pass => 49 + 49 * 49,
        }
    }
}

/// A search node that is a [`Board`], with some moves excluded at the root only (Botzone's
/// circular moves). Its children exclude nothing.
#[derive(Clone, Copy, Debug)]
pub struct RootFiltered<'a> {
    /// The position.
    pub board: Board,
    /// Moves not to play from this node.
    pub excluded: &'a [Move],
}

impl Game for RootFiltered<'_> {
    type Move = Move;
    type MoveList = MoveList;

    fn legal_moves(&self) -> MoveList {
        let mut moves = self.board.legal_moves();
        if !self.excluded.is_empty() {
            let mut kept = MoveList::new();
            for &m in moves.iter().filter(|m| !self.excluded.contains(m)) {
                kept.push(m);
            }
            if !kept.is_empty() {
                moves = kept;
            }
        }
        moves
    }

    fn play_unchecked(&self, mv: Move) -> Self {
        RootFiltered {
            board: self.board.play_unchecked(mv),
            excluded: &[],
        }
    }

    fn outcome(&self) -> Option<Score> {
        self.board.outcome()
    }

    fn hash(&self) -> u64 {
        let salt = if self.excluded.is_empty() {
            0
        } else {
            0x5EED_F11E_7E4D_0000
        };
        self.board.hash() ^ salt
    }

    fn move_key(mv: Move) -> u16 {
        <Board as Game>::move_key(mv)
    }
}

impl Evaluator<RootFiltered<'_>> for Eval {
    fn evaluate(&self, pos: &RootFiltered<'_>) -> Score {
        self.score(&pos.board)
    }
}

/// The legal moves of `board` that `history` says would be circular.
pub fn circular_moves(board: &Board, history: &History) -> MoveList {
    let mut circular = MoveList::new();
    for &m in board.legal_moves().iter() {
        if history.is_circular(board, m) {
            circular.push(m);
        }
    }
    circular
}

/// The number of leaf nodes `depth` plies below `board` (a forced pass is a ply; a finished
/// game has no children).
pub fn perft(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => board.move_count(),
        _ => board
            .legal_moves_unordered()
            .iter()
            .map(|&m| perft(&board.play_unchecked(m), depth - 1))
            .sum(),
    }
}
