//! The result code every C function returns, and its message.

use std::ffi::c_char;

/// The outcome of a `duel_*` call. `DUEL_RESULT_OK` is zero; every other value names what was
/// wrong with the call, and the out-parameters are then left untouched.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DuelResult {
    /// Success.
    Ok = 0,
    /// A required pointer was null.
    NullPointer = 1,
    /// A board cell held a value outside the game's alphabet (Reversi: -1, 0, 1).
    InvalidCell = 2,
    /// The colour (or player) to move was not one the game knows (Reversi: 0 or 1).
    InvalidColour = 3,
    /// The side to move has no legal move on this board.
    NoLegalMove = 4,
    /// A size or count argument was out of range (a board side, a buffer length, a budget).
    InvalidSize = 5,
    /// The board breaks the game's rules in another way (Stake Your Claim: the digit counts do
    /// not say whose turn it is, or more empty cells than the contest allows).
    InvalidBoard = 6,
    /// A move of a given history is not legal where it is played.
    IllegalMove = 7,
    /// duel failed internally (a bug): the panic was caught at the boundary.
    Panic = 255,
}

impl DuelResult {
    /// The message of this code, NUL-terminated, static.
    pub const fn message(self) -> &'static std::ffi::CStr {
        match self {
            Self::Ok => c"ok",
            Self::NullPointer => c"a required pointer is null",
            Self::InvalidCell => c"a board cell holds a value outside the game's alphabet",
            Self::InvalidColour => c"the colour to move is not valid for this game",
            Self::NoLegalMove => c"the side to move has no legal move",
            Self::InvalidSize => c"a size or count argument is out of range",
            Self::InvalidBoard => c"the board breaks the game's rules",
            Self::IllegalMove => c"a move of the history is not legal where it is played",
            Self::Panic => c"internal error in duel (please report it)",
        }
    }
}

/// A static, NUL-terminated English message for `code`; never null, never to be freed. Codes
/// duel does not know get a message saying so.
#[unsafe(no_mangle)]
pub extern "C" fn duel_result_message(code: u32) -> *const c_char {
    let result = match code {
        0 => DuelResult::Ok,
        1 => DuelResult::NullPointer,
        2 => DuelResult::InvalidCell,
        3 => DuelResult::InvalidColour,
        4 => DuelResult::NoLegalMove,
        5 => DuelResult::InvalidSize,
        6 => DuelResult::InvalidBoard,
        7 => DuelResult::IllegalMove,
        255 => DuelResult::Panic,
        _ => return c"unknown duel_result code".as_ptr(),
    };
    result.message().as_ptr()
}

/// Runs `body`, turning a panic into [`DuelResult::Panic`].
pub(crate) fn guard(body: impl FnOnce() -> DuelResult) -> DuelResult {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(body)).unwrap_or(DuelResult::Panic)
}
