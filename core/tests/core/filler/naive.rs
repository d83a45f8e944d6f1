//! The naive twin of Filler: a grid of colours and owners, breadth-first search over cells.

use duel_core::coord::cells;
use duel_core::filler::{COLOURS, Cells, Grid};

/// The cells reachable from `start` through side-adjacent cells of colour `through`.
pub(crate) fn naive_region(n: usize, colours: &[u8], start: usize, through: u8) -> Vec<bool> {
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
pub(crate) struct Naive {
    pub(crate) n: usize,
    pub(crate) colours: Vec<u8>,
    /// 0: nobody, 1: A, 2: B.
    pub(crate) owner: Vec<u8>,
    pub(crate) moves: usize,
    pub(crate) limit: usize,
}

impl Naive {
    pub(crate) fn new(grid: &Grid, limit: usize) -> Naive {
        let n = grid.size();
        let colours: Vec<u8> = cells(n).map(|(r, c)| grid.colour(r, c).unwrap()).collect();
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

    pub(crate) fn mover(&self) -> u8 {
        1 + (self.moves % 2) as u8
    }

    pub(crate) fn start(&self, player: u8) -> usize {
        if player == 1 { 0 } else { self.n * self.n - 1 }
    }

    pub(crate) fn forbidden(&self) -> u8 {
        self.colours[self.start(3 - self.mover())]
    }

    pub(crate) fn count(&self, player: u8) -> i32 {
        self.owner.iter().filter(|&&o| o == player).count() as i32
    }

    pub(crate) fn is_over(&self) -> bool {
        self.moves >= self.limit || self.owner.iter().all(|&o| o != 0)
    }

    /// For each player (index 1 and 2) and colour: the unowned cells of that colour
    /// side-adjacent to the player's territory.
    pub(crate) fn borders(&self) -> [[usize; COLOURS]; 3] {
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
    pub(crate) fn play(&mut self, c: u8) {
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
pub(crate) fn cells_vec(set: Cells, n: usize) -> Vec<bool> {
    cells(n).map(|(r, c)| set.contains(r, c)).collect()
}
