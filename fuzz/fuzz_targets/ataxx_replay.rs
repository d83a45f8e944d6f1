//! Botzone history replay (`Match::replay_botzone`, used by the bot and the C API) against a
//! naive twin of the judge: a history is accepted exactly when every move is legal where it is
//! played and none is circular; an illegal or circular move is refused at its ply. After an
//! accepted history, a node-limited player answers a legal move, never a circular one while
//! another exists.
#![no_main]

use duel_core::ataxx::{Match, Player, ReplayError, Snapshot, circular_moves};
use duel_core::{Budget, Entry, Player as _, TimeUse};
use duel_fuzz::{Bytes, botzone_move, naive_circular};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let mut game = Match::new();
    let mut twin: Vec<Snapshot> = vec![Snapshot {
        black: game.board().pieces(duel_core::Colour::Black),
        white: game.board().pieces(duel_core::Colour::White),
    }];
    let mut played = Vec::new();
    while !bytes.is_empty() && played.len() < 450 {
        let bm = botzone_move(&mut bytes, game.board());
        let board = *game.board();
        // The twin: legal means one of the listed moves names the same squares.
        let legal = board
            .parse_botzone(bm)
            .ok()
            .filter(|&mv| board.legal_moves().as_ref().contains(&mv));
        let result = game.play_botzone(bm);
        match legal {
            None => {
                assert!(matches!(result, Err(ReplayError::Illegal { .. })), "{bm}");
                assert_eq!(game.board(), &board, "a refused move changes nothing");
                break;
            }
            Some(mv) => {
                let (black, white) = board.placed(mv);
                let next = Snapshot { black, white };
                if naive_circular(&twin, next) {
                    assert!(matches!(result, Err(ReplayError::Circular { .. })), "{bm}");
                    break;
                }
                assert_eq!(result, Ok(mv), "{bm}");
                twin.push(next);
                played.push(bm);
            }
        }
    }
    assert_eq!(game.history().boards(), twin.as_slice());
    // The same moves replayed in one call give the same game.
    let again = Match::replay_botzone(played.iter().copied()).expect("accepted moves replay");
    assert_eq!(again.board(), game.board());
    if game.board().is_over() {
        return;
    }
    let mut table = vec![Entry::default(); 256];
    let mut budget = Budget::nodes(300).with_max_depth(3);
    let mv = Player::new(&mut table, TimeUse::ThisMove)
        .choose(&game, &mut budget)
        .expect("a game that is not over has a move")
        .mv;
    assert!(game.board().is_legal(mv));
    let circular = circular_moves(game.board(), game.history());
    if circular.len() < game.board().legal_moves().len() {
        assert!(!game.history().is_circular(game.board(), mv), "{mv}");
    }
});
