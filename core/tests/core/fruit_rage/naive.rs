//! The naive model of The Fruit Rage: a flat grid, row-major, row 0 at the top, groups found
//! breadth-first, gravity column by column, and the exact value by brute force.

pub(crate) const EMPTY: u8 = u8::MAX;

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Grid {
    pub(crate) n: usize,
    pub(crate) cells: Vec<u8>,
}

/// A group as the naive model sees it: its first cell in row-major order, its size, its cells.
#[derive(Clone, Debug)]
pub(crate) struct NaiveGroup {
    pub(crate) first: (usize, usize),
    pub(crate) cells: Vec<usize>,
}

impl Grid {
    pub(crate) fn from_rows(rows: &[&str]) -> Grid {
        let n = rows.len();
        let mut cells = Vec::with_capacity(n * n);
        for r in rows {
            assert_eq!(r.len(), n);
            for b in r.bytes() {
                cells.push(if b == b'*' { EMPTY } else { b - b'0' });
            }
        }
        Grid { n, cells }
    }

    pub(crate) fn text(&self) -> String {
        let mut s = String::new();
        for r in 0..self.n {
            for c in 0..self.n {
                let v = self.cells[r * self.n + c];
                s.push(if v == EMPTY {
                    '*'
                } else {
                    char::from(b'0' + v)
                });
            }
            s.push('\n');
        }
        s
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.cells.iter().all(|&v| v == EMPTY)
    }

    /// Every group, in row-major order of first cells.
    pub(crate) fn groups(&self) -> Vec<NaiveGroup> {
        let n = self.n;
        let mut seen = vec![false; n * n];
        let mut out = Vec::new();
        let mut stack = Vec::with_capacity(n * n);
        for start in 0..n * n {
            if seen[start] || self.cells[start] == EMPTY {
                continue;
            }
            let fruit = self.cells[start];
            stack.push(start);
            seen[start] = true;
            let mut cells = Vec::new();
            while let Some(i) = stack.pop() {
                cells.push(i);
                let (r, c) = (i / n, i % n);
                let near = [
                    (r > 0).then(|| i - n),
                    (r + 1 < n).then(|| i + n),
                    (c > 0).then(|| i - 1),
                    (c + 1 < n).then(|| i + 1),
                ];
                for j in near.into_iter().flatten() {
                    if !seen[j] && self.cells[j] == fruit {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
            out.push(NaiveGroup {
                first: (start % n, start / n),
                cells,
            });
        }
        out
    }

    /// The group holding (column, row), if that cell has fruit.
    pub(crate) fn group_at(&self, column: usize, row: usize) -> Option<NaiveGroup> {
        let i = row * self.n + column;
        self.groups().into_iter().find(|g| g.cells.contains(&i))
    }

    /// Claims `group`, then lets every column fall; returns the points.
    pub(crate) fn claim(&mut self, group: &NaiveGroup) -> i64 {
        for &i in &group.cells {
            self.cells[i] = EMPTY;
        }
        let n = self.n;
        for c in 0..n {
            let column: Vec<u8> = (0..n)
                .rev()
                .map(|r| self.cells[r * n + c])
                .filter(|&v| v != EMPTY)
                .collect();
            for r in 0..n {
                let height = n - 1 - r;
                self.cells[r * n + c] = column.get(height).copied().unwrap_or(EMPTY);
            }
        }
        let s = group.cells.len() as i64;
        s * s
    }

    /// The exact value of the rest of the game for the side to move, by brute force.
    pub(crate) fn exact_value(&self) -> i64 {
        let groups = self.groups();
        if groups.is_empty() {
            return 0;
        }
        groups
            .iter()
            .map(|g| {
                let mut child = self.clone();
                let points = child.claim(g);
                points - child.exact_value()
            })
            .max()
            .unwrap()
    }
}
