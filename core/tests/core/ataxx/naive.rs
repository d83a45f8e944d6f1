//! The naive grid twin of Ataxx: the rules written cell by cell, straight from
//! `docs/rules/ataxx.md`, and the repetition rule as its formula.

use crate::support::Rng;
use duel_core::Colour;
use duel_core::ataxx::{Board, Move, Rules, Snapshot, Square};

pub(crate) const EMPTY: i8 = 0;

pub(crate) const BLACK: i8 = 1;

pub(crate) const WHITE: i8 = -1;

pub(crate) const BLOCK: i8 = 2;

pub(crate) type Pair = ((usize, usize), (usize, usize));

/// A move as the test names it: (0 copy / 1 jump / 2 pass, source cell, destination cell),
/// cells as y * 7 + x, a copy's source 0.
pub(crate) type MoveId = (u8, u8, u8);

pub(crate) fn move_id(mv: Move) -> MoveId {
    let cell = |sq: Square| sq.row().0 * 7 + sq.column().0;
    match mv {
        Move::Single(to) => (0, 0, cell(to)),
        Move::Double(from, to) => (1, cell(from), cell(to)),
        Move::Pass => (2, 0, 0),
    }
}

pub(crate) fn sorted_ids(moves: &[Move]) -> Vec<MoveId> {
    let mut ids: Vec<MoveId> = moves.iter().map(|&m| move_id(m)).collect();
    ids.sort_unstable();
    ids
}

/// What the grid rules say about one position.
pub(crate) struct Judgement {
    pub(crate) over: bool,
    pub(crate) margin: Option<i32>,
    pub(crate) moves: Vec<MoveId>,
    /// Every (from, to) the side to move can play (copies from every source).
    pub(crate) pairs: Vec<Pair>,
}

#[derive(Clone, Debug)]
pub(crate) struct Grid {
    pub(crate) cell: [[i8; 7]; 7], // [y][x]
    pub(crate) to_move: i8,
    pub(crate) rules: Rules,
    pub(crate) halfmove: u32,
    pub(crate) ply: u32,
    pub(crate) fullmove: u32,
}

impl Grid {
    pub(crate) fn count(&self, who: i8) -> i32 {
        let mut n = 0;
        for row in &self.cell {
            for &c in row {
                n += i32::from(c == who);
            }
        }
        n
    }

    /// Whether a piece of `who` has an empty cell within two steps.
    pub(crate) fn can_move(&self, who: i8) -> bool {
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

    pub(crate) fn bits(&self, who: i8) -> u64 {
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
    pub(crate) fn pairs(&self, who: i8) -> Vec<Pair> {
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
    pub(crate) fn judge(&self) -> Judgement {
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

    pub(crate) fn play(&self, from: (usize, usize), to: (usize, usize), pass: bool) -> Grid {
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

    /// The position in FEN, runs of empty cells as digits.
    pub(crate) fn fen(&self) -> String {
        let mut s = String::new();
        for y in 0..7 {
            if y > 0 {
                s.push('/');
            }
            let mut run = 0;
            for x in 0..7 {
                let c = match self.cell[y][x] {
                    BLACK => 'x',
                    WHITE => 'o',
                    BLOCK => '-',
                    _ => {
                        run += 1;
                        continue;
                    }
                };
                if run > 0 {
                    s.push(char::from(b'0' + run));
                    run = 0;
                }
                s.push(c);
            }
            if run > 0 {
                s.push(char::from(b'0' + run));
            }
        }
        let side = if self.to_move == BLACK { "x" } else { "o" };
        format!("{s} {side} {} {}", self.halfmove, self.fullmove)
    }
}

pub(crate) fn random_grid(rng: &mut Rng, rules: Rules) -> Grid {
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

pub(crate) fn start_grid(rules: Rules) -> Grid {
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

/// The rule, straight from the rules file: ply k (= history length) is circular when some
/// i ≤ k−3 has H[i] = H[k−1] and H[i+1] = H[k] (and k ≥ 4).
pub(crate) fn naive_circular(history: &[Snapshot], candidate: Snapshot) -> bool {
    let k = history.len();
    k >= 4 && (0..=k - 3).any(|i| history[i] == history[k - 1] && history[i + 1] == candidate)
}

impl Grid {
    /// The twin of an engine position, read cell by cell from its bitboards and counters.
    pub(crate) fn from_board(board: &Board) -> Grid {
        let mut cell = [[EMPTY; 7]; 7];
        for (y, row) in cell.iter_mut().enumerate() {
            for (x, c) in row.iter_mut().enumerate() {
                let bit = 1u64 << (y * 7 + x);
                if board.pieces(Colour::Black).bits() & bit != 0 {
                    *c = BLACK;
                } else if board.pieces(Colour::White).bits() & bit != 0 {
                    *c = WHITE;
                } else if board.blocked().bits() & bit != 0 {
                    *c = BLOCK;
                }
            }
        }
        let ply = u32::from(board.ply());
        Grid {
            cell,
            to_move: if board.side() == Colour::Black {
                BLACK
            } else {
                WHITE
            },
            rules: board.rules(),
            halfmove: u32::from(board.halfmove()),
            ply,
            fullmove: ply / 2 + 1,
        }
    }
}
