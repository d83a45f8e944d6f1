//! What the Ataxx tests share (with `tests/it/ataxx` too, which includes this file): history
//! entries, Botzone moves, and the player's choice after a history.

use duel_core::Colour;
use duel_core::ataxx::{Board, BotzoneMove, History, Match, Move, Player, Snapshot};
use duel_core::{Budget, Entry, Player as _, SearchResult, TimeUse};

/// The pieces of `board` as a history entry.
pub(crate) fn snap(board: &Board) -> Snapshot {
    Snapshot {
        black: board.pieces(Colour::Black),
        white: board.pieces(Colour::White),
    }
}

/// A Botzone move from its four numbers.
pub(crate) fn bz(x0: i32, y0: i32, x1: i32, y1: i32) -> BotzoneMove {
    BotzoneMove { x0, y0, x1, y1 }
}

/// Plays a Botzone move in `game`, which must accept it.
pub(crate) fn play_bz(game: &mut Match, m: BotzoneMove) {
    let mv = game.board().parse_botzone(m).unwrap();
    game.play(mv).unwrap();
}

/// What the Ataxx player answers at `depth` with a table of `entries` for `board` after the
/// Botzone history `history`.
pub(crate) fn search_choice(
    board: &Board,
    history: &History,
    depth: u8,
    entries: usize,
) -> SearchResult<Move> {
    let mut table = vec![Entry::default(); entries];
    let game = Match::with_history(*board, history.clone());
    let mut budget = Budget::unlimited().with_max_depth(depth);
    let d = Player::new(&mut table, TimeUse::ThisMove)
        .choose(&game, &mut budget)
        .unwrap();
    SearchResult {
        best: Some(d.mv),
        score: d.score,
        depth: d.depth,
        nodes: d.nodes,
    }
}
