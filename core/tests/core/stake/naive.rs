//! The slow, obviously right twins of Stake Your Claim: a grid, a grid flood fill, plain
//! minimax (with and without a memo).

use crate::support::Rng;
use std::collections::HashMap;

/// A board as a grid of `b'0'`, `b'1'` and `b'.'`, side `n`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Grid {
    pub(crate) n: usize,
    pub(crate) cells: [[u8; 8]; 8],
}

impl Grid {
    pub(crate) fn from_text(rows: &[&str]) -> Self {
        let mut cells = [[b'.'; 8]; 8];
        for (r, row) in rows.iter().enumerate() {
            for (c, byte) in row.bytes().enumerate() {
                cells[r][c] = byte;
            }
        }
        Self {
            n: rows.len(),
            cells,
        }
    }

    pub(crate) fn rows(&self) -> Vec<Vec<u8>> {
        (0..self.n)
            .map(|r| self.cells[r][..self.n].to_vec())
            .collect()
    }

    pub(crate) fn text(&self) -> String {
        let mut s = String::new();
        for row in self.rows() {
            s.push_str(std::str::from_utf8(&row).unwrap());
            s.push('\n');
        }
        s
    }

    pub(crate) fn count(&self, digit: u8) -> usize {
        (0..self.n)
            .flat_map(|r| (0..self.n).map(move |c| (r, c)))
            .filter(|&(r, c)| self.cells[r][c] == digit)
            .count()
    }

    pub(crate) fn mover(&self) -> u8 {
        if self.count(b'0') == self.count(b'1') {
            b'0'
        } else {
            b'1'
        }
    }

    pub(crate) fn empties(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for r in 0..self.n {
            for c in 0..self.n {
                if self.cells[r][c] == b'.' {
                    out.push((r, c));
                }
            }
        }
        out
    }
}

/// The largest 4-connected region of `digit`, by a depth-first search over the grid.
pub(crate) fn naive_region(grid: &Grid, digit: u8) -> i32 {
    let n = grid.n;
    let mut seen = [[false; 8]; 8];
    let mut stack = [(0usize, 0usize); 64];
    let mut best = 0;
    for r in 0..n {
        for c in 0..n {
            if grid.cells[r][c] != digit || seen[r][c] {
                continue;
            }
            let mut size = 0;
            let mut top = 1;
            stack[0] = (r, c);
            seen[r][c] = true;
            while top > 0 {
                top -= 1;
                let (y, x) = stack[top];
                size += 1;
                let steps = [
                    (y.wrapping_sub(1), x),
                    (y + 1, x),
                    (y, x.wrapping_sub(1)),
                    (y, x + 1),
                ];
                for (ny, nx) in steps {
                    if ny < n && nx < n && grid.cells[ny][nx] == digit && !seen[ny][nx] {
                        seen[ny][nx] = true;
                        stack[top] = (ny, nx);
                        top += 1;
                    }
                }
            }
            best = best.max(size);
        }
    }
    best
}

pub(crate) fn other(digit: u8) -> u8 {
    if digit == b'0' { b'1' } else { b'0' }
}

/// Plain minimax, no pruning, no memory: the value for `mover` of `grid`, whose empty cells
/// are those of `empties` (in any order) still holding `.`.
pub(crate) fn naive_value(grid: &mut Grid, empties: &[(usize, usize)], mover: u8) -> i32 {
    let mut best = None;
    for &(r, c) in empties {
        if grid.cells[r][c] != b'.' {
            continue;
        }
        grid.cells[r][c] = mover;
        let value = -naive_value(grid, empties, other(mover));
        grid.cells[r][c] = b'.';
        best = Some(best.map_or(value, |b: i32| b.max(value)));
    }
    best.unwrap_or_else(|| naive_region(grid, mover) - naive_region(grid, other(mover)))
}

/// Every root move's value for the player to move, in (row, column) order.
pub(crate) fn root_values(
    grid: &Grid,
    value: &mut dyn FnMut(&mut Grid, u8) -> i32,
) -> Vec<((usize, usize), i32)> {
    let mover = grid.mover();
    let mut grid = *grid;
    grid.empties()
        .into_iter()
        .map(|(r, c)| {
            grid.cells[r][c] = mover;
            let v = -value(&mut grid, other(mover));
            grid.cells[r][c] = b'.';
            ((r, c), v)
        })
        .collect()
}

/// The first best root move and its value, and how many moves share that value.
pub(crate) fn best_of(values: &[((usize, usize), i32)]) -> ((usize, usize), i32, usize) {
    let best = values.iter().map(|&(_, v)| v).max().unwrap();
    let first = values.iter().find(|&&(_, v)| v == best).unwrap().0;
    (
        first,
        best,
        values.iter().filter(|&&(_, v)| v == best).count(),
    )
}

/// Minimax with a memo but no pruning: exact, and fast enough for ten empties (each pattern
/// of the empties is valued once).
pub(crate) fn memo_value(
    grid: &mut Grid,
    empties: &[(usize, usize)],
    mover: u8,
    memo: &mut HashMap<Grid, i32>,
) -> i32 {
    if let Some(&v) = memo.get(grid) {
        return v;
    }
    let mut best = None;
    for &(r, c) in empties {
        if grid.cells[r][c] != b'.' {
            continue;
        }
        grid.cells[r][c] = mover;
        let value = -memo_value(grid, empties, other(mover), memo);
        grid.cells[r][c] = b'.';
        best = Some(best.map_or(value, |b: i32| b.max(value)));
    }
    let v = best.unwrap_or_else(|| naive_region(grid, mover) - naive_region(grid, other(mover)));
    memo.insert(*grid, v);
    v
}

/// A random legal position: side `n`, `empties` empty cells, the rest split between 0s and 1s
/// as the rules demand.
pub(crate) fn random_grid(rng: &mut Rng, n: usize, empties: usize) -> Grid {
    let mut order: Vec<(usize, usize)> = (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let filled = n * n - empties;
    let mut cells = [[b'.'; 8]; 8];
    for (i, &(r, c)) in order.iter().take(filled).enumerate() {
        cells[r][c] = if i < filled.div_ceil(2) { b'0' } else { b'1' };
    }
    Grid { n, cells }
}
