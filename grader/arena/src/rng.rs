//! The referees' random numbers: one seeded generator, its streams split by [`stream_seed`].

/// A seed for one stream of randomness of a series (a game's board, a player's choices):
/// `seed` and `stream` mixed by splitmix64, so neighbouring streams are unrelated.
pub fn stream_seed(seed: u64, stream: u64) -> u64 {
    let mix = |mut z: u64| {
        z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    mix(seed ^ mix(stream))
}

/// The referees' random numbers: xorshift64 from a [`stream_seed`].
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `stream` of the series seeded with `seed`.
    pub fn new(seed: u64, stream: u64) -> Self {
        Self(stream_seed(seed, stream) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }
}
