//! The engine in play: blockades, the forbidden colour, and (ignored, a strength run) a match
//! against the greedy player.

use super::naive::naive_region;
use super::{awkward_grid, colours_of, random_grid};
use crate::support::Rng;
use duel_core::Budget;
use duel_core::Entry;
use duel_core::coord::{Column, Row, cells};
use duel_core::filler::train::{choose, greedy_colour, random_colour};
use duel_core::filler::{Board, COLOURS, Grid, Move};

/// Plays a game on `grid` the way the protocol does: each player sees the board turned so that
/// its start is top-left. Returns the cells of the first and the second player.
fn referee(
    grid: &Grid,
    players: &mut [&mut dyn FnMut(&Board) -> Move; 2],
    limit: usize,
) -> (i32, i32) {
    let mut view = *grid;
    let n = grid.size();
    let last = n * n - 1;
    let mut moves = 0;
    loop {
        let colours: Vec<u8> = cells(n).map(|(r, c)| view.colour(r, c).unwrap()).collect();
        let mine = naive_region(n, &colours, 0, colours[0]);
        let theirs = naive_region(n, &colours, last, colours[last]);
        let (a, b) = (
            mine.iter().filter(|&&x| x).count() as i32,
            theirs.iter().filter(|&&x| x).count() as i32,
        );
        if moves >= limit || a + b == (n * n) as i32 {
            return if moves % 2 == 0 { (a, b) } else { (b, a) };
        }
        let board = Board::from_grid(&view)
            .with_move_limit(limit as u8)
            .with_moves_played(moves as u8);
        let mv = players[moves % 2](&board).colour();
        assert_ne!(mv, colours[last], "a player chose the forbidden colour");
        let core_view = view.after_move(Move::new(mv).unwrap());
        for ((row, column), &m) in cells(n).zip(&mine) {
            if m {
                view.set_colour(row, column, mv);
            }
        }
        assert_eq!(core_view, view, "Grid::after_move");
        view = view.rotated();
        moves += 1;
    }
}

/// A strength run, not a correctness check, so not run in CI: `cargo test --release -p
/// duel-core --test core filler::engine::engine_beats_greedy -- --ignored`, or through the
/// programs, `duel arena filler --a "target/release/filler --millis 60" --b builtin:greedy
/// --size 20 --games 20`.
#[test]
#[ignore = "strength run: measure with duel arena filler"]
fn engine_beats_greedy_at_size_20() {
    /// The engine's nodes a move: a small budget (the program searches some 100 times more).
    const NODES: u64 = 8_000;
    let mut rng = Rng::new(20);
    let mut table = vec![Entry::default(); 1 << 16];
    // DUEL_FILLER_GAMES (even) plays a longer match, e.g. 100 games for the report.
    let games: usize = std::env::var("DUEL_FILLER_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    let (mut wins, mut draws, mut losses, mut margin) = (0, 0, 0, 0);
    for game in 0..games {
        if game % 2 == 0 {
            rng = Rng::new(1000 + game as u64);
        }
        let grid = random_grid(&mut rng, 20, COLOURS);
        table.fill(Entry::default());
        let mut engine = |b: &Board| choose(b, &mut Budget::nodes(NODES), &mut table).colour;
        let mut greedy = |b: &Board| greedy_colour(b);
        let engine_first = game % 2 == 0;
        let (first, second) = if engine_first {
            referee(&grid, &mut [&mut engine, &mut greedy], 50)
        } else {
            referee(&grid, &mut [&mut greedy, &mut engine], 50)
        };
        let diff = if engine_first {
            first - second
        } else {
            second - first
        };
        margin += diff;
        match diff.signum() {
            1 => wins += 1,
            0 => draws += 1,
            _ => losses += 1,
        }
    }
    eprintln!(
        "filler engine vs greedy at 20x20, {games} games: {wins} wins, {draws} draws, {losses} losses, margin {margin}"
    );
    assert!(
        wins * 10 >= games * 9,
        "{wins} wins, {draws} draws, {losses} losses"
    );
}

/// A board on which the first player's start cell has neighbours of one colour only: the
/// second player can choose that colour every move and keep the first at one cell.
fn blockade_grid(rng: &mut Rng, n: usize) -> Grid {
    loop {
        let mut colours: Vec<u8> = (0..n * n).map(|_| rng.below(COLOURS) as u8).collect();
        let c = colours[1];
        colours[n] = c;
        let last = n * n - 1;
        if colours[0] != c && colours[last] != c && colours[last] != colours[0] {
            return Grid::new(n, &colours).unwrap();
        }
    }
}

#[test]
fn engine_breaks_blockades_and_beats_a_random_first_player_on_every_board() {
    // Each program run sees a fresh board with no move count, so neither does the engine here.
    let mut table = vec![Entry::default(); 1 << 16];
    let mut rng = Rng::new(66);
    for game in 0..24 {
        let n = 10 + game % 11;
        let grid = blockade_grid(&mut rng, n);
        let mut random_seed = rng.next_u64();
        let mut random = |b: &Board| {
            random_seed = random_seed.wrapping_add(1);
            random_colour(b, random_seed)
        };
        let mut engine = |b: &Board| {
            let fresh = Board::from_grid(&Grid::new(b.size(), &colours_of(b)).unwrap());
            table.fill(Entry::default());
            choose(&fresh, &mut Budget::nodes(4_000), &mut table).colour
        };
        let (first, second) = referee(&grid, &mut [&mut random, &mut engine], 50);
        assert!(
            second > first,
            "game {game}: {second} cells against {first}\n{grid}"
        );
    }
}

#[test]
fn engine_never_chooses_the_forbidden_colour_in_process() {
    let mut rng = Rng::new(5);
    let mut table = vec![Entry::default(); 1 << 12];
    for case in 0..2000 {
        let n = 1 + rng.below(20);
        let grid = awkward_grid(&mut rng, n, case % 4);
        let last = (n - 1) as u8;
        let forbidden = grid.colour(Row(last), Column(last)).unwrap();
        let board = Board::from_grid(&grid).with_moves_played(rng.below(60) as u8);
        assert_eq!(board.forbidden(), forbidden);
        assert!((board.own() & board.opponent()).is_empty());
        let choice = choose(&board, &mut Budget::nodes(300), &mut table);
        assert_ne!(choice.colour.colour(), forbidden, "case {case}");
        assert_ne!(greedy_colour(&board).colour(), forbidden);
        assert_ne!(random_colour(&board, case as u64).colour(), forbidden);
        if !board.is_over() {
            assert!(board.play(choice.colour).is_ok());
        }
    }
}
