//! Tests of filler: the rules against a naive grid version written here, the search against a
//! brute-force minimax, the engine against the greedy player, and the contest program's
//! protocol through the real binary.

use duel_core::filler::{
    Board, COLOURS, Cells, Grid, Heuristic, IllegalMoveError, Move, choose, choose_with,
    greedy_colour, random_colour,
};
use duel_core::{Budget, Entry, Evaluator, Game, SearchConfig, Searcher};
use duel_tests::{Rng, bin, run};

/// The statement's example board.
const STATEMENT: &str = "10
8 2 4 9 2 8 7 1 6 4
6 6 1 2 5 5 1 5 1 5
4 1 1 3 1 2 1 7 2 2 
9 8 4 1 6 6 7 1 3 5 
1 3 0 9 2 6 0 4 9 8 
9 7 2 8 4 5 5 0 5 5 
5 1 6 5 1 1 6 8 7 3 
6 8 1 6 0 0 5 1 9 3 
5 5 7 6 3 2 8 7 0 4 
7 7 3 6 7 9 9 1 3 2 
";

fn colour(c: u8) -> Move {
    Move::new(c).expect("colour 0..=9")
}

// ---------------------------------------------------------------------------------------------
// The naive twin: a grid of colours and owners, breadth-first search over cells.

/// The cells reachable from `start` through side-adjacent cells of colour `through`.
fn naive_region(n: usize, colours: &[u8], start: usize, through: u8) -> Vec<bool> {
    let mut seen = vec![false; n * n];
    if colours[start] != through {
        return seen;
    }
    let mut queue = vec![start];
    seen[start] = true;
    while let Some(i) = queue.pop() {
        let (r, c) = (i / n, i % n);
        let mut next = Vec::new();
        if r > 0 {
            next.push(i - n);
        }
        if r + 1 < n {
            next.push(i + n);
        }
        if c > 0 {
            next.push(i - 1);
        }
        if c + 1 < n {
            next.push(i + 1);
        }
        for j in next {
            if !seen[j] && colours[j] == through {
                seen[j] = true;
                queue.push(j);
            }
        }
    }
    seen
}

/// A game as the rules state it: absolute players A (start top-left) and B (bottom-right).
#[derive(Clone)]
struct Naive {
    n: usize,
    colours: Vec<u8>,
    /// 0: nobody, 1: A, 2: B.
    owner: Vec<u8>,
    moves: usize,
    limit: usize,
}

impl Naive {
    fn new(grid: &Grid, limit: usize) -> Naive {
        let n = grid.size();
        let colours: Vec<u8> = (0..n * n)
            .map(|i| grid.colour(i / n, i % n).unwrap())
            .collect();
        let mut owner = vec![0u8; n * n];
        for (i, &a) in naive_region(n, &colours, 0, colours[0]).iter().enumerate() {
            if a {
                owner[i] = 1;
            }
        }
        let last = n * n - 1;
        for (i, &b) in naive_region(n, &colours, last, colours[last])
            .iter()
            .enumerate()
        {
            assert!(
                !b || owner[i] != 1,
                "degenerate board given to the naive twin"
            );
            if b {
                owner[i] = 2;
            }
        }
        Naive {
            n,
            colours,
            owner,
            moves: 0,
            limit,
        }
    }

    fn mover(&self) -> u8 {
        1 + (self.moves % 2) as u8
    }

    fn start(&self, player: u8) -> usize {
        if player == 1 { 0 } else { self.n * self.n - 1 }
    }

    fn forbidden(&self) -> u8 {
        self.colours[self.start(3 - self.mover())]
    }

    fn count(&self, player: u8) -> i32 {
        self.owner.iter().filter(|&&o| o == player).count() as i32
    }

    fn is_over(&self) -> bool {
        self.moves >= self.limit || self.owner.iter().all(|&o| o != 0)
    }

    /// For each player (index 1 and 2) and colour: the unowned cells of that colour
    /// side-adjacent to the player's territory.
    fn borders(&self) -> [[usize; COLOURS]; 3] {
        let n = self.n;
        let mut out = [[0; COLOURS]; 3];
        for i in 0..n * n {
            if self.owner[i] != 0 {
                continue;
            }
            let (r, c) = (i / n, i % n);
            let mut next = [false; 3];
            for (ok, j) in [
                (r > 0, i.wrapping_sub(n)),
                (r + 1 < n, i + n),
                (c > 0, i.wrapping_sub(1)),
                (c + 1 < n, i + 1),
            ] {
                if ok {
                    next[self.owner[j] as usize] = true;
                }
            }
            for p in 1..3 {
                if next[p] {
                    out[p][self.colours[i] as usize] += 1;
                }
            }
        }
        out
    }

    /// Plays `c` for the side to move, literally: repaint, then own what the start reaches.
    fn play(&mut self, c: u8) {
        let p = self.mover();
        for i in 0..self.owner.len() {
            if self.owner[i] == p {
                self.colours[i] = c;
            }
        }
        let region = naive_region(self.n, &self.colours, self.start(p), c);
        for (i, &r) in region.iter().enumerate() {
            if r {
                assert_ne!(self.owner[i], 3 - p, "territories merged");
                self.owner[i] = p;
            }
        }
        self.moves += 1;
    }
}

/// The cells of `set` as booleans, row by row.
fn cells_vec(set: Cells, n: usize) -> Vec<bool> {
    (0..n * n).map(|i| set.contains(i / n, i % n)).collect()
}

/// A random board of side `n` with colours below `k`.
fn random_grid(rng: &mut Rng, n: usize, k: usize) -> Grid {
    let colours: Vec<u8> = (0..n * n).map(|_| rng.below(k) as u8).collect();
    Grid::new(n, &colours).unwrap()
}

/// A random board whose two start regions do not meet.
fn random_regular_grid(rng: &mut Rng, n: usize) -> Grid {
    loop {
        let k = 2 + rng.below(COLOURS - 1);
        let grid = random_grid(rng, n, k);
        let colours: Vec<u8> = (0..n * n)
            .map(|i| grid.colour(i / n, i % n).unwrap())
            .collect();
        if !naive_region(n, &colours, 0, colours[0])[n * n - 1] {
            return grid;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Rules.

#[test]
fn statement_example_colour_6_owns_three_cells() {
    let grid = Grid::parse(STATEMENT.as_bytes()).unwrap();
    let board = Board::from_grid(&grid);
    assert_eq!(board.own().count(), 1);
    assert_eq!(board.forbidden(), 2);
    let after = board.play(colour(6)).unwrap();
    let mine = after.opponent();
    let expected = Cells::single(0, 0) | Cells::single(1, 0) | Cells::single(1, 1);
    assert_eq!(mine, expected);
    assert_eq!(after.score(), 1 - 3);
    assert_eq!(board.gain(6), 2);
    assert_eq!(board.play(colour(2)), Err(IllegalMoveError::Forbidden(2)));
}

#[test]
fn grid_display_round_trips_and_rotates() {
    let grid = Grid::parse(STATEMENT.as_bytes()).unwrap();
    let text = grid.to_string();
    assert_eq!(Grid::parse(text.as_bytes()).unwrap(), grid);
    let clean: String = STATEMENT
        .lines()
        .map(|l| l.trim_end().to_string() + "\n")
        .collect();
    assert_eq!(text, clean);
    let turned = grid.rotated();
    assert_eq!(turned.colour(0, 0), Some(2));
    assert_eq!(turned.colour(9, 9), Some(8));
    assert_eq!(turned.colour(0, 1), Some(3));
    assert_eq!(turned.rotated(), grid);
}

#[test]
fn moves_agree_with_naive_grid_on_100000_random_moves() {
    let mut rng = Rng::new(2026);
    let mut total = 0usize;
    let mut games = 0usize;
    let mut finished_full = 0usize;
    while total < 100_000 {
        let n = 10 + games % 11;
        games += 1;
        let grid = random_regular_grid(&mut rng, n);
        let mut naive = Naive::new(&grid, 50);
        let mut board = Board::from_grid(&grid);
        loop {
            let (mover, other) = (naive.mover(), 3 - naive.mover());
            let own: Vec<bool> = naive.owner.iter().map(|&o| o == mover).collect();
            let opp: Vec<bool> = naive.owner.iter().map(|&o| o == other).collect();
            assert_eq!(
                cells_vec(board.own(), n),
                own,
                "own territory, game {games}"
            );
            assert_eq!(
                cells_vec(board.opponent(), n),
                opp,
                "opponent territory, game {games}"
            );
            assert_eq!(board.score(), naive.count(mover) - naive.count(other));
            assert_eq!(board.forbidden(), naive.forbidden());
            assert_eq!(board.is_over(), naive.is_over());
            assert_eq!(board.outcome().is_some(), naive.is_over());
            if total % 16 == 0 {
                for i in 0..n * n {
                    assert_eq!(board.colour(i / n, i % n), Some(naive.colours[i]));
                }
            }
            let useful = board.legal_moves();
            if naive.is_over() {
                assert!(useful.is_empty());
                assert_eq!(board.play(colour(0)), Err(IllegalMoveError::GameOver));
                if naive.owner.iter().all(|&o| o != 0) {
                    finished_full += 1;
                }
                break;
            }
            // The useful moves: exactly the gaining colours; when none gains, exactly the
            // blocking ones; when none blocks either, one legal colour.
            assert!(!useful.is_empty());
            let borders = naive.borders();
            let legal = |c: u8| c != naive.forbidden();
            let gaining: Vec<u8> = (0..COLOURS as u8)
                .filter(|&c| legal(c) && borders[mover as usize][c as usize] > 0)
                .collect();
            let blocking: Vec<u8> = (0..COLOURS as u8)
                .filter(|&c| legal(c) && borders[other as usize][c as usize] > 0)
                .collect();
            let mut listed: Vec<u8> = useful.iter().map(|m| m.colour()).collect();
            listed.sort_unstable();
            if !gaining.is_empty() {
                assert_eq!(listed, gaining, "game {games}");
            } else if !blocking.is_empty() {
                assert_eq!(listed, blocking, "game {games}");
            } else {
                assert_eq!(listed.len(), 1);
                assert!(legal(listed[0]));
            }
            let c = match rng.below(3) {
                0 => greedy_colour(&board).colour(),
                1 => useful.as_slice()[rng.below(useful.len())].colour(),
                _ => loop {
                    let c = rng.below(COLOURS) as u8;
                    if c != naive.forbidden() {
                        break c;
                    }
                },
            };
            let before = naive.count(mover);
            naive.play(c);
            let next = board.play(colour(c)).unwrap();
            assert_eq!(board.gain(c) as i32, naive.count(mover) - before);
            board = next;
            total += 1;
        }
    }
    assert!(
        finished_full > 100,
        "only {finished_full} games filled the board"
    );
}

#[test]
fn greedy_and_random_colours_follow_their_definitions() {
    let mut rng = Rng::new(7);
    for case in 0..300 {
        let n = 10 + case % 11;
        let grid = random_regular_grid(&mut rng, n);
        let naive = Naive::new(&grid, 50);
        let board = Board::from_grid(&grid);
        // Greedy: most cells gained now, ties to the lowest colour, never the forbidden one.
        let mut best = (0i32, 99u8);
        for c in (0..COLOURS as u8).rev() {
            if c == naive.forbidden() {
                continue;
            }
            let mut after = naive.clone();
            after.play(c);
            let gain = after.count(1) - naive.count(1);
            if gain >= best.0 || best.1 == 99 {
                best = (gain, c);
            }
        }
        assert_eq!(greedy_colour(&board).colour(), best.1);
        let mut seen = [false; COLOURS];
        for seed in 0..200u64 {
            let c = random_colour(&board, seed);
            assert_ne!(c.colour(), board.forbidden());
            assert_eq!(random_colour(&board, seed), c);
            seen[c.colour() as usize] = true;
        }
        assert_eq!(
            seen.iter().filter(|&&s| s).count(),
            9,
            "random_colour covers all nine colours"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Search.

/// Plain minimax over the same moves the search sees.
fn minimax(board: &Board, eval: &Heuristic, depth: u8) -> i32 {
    let moves = board.legal_moves();
    if moves.is_empty() {
        return board.outcome().unwrap();
    }
    if depth == 0 {
        return eval.evaluate(board);
    }
    moves
        .iter()
        .map(|&m| -minimax(&board.play_unchecked(m), eval, depth - 1))
        .max()
        .unwrap()
}

/// Plain minimax over every colour the rules allow that gains a cell, or over every colour the
/// rules allow when none gains (the search also prunes the useless ones of those).
fn minimax_gaining_colours(board: &Board, eval: &Heuristic, depth: u8) -> i32 {
    if let Some(score) = board.outcome() {
        return score;
    }
    if depth == 0 {
        return eval.evaluate(board);
    }
    let legal: Vec<u8> = (0..COLOURS as u8)
        .filter(|&c| c != board.forbidden())
        .collect();
    let gaining: Vec<u8> = legal
        .iter()
        .copied()
        .filter(|&c| board.gain(c) > 0)
        .collect();
    let choices = if gaining.is_empty() { legal } else { gaining };
    choices
        .into_iter()
        .map(|c| -minimax_gaining_colours(&board.play_unchecked(colour(c)), eval, depth - 1))
        .max()
        .unwrap()
}

#[test]
fn search_equals_brute_force_minimax() {
    let mut rng = Rng::new(99);
    let evals = [Heuristic::default(), Heuristic::AREA];
    for case in 0..120 {
        let n = 4 + case % 5;
        let grid = random_regular_grid(&mut rng, n);
        let played = rng.below(6) as u8;
        let mut board = Board::from_grid(&grid).with_move_limit(8 + rng.below(4) as u8);
        for _ in 0..played {
            if board.is_over() {
                break;
            }
            board = board.play_unchecked(random_colour(&board, rng.next_u64()));
        }
        let eval = evals[case % 2];
        for depth in 1..=4u8 {
            let config = SearchConfig {
                max_depth: depth,
                aspiration: 0,
            };
            let result = Searcher::new(&mut []).search(
                &board,
                &eval,
                config,
                &mut Budget::unlimited(),
                &mut |_| {},
            );
            let moves = board.legal_moves();
            match moves.len() {
                0 => {
                    assert_eq!(result.best, None);
                    assert_eq!(result.score, board.outcome().unwrap());
                }
                1 => assert_eq!(
                    result.score,
                    -eval.evaluate(&board.play_unchecked(moves.as_slice()[0]))
                ),
                _ => {
                    let expected = minimax(&board, &eval, depth);
                    assert_eq!(result.score, expected, "case {case} depth {depth}");
                    assert_eq!(result.depth, depth);
                    let best = result.best.unwrap();
                    assert_eq!(
                        -minimax(&board.play_unchecked(best), &eval, depth - 1),
                        expected
                    );
                }
            }
        }
        if case % 2 == 1 {
            // With area alone, skipping the colours that change nothing when none gains loses
            // nothing.
            for depth in 1..=3u8 {
                assert_eq!(
                    minimax(&board, &eval, depth),
                    minimax_gaining_colours(&board, &eval, depth),
                    "case {case}"
                );
            }
        }
    }
}

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
        let colours: Vec<u8> = (0..n * n)
            .map(|i| view.colour(i / n, i % n).unwrap())
            .collect();
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
        for (i, &m) in mine.iter().enumerate() {
            if m {
                view.set_colour(i / n, i % n, mv);
            }
        }
        assert_eq!(core_view, view, "Grid::after_move");
        view = view.rotated();
        moves += 1;
    }
}

#[test]
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

/// The colours of `board`, row by row.
fn colours_of(board: &Board) -> Vec<u8> {
    let n = board.size();
    (0..n * n)
        .map(|i| board.colour(i / n, i % n).unwrap())
        .collect()
}

/// Boards of every awkward kind: both starts one colour, touching start regions, one colour.
fn awkward_grid(rng: &mut Rng, n: usize, kind: usize) -> Grid {
    let k = [1, 2, 3, 10][rng.below(4)];
    let mut colours: Vec<u8> = (0..n * n).map(|_| rng.below(k) as u8).collect();
    let last = n * n - 1;
    match kind {
        0 => colours[last] = colours[0],
        1 => {
            // A band of the start colour from corner to corner: the start regions meet.
            for i in 0..n {
                colours[i * n + i] = colours[0];
                if i + 1 < n {
                    colours[i * n + i + 1] = colours[0];
                }
            }
        }
        2 => {
            // Different start colours whose regions touch along the anti-diagonal.
            let (a, b) = (colours[0], (colours[0] + 1) % 10);
            for (i, c) in colours.iter_mut().enumerate() {
                *c = if i / n + i % n < n { a } else { b };
            }
        }
        _ => {}
    }
    Grid::new(n, &colours).unwrap()
}

#[test]
fn engine_never_chooses_the_forbidden_colour_in_process() {
    let mut rng = Rng::new(5);
    let mut table = vec![Entry::default(); 1 << 12];
    for case in 0..2000 {
        let n = 1 + rng.below(20);
        let grid = awkward_grid(&mut rng, n, case % 4);
        let forbidden = grid.colour(n - 1, n - 1).unwrap();
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

// ---------------------------------------------------------------------------------------------
// The contest program.

fn program(args: &[&str], stdin: &str) -> (bool, String, String) {
    let out = run(&bin("filler"), args, stdin);
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The answer of `choose` in process with the program's defaults and a node limit.
fn in_process(text: &str, nodes: u64) -> String {
    let board = Board::from_grid(&Grid::parse(text.as_bytes()).unwrap());
    let mut table = vec![Entry::default(); 8 * (1 << 20) / 16];
    let choice = choose_with(
        &board,
        &Heuristic::default(),
        &mut Budget::nodes(nodes),
        &mut table,
        &mut |_| {},
    );
    format!("{}\n", choice.colour)
}

fn random_text(seed: u64, n: usize) -> String {
    random_grid(&mut Rng::new(seed), n, COLOURS).to_string()
}

#[test]
fn program_golden_answers() {
    let cases: [(String, &str); 4] = [
        (STATEMENT.to_string(), "6\n"),
        (random_text(1, 10), "3\n"),
        (random_text(2, 15), "7\n"),
        (random_text(3, 20), "2\n"),
    ];
    for (text, expected) in &cases {
        let (ok, out, err) = program(&["--nodes", "20000"], text);
        assert!(ok, "{err}");
        assert_eq!(err, "");
        assert_eq!(out, in_process(text, 20_000));
        assert_eq!(out, *expected, "board\n{text}");
    }
}

#[test]
fn program_accepts_loose_whitespace() {
    let clean = program(&["--nodes", "5000"], STATEMENT);
    assert!(clean.0);
    let crlf = STATEMENT.replace('\n', "\r\n");
    let spaced = STATEMENT.replace(' ', "  \t ").replace('\n', "  \n\n");
    let unterminated = STATEMENT.trim_end().to_string();
    let leading = format!("\n\n  {STATEMENT}\n\n");
    for text in [crlf, spaced, unterminated, leading] {
        assert_eq!(
            program(&["--nodes", "5000"], &text),
            clean,
            "input {text:?}"
        );
    }
}

#[test]
fn program_rejects_malformed_input_naming_the_line() {
    let rows: Vec<&str> = STATEMENT.lines().collect();
    let with_row = |i: usize, row: &str| {
        let mut r = rows.clone();
        r[i] = row;
        r.join("\n") + "\n"
    };
    let small = "9\n".to_string() + &"1 2 3 4 5 6 7 8 9\n".repeat(9);
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "line 1: missing the board size"),
        ("\n\n".into(), "line 1: missing the board size"),
        ("ten\n".into(), "line 1: the board size is not a number"),
        ("10 10\n".into(), "line 1: the board size is not a number"),
        ("21\n".into(), "line 1: board size 21 outside 1..=20"),
        ("0\n".into(), "line 1: board size 0 outside 1..=20"),
        (small, "line 1: board size 9 outside 10..=20"),
        (
            with_row(3, "4 1 1 3 1 2 1 7 2"),
            "line 4: expected 10 cells, found 9",
        ),
        (
            with_row(5, "1 3 0 9 2 6 0 4 9 8 8"),
            "line 6: expected 10 cells, found 11",
        ),
        (
            with_row(2, "6 6 1 2 5 x 1 5 1 5"),
            "line 3: a cell is not a colour digit 0..=9",
        ),
        (
            with_row(7, "5 1 6 5 1 1 6 8 7 10"),
            "line 8: a cell is not a colour digit 0..=9",
        ),
        (
            with_row(10, "7 7 3 6 7 9 9 1 3 -2"),
            "line 11: a cell is not a colour digit 0..=9",
        ),
        (
            rows[..10].join("\n"),
            "line 10: expected 10 board rows, found 9",
        ),
        (
            STATEMENT.to_string() + "\n1 2 3\n",
            "line 13: unexpected text after the board",
        ),
    ];
    for (text, message) in &cases {
        let (ok, out, err) = program(&["--nodes", "1000"], text);
        assert!(!ok, "accepted {text:?}");
        assert_eq!(out, "", "printed a move for {text:?}");
        assert_eq!(err, format!("filler: {message}\n"), "input {text:?}");
    }
    // Other sizes only with --any-size.
    let five = random_text(4, 5);
    assert!(!program(&["--nodes", "1000"], &five).0);
    let (ok, out, _) = program(&["--nodes", "1000", "--any-size"], &five);
    assert!(ok);
    assert_eq!(out, in_process(&five, 1000));
    for bad in [&["--bogus"][..], &["--nodes", "many"][..], &["extra"][..]] {
        let (ok, out, err) = program(bad, STATEMENT);
        assert!(!ok && out.is_empty(), "{bad:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("filler: ") && err.ends_with('\n'), "{err}");
    }
    let (ok, out, _) = program(&["--help"], "");
    assert!(ok);
    assert!(out.contains("--millis") && out.contains("--nodes") && out.contains("--any-size"));
}

#[test]
fn program_never_prints_the_forbidden_colour() {
    let mut rng = Rng::new(11);
    for case in 0..40 {
        let n = if case % 4 == 3 {
            1 + rng.below(9)
        } else {
            10 + rng.below(11)
        };
        let grid = awkward_grid(&mut rng, n, case % 4);
        let (ok, out, err) = program(&["--nodes", "3000", "--any-size"], &grid.to_string());
        assert!(ok, "{err}");
        let printed = out.strip_suffix('\n').unwrap();
        assert_eq!(printed.len(), 1);
        let c: u8 = printed.parse().unwrap();
        assert_ne!(c, grid.colour(n - 1, n - 1).unwrap(), "board\n{grid}");
    }
    // The default: the clock, no node limit.
    let (ok, out, _) = program(&[], &random_text(9, 20));
    assert!(ok);
    assert_eq!(out.len(), 2);
}

// ---------------------------------------------------------------------------------------------
// The evaluation's measures against a cell-by-cell version.

/// Who reaches the unowned cells first, cell by cell: each round, every unowned cell next to a
/// side's last round (with, in `moves` mode, the rest of its one-colour unowned region) goes to
/// that side, or to nobody if both reach it in the same round.
fn naive_control(naive: &Naive, player: u8, moves: bool) -> (u32, u32) {
    let n = naive.n;
    let mut open: Vec<bool> = naive.owner.iter().map(|&o| o == 0).collect();
    let mut fronts: [Vec<bool>; 2] = [
        naive.owner.iter().map(|&o| o == player).collect(),
        naive.owner.iter().map(|&o| o == 3 - player).collect(),
    ];
    let mut counts = [0u32; 2];
    loop {
        let mut reached: [Vec<bool>; 2] = [vec![false; n * n], vec![false; n * n]];
        for side in 0..2 {
            for i in 0..n * n {
                if !open[i] {
                    continue;
                }
                let (r, c) = (i / n, i % n);
                let near = (r > 0 && fronts[side][i - n])
                    || (r + 1 < n && fronts[side][i + n])
                    || (c > 0 && fronts[side][i - 1])
                    || (c + 1 < n && fronts[side][i + 1]);
                if !near {
                    continue;
                }
                reached[side][i] = true;
                if moves {
                    let region = naive_region(n, &naive.colours, i, naive.colours[i]);
                    // The region through open cells only: grow from i inside open ∩ region.
                    let mut inside = vec![false; n * n];
                    inside[i] = true;
                    let mut stack = vec![i];
                    while let Some(j) = stack.pop() {
                        let (jr, jc) = (j / n, j % n);
                        for (ok, k) in [
                            (jr > 0, j.wrapping_sub(n)),
                            (jr + 1 < n, j + n),
                            (jc > 0, j.wrapping_sub(1)),
                            (jc + 1 < n, j + 1),
                        ] {
                            if ok && !inside[k] && open[k] && region[k] {
                                inside[k] = true;
                                stack.push(k);
                            }
                        }
                    }
                    for (k, &x) in inside.iter().enumerate() {
                        if x {
                            reached[side][k] = true;
                        }
                    }
                }
            }
        }
        if !reached[0].contains(&true) && !reached[1].contains(&true) {
            return (counts[0], counts[1]);
        }
        for side in 0..2 {
            fronts[side] = (0..n * n)
                .map(|i| reached[side][i] && !reached[1 - side][i])
                .collect();
            counts[side] += fronts[side].iter().filter(|&&x| x).count() as u32;
        }
        for i in 0..n * n {
            if reached[0][i] || reached[1][i] {
                open[i] = false;
            }
        }
    }
}

#[test]
fn control_measures_agree_with_cell_by_cell_version() {
    use duel_core::filler::eval::{control, control_in_moves};
    let mut rng = Rng::new(31);
    for case in 0..150 {
        let n = 10 + case % 11;
        let grid = random_regular_grid(&mut rng, n);
        let mut naive = Naive::new(&grid, 50);
        let mut board = Board::from_grid(&grid);
        for _ in 0..rng.below(30) {
            if board.is_over() {
                break;
            }
            let c = greedy_colour(&board).colour();
            let c = if rng.below(3) == 0 {
                random_colour(&board, rng.next_u64()).colour()
            } else {
                c
            };
            naive.play(c);
            board = board.play(colour(c)).unwrap();
        }
        let mover = naive.mover();
        assert_eq!(
            control(&board),
            naive_control(&naive, mover, false),
            "case {case}"
        );
        assert_eq!(
            control_in_moves(&board),
            naive_control(&naive, mover, true),
            "case {case}"
        );
    }
}
