//! The Reversi contest's whole-game state: what the C++ `move` (and the `reversi` program in
//! its contest mode) keeps between calls, since a call is told no game, no clock and no
//! history, only a board.
//!
//! A [`Session`] tells games apart by position ([`follows`]: discs are never removed and
//! every move adds one), keeps up to [`GAMES`] of them, each with its own table (a slice the
//! caller provides: nothing is allocated) and its own clock of thinking time ([`GAME_MICROS`]
//! of the contest's 10 seconds), and gives duel's [`Player`] what is left of that clock; the
//! player's time manager spends this move's share of it.

use super::board::{Board, Move, follows};
use super::book::Book;
use super::player::Player;
use crate::Player as _;
use crate::bitboard::Bitboard;
use crate::budget::Clock;
use crate::limits::{Allowance, Limits};
use crate::player::Decision;
use crate::tt::Entry;

/// Games a session tells apart at once: a process that plays two games, one after the other
/// or interleaved, keeps a table and a clock for each.
pub const GAMES: usize = 2;

/// The contest allows 10 s of thinking a game; this much of it is a session's to spend, the
/// rest is margin for the grader's own overhead, reading and writing, and clock differences.
pub const GAME_MICROS: u64 = 8_500_000;

/// Table entries the contest's programs give each game: 2^21 entries, 32 MiB of the
/// contest's 256 MiB.
pub const TABLE_ENTRIES: usize = 1 << 21;

/// One game's state between calls.
struct Game<'t> {
    table: &'t mut [Entry],
    /// Thinking time left for this game.
    remaining_micros: u64,
    /// The squares occupied at this game's previous call (none before its first).
    occupied: Bitboard,
}

impl Game<'_> {
    /// Whether a position with `occupied` squares can follow this game's last one.
    fn continues_with(&self, occupied: Bitboard) -> bool {
        follows(self.occupied, occupied)
    }
}

/// The contest's games as `move` sees them: each call's board is matched to the game it
/// continues, or starts a new one (replacing the least recently played game when [`GAMES`]
/// are kept), and is answered from that game's table and clock.
pub struct Session<'t> {
    /// The games, the most recently played first.
    games: [Game<'t>; GAMES],
    /// How many of `games` have been started (the rest are fresh slots at the back).
    started: usize,
    /// A node limit a move instead of the clock (reproducible play for tests and tools).
    node_limit: Option<u64>,
    /// The opening book consulted before any search.
    book: Option<Book<'t>>,
}

impl<'t> Session<'t> {
    /// A session whose games use `tables` (one a game, any length; [`TABLE_ENTRIES`] is the
    /// contest's), each cleared when a game starts in it.
    pub fn new(tables: [&'t mut [Entry]; GAMES]) -> Self {
        let [first, second] = tables;
        let game = |table| Game {
            table,
            remaining_micros: GAME_MICROS,
            occupied: Bitboard::EMPTY,
        };
        Self {
            games: [game(first), game(second)],
            started: 0,
            node_limit: None,
            book: None,
        }
    }

    /// This session searching at most `nodes` nodes a move (when `Some`), reading no clock, so
    /// that its play is reproducible; `None` plays on the game's clock.
    pub fn with_node_limit(mut self, nodes: Option<u64>) -> Self {
        self.node_limit = nodes.map(|n| n.max(1));
        self
    }

    /// This session playing from `book` where it holds the position (`reversi --book` passes
    /// [`Book::committed`]); `None`, the default, plays without one. A book move takes no
    /// thinking time, which the clock then has for the middle game.
    pub fn with_book(mut self, book: Option<Book<'t>>) -> Self {
        self.book = book;
        self
    }

    /// Chooses a move for `board` (the side to move is to play) in the game it belongs to,
    /// with what is left of that game's thinking time on `clock` (counted from this call), and
    /// charges the time taken to that game. `None` when the game is over.
    pub fn choose(&mut self, board: &Board, clock: &dyn Clock) -> Option<Decision<Move>> {
        let started = clock.now_micros();
        let occupied = board.occupied();
        let index = match self.games.iter().position(|g| g.continues_with(occupied)) {
            Some(i) => i,
            None => {
                if self.started < GAMES {
                    self.started += 1;
                }
                let last = self.started - 1;
                let game = &mut self.games[last];
                game.remaining_micros = GAME_MICROS;
                game.table.fill(Entry::default());
                last
            }
        };
        // The game being played moves to the front; the least recently played is at the back.
        self.games[..=index].rotate_right(1);
        let game = &mut self.games[0];
        game.occupied = occupied;

        // A node limit replaces the game's clock: the moves are then reproducible.
        let game_clock = Limits::time(Allowance::Clock {
            left: game.remaining_micros,
            increment: 0,
        });
        let (mut budget, time) = game_clock.or_nodes(self.node_limit).budget(clock, started);
        let mut player = Player::new(game.table, time);
        if let Some(book) = self.book {
            player = player.with_book(book);
        }
        let decision = player.choose(board, &mut budget);
        let spent = clock.now_micros().saturating_sub(started);
        game.remaining_micros = game.remaining_micros.saturating_sub(spent);
        decision
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game as _;
    use core::cell::Cell;

    /// A clock that moves 1 ms at every reading.
    struct Ticking(Cell<u64>);

    impl Clock for Ticking {
        fn now_micros(&self) -> u64 {
            self.0.set(self.0.get() + 1_000);
            self.0.get()
        }
    }

    #[test]
    fn a_position_continues_a_game_only_when_it_keeps_every_disc_and_adds_one() {
        let mut table = [];
        let mut game = Game {
            table: &mut table,
            remaining_micros: 0,
            occupied: Bitboard(0b0111),
        };
        assert!(game.continues_with(Bitboard(0b1111)));
        assert!(!game.continues_with(Bitboard(0b0111)), "no disc added");
        assert!(!game.continues_with(Bitboard(0b1011)), "a disc removed");
        game.occupied = Bitboard::EMPTY;
        assert!(
            !game.continues_with(Bitboard(0b1)),
            "a fresh slot continues nothing"
        );
    }

    /// The board after `moves` plies from the start, each the legal move at `pick` (modulo).
    fn after(moves: usize, pick: usize) -> Board {
        let mut board = Board::start();
        for _ in 0..moves {
            let legal = board.legal_moves();
            let mv = legal.as_slice()[pick % legal.len()];
            board = board.play(mv).unwrap();
        }
        board
    }

    #[test]
    fn two_interleaved_games_keep_their_own_clocks_and_a_third_replaces_the_older() {
        let (mut a, mut b) = ([Entry::default(); 64], [Entry::default(); 64]);
        let mut session = Session::new([&mut a, &mut b]);
        let clock = Ticking(Cell::new(0));
        // Game one, then game two (a different line), then game one again.
        let one = after(1, 0);
        let two = after(1, 1);
        assert!(session.choose(&one, &clock).is_some());
        assert!(session.choose(&two, &clock).is_some());
        assert_eq!(session.started, 2);
        let one_left = session.games[1].remaining_micros;
        assert!(one_left < GAME_MICROS);
        assert!(session.choose(&after(3, 0), &clock).is_some());
        assert_eq!(session.games[0].occupied, after(3, 0).occupied());
        assert!(
            session.games[0].remaining_micros < one_left,
            "game one's clock ran on"
        );
        // A position neither game can reach starts a new game in game two's slot.
        let fresh = Board::start();
        assert!(session.choose(&fresh, &clock).is_some());
        assert_eq!(session.started, 2);
        assert_eq!(session.games[0].occupied, fresh.occupied());
        assert!(session.games[0].remaining_micros < GAME_MICROS);
        assert_eq!(session.games[1].occupied, after(3, 0).occupied());
    }

    #[test]
    fn a_node_limit_makes_play_reproducible() {
        let (mut a, mut b) = ([Entry::default(); 256], [Entry::default(); 256]);
        let (mut c, mut d) = ([Entry::default(); 256], [Entry::default(); 256]);
        let mut first = Session::new([&mut a, &mut b]).with_node_limit(Some(500));
        let mut second = Session::new([&mut c, &mut d]).with_node_limit(Some(500));
        let clock = Ticking(Cell::new(0));
        let mut board = Board::start();
        for _ in 0..8 {
            let x = first.choose(&board, &clock).unwrap();
            let y = second.choose(&board, &clock).unwrap();
            assert_eq!(x.mv, y.mv);
            assert!(x.nodes <= 500);
            board = board.play(x.mv).unwrap();
        }
    }
}
