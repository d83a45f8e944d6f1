//! Tests of Ataxx: perft against the shared data, a naive grid rule set against the bitboard
//! one, the Botzone repetition rule, the Botzone bot and the UAI engine through the real
//! binary, and complete games against the contest's sample bots.

use duel_core::ataxx::{
    Board, BotzoneMove, Color, Eval, History, Match, Move, Rules, Snapshot, Square, choose,
    circular_moves, perft, search_position,
};
use duel_core::{Budget, Entry, Game, SearchConfig, SearchResult, Searcher};
use duel_tests::{Rng, bin, run, target_dir};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// A file of the shared material: `duel_tests::shared` (beside the checkout), or two levels
/// up for a checkout in a worktree folder (`/work/wt/<name>` beside `/work/shared`).
fn shared(relative: &str) -> PathBuf {
    let beside = duel_tests::shared(relative);
    if beside.exists() {
        return beside;
    }
    duel_tests::workspace().join("../../shared").join(relative)
}

// ---------------------------------------------------------------------------------------------
// Perft

/// Every row of perft-standard.txt (all depths: the bitboard perft is fast enough).
#[test]
fn perft_matches_shared_data() {
    let text = std::fs::read_to_string(shared("data/ataxx/perft-standard.txt")).unwrap();
    let mut rows = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(parts.len(), 3, "row {line}");
        let board = Board::from_fen(parts[0], Rules::Standard).unwrap();
        let depth: u32 = parts[1].parse().unwrap();
        let nodes: u64 = parts[2].parse().unwrap();
        assert_eq!(perft(&board, depth), nodes, "{line}");
        rows += 1;
    }
    assert_eq!(rows, 116);
}

#[test]
fn fen_round_trips() {
    for fen in [
        "x5o/7/7/7/7/7/o5x x 0 1",
        "x5o/7/2-1-2/3-3/2-1-2/7/o5x o 12 7",
        "7/7/7/7/-------/-------/x5o x 0 1",
    ] {
        let board = Board::from_fen(fen, Rules::Standard).unwrap();
        assert_eq!(board.fen().to_string(), fen);
    }
    for bad in [
        "",
        "x5o/7/7/7/7/7 x",
        "x6o/7/7/7/7/7/o5x x",
        "x5o/7/7/7/7/7/o5x y",
        "x5o/7/7/7/7/7/o5x x a",
    ] {
        assert!(Board::from_fen(bad, Rules::Standard).is_err(), "{bad:?}");
    }
}

#[test]
fn uai_square_names_follow_the_fen() {
    // FEN row 0 is rank 7: black's start pieces (0,0) and (6,6) are a7 and g1.
    assert_eq!(Square::new(0, 0).unwrap().to_string(), "a7");
    assert_eq!(Square::new(6, 6).unwrap().to_string(), "g1");
    let board = Board::start(Rules::Standard);
    let next = board.play(Move::parse_uai("g2").unwrap()).unwrap();
    assert_eq!(next.fen().to_string(), "x5o/7/7/7/7/6x/o5x o 0 1");
    let next = next.play(Move::parse_uai("a1a3").unwrap()).unwrap();
    assert_eq!(next.fen().to_string(), "x5o/7/7/7/o6/6x/6x x 1 2");
    assert_eq!(Move::parse_uai("g1e3").unwrap().to_string(), "g1e3");
    assert_eq!(Move::parse_uai("g1f2").unwrap().to_string(), "f2");
    assert_eq!(Move::parse_uai("0000").unwrap(), Move::Pass);
    for bad in ["", "h1", "a8", "a1a1", "a1d1", "a1b", "00000"] {
        assert!(Move::parse_uai(bad).is_err(), "{bad:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// The naive grid twin: the rules written cell by cell, straight from the rules file.

const EMPTY: i8 = 0;
const BLACK: i8 = 1;
const WHITE: i8 = -1;
const BLOCK: i8 = 2;

type Pair = ((usize, usize), (usize, usize));

/// A move as the test names it: (0 copy / 1 jump / 2 pass, source cell, destination cell),
/// cells as y * 7 + x, a copy's source 0.
type MoveId = (u8, u8, u8);

fn move_id(mv: Move) -> MoveId {
    let cell = |sq: Square| sq.y() * 7 + sq.x();
    match mv {
        Move::Single(to) => (0, 0, cell(to)),
        Move::Double(from, to) => (1, cell(from), cell(to)),
        Move::Pass => (2, 0, 0),
    }
}

fn sorted_ids(moves: &[Move]) -> Vec<MoveId> {
    let mut ids: Vec<MoveId> = moves.iter().map(|&m| move_id(m)).collect();
    ids.sort_unstable();
    ids
}

/// What the grid rules say about one position.
struct Judgement {
    over: bool,
    margin: Option<i32>,
    moves: Vec<MoveId>,
    /// Every (from, to) the side to move can play (copies from every source).
    pairs: Vec<Pair>,
}

#[derive(Clone, Debug)]
struct Grid {
    cell: [[i8; 7]; 7], // [y][x]
    to_move: i8,
    rules: Rules,
    halfmove: u32,
    ply: u32,
    fullmove: u32,
}

impl Grid {
    fn count(&self, who: i8) -> i32 {
        let mut n = 0;
        for row in &self.cell {
            for &c in row {
                n += i32::from(c == who);
            }
        }
        n
    }

    /// Whether a piece of `who` has an empty cell within two steps.
    fn can_move(&self, who: i8) -> bool {
        for y0 in 0..7usize {
            for x0 in 0..7usize {
                if self.cell[y0][x0] != who {
                    continue;
                }
                for y1 in y0.saturating_sub(2)..(y0 + 3).min(7) {
                    for x1 in x0.saturating_sub(2)..(x0 + 3).min(7) {
                        if self.cell[y1][x1] == EMPTY {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    fn bits(&self, who: i8) -> u64 {
        let mut b = 0;
        for y in 0..7 {
            for x in 0..7 {
                if self.cell[y][x] == who {
                    b |= 1u64 << (y * 7 + x);
                }
            }
        }
        b
    }

    /// Every (from, to) a piece of `who` can move along, copies from every source.
    fn pairs(&self, who: i8) -> Vec<Pair> {
        let mut out = Vec::new();
        for y0 in 0..7i32 {
            for x0 in 0..7i32 {
                if self.cell[y0 as usize][x0 as usize] != who {
                    continue;
                }
                for dy in -2..=2i32 {
                    for dx in -2..=2i32 {
                        let (x1, y1) = (x0 + dx, y0 + dy);
                        if (dx, dy) == (0, 0) || !(0..7).contains(&x1) || !(0..7).contains(&y1) {
                            continue;
                        }
                        if self.cell[y1 as usize][x1 as usize] == EMPTY {
                            out.push(((x0 as usize, y0 as usize), (x1 as usize, y1 as usize)));
                        }
                    }
                }
            }
        }
        out
    }

    /// Everything the rules say about this position, computed once.
    fn judge(&self) -> Judgement {
        let me = self.to_move;
        let my_pairs = self.pairs(me);
        let (i_can, they_can) = (!my_pairs.is_empty(), self.can_move(-me));
        let (mut mine, mut theirs) = (self.count(me), self.count(-me));
        let over = mine == 0
            || theirs == 0
            || match self.rules {
                Rules::Botzone => self.ply >= 401 || !i_can || !they_can,
                Rules::Standard => self.halfmove >= 100 || (!i_can && !they_can),
            };
        let mut margin = None;
        let mut moves = Vec::new();
        if over {
            let empties = self.count(EMPTY);
            margin = Some(if mine > 0 && theirs > 0 {
                match self.rules {
                    Rules::Botzone => {
                        if i_can && !they_can {
                            mine += empties;
                        } else if they_can && !i_can {
                            theirs += empties;
                        }
                        mine - theirs
                    }
                    Rules::Standard if self.halfmove >= 100 && (i_can || they_can) => 0,
                    Rules::Standard => mine - theirs,
                }
            } else {
                mine - theirs
            });
        } else {
            // The legal moves as the bitboard side names them (a copy by destination only).
            for &((x0, y0), (x1, y1)) in &my_pairs {
                let to = (y1 * 7 + x1) as u8;
                let far = x0.abs_diff(x1).max(y0.abs_diff(y1)) == 2;
                moves.push(if far {
                    (1, (y0 * 7 + x0) as u8, to)
                } else {
                    (0, 0, to)
                });
            }
            if moves.is_empty() {
                moves.push((2, 0, 0));
            }
            moves.sort_unstable();
            moves.dedup();
        }
        Judgement {
            over,
            margin,
            moves,
            pairs: if over { Vec::new() } else { my_pairs },
        }
    }

    fn play(&self, from: (usize, usize), to: (usize, usize), pass: bool) -> Grid {
        let mut g = self.clone();
        let me = self.to_move;
        let mut reset = false;
        if !pass {
            if from.0.abs_diff(to.0).max(from.1.abs_diff(to.1)) == 2 {
                g.cell[from.1][from.0] = EMPTY;
            } else {
                reset = true;
            }
            g.cell[to.1][to.0] = me;
            for dy in -1..=1i32 {
                for dx in -1..=1i32 {
                    let (x, y) = (to.0 as i32 + dx, to.1 as i32 + dy);
                    if (0..7).contains(&x)
                        && (0..7).contains(&y)
                        && g.cell[y as usize][x as usize] == -me
                    {
                        g.cell[y as usize][x as usize] = me;
                        reset = true;
                    }
                }
            }
        }
        g.halfmove = if reset { 0 } else { self.halfmove + 1 };
        g.ply += 1;
        if me == WHITE {
            g.fullmove += 1;
        }
        g.to_move = -me;
        g
    }

    fn fen(&self) -> String {
        let mut s = String::new();
        for y in 0..7 {
            if y > 0 {
                s.push('/');
            }
            for x in 0..7 {
                s.push(match self.cell[y][x] {
                    BLACK => 'x',
                    WHITE => 'o',
                    BLOCK => '-',
                    _ => '1',
                });
            }
        }
        let side = if self.to_move == BLACK { "x" } else { "o" };
        format!("{s} {side} {} {}", self.halfmove, self.fullmove)
    }
}

fn random_grid(rng: &mut Rng, rules: Rules) -> Grid {
    let mut cell = [[EMPTY; 7]; 7];
    let density = 5 + rng.below(60);
    let blocked = if rules == Rules::Standard && rng.below(2) == 0 {
        rng.below(20)
    } else {
        0
    };
    for row in cell.iter_mut() {
        for c in row.iter_mut() {
            let r = rng.below(100);
            *c = if r < blocked {
                BLOCK
            } else if r < blocked + density {
                if rng.below(2) == 0 { BLACK } else { WHITE }
            } else {
                EMPTY
            };
        }
    }
    let to_move = if rng.below(2) == 0 { BLACK } else { WHITE };
    // Sometimes start near the ply limit or the move clock, so that both are reached.
    let fullmove = if rng.below(4) == 0 {
        185 + rng.below(16) as u32
    } else {
        1 + rng.below(50) as u32
    };
    let halfmove = if rng.below(4) == 0 {
        80 + rng.below(20) as u32
    } else {
        rng.below(10) as u32
    };
    let ply = (fullmove - 1) * 2 + u32::from(to_move == WHITE);
    Grid {
        cell,
        to_move,
        rules,
        halfmove,
        ply,
        fullmove,
    }
}

fn start_grid(rules: Rules) -> Grid {
    let mut cell = [[EMPTY; 7]; 7];
    cell[0][0] = BLACK;
    cell[6][6] = BLACK;
    cell[0][6] = WHITE;
    cell[6][0] = WHITE;
    Grid {
        cell,
        to_move: BLACK,
        rules,
        halfmove: 0,
        ply: 0,
        fullmove: 1,
    }
}

fn check_agrees(grid: &Grid, judged: &Judgement, board: &Board) {
    assert_eq!(
        board.pieces(Color::Black),
        grid.bits(BLACK),
        "{}",
        grid.fen()
    );
    assert_eq!(
        board.pieces(Color::White),
        grid.bits(WHITE),
        "{}",
        grid.fen()
    );
    assert_eq!(board.blocked(), grid.bits(BLOCK), "{}", grid.fen());
    assert_eq!(board.side() == Color::Black, grid.to_move == BLACK);
    assert_eq!(board.is_over(), judged.over, "{}", grid.fen());
    assert_eq!(board.final_margin(), judged.margin, "{}", grid.fen());
    let expected = &judged.moves;
    // Sorted lists: equal lists also rule out duplicates.
    assert_eq!(
        &sorted_ids(board.legal_moves().as_slice()),
        expected,
        "{}",
        grid.fen()
    );
    assert_eq!(
        &sorted_ids(board.legal_moves_unordered().as_slice()),
        expected,
        "{}",
        grid.fen()
    );
    assert_eq!(board.move_count(), expected.len() as u64);
}

/// Plays random games on both sides and compares everything at every position; returns the
/// number of positions compared.
fn random_games(rules: Rules, seed: u64, positions: usize) -> usize {
    let mut rng = Rng::new(seed);
    let mut seen = 0;
    let mut game = 0;
    while seen < positions {
        let mut grid = if game % 3 == 0 {
            start_grid(rules)
        } else {
            random_grid(&mut rng, rules)
        };
        game += 1;
        let mut board = Board::from_fen(&grid.fen(), rules).unwrap();
        loop {
            let judged = grid.judge();
            check_agrees(&grid, &judged, &board);
            seen += 1;
            // A random candidate (legal or not) must be judged like the grid judges it.
            let from = (rng.below(7), rng.below(7));
            let to = (rng.below(7), rng.below(7));
            let legal_pair = judged.pairs.contains(&(from, to));
            let sq = |p: (usize, usize)| Square::new(p.0 as u8, p.1 as u8).unwrap();
            if let Ok(mv) = Move::from_squares(sq(from), sq(to)) {
                // A copy names only its destination: legal from any source.
                let legal = match mv {
                    Move::Single(_) => judged.moves.contains(&move_id(mv)),
                    _ => legal_pair,
                };
                assert_eq!(board.play(mv).is_ok(), legal, "{} {mv}", grid.fen());
            }
            let bm = BotzoneMove::between(sq(from), sq(to));
            assert_eq!(
                board.parse_botzone(bm).is_ok(),
                legal_pair,
                "{} {bm}",
                grid.fen()
            );
            if judged.over {
                break;
            }
            let pairs = judged.pairs;
            if pairs.is_empty() {
                grid = grid.play((0, 0), (0, 0), true);
                board = board.play(Move::Pass).unwrap();
                continue;
            }
            let (from, to) = pairs[rng.below(pairs.len())];
            let mv = Move::from_squares(sq(from), sq(to)).unwrap();
            let placed = board.placed(mv);
            grid = grid.play(from, to, false);
            board = board.play(mv).unwrap();
            // Pre-capture: the mover has the destination, lost the source of a jump, and
            // the opponent still has everything captures took.
            let mover = if grid.to_move == WHITE {
                Color::Black
            } else {
                Color::White
            };
            let (mine, theirs) = match mover {
                Color::Black => (placed.0, placed.1),
                Color::White => (placed.1, placed.0),
            };
            assert_eq!(mine & !board.pieces(mover), 0);
            assert_eq!(theirs | board.pieces(mover.other()), theirs);
        }
    }
    seen
}

#[test]
fn bitboard_rules_agree_with_grid_botzone() {
    assert!(random_games(Rules::Botzone, 1, 60_000) >= 60_000);
}

#[test]
fn bitboard_rules_agree_with_grid_standard() {
    assert!(random_games(Rules::Standard, 2, 60_000) >= 60_000);
}

#[test]
fn botzone_end_of_game_gives_empties_to_the_side_that_moves() {
    // White (o) to move has no move: the game ends; black can still move and takes the 14
    // empty cells. The margin is white's: 7 against 28 + 14.
    let board = Board::from_fen(
        "ooooooo/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/7/7 o 0 1",
        Rules::Botzone,
    )
    .unwrap();
    assert!(board.is_over());
    assert_eq!(board.final_margin(), Some(7 - 42));
    assert!(board.legal_moves().is_empty());
    // Black to move in the same position: black can move, white cannot; the game is over too.
    let board = Board::from_fen(
        "ooooooo/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/7/7 x 0 1",
        Rules::Botzone,
    )
    .unwrap();
    assert_eq!(board.final_margin(), Some(42 - 7));
    // Under standard rules white passes instead.
    let board = Board::from_fen(
        "ooooooo/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/7/7 o 0 1",
        Rules::Standard,
    )
    .unwrap();
    assert!(!board.is_over());
    assert_eq!(board.legal_moves().as_slice(), &[Move::Pass]);
}

#[test]
fn botzone_end_of_game_cases_have_the_judges_outcomes() {
    // A side with no pieces has lost at once: white to move, none left; black's 7 count.
    let wiped = Board::from_fen("xxxxxxx/7/7/7/7/7/7 o 0 1", Rules::Botzone).unwrap();
    assert!(wiped.is_over());
    assert!(wiped.legal_moves().is_empty());
    assert_eq!(wiped.final_margin(), Some(-7));
    // Neither side can move (Botzone has no blocked cells, so the board is full): the pieces
    // are counted as they stand, 25 against 24.
    let full = Board::from_fen(
        "xxxxxxx/xxxxxxx/xxxxxxx/xxxxooo/ooooooo/ooooooo/ooooooo x 0 1",
        Rules::Botzone,
    )
    .unwrap();
    assert!(full.is_over());
    assert_eq!(full.final_margin(), Some(1));
    // The ply limit: after the 401st ply the game ends by count, whatever moves remain.
    let late = Board::from_fen("x5o/7/7/7/7/7/o5x x 0 201", Rules::Botzone).unwrap();
    assert_eq!(late.ply(), 400);
    assert!(!late.is_over());
    let copy = late
        .parse_botzone(BotzoneMove {
            x0: 0,
            y0: 0,
            x1: 1,
            y1: 1,
        })
        .unwrap();
    let last = late.play(copy).unwrap();
    assert_eq!(last.ply(), 401);
    assert!(last.is_over());
    assert!(last.legal_moves().is_empty());
    // White to move, 2 pieces against black's 3, no empties given to anyone.
    assert_eq!(last.final_margin(), Some(-1));
    // One ply earlier the same position plays on.
    let earlier = Board::from_fen("x5o/7/7/7/7/7/o5x x 0 200", Rules::Botzone).unwrap();
    assert!(!earlier.play(copy).unwrap().is_over());
}

// ---------------------------------------------------------------------------------------------
// The repetition rule

/// The rule, straight from the rules file: ply k (= history length) is circular when some
/// i ≤ k−3 has H[i] = H[k−1] and H[i+1] = H[k] (and k ≥ 4).
fn naive_circular(history: &[Snapshot], candidate: Snapshot) -> bool {
    let k = history.len();
    k >= 4 && (0..=k - 3).any(|i| history[i] == history[k - 1] && history[i + 1] == candidate)
}

fn snap(board: &Board) -> Snapshot {
    Snapshot {
        black: board.pieces(Color::Black),
        white: board.pieces(Color::White),
    }
}

fn bz(x0: i32, y0: i32, x1: i32, y1: i32) -> BotzoneMove {
    BotzoneMove { x0, y0, x1, y1 }
}

fn play_bz(game: &mut Match, m: BotzoneMove) {
    let mv = game.board().parse_botzone(m).unwrap();
    game.play(mv).unwrap();
}

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
        black: board.pieces(Color::Black),
        white: board.pieces(Color::White),
    };
    let filler = Snapshot {
        black: 1 << 20,
        white: 1 << 30,
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
        black: 3,
        white: 12,
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

fn search_choice(
    board: &Board,
    history: &History,
    depth: u8,
    entries: usize,
) -> SearchResult<Move> {
    let mut table = vec![Entry::default(); entries];
    let mut searcher = Searcher::new(&mut table);
    let mut budget = Budget::unlimited();
    let config = SearchConfig {
        max_depth: depth,
        aspiration: 0,
    };
    choose(
        board,
        history,
        &mut searcher,
        &mut budget,
        config,
        &mut |_| {},
    )
    .unwrap()
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

/// Search agrees with a plain minimax (no pruning, no table) at small depths.
#[test]
fn search_agrees_with_brute_force_minimax() {
    fn minimax(b: &Board, depth: u32) -> i32 {
        let moves = b.legal_moves();
        if moves.is_empty() {
            return b.outcome().unwrap();
        }
        if depth == 0 {
            return Eval::default().score(b);
        }
        moves
            .iter()
            .map(|&m| -minimax(&b.play_unchecked(m), depth - 1))
            .max()
            .unwrap()
    }
    let mut rng = Rng::new(5);
    for case in 0..30 {
        let rules = if case % 2 == 0 {
            Rules::Botzone
        } else {
            Rules::Standard
        };
        let mut board = Board::start(rules);
        for _ in 0..rng.below(30) {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            board = board.play_unchecked(moves.as_slice()[rng.below(moves.len())]);
        }
        if board.is_over() || board.legal_moves().len() < 2 {
            continue;
        }
        for depth in 1..=2u8 {
            let mut table = vec![Entry::default(); 1 << 12];
            let mut searcher = Searcher::new(&mut table);
            let config = SearchConfig {
                max_depth: depth,
                aspiration: 0,
            };
            let r = searcher.search(
                &board,
                &Eval::default(),
                config,
                &mut Budget::unlimited(),
                &mut |_| {},
            );
            assert_eq!(
                r.score,
                minimax(&board, u32::from(depth)),
                "{} depth {depth}",
                board.fen()
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The bot through the binary

fn ataxx() -> PathBuf {
    bin("ataxx")
}

/// What the library chooses at `depth` for the game that `moves` (Botzone moves from the
/// start) reach, in Botzone form.
fn expected_answer(moves: &[BotzoneMove], depth: u8) -> BotzoneMove {
    let mut game = Match::new();
    for &m in moves {
        play_bz(&mut game, m);
    }
    let board = *game.board();
    let mv = search_choice(&board, game.history(), depth, 1 << 16)
        .best
        .unwrap();
    board.botzone_move(mv)
}

#[test]
fn bot_simple_golden() {
    let out = run(
        &ataxx(),
        &["--depth", "3", "--hash-mb", "1"],
        "1\n-1 -1 -1 -1\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = expected_answer(&[], 3);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("{expected}\n>>>BOTZONE_REQUEST_KEEP_RUNNING<<<\n")
    );
    assert!(out.stderr.is_empty());
    // White's second turn, with data and globaldata lines after the request.
    let history = [bz(0, 0, 1, 1), bz(6, 0, 5, 1), bz(6, 6, 4, 4)];
    let input = format!("2\n{}\n{}\n{}\n\n\n", history[0], history[1], history[2]);
    let out = run(&ataxx(), &["--depth", "3", "--hash-mb", "1"], &input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = expected_answer(&history, 3);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("{expected}\n>>>BOTZONE_REQUEST_KEEP_RUNNING<<<\n")
    );
}

/// The integer after `"key":` in a flat JSON text (the answers here have one of each).
fn json_int(text: &str, key: &str) -> Option<i32> {
    let at = text.find(&format!("\"{key}\":"))? + key.len() + 3;
    let rest = text.get(at..)?.trim_start();
    let end = rest
        .find(|c: char| c != '-' && !c.is_ascii_digit())
        .unwrap_or(rest.len());
    rest[..end].parse().ok()
}

fn json_move(m: BotzoneMove) -> String {
    format!(
        "{{\"x0\":{},\"y0\":{},\"x1\":{},\"y1\":{}}}",
        m.x0, m.y0, m.x1, m.y1
    )
}

#[test]
fn bot_json_golden() {
    let history = [bz(0, 0, 1, 1), bz(6, 0, 4, 2), bz(6, 6, 5, 5)];
    let input = format!(
        "{{\"requests\":[{},{}],\"responses\":[{}],\"data\":\"\",\"globaldata\":\"\",\"time_limit\":1,\"memory_limit\":256}}\n",
        json_move(history[0]),
        json_move(history[2]),
        json_move(history[1])
    );
    let out = run(&ataxx(), &["--depth", "3", "--hash-mb", "1"], &input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let e = expected_answer(&history, 3);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!(
            "{{\"response\":{{\"x0\":{},\"y0\":{},\"x1\":{},\"y1\":{}}}}}\n>>>BOTZONE_REQUEST_KEEP_RUNNING<<<\n",
            e.x0, e.y0, e.x1, e.y1
        )
    );
}

/// A child process with line-by-line stdout through a channel (so that a test cannot hang).
struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Session {
    fn start(program: &Path, args: &[&str]) -> Session {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Session {
            child,
            stdin,
            lines: rx,
        }
    }

    fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }

    fn line(&self) -> String {
        self.lines
            .recv_timeout(Duration::from_secs(20))
            .expect("a line within 20 s")
    }

    fn finish(mut self) -> std::process::Output {
        drop(self.stdin.take());
        let out = self.child.wait_with_output().unwrap();
        assert!(self.lines.try_recv().is_err(), "unread output");
        out
    }
}

/// One process serves a whole game as black in keep-running mode, mixing simple and JSON
/// requests; every answer is legal and followed by the keep-running line.
#[test]
fn bot_keep_running_serves_many_turns() {
    let mut session = Session::start(&ataxx(), &["--millis", "150", "--hash-mb", "1"]);
    let mut game = Match::new();
    let mut rng = Rng::new(3);
    session.send("1\n-1 -1 -1 -1\n");
    for turn in 0..8 {
        let json = turn % 2 == 1;
        let answer = session.line();
        let bm = if json {
            assert!(answer.starts_with("{\"response\":{"), "{answer}");
            let f = |k: &str| json_int(&answer, k).unwrap();
            bz(f("x0"), f("y0"), f("x1"), f("y1"))
        } else {
            BotzoneMove::parse(&answer).unwrap()
        };
        let mv = game.board().parse_botzone(bm).unwrap();
        assert!(!game.history().is_circular(game.board(), mv));
        game.play(mv).unwrap();
        assert_eq!(session.line(), ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<");
        if game.board().is_over() {
            break;
        }
        // The opponent's random move, sent in the next turn's form.
        let moves = game.board().legal_moves();
        let mv = moves.as_slice()[rng.below(moves.len())];
        let reply = game.board().botzone_move(mv);
        game.play(mv).unwrap();
        if game.board().is_over() {
            break;
        }
        if (turn + 1) % 2 == 1 {
            session.send(&format!("{}\n", json_move(reply)));
        } else {
            session.send(&format!("{reply}\n"));
        }
    }
    let out = session.finish();
    assert!(out.status.success());
    assert!(out.stderr.is_empty());
}

/// Through the binary, with the real repetition (black and white jump out and back): at
/// every depth, black's answer is legal and not the circular jump (0,0)->(2,0), in both
/// input forms.
#[test]
fn bot_avoids_the_circular_move() {
    let plies = [
        bz(0, 0, 2, 0),
        bz(6, 0, 4, 0),
        bz(2, 0, 0, 0),
        bz(4, 0, 6, 0),
    ];
    let mut game = Match::new();
    for m in plies {
        play_bz(&mut game, m);
    }
    let circular = bz(0, 0, 2, 0);
    let simple = format!(
        "3\n-1 -1 -1 -1\n{}\n{}\n{}\n{}\n",
        plies[0], plies[1], plies[2], plies[3]
    );
    let json = format!(
        "{{\"requests\":[{},{},{}],\"responses\":[{},{}]}}\n",
        json_move(BotzoneMove::NONE),
        json_move(plies[1]),
        json_move(plies[3]),
        json_move(plies[0]),
        json_move(plies[2])
    );
    for depth in ["1", "2", "3"] {
        for (input, proto) in [(&simple, Proto::Simple), (&json, Proto::Json)] {
            let out = run(&ataxx(), &["--depth", depth, "--hash-mb", "1"], input);
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let answer = parse_answer(&out.stdout, proto).unwrap();
            let mv = game.board().parse_botzone(answer).unwrap();
            assert_ne!(answer, circular);
            assert!(!game.history().is_circular(game.board(), mv));
        }
    }
}

#[test]
fn bot_rejects_malformed_input() {
    let cases = [
        "",
        "x\n",
        "0\n",
        "2\n-1 -1 -1 -1\n0 0 1 1\n",
        "1\n1 2 a b\n",
        "1\n1 2 3\n",
        "1\n0 0 9 9\n",
        "1\n6 0 5 0\n",
        "1\n0 0 3 3\n",
        "2\n-1 -1 -1 -1\n0 0 1 1\n-1 -1 -1 -1\n",
        "2\n-1 -1 -1 -1\n0 0 0 3\n6 0 5 0\n",
        "{bad json\n",
        "{\"requests\":[],\"responses\":[]}\n",
        "{\"requests\":[{\"x0\":-1,\"y0\":-1,\"x1\":-1,\"y1\":-1}],\"responses\":[{\"x0\":0,\"y0\":0,\"x1\":1,\"y1\":1}]}\n",
        "{\"requests\":[{\"x0\":0}],\"responses\":[]}\n",
        "{\"requests\":[{\"x0\":0,\"y0\":0,\"x1\":0,\"y1\":2.5}],\"responses\":[]}\n",
    ];
    for input in cases {
        let out = run(&ataxx(), &["--depth", "1"], input);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "accepted {input:?}");
        assert_eq!(stderr.lines().count(), 1, "{input:?}: {stderr}");
        assert!(stderr.starts_with("ataxx: "), "{input:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{input:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{input:?}");
    }
    // After a simple-form turn, lines that are no request are its data and globaldata lines:
    // skipped.
    let out = run(&ataxx(), &["--depth", "1"], "1\n-1 -1 -1 -1\n3 3 garbage\n");
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 2);
    // A malformed request after a keep-running request: the two answers, then one error line.
    let input = "1\n-1 -1 -1 -1\n6 0 5 0\n3 3 garbage\n";
    let out = run(&ataxx(), &["--depth", "1"], input);
    assert!(!out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 4);
    // A later request that is illegal.
    let out = run(&ataxx(), &["--depth", "1"], "1\n-1 -1 -1 -1\n0 0 1 1\n");
    assert!(!out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    for args in [
        &["--depth", "0"][..],
        &["--bogus"][..],
        &["--millis", "x"][..],
    ] {
        let out = run(&ataxx(), args, "");
        assert!(!out.status.success(), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr).lines().count(),
            1,
            "{args:?}"
        );
    }
    let help = run(&ataxx(), &["--help"], "");
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).contains("--uai"));
}

/// The turn is answered well within the 1 s Botzone gives, start-up and replay included.
#[test]
fn bot_answers_in_time() {
    let mut rng = Rng::new(9);
    let (game, lines) = loop {
        // Random games can end early (a side wiped out); take the first that lasts.
        let mut game = Match::new();
        let mut lines = Vec::new();
        while lines.len() < 30 && !game.board().is_over() {
            let moves = game.board().legal_moves();
            let mv = moves.as_slice()[rng.below(moves.len())];
            lines.push(game.board().botzone_move(mv));
            game.play(mv).unwrap();
        }
        if lines.len() == 30 && !game.board().is_over() {
            break (game, lines);
        }
    };
    // Black's 16th turn: 15 requests/responses pairs then the request.
    let mut input = "16\n-1 -1 -1 -1\n".to_string();
    for m in &lines[..30] {
        input.push_str(&format!("{m}\n"));
    }
    let program = ataxx();
    let start = std::time::Instant::now();
    let out = run(&program, &[], &input);
    let elapsed = start.elapsed();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(elapsed < Duration::from_millis(950), "took {elapsed:?}");
    let answer = String::from_utf8(out.stdout).unwrap();
    let bm = BotzoneMove::parse(answer.lines().next().unwrap()).unwrap();
    assert!(game.board().parse_botzone(bm).is_ok());
}

// ---------------------------------------------------------------------------------------------
// Complete games against the sample bots, through a referee speaking Botzone's protocols

#[derive(Clone, Copy, PartialEq)]
enum Proto {
    Simple,
    Json,
}

fn compile_opponent(name: &str) -> PathBuf {
    let dir = target_dir().join("ataxx-opponents");
    std::fs::create_dir_all(dir.join("inc/jsoncpp")).unwrap();
    std::fs::write(dir.join("inc/jsoncpp/json.h"), "#include <json/json.h>\n").unwrap();
    let out = dir.join(name);
    let src = shared(&format!("opponents/{name}.cpp"));
    let mut cmd = Command::new("g++");
    cmd.arg("-O2").arg(&src).arg("-o").arg(&out);
    if name.contains("json") {
        cmd.arg(format!("-I{}", dir.join("inc").display()))
            .arg("-I/usr/include/jsoncpp")
            .arg("-ljsoncpp");
    }
    let status = cmd.status().expect("g++ runs");
    assert!(
        status.success(),
        "compiling {name} failed (libjsoncpp-dev needed for the JSON one)"
    );
    out
}

/// The turn input for the player to move, holding all plies so far.
fn turn_input(plies: &[BotzoneMove], proto: Proto) -> String {
    let black = plies.len() % 2 == 0;
    let mut requests = Vec::new();
    let mut responses = Vec::new();
    if black {
        requests.push(BotzoneMove::NONE);
    }
    for (i, &m) in plies.iter().enumerate() {
        if (i % 2 == 0) == black {
            responses.push(m);
        } else {
            requests.push(m);
        }
    }
    match proto {
        Proto::Simple => {
            let mut s = format!("{}\n", requests.len());
            for (i, r) in requests.iter().enumerate() {
                s.push_str(&format!("{r}\n"));
                if let Some(resp) = responses.get(i) {
                    s.push_str(&format!("{resp}\n"));
                }
            }
            s
        }
        Proto::Json => {
            let list = |v: &[BotzoneMove]| {
                v.iter()
                    .map(|&m| json_move(m))
                    .collect::<Vec<_>>()
                    .join(",")
            };
            format!(
                "{{\"requests\":[{}],\"responses\":[{}],\"data\":\"\",\"globaldata\":\"\",\"time_limit\":1,\"memory_limit\":256}}\n",
                list(&requests),
                list(&responses)
            )
        }
    }
}

fn parse_answer(stdout: &[u8], proto: Proto) -> Option<BotzoneMove> {
    let text = String::from_utf8_lossy(stdout);
    let first = text.lines().find(|l| !l.trim().is_empty())?;
    match proto {
        Proto::Simple => BotzoneMove::parse(first).ok(),
        Proto::Json => {
            let f = |k: &str| json_int(first, k);
            Some(bz(f("x0")?, f("y0")?, f("x1")?, f("y1")?))
        }
    }
}

/// Plays one game, restarting each program every turn with the full history; returns our
/// final piece margin (with the judge's empties rule). Any illegal or circular move by us
/// fails the test; by the opponent it is the opponent's loss.
fn referee(opponent: &Path, proto: Proto, we_are_black: bool) -> i32 {
    let mut game = Match::new();
    let mut plies: Vec<BotzoneMove> = Vec::new();
    while !game.board().is_over() {
        let ours = (game.board().side() == Color::Black) == we_are_black;
        let (program, args, proto): (PathBuf, &[&str], Proto) = if ours {
            (
                ataxx(),
                &["--millis", "120", "--hash-mb", "1"],
                if plies.len() % 4 < 2 {
                    Proto::Simple
                } else {
                    Proto::Json
                },
            )
        } else {
            (opponent.to_path_buf(), &[], proto)
        };
        let out = run(&program, args, &turn_input(&plies, proto));
        let answer = parse_answer(&out.stdout, proto);
        let board = *game.board();
        let mv = answer.and_then(|bm| board.parse_botzone(bm).ok());
        let Some(mv) = mv else {
            assert!(
                !ours,
                "our bot answered {:?}: {}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            return 49; // the opponent's invalid move loses
        };
        if game.history().is_circular(&board, mv) {
            assert!(
                !ours || circular_moves(&board, game.history()).len() == board.legal_moves().len()
            );
            return if ours { -49 } else { 49 };
        }
        plies.push(board.botzone_move(mv));
        game.play(mv).unwrap();
    }
    let margin = game.board().final_margin().unwrap();
    let ours_to_move = (game.board().side() == Color::Black) == we_are_black;
    if ours_to_move { margin } else { -margin }
}

#[test]
fn bot_beats_the_sample_bots() {
    let simple = compile_opponent("ataxx-random-simple");
    let json = compile_opponent("ataxx-random-json");
    for (opponent, proto) in [(&simple, Proto::Simple), (&json, Proto::Json)] {
        for we_are_black in [true, false] {
            let margin = referee(opponent, proto, we_are_black);
            assert!(
                margin > 0,
                "lost or drew by {margin} (black: {we_are_black})"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// UAI

fn library_iterations(board: &Board, depth: u8) -> Vec<SearchResult<Move>> {
    let mut table = vec![Entry::default(); 16 * (1 << 20) / 16];
    let mut searcher = Searcher::new(&mut table);
    let mut seen = Vec::new();
    let config = SearchConfig {
        max_depth: depth,
        aspiration: 0,
    };
    search_position(
        board,
        &mut searcher,
        &mut Budget::unlimited(),
        config,
        &mut |r| seen.push(*r),
    );
    seen
}

#[test]
fn uai_scripted_session() {
    let mut s = Session::start(&ataxx(), &["--uai"]);
    s.send("uai\n");
    assert_eq!(s.line(), "id name duel");
    assert_eq!(s.line(), "id author the duel project");
    assert_eq!(s.line(), "uaiok");
    s.send("isready\n");
    assert_eq!(s.line(), "readyok");
    s.send("uainewgame\nposition startpos moves g2 a1a3\ngo depth 3\n");
    let board = Board::start(Rules::Standard)
        .play(Move::parse_uai("g2").unwrap())
        .unwrap()
        .play(Move::parse_uai("a1a3").unwrap())
        .unwrap();
    for r in library_iterations(&board, 3) {
        let line = s.line();
        let prefix = format!(
            "info depth {} score cp {} nodes {} nps ",
            r.depth, r.score, r.nodes
        );
        assert!(line.starts_with(&prefix), "{line} vs {prefix}");
        assert!(
            line.ends_with(&format!(" pv {}", r.best.unwrap())),
            "{line}"
        );
    }
    let best = library_iterations(&board, 3).last().unwrap().best.unwrap();
    assert_eq!(s.line(), format!("bestmove {best}"));
    // A timed search from a FEN with blocked cells.
    s.send("position fen x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1\ngo movetime 200\n");
    let fen_board = Board::from_fen("x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1", Rules::Standard).unwrap();
    let line = loop {
        let line = s.line();
        if !line.starts_with("info depth ") {
            break line;
        }
    };
    let mv = Move::parse_uai(line.strip_prefix("bestmove ").unwrap()).unwrap();
    assert!(fen_board.is_legal(mv), "{line}");
    // go infinite answers isready while searching, and stop ends it with a bestmove.
    s.send("position startpos\ngo infinite\n");
    std::thread::sleep(Duration::from_millis(100));
    s.send("isready\n");
    let mut saw_ready = false;
    let mut bestmove = None;
    for _ in 0..200 {
        let line = s.line();
        if line == "readyok" {
            saw_ready = true;
            s.send("stop\n");
        } else if let Some(m) = line.strip_prefix("bestmove ") {
            bestmove = Some(m.to_string());
            break;
        } else {
            assert!(line.starts_with("info depth "), "{line}");
        }
    }
    assert!(saw_ready);
    let m = Move::parse_uai(&bestmove.unwrap()).unwrap();
    assert!(Board::start(Rules::Standard).is_legal(m));
    // A side with no move passes: bestmove 0000.
    s.send("position fen 7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1\ngo depth 2\n");
    let line = loop {
        let line = s.line();
        if !line.starts_with("info") {
            break line;
        }
    };
    assert_eq!(line, "bestmove 0000");
    s.send("position startpos\nperft 3\n");
    let line = s.line();
    assert!(line.starts_with("3 6460 "), "{line}");
    s.send("quit\n");
    let out = s.finish();
    assert!(out.status.success());
}

#[test]
fn duel_perft_ataxx_prints_depth_lines() {
    let out = run(
        &bin("duel"),
        &[
            "perft",
            "ataxx",
            "3",
            "--fen",
            "x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1",
        ],
        "",
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let counts: Vec<(String, String)> = text
        .lines()
        .map(|l| {
            let w: Vec<&str> = l.split(' ').collect();
            assert_eq!(w.len(), 3, "{l}");
            assert!(w[2].parse::<f64>().is_ok());
            (w[0].to_string(), w[1].to_string())
        })
        .collect();
    let expected: Vec<(String, String)> = [("1", "14"), ("2", "196"), ("3", "4100")]
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(counts, expected);
    let out = run(
        &bin("duel"),
        &["perft", "ataxx", "2", "--rules", "botzone"],
        "",
    );
    assert_eq!(
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .nth(1)
            .unwrap()
            .split(' ')
            .nth(1),
        Some("256")
    );
    let bad = run(
        &bin("duel"),
        &["perft", "ataxx", "2", "--fen", "nonsense"],
        "",
    );
    assert!(!bad.status.success());
    assert_eq!(String::from_utf8_lossy(&bad.stderr).lines().count(), 1);
}
