//! Filler: two players flood an N×N board of ten colours from opposite corners.
//!
//! Rules: `docs/rules/filler.md`. A player owns the region of its start cell (top-left
//! for the side the protocol shows the board to, bottom-right for the other); a move repaints
//! the territory in a colour other than the opponent's and absorbs every cell of that colour it
//! then reaches. The game ends when every cell is owned or after the move limit (50 moves in
//! total by default); more cells wins.
//!
//! In a real game each territory is exactly the region of its start cell, so a protocol board
//! (which carries no move count) rebuilds the position; [`Board::from_grid`] assumes no move
//! was played unless told otherwise. Any board is accepted: when both start cells share a colour
//! and their regions meet, the side to move owns the region and the opponent starts with
//! nothing; there is always a colour other than the forbidden one (the opponent's start colour).
//!
//! Blockades: when every unowned cell next to the opponent has one colour C, choosing C every
//! move keeps the opponent from ever growing, and a side that does it without gaining grows
//! no more either: both keep their cells to the move limit, a draw. Minimax takes that draw
//! whenever breaking the blockade lets a perfect opponent take C first and come out ahead,
//! though an opponent that is not perfect (the statement's random player takes C one move in
//! nine) loses the race that follows. So the search never considers a block that gains
//! nothing while a gaining colour is on offer ([`Board::useful_moves`]); a block when nothing
//! gains costs no tempo and stays. The rules' moves ([`Board`]'s [`Game`](crate::Game)
//! implementation) are every allowed colour; the engine searches [`Useful`], the same positions
//! offering only their useful moves. Near the move limit a blockade cannot outlast the game,
//! so there the useful moves are the [exact ones](Board::exact_moves): every gain, every
//! block, and one colour that does neither; minimax over them is minimax over every colour,
//! and the search to the limit finds the best final count.
//!
//! - [`cells`]: [`Cells`], the bitset over a board up to 20×20, and its flood fill.
//! - [`grid`]: [`Grid`], the colours as the protocol writes them, and its parser.
//! - [`board`]: [`Board`], the position relative to the side to move; [`Move`]; the rules.
//! - [`eval`]: [`Heuristic`], the evaluation.
//! - [`fitted`]: [`fitted::Weights`], its weights fitted by phase, and the features.
//! - [`race`]: [`race::race`], the evaluation's flood-distance race, fast.
//! - [`useful`]: [`Useful`], the narrower game the engine searches.
//! - [`tempo`]: the move count estimated from a board that does not show it.
//! - [`train`]: the engine's search (`choose`, `choose_with`) and the greedy and random
//!   colours, for the trainers; crate-private otherwise, and they may change.
//! - [`builtin`]: the greedy and random colours as players ([`builtin::Greedy`],
//!   [`builtin::Random`]).
//!
//! ```
//! use duel_core::filler::{Board, Grid, Move};
//! let grid = Grid::parse(b"2\n1 1\n2 3\n").unwrap();
//! let board = Board::from_grid(&grid);
//! assert_eq!(board.own().count(), 2);
//! let next = board.play(Move::new(2).unwrap()).unwrap();
//! assert_eq!(next.opponent().count(), 3);
//! ```

pub mod board;
pub mod builtin;
pub mod cells;
pub(crate) mod engine;
pub mod eval;
pub mod fitted;
pub mod grid;
pub mod player;
pub mod race;
pub mod tempo;
pub mod train;
pub mod useful;

pub use board::{
    Board, CELL, DEFAULT_MOVE_LIMIT, EXACT_PLIES, IllegalMoveError, Move, MoveList, WIN,
};
pub use cells::{Cells, MAX_SIZE};
pub use eval::Heuristic;
pub use grid::{COLOURS, Grid, GridError, ParseError, ParseErrorKind};
pub use player::Player;
pub use useful::Useful;
