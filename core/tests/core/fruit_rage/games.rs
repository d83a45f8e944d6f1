//! Whole games in process: our search under the real time function, charged on a simulated
//! clock, against the course's opponents.

use duel_core::fruit_rage::train::{greedy_move, minimax3_move, random_move, think_micros};
use duel_core::fruit_rage::{self, Board};
use duel_core::{Budget, Entry};

/// Microseconds one search node is charged on the simulated clock (about what a node of a
/// full 26×26 box costs on a slow, busy machine).
const SIMULATED_MICROS_PER_NODE: u64 = 200;

/// Plays one game from `board`; `ours_first` says who moves first. Our side searches under
/// [`think_micros`] with `seconds` for the whole game on a simulated clock that charges every
/// node searched; the node budget makes the game reproducible. Returns our points minus theirs.
fn game(
    mut board: Board,
    ours_first: bool,
    seconds: u64,
    theirs: &dyn Fn(&Board) -> fruit_rage::Move,
) -> i64 {
    let mut table = vec![Entry::default(); 1 << 16];
    let mut left = seconds * 1_000_000;
    let mut ours_to_move = ours_first;
    let mut diff = 0i64;
    while !board.is_over() {
        let mv = if ours_to_move {
            let think = think_micros(left, board.legal_moves().len() as u32, board.cells(), None);
            let nodes = think / SIMULATED_MICROS_PER_NODE;
            let mv = if nodes == 0 {
                greedy_move(&board).unwrap()
            } else {
                let r = fruit_rage::train::search(&board, &mut Budget::nodes(nodes), &mut table);
                left = left.saturating_sub(r.nodes * SIMULATED_MICROS_PER_NODE);
                r.best.unwrap()
            };
            left = left.saturating_sub(20_000);
            assert!(left > 0, "out of time");
            mv
        } else {
            theirs(&board)
        };
        let points = i64::from(mv.points());
        board = board.play(mv).expect("both sides play legal moves");
        diff += if ours_to_move { points } else { -points };
        ours_to_move = !ours_to_move;
    }
    diff
}

/// On boxes this small the first player wins under exact play: an exact solver moving second
/// loses to minimax3 on every 6×6 box tried. So each game here has us move first, on ten
/// different boxes.
///
/// A strength run, not run in CI: `cargo test --release -p duel-core --test core
/// fruit_rage::games -- --ignored`, or through the program, `duel arena fruit-rage --a
/// target/release/fruit-rage --b builtin:minimax3 --first a --size 8 --types 4 --time 20
/// --games 10`.
#[test]
#[ignore = "strength run: measure with duel arena fruit-rage"]
fn search_beats_minimax3_moving_first_in_every_game() {
    for g in 0..10u64 {
        let board = Board::random(8, 4, 2000 + g).unwrap();
        let diff = game(board, true, 20, &|b| minimax3_move(b, 3).unwrap());
        assert!(diff > 0, "game {g}: lost or drew by {diff}");
    }
}

/// A strength run, not run in CI (see above; the arena: `--b builtin:random --first
/// alternate`).
#[test]
#[ignore = "strength run: measure with duel arena fruit-rage"]
fn search_beats_random_in_every_game_either_side() {
    for g in 0..10u64 {
        let board = Board::random(8 + (g % 3) as usize, 3 + (g % 3) as u8, 200 + g / 2).unwrap();
        let diff = game(board, g % 2 == 0, 20, &|b| {
            random_move(b, g * 7919 + b.hash()).unwrap()
        });
        assert!(diff > 0, "game {g}: lost or drew by {diff}");
    }
}

/// Whole games under the time function, both sides and both opponents: every move our search
/// makes is legal and it never runs out of its simulated time (`game` asserts both). Who wins
/// is the ignored strength runs' business.
#[test]
fn games_under_the_time_function_stay_legal_and_in_time() {
    for g in 0..4u64 {
        let board = Board::random(6 + (g % 2) as usize, 3 + (g % 2) as u8, 400 + g).unwrap();
        game(board, g % 2 == 0, 5, &|b| minimax3_move(b, 3).unwrap());
        game(board, g % 2 == 1, 5, &|b| {
            random_move(b, g + b.hash()).unwrap()
        });
    }
}
