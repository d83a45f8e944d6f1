//! The six embedded cases: positions, node budgets and table sizes, and the code that runs
//! each one. The firmware and the host test (`tests/it/embedded.rs`) both include this file,
//! so the two sides cannot drift apart; it needs nothing but `duel_core` and `core`.

use core::fmt;
use duel_core::stake::Slot;
use duel_core::{Budget, Entry, Player as _, TimeUse};

/// Transposition-table entries for the four searches that use [`Entry`] (16 bytes each): 8 KiB,
/// so that the tables and the deepest stack (Fruit Rage's) fit 64 KiB of RAM together.
pub const ENTRIES: usize = 512;

/// Empty cells of the Stake Your Claim position (the host test checks the position has them).
#[allow(dead_code, reason = "read by the host test only, not by the firmware")]
pub const STAKE_EMPTIES: u32 = 10;

/// Slots of the Stake Your Claim table (4 bytes each): 8 KiB, the size of the other tables.
/// The solver is exact with any table; a full one (`3^10` slots, 231 KiB) would only be faster.
pub const STAKE_SLOTS: usize = 2048;

/// Node budget of the Reversi exact solve (ample: the solve finishes well inside it).
pub const REVERSI_SOLVE_NODES: u64 = 2_000_000;
/// Node budget of the Reversi midgame move.
pub const REVERSI_MIDGAME_NODES: u64 = 15_000;
/// Node budget of the Ataxx move.
pub const ATAXX_NODES: u64 = 20_000;
/// Node budget of the Filler move.
pub const FILLER_NODES: u64 = 5_000;
/// Node budget of the Fruit Rage move.
pub const FRUIT_RAGE_NODES: u64 = 2_000;

/// The Reversi endgame position: 14 empties, black (`X`) to move (FFO #40 after six random
/// legal moves).
pub const REVERSI_ENDGAME: &str =
    "O--OOOOX-OOOOOOXOOOXOOXXOOXOOXOXOOOOXOOX---OOOOX--XOO-OX-----XOO X";
/// The Reversi midgame position: 40 empties, black to move (twenty random plies from the
/// start).
pub const REVERSI_MIDGAME: &str =
    "-----------------X-OXXX---XOOX--XXXOXO----OXXXO--O-XX-X--------- X";
/// The Ataxx midgame position (FEN; 24 plies from the start), Botzone rules, no history
/// before it.
pub const ATAXX_FEN: &str = "xxooox1/xxooo1x/2oooox/7/7/7/o5x x 0 13";
/// Side of the Filler board.
pub const FILLER_SIZE: usize = 20;
/// Seed of the Filler board's colours.
pub const FILLER_SEED: u64 = 0x00F1_11E2_2028;
/// Side of the Fruit Rage box.
pub const FRUIT_RAGE_SIZE: usize = 26;
/// Fruit types in the Fruit Rage box.
pub const FRUIT_RAGE_KINDS: u8 = 4;
/// Seed of the Fruit Rage box.
pub const FRUIT_RAGE_SEED: u64 = 0x0F2C_17A6_E561;
/// The Stake Your Claim position: 6×6, ten empty cells, `0` to move.
pub const STAKE_ROWS: [&[u8]; 6] = [
    b"0.1.01", b"10.011", b"0.1.10", b"01.0.1", b"1.01.0", b"01.100",
];

/// The six cases, in the order the firmware runs them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Case {
    /// Reversi: exact solve of [`REVERSI_ENDGAME`].
    ReversiSolve,
    /// Reversi: `Engine::choose` on [`REVERSI_MIDGAME`].
    ReversiMidgame,
    /// Ataxx: `choose` on [`ATAXX_FEN`].
    Ataxx,
    /// Filler: `choose` on a random 20×20 board.
    Filler,
    /// Fruit Rage: `search` on a random 26×26 box.
    FruitRage,
    /// Stake Your Claim: exact solve of [`STAKE_ROWS`].
    Stake,
}

/// Every case, in order.
pub const ALL: [Case; 6] = [
    Case::ReversiSolve,
    Case::ReversiMidgame,
    Case::Ataxx,
    Case::Filler,
    Case::FruitRage,
    Case::Stake,
];

impl Case {
    /// The name printed on the `CASE` line.
    pub const fn name(self) -> &'static str {
        match self {
            Case::ReversiSolve => "reversi-solve14",
            Case::ReversiMidgame => "reversi-midgame",
            Case::Ataxx => "ataxx",
            Case::Filler => "filler20",
            Case::FruitRage => "fruit-rage26",
            Case::Stake => "stake10",
        }
    }
}

/// A case's answer: the move, in its game's own notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A Reversi move (`d3`, `pass`).
    Reversi(duel_core::reversi::Move),
    /// An Ataxx move (UAI notation).
    Ataxx(duel_core::ataxx::Move),
    /// A Filler colour.
    Filler(duel_core::filler::Move),
    /// A Fruit Rage cell (`A1`).
    FruitRage(duel_core::fruit_rage::Cell),
    /// A Stake Your Claim cell, 0-based row and column.
    Stake(u8, u8),
    /// The case could not be set up or had no move: a failure.
    None,
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Reversi(m) => write!(f, "{m}"),
            Answer::Ataxx(m) => write!(f, "{m}"),
            Answer::Filler(m) => write!(f, "{m}"),
            Answer::FruitRage(c) => write!(f, "{c}"),
            Answer::Stake(r, c) => write!(f, "({r},{c})"),
            Answer::None => f.write_str("none"),
        }
    }
}

/// What one case found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The move.
    pub answer: Answer,
    /// Its score or value, in the engine's units.
    pub score: i64,
    /// Nodes searched, as the engine reports them.
    pub nodes: u64,
}

impl Outcome {
    const FAILED: Outcome = Outcome {
        answer: Answer::None,
        score: 0,
        nodes: 0,
    };
}

/// The tables a case may use; each case clears what it takes before it starts.
pub enum Tables<'a> {
    /// For the four searches over [`Entry`].
    Entries(&'a mut [Entry]),
    /// For the Stake Your Claim solver.
    Slots(&'a mut [Slot]),
}

/// Whether `case` takes a [`Tables::Slots`] table (otherwise [`Tables::Entries`]).
pub const fn uses_slots(case: Case) -> bool {
    matches!(case, Case::Stake)
}

/// Runs `case` with its node budget over `tables` (cleared first). A table of the wrong kind,
/// or a position that does not parse, gives an outcome with [`Answer::None`].
pub fn run(case: Case, tables: Tables<'_>) -> Outcome {
    match (case, tables) {
        (Case::Stake, Tables::Slots(slots)) => stake(slots),
        (Case::Stake, Tables::Entries(_)) | (_, Tables::Slots(_)) => Outcome::FAILED,
        (case, Tables::Entries(entries)) => {
            entries.fill(Entry::default());
            match case {
                Case::ReversiSolve => reversi_solve(entries),
                Case::ReversiMidgame => reversi_midgame(entries),
                Case::Ataxx => ataxx(entries),
                Case::Filler => filler(entries),
                Case::FruitRage => fruit_rage(entries),
                Case::Stake => Outcome::FAILED,
            }
        }
    }
}

// Not inlined, so that each case has its own stack frame on the firmware (measured alone).
#[inline(never)]
fn reversi_solve(entries: &mut [Entry]) -> Outcome {
    use duel_core::reversi::Board;
    use duel_core::reversi::train::CompactOrder;
    use duel_core::reversi::train::{SolveMode, solve_ordered};
    let Ok(board) = Board::parse_text(REVERSI_ENDGAME) else {
        return Outcome::FAILED;
    };
    let mut budget = Budget::nodes(REVERSI_SOLVE_NODES);
    // The compact ordering, explicitly: the trained one (the hosted default) needs 4 MB.
    match solve_ordered::<CompactOrder>(&board, entries, &mut budget, SolveMode::Exact) {
        Some(s) => Outcome {
            answer: Answer::Reversi(s.best),
            score: i64::from(s.score),
            nodes: s.nodes,
        },
        None => Outcome::FAILED,
    }
}

/// The midgame move: `Engine::choose` without a clock (depth-limited, node-limited), with the
/// compact hand-weighted evaluation (the trained weights do not fit the flash). The engine, not
/// `reversi::Player`: the player's clock and principal-variation paths take 5,252 B more flash
/// (133,096 B in all, over the 128 KiB).
#[inline(never)]
fn reversi_midgame(entries: &mut [Entry]) -> Outcome {
    use duel_core::reversi::train::Engine;
    use duel_core::reversi::{Board, Eval};
    let Ok(board) = Board::parse_text(REVERSI_MIDGAME) else {
        return Outcome::FAILED;
    };
    let mut budget = Budget::nodes(REVERSI_MIDGAME_NODES);
    let choice = Engine::with_eval(entries, Eval).choose(&board, &mut budget);
    Outcome {
        answer: Answer::Reversi(choice.mv),
        score: i64::from(choice.score),
        nodes: choice.nodes,
    }
}

// Not inlined, so that each case has its own stack frame on the firmware (measured alone).
#[inline(never)]
fn ataxx(entries: &mut [Entry]) -> Outcome {
    use duel_core::ataxx::{Board, Eval, Match, Player, Rules};
    let Ok(board) = Board::from_fen(ATAXX_FEN, Rules::Botzone) else {
        return Outcome::FAILED;
    };
    let game = Match::from_board(board);
    let mut budget = Budget::nodes(ATAXX_NODES);
    // The firmware's choice: the linear evaluation (the network does not fit its flash).
    let mut player = Player::new(entries, TimeUse::ThisMove).with_eval(Eval::default());
    match player.choose(&game, &mut budget) {
        Some(decision) => Outcome {
            answer: Answer::Ataxx(decision.mv),
            score: i64::from(decision.score),
            nodes: decision.nodes,
        },
        None => Outcome::FAILED,
    }
}

/// The Filler board's colours: a xorshift stream, one colour 0..=9 a cell.
pub fn filler_colours() -> [u8; FILLER_SIZE * FILLER_SIZE] {
    let mut colours = [0u8; FILLER_SIZE * FILLER_SIZE];
    let mut state = FILLER_SEED | 1;
    for c in colours.iter_mut() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        *c = ((state >> 32) % 10) as u8;
    }
    colours
}

// Not inlined, so that each case has its own stack frame on the firmware (measured alone).
#[inline(never)]
fn filler(entries: &mut [Entry]) -> Outcome {
    use duel_core::filler::train::choose;
    use duel_core::filler::{Board, Grid};
    let Ok(grid) = Grid::new(FILLER_SIZE, &filler_colours()) else {
        return Outcome::FAILED;
    };
    let board = Board::from_grid(&grid);
    let mut budget = Budget::nodes(FILLER_NODES);
    let choice = choose(&board, &mut budget, entries);
    Outcome {
        answer: Answer::Filler(choice.colour),
        score: i64::from(choice.score),
        nodes: choice.nodes,
    }
}

// Not inlined, so that each case has its own stack frame on the firmware (measured alone).
#[inline(never)]
fn fruit_rage(entries: &mut [Entry]) -> Outcome {
    use duel_core::fruit_rage::Board;
    use duel_core::fruit_rage::train::search;
    let Ok(board) = Board::random(FRUIT_RAGE_SIZE, FRUIT_RAGE_KINDS, FRUIT_RAGE_SEED) else {
        return Outcome::FAILED;
    };
    let mut budget = Budget::nodes(FRUIT_RAGE_NODES);
    let result = search(&board, &mut budget, entries);
    match result.best {
        Some(mv) => Outcome {
            answer: Answer::FruitRage(board.label(mv)),
            score: i64::from(result.score),
            nodes: result.nodes,
        },
        None => Outcome::FAILED,
    }
}

/// The Fruit Rage search of the 26×26 case (the slowest nodes of all: about 0.4 ms each on
/// the firmware) with a deadline `micros` from now on `clock` instead of a node budget.
/// Returns the clock's reading at the deadline and when the search returned, and the nodes.
#[inline(never)]
// The host's copy of these cases (the test's) has no clock case.
#[cfg_attr(not(target_os = "none"), allow(dead_code))]
pub fn fruit_rage_until(
    entries: &mut [Entry],
    clock: &dyn duel_core::Clock,
    micros: u64,
) -> (u64, u64, u64) {
    use duel_core::fruit_rage::Board;
    use duel_core::fruit_rage::train::search;
    let deadline = clock.now_micros() + micros;
    let Ok(board) = Board::random(FRUIT_RAGE_SIZE, FRUIT_RAGE_KINDS, FRUIT_RAGE_SEED) else {
        return (deadline, u64::MAX, 0);
    };
    let mut budget = Budget::until(clock, deadline);
    let result = search(&board, &mut budget, entries);
    (deadline, clock.now_micros(), result.nodes)
}

// Not inlined, so that each case has its own stack frame on the firmware (measured alone).
#[inline(never)]
fn stake(slots: &mut [Slot]) -> Outcome {
    use duel_core::stake::Board;
    use duel_core::stake::train::solve;
    let Ok(board) = Board::from_rows(&STAKE_ROWS) else {
        return Outcome::FAILED;
    };
    match solve(&board, slots) {
        Ok(s) => Outcome {
            answer: Answer::Stake(s.mv.row().0, s.mv.column().0),
            score: i64::from(s.value),
            nodes: s.nodes,
        },
        Err(_) => Outcome::FAILED,
    }
}
