//! [`Bitboard`]: a set of at most 64 squares, one bit a square, with set operators.
//!
//! Each game numbers its own squares (Ataxx `row * 7 + column`, Stake Your Claim and Reversi
//! `row * 8 + column`); a bitboard is a set of those numbers. Shift-and-mask kernels (move
//! generation, flood fills) work on the raw word ([`Bitboard::bits`]) and wrap their result;
//! everything that hands a set across an interface uses the type, so a set cannot be mistaken
//! for a count, a hash or a node number.

use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares numbered 0..64, bit `i` standing for square `i`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set holding only square `index` (empty for 64 and above).
    #[inline]
    pub const fn square(index: u32) -> Bitboard {
        Bitboard(if index < 64 { 1 << index } else { 0 })
    }

    /// The raw word.
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The number of squares in the set.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether square `index` is in the set.
    #[inline]
    pub const fn contains(self, index: u32) -> bool {
        index < 64 && self.0 & (1 << index) != 0
    }

    /// Whether the two sets share a square.
    #[inline]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// The squares of both sets (`|`, usable in `const fn`).
    #[inline]
    pub const fn union(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 | other.0)
    }

    /// The squares in both sets (`&`, usable in `const fn`).
    #[inline]
    pub const fn intersection(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & other.0)
    }

    /// The squares of `self` that are not in `other`.
    #[inline]
    pub const fn without(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & !other.0)
    }

    /// The lowest square of the set, if any.
    #[inline]
    pub const fn lowest(self) -> Option<u32> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros())
        }
    }
}

/// The squares of the set, lowest first.
impl Iterator for Bitboard {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        let lowest = self.lowest()?;
        self.0 &= self.0 - 1;
        Some(lowest)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        // `self.len()` here would be `ExactSizeIterator::len` (the receiver is `&Self`), which
        // calls `size_hint`: count the bits directly.
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

macro_rules! set_operator {
    ($op:ident, $method:ident, $assign:ident, $assign_method:ident, $symbol:tt) => {
        impl $op for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, other: Bitboard) -> Bitboard {
                Bitboard(self.0 $symbol other.0)
            }
        }

        impl $assign for Bitboard {
            #[inline]
            fn $assign_method(&mut self, other: Bitboard) {
                self.0 = self.0 $symbol other.0;
            }
        }
    };
}

set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

/// The raw word in hexadecimal (`{:016x}` prints all 64 squares).
impl core::fmt::LowerHex for Bitboard {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::LowerHex::fmt(&self.0, f)
    }
}

/// The complement within all 64 squares: mask it with the board's own squares.
impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::Bitboard;

    /// The set's squares in order, as a naive list (up to 4).
    fn squares(set: Bitboard) -> [Option<u32>; 4] {
        let mut out = [None; 4];
        let mut next = 0;
        for i in 0..64 {
            if set.0 >> i & 1 == 1 && next < 4 {
                out[next] = Some(i);
                next += 1;
            }
        }
        out
    }

    #[test]
    fn set_operations_agree_with_the_squares_they_hold() {
        let a = Bitboard::square(3) | Bitboard::square(17) | Bitboard::square(63);
        let b = Bitboard::square(17) | Bitboard::square(40);
        assert_eq!(squares(a), [Some(3), Some(17), Some(63), None]);
        assert_eq!(squares(a & b), [Some(17), None, None, None]);
        assert_eq!(squares(a.without(b)), [Some(3), Some(63), None, None]);
        assert_eq!(squares(a ^ b), [Some(3), Some(40), Some(63), None]);
        assert_eq!(a | b, a.union(b));
        assert_eq!(a & b, a.intersection(b));
        assert_eq!((a.len(), (a | b).len(), (!a).len()), (3, 4, 61));
        assert!(a.contains(63) && !a.contains(64) && !a.contains(4));
        assert!(a.intersects(b) && !a.intersects(Bitboard::square(40)));
        assert_eq!(Bitboard::square(64), Bitboard::EMPTY);
        assert_eq!((a.lowest(), Bitboard::EMPTY.lowest()), (Some(3), None));
        let mut iterated = [None; 4];
        for (slot, square) in iterated.iter_mut().zip(a) {
            *slot = Some(square);
        }
        assert_eq!(iterated, squares(a));
        assert_eq!(a.len() as usize, a.count());
        assert_eq!(
            (a.size_hint(), ExactSizeIterator::len(&a)),
            ((3, Some(3)), 3)
        );
    }
}
