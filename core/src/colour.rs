//! [`Colour`]: a side of a game whose two sides are coloured (Reversi's discs, Ataxx's pieces).

/// A side of a game played by two colours: Reversi and Ataxx. Black moves first in both.
///
/// Each game's text forms live with the game: Reversi's `X`/`O` and contest array values
/// ([`Colour::letter`], [`Colour::contest_value`]), Ataxx's FEN letters `x`/`o`.
/// (Stake Your Claim's sides are not colours but the digits they write: [`crate::stake::Mark`].)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Moves first: `X` in Reversi's text and 1 in its contest array; `x` in an Ataxx FEN and
    /// `1` on Botzone.
    Black,
    /// `O` in Reversi's text and 0 in its contest array; `o` in an Ataxx FEN.
    White,
}

impl Colour {
    /// The other side.
    pub const fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }
}
