//! Counting instructions with SysTick.
//!
//! QEMU does not model the DWT cycle counter (CYCCNT reads 0). Under `-icount shift=0` its
//! virtual clock advances one nanosecond an instruction, and SysTick, clocked from the
//! `mps2-an386` core clock of 25 MHz, ticks once every 40 of them. The 24-bit counter wraps
//! every 2^24 ticks; the SysTick exception counts the wraps.

use core::sync::atomic::{AtomicU32, Ordering};
use cortex_m::peripheral::syst::SystClkSource;
use cortex_m::peripheral::{SCB, SYST};

/// The reload value: the full 24 bits.
const RELOAD: u32 = 0x00FF_FFFF;

/// Instructions a tick under `-icount shift=0` (1 ns each) at the 25 MHz core clock.
pub const INSTRUCTIONS_PER_TICK: u64 = 1_000_000_000 / 25_000_000;

/// SysTick ticks a microsecond (of virtual time under `-icount shift=0`).
pub const TICKS_PER_MICRO: u64 = 25;

/// SysTick wraps seen so far.
static WRAPS: AtomicU32 = AtomicU32::new(0);

/// Called by the SysTick exception.
pub fn on_wrap() {
    WRAPS.fetch_add(1, Ordering::Relaxed);
}

/// The running counter. It owns SysTick, so that nothing else can reconfigure it.
pub struct Ticks {
    _syst: SYST,
}

impl Ticks {
    /// Starts SysTick on the core clock, counting down from [`RELOAD`] with its exception
    /// enabled; `None` if the core peripherals were taken already.
    pub fn start() -> Option<Ticks> {
        let mut peripherals = cortex_m::Peripherals::take()?;
        let syst = &mut peripherals.SYST;
        syst.set_clock_source(SystClkSource::Core);
        syst.set_reload(RELOAD);
        syst.clear_current();
        syst.enable_counter();
        // The first reload (from the cleared counter) raises a wrap that is not one: wait for
        // it, then forget it before counting wraps.
        let mut spins = 0u32;
        while SYST::get_current() == 0 && spins < 1_000_000 {
            spins += 1;
        }
        let _ = syst.has_wrapped();
        // SAFETY: writing PENDSTCLR (bit 25) to ICSR only clears a pending SysTick exception.
        unsafe { peripherals.SCB.icsr.write(1 << 25) };
        WRAPS.store(0, Ordering::Relaxed);
        peripherals.SYST.enable_interrupt();
        Some(Ticks {
            _syst: peripherals.SYST,
        })
    }

    /// Ticks since [`Ticks::start`].
    pub fn ticks(&mut self) -> u64 {
        cortex_m::interrupt::free(|_| {
            let mut wraps = WRAPS.load(Ordering::Relaxed);
            let mut current = SYST::get_current();
            // A wrap that happened with interrupts off is pending, not yet counted: count it,
            // and read the counter again so that it is the value after that wrap.
            if SCB::is_pendst_pending() {
                wraps = wraps.wrapping_add(1);
                current = SYST::get_current();
            }
            u64::from(wraps) * u64::from(RELOAD + 1) + u64::from(RELOAD.saturating_sub(current))
        })
    }

    /// Instructions executed since [`Ticks::start`], to within [`INSTRUCTIONS_PER_TICK`].
    pub fn instructions(&mut self) -> u64 {
        self.ticks().saturating_mul(INSTRUCTIONS_PER_TICK)
    }
}

/// [`Ticks`] as a [`duel_core::Clock`], in microseconds, for searches with a deadline.
pub struct TickClock<'t>(core::cell::RefCell<&'t mut Ticks>);

impl<'t> TickClock<'t> {
    /// A clock reading `ticks`.
    pub fn new(ticks: &'t mut Ticks) -> Self {
        Self(core::cell::RefCell::new(ticks))
    }
}

impl duel_core::Clock for TickClock<'_> {
    fn now_micros(&self) -> u64 {
        self.0.borrow_mut().ticks() / TICKS_PER_MICRO
    }
}

/// Executes exactly `2 * iterations` instructions (a `subs`/`bne` loop), to check the count.
pub fn known_loop(iterations: u32) {
    if iterations == 0 {
        return;
    }
    // SAFETY: the loop only counts the scratch register down to zero; it touches no memory
    // and the stack not at all.
    unsafe {
        core::arch::asm!(
            "2:",
            "subs {n}, {n}, #1",
            "bne 2b",
            n = inout(reg) iterations => _,
            options(nomem, nostack),
        );
    }
}
