//! The Botzone repetition ("circular move") rule: real games, hand-built histories, the
//! formula, and the engine never choosing a circular move.

use super::naive::naive_circular;
use super::{bz, play_bz, search_choice, snap};
use crate::support::Rng;
use duel_core::Bitboard;
use duel_core::Colour;
use duel_core::ataxx::{Board, History, Match, Rules, Snapshot, circular_moves};

/// Black and white jump out and back: black's fifth-ply jump repeats ply 1 after the start
/// board came back, so it is circular; any other move is not.
#[test]
fn circular_move_in_a_real_game() {
    let mut game = Match::new();
    for m in [
        bz(0, 0, 2, 0),
        bz(6, 0, 4, 0),
        bz(2, 0, 0, 0),
        bz(4, 0, 6, 0),
    ] {
        play_bz(&mut game, m);
    }
    let board = *game.board();
    let repeat = board.parse_botzone(bz(0, 0, 2, 0)).unwrap();
    assert!(game.history().is_circular(&board, repeat));
    let circular = circular_moves(&board, game.history());
    assert_eq!(circular.as_slice(), &[repeat]);
    // The same jump from the other corner piece lands elsewhere: not circular.
    let other = board.parse_botzone(bz(6, 6, 4, 6)).unwrap();
    assert!(!game.history().is_circular(&board, other));
    // And the same move one ply earlier (k = 4 would need H[0] = H[3]) is not either.
    let mut early = Match::new();
    for m in [bz(0, 0, 2, 0), bz(6, 0, 4, 0), bz(2, 0, 0, 0)] {
        play_bz(&mut early, m);
    }
    let b = *early.board();
    for &m in b.legal_moves().iter() {
        assert!(!early.history().is_circular(&b, m));
    }
}

/// Hand-built histories around a capturing move: the rule compares the boards BEFORE
/// captures, so a history entry equal to the move's post-capture board does not make it
/// circular, and one equal to its pre-capture board does.
#[test]
fn circular_rule_compares_pre_capture_boards() {
    // Black to move; the copy to (1,1) captures the white piece on (2,2).
    let board = Board::from_fen("x6/7/2o4/7/7/7/6o x 0 1", Rules::Botzone).unwrap();
    let mv = board.parse_botzone(bz(0, 0, 1, 1)).unwrap();
    let (b, w) = board.placed(mv);
    let pre = Snapshot { black: b, white: w };
    let post = snap(&board.play(mv).unwrap());
    assert_ne!(pre, post);
    let last = Snapshot {
        black: board.pieces(Colour::Black),
        white: board.pieces(Colour::White),
    };
    let filler = Snapshot {
        black: Bitboard::square(20),
        white: Bitboard::square(30),
    };
    let build = |entries: &[Snapshot]| {
        let mut h = History::new(&Board::start(Rules::Botzone));
        for &s in entries {
            h.push(s).unwrap();
        }
        h
    };
    // H = [start, last, pre, filler, last]: i = 1 matches H[k-1] and H[2] = pre: circular.
    let h = build(&[last, pre, filler, last]);
    assert!(h.is_circular(&board, mv));
    assert!(naive_circular(h.boards(), pre));
    // Post-capture boards equal, pre-capture boards differ: not circular.
    let h = build(&[last, post, filler, last]);
    assert!(!h.is_circular(&board, mv));
    // The match of H[k-1] must be with i ≤ k−3: H[k-2] = last does not count.
    let h = build(&[filler, filler, pre, pre]);
    assert!(!h.is_circular(&board, mv));
    assert!(!naive_circular(h.boards(), pre));
    // The predecessor must be the pre-capture board H[k-1], not merely the current board:
    // if the last entry differs (a capture happened after it), nothing is circular.
    let h = build(&[last, pre, filler, filler]);
    assert!(!h.is_circular(&board, mv));
}

/// The bitboard history agrees with the formula on random histories drawn from a small
/// alphabet (so that repeats are common).
#[test]
fn circular_rule_agrees_with_formula() {
    let mut rng = Rng::new(7);
    let board = Board::from_fen("x1x4/1o5/2x4/7/3o3/7/o5x x 0 1", Rules::Botzone).unwrap();
    let moves = board.legal_moves();
    let mut alphabet: Vec<Snapshot> = moves
        .iter()
        .take(4)
        .map(|&m| {
            let (black, white) = board.placed(m);
            Snapshot { black, white }
        })
        .collect();
    alphabet.push(snap(&board));
    alphabet.push(Snapshot {
        black: Bitboard(3),
        white: Bitboard(12),
    });
    let mut circular_seen = 0;
    for _ in 0..3000 {
        let mut h = History::new(&Board::start(Rules::Botzone));
        let len = rng.below(12);
        for _ in 0..len {
            h.push(alphabet[rng.below(alphabet.len())]).unwrap();
        }
        for &m in moves.iter() {
            let (black, white) = board.placed(m);
            let expected = naive_circular(h.boards(), Snapshot { black, white });
            assert_eq!(h.is_circular(&board, m), expected);
            circular_seen += usize::from(expected);
        }
    }
    assert!(
        circular_seen > 100,
        "too few circular cases: {circular_seen}"
    );
}

/// The engine's favourite move, made circular by a hand-built history, is never chosen.
#[test]
fn choose_never_plays_a_circular_move() {
    let mut rng = Rng::new(11);
    for _ in 0..40 {
        // A position from a few random plies.
        let mut game = Match::new();
        for _ in 0..rng.below(12) {
            let moves = game.board().legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves.as_slice()[rng.below(moves.len())];
            game.play(mv).unwrap();
        }
        let board = *game.board();
        if board.legal_moves().len() < 2 {
            continue;
        }
        for depth in 1..=3 {
            let free = search_choice(&board, game.history(), depth, 1 << 12)
                .best
                .unwrap();
            // Forbid it: H ends with [.., X, placed(free), .., X] where X is the last entry.
            let last = *game.history().boards().last().unwrap();
            let (black, white) = board.placed(free);
            let mut h = History::new(&Board::start(Rules::Botzone));
            for &s in [last, Snapshot { black, white }, Snapshot::default(), last].iter() {
                h.push(s).unwrap();
            }
            assert!(h.is_circular(&board, free));
            let chosen = search_choice(&board, &h, depth, 1 << 12).best.unwrap();
            assert_ne!(chosen, free);
            assert!(!h.is_circular(&board, chosen));
        }
    }
    // The real repetition: whatever budget, black's repeated jump is never played.
    let mut game = Match::new();
    for m in [
        bz(0, 0, 2, 0),
        bz(6, 0, 4, 0),
        bz(2, 0, 0, 0),
        bz(4, 0, 6, 0),
    ] {
        play_bz(&mut game, m);
    }
    let board = *game.board();
    for depth in 1..=4 {
        let chosen = search_choice(&board, game.history(), depth, 1 << 12)
            .best
            .unwrap();
        assert!(!game.history().is_circular(&board, chosen));
    }
}
