//! The result code every C function returns, and its message, generated from one list.
//!
//! `result_codes!` turns the list into the `#[repr(u32)]` enum, each code's message and the
//! number-to-code lookup, so a code cannot be added without its message or be missing from
//! [`duel_result_message`]. cbindgen sees the enum through macro expansion (the header test
//! expands this crate before reading it).

use std::ffi::{CStr, c_char};

/// Declares [`DuelResult`] from one list of `doc comment, Variant = value => message` entries,
/// with [`DuelResult::message`] and [`DuelResult::from_code`] generated from the same list.
macro_rules! result_codes {
    (
        $(#[doc = $enum_doc:literal])*
        pub enum $name:ident {
            $( $(#[doc = $doc:literal])* $variant:ident = $value:literal => $message:literal, )*
        }
    ) => {
        $(#[doc = $enum_doc])*
        #[repr(u32)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name {
            $( $(#[doc = $doc])* $variant = $value, )*
        }

        impl $name {
            /// Every code, in the list's order.
            pub const ALL: &[$name] = &[$(Self::$variant),*];

            /// The message of this code, NUL-terminated, static.
            pub const fn message(self) -> &'static CStr {
                match self {
                    $(Self::$variant => $message,)*
                }
            }

            /// The code numbered `code`, if duel has one.
            pub const fn from_code(code: u32) -> Option<Self> {
                match code {
                    $($value => Some(Self::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

result_codes! {
    /// The outcome of a `duel_*` call. `DUEL_RESULT_OK` is zero; every other value names what was
    /// wrong with the call, and the out-parameters are then left untouched.
    pub enum DuelResult {
        /// Success.
        Ok = 0 => c"ok",
        /// A required pointer was null.
        NullPointer = 1 => c"a required pointer is null",
        /// A board cell held a value outside the game's alphabet (Reversi: -1, 0, 1).
        InvalidCell = 2 => c"a board cell holds a value outside the game's alphabet",
        /// The colour (or player) to move was not one the game knows (Reversi: 0 or 1).
        InvalidColour = 3 => c"the colour to move is not valid for this game",
        /// The side to move has no legal move on this board.
        NoLegalMove = 4 => c"the side to move has no legal move",
        /// A size or count argument was out of range (a board side, a buffer length, a budget).
        InvalidSize = 5 => c"a size or count argument is out of range",
        /// The board breaks the game's rules in another way (Stake Your Claim: the digit counts do
        /// not say whose turn it is, or more empty cells than the contest allows).
        InvalidBoard = 6 => c"the board breaks the game's rules",
        /// A move of a given history is not legal where it is played.
        IllegalMove = 7 => c"a move of the history is not legal where it is played",
        /// duel failed internally (a bug): the panic was caught at the boundary.
        Panic = 255 => c"internal error in duel (please report it)",
    }
}

/// A static, NUL-terminated English message for `code`; never null, never to be freed. Codes
/// duel does not know get a message saying so.
#[unsafe(no_mangle)]
pub extern "C" fn duel_result_message(code: u32) -> *const c_char {
    match DuelResult::from_code(code) {
        Some(result) => result.message().as_ptr(),
        None => c"unknown duel_result code".as_ptr(),
    }
}

/// Runs `body`, turning a panic into [`DuelResult::Panic`].
pub(crate) fn guard(body: impl FnOnce() -> DuelResult) -> DuelResult {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(body)).unwrap_or(DuelResult::Panic)
}
