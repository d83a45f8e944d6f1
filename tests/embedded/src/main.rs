//! duel on a Cortex-M4F (QEMU `mps2-an386`): runs the six cases of [`cases`] with fixed node
//! budgets over statically allocated tables, prints one `CASE` line each, the memory figures
//! and `DONE`, and exits through semihosting.
//!
//! Lines, in order:
//! - `CALIBRATE 2000000 <instructions>`: the instruction count of a loop of exactly 2,000,000.
//! - per case, `CASE <name> <answer> <score> <nodes> <instructions>` and then
//!   `STACK <name> <bytes>`, the case's peak stack (painted before it, scanned after it);
//! - `DEADLINE fruit-rage <deadline µs> <late µs> <nodes>`: the 26×26 Fruit Rage search run by
//!   the clock (SysTick) instead of a node budget, and how long after its deadline it returned;
//! - `MEMORY tables <bytes> statics <bytes> stack <bytes>` (the stack's overall peak);
//! - `DONE`.
//!
//! QEMU does not model the DWT cycle counter, so `<instructions>` counts SysTick ticks of the
//! 25 MHz core clock under `-icount shift=0` (one virtual nanosecond an instruction) times 40:
//! instructions executed, to within 40. A real Cortex-M4 needs somewhat more cycles than
//! instructions (loads, taken branches, multi-cycle multiplies).
#![no_std]
#![no_main]
#![deny(missing_docs)]

mod arena;
mod cases;
mod ticks;

use arena::Arena;
use cases::{Case, Outcome, Tables};
use cortex_m_rt::{entry, exception};
use cortex_m_semihosting::{debug, hprintln};

/// The deadline of the search by the clock, in microseconds of virtual time.
const DEADLINE_MICROS: u64 = 50_000;

/// Iterations of the calibration loop (two instructions each).
const CALIBRATION_LOOPS: u32 = 1_000_000;

/// Whether this build runs `case` (one engine a feature).
const fn enabled(case: Case) -> bool {
    match case {
        Case::ReversiSolve | Case::ReversiMidgame => cfg!(feature = "reversi"),
        Case::Ataxx => cfg!(feature = "ataxx"),
        Case::Filler => cfg!(feature = "filler"),
        Case::FruitRage => cfg!(feature = "fruit-rage"),
        Case::Stake => cfg!(feature = "stake"),
    }
}

#[entry]
fn main() -> ! {
    let Some(arena) = Arena::take() else {
        fail("the table arena was taken twice")
    };
    let Some(mut clock) = ticks::Ticks::start() else {
        fail("the core peripherals were taken twice")
    };
    // The counter's own check: a loop of exactly 2,000,000 instructions.
    let start = clock.instructions();
    ticks::known_loop(CALIBRATION_LOOPS);
    let spent = clock.instructions().saturating_sub(start);
    hprintln!("CALIBRATE {} {}", 2 * u64::from(CALIBRATION_LOOPS), spent);
    let mut peak = arena::peak_stack_bytes();
    for case in cases::ALL {
        if !enabled(case) {
            continue;
        }
        arena::repaint_stack();
        let start = clock.instructions();
        let outcome = run(case, arena);
        let spent = clock.instructions().saturating_sub(start);
        let stack = arena::peak_stack_bytes();
        peak = peak.max(stack);
        if outcome.answer == cases::Answer::None {
            fail(case.name());
        }
        hprintln!(
            "CASE {} {} {} {} {}",
            case.name(),
            outcome.answer,
            outcome.score,
            outcome.nodes,
            spent
        );
        hprintln!("STACK {} {}", case.name(), stack);
    }
    if enabled(Case::FruitRage) {
        deadline_case(arena, &mut clock);
    }
    hprintln!(
        "MEMORY tables {} statics {} stack {}",
        Arena::BYTES,
        arena::static_bytes(),
        peak
    );
    hprintln!("DONE");
    debug::exit(debug::EXIT_SUCCESS);
    halt()
}

/// A search by the clock: prints how late after its deadline it returns. Not inlined, so that
/// its frame does not add to `main`'s under every case's stack figure.
#[inline(never)]
fn deadline_case(arena: &mut Arena, clock: &mut ticks::Ticks) {
    let (deadline, returned, nodes) = cases::fruit_rage_until(
        arena.entries(),
        &ticks::TickClock::new(clock),
        DEADLINE_MICROS,
    );
    hprintln!(
        "DEADLINE fruit-rage {} {} {}",
        DEADLINE_MICROS,
        returned.saturating_sub(deadline),
        nodes
    );
}

/// Runs `case` over the table it needs, carved out of `arena`.
fn run(case: Case, arena: &mut Arena) -> Outcome {
    if cases::uses_slots(case) {
        cases::run(case, Tables::Slots(arena.slots()))
    } else {
        cases::run(case, Tables::Entries(arena.entries()))
    }
}

/// Prints `FAIL <why>` and exits with a failure status.
fn fail(why: &str) -> ! {
    hprintln!("FAIL {}", why);
    debug::exit(debug::EXIT_FAILURE);
    halt()
}

/// Waits forever (after a semihosting exit, which QEMU honours at once).
fn halt() -> ! {
    loop {
        cortex_m::asm::wfi();
    }
}

/// Counts SysTick wraps for [`ticks::Ticks`].
#[exception]
fn SysTick() {
    ticks::on_wrap();
}

/// A fault ends the run with a failure status instead of hanging QEMU.
#[exception]
unsafe fn HardFault(_frame: &cortex_m_rt::ExceptionFrame) -> ! {
    fail("hard fault")
}

/// A panic (none is reachable in duel-core; this is the last guard) ends the run too.
#[panic_handler]
fn panic(_info: &core::panic::PanicInfo<'_>) -> ! {
    fail("panic")
}
