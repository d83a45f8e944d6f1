//! The unit tests' random numbers: xorshift64, reproducible from a seed.

/// A xorshift64 generator; the seed must not be zero.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    /// The next 64 random bits.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Two disjoint random disc sets, dense or sparse.
    pub(crate) fn position(&mut self) -> (u64, u64) {
        let filled = match self.next() % 4 {
            0 => self.next() & self.next(),
            1 => self.next() | self.next(),
            _ => self.next(),
        };
        let p = filled & self.next();
        (p, filled & !p)
    }
}

/// `n` rounds of a randomised test, or a thousandth of them under Miri (which interprets
/// every step: `cargo +nightly miri test -p duel-core --lib -- --skip perft --skip budget`).
pub(crate) const fn rounds(n: u32) -> u32 {
    if cfg!(miri) {
        if n / 1000 > 16 { n / 1000 } else { 16 }
    } else {
        n
    }
}
