//! The circuit breaker of one (tenant, plugin, extension point) ([`Breaker`]), the clock its
//! cool-down reads ([`Clock`]) and a request's plugin fuel budget ([`Budget`])
//! (plugins/README.md "Budgets, breaker and answer checks").
//!
//! A breaker is closed (calls go ahead) until `breaker_failures` of its point's last [`WINDOW`]
//! calls failed (not only in a row: a plugin that fails every batch of several cars and answers
//! every single car still opens it); then open (the point is skipped, host defaults) for
//! `breaker_cooldown`; then one call is let through half-open: a success closes it, a failure
//! opens it for another cool-down. A deadline overrun may be a busy host rather than the plugin,
//! so it is not a failure of the window; but [`TIMEOUT_FACTOR`] x `breaker_failures` overruns in
//! a row, with no answer between, open it too (a plugin that slows every call past the deadline
//! with work fuel does not see). Outcomes that say nothing about the plugin (a full instance
//! pool; a spent request budget) leave the counts alone.

use std::{
    sync::{
        Mutex,
        atomic::{AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Where a breaker stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BreakerState {
    /// Calls go ahead.
    Closed,
    /// Calls are skipped (host defaults) until the cool-down has passed.
    Open,
    /// One trial call is under way; the others are skipped.
    HalfOpen,
}

impl BreakerState {
    /// `0` closed, `1` open, `2` half-open (the Prometheus gauge's values).
    pub fn code(self) -> i64 {
        match self {
            BreakerState::Closed => 0,
            BreakerState::Open => 1,
            BreakerState::HalfOpen => 2,
        }
    }
}

/// What a breaker lets a call do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Admit {
    /// Closed: call.
    Call,
    /// The cool-down has passed: this call is the half-open trial.
    Trial,
    /// Open (or a trial is under way): skip, host default.
    Skip,
}

/// Calls a breaker remembers: it opens when `breaker_failures` of the last this many failed.
pub const WINDOW: u32 = 20;

/// Deadline overruns in a row that open a breaker, as a multiple of `breaker_failures` (5 -> 20).
pub const TIMEOUT_FACTOR: u32 = 4;

#[derive(Debug)]
struct Inner {
    state: BreakerState,
    /// The last [`WINDOW`] counted outcomes, newest in bit 0: 1 a failure, 0 an answer.
    recent: u32,
    /// Deadline overruns since the last answer.
    timeouts: u32,
    opened_at_ms: u64,
}

impl Inner {
    fn push(&mut self, failed: bool) {
        self.recent = ((self.recent << 1) | u32::from(failed)) & ((1 << WINDOW) - 1);
    }

    fn open(&mut self, now_ms: u64) {
        self.state = BreakerState::Open;
        self.opened_at_ms = now_ms;
    }
}

/// The circuit breaker of one (tenant, plugin, point).
#[derive(Debug)]
pub struct Breaker(Mutex<Inner>);

impl Default for Breaker {
    fn default() -> Self {
        Breaker(Mutex::new(Inner {
            state: BreakerState::Closed,
            recent: 0,
            timeouts: 0,
            opened_at_ms: 0,
        }))
    }
}

impl Breaker {
    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The state now.
    pub fn state(&self) -> BreakerState {
        self.lock().state
    }

    /// Failures among the last [`WINDOW`] counted calls.
    pub fn recent_failures(&self) -> u32 {
        self.lock().recent.count_ones()
    }

    /// Deadline overruns since the last answer.
    pub fn timeouts(&self) -> u32 {
        self.lock().timeouts
    }

    /// Whether a call may go ahead at `now_ms` (the host [`Clock`], ms) with a cool-down of
    /// `cooldown`: [`Admit::Trial`] moves an open breaker whose cool-down has passed to
    /// half-open.
    pub fn admit(&self, now_ms: u64, cooldown: Duration) -> Admit {
        let mut b = self.lock();
        match b.state {
            BreakerState::Closed => Admit::Call,
            BreakerState::HalfOpen => Admit::Skip,
            BreakerState::Open => {
                let cool = u64::try_from(cooldown.as_millis()).unwrap_or(u64::MAX);
                if now_ms.saturating_sub(b.opened_at_ms) >= cool {
                    b.state = BreakerState::HalfOpen;
                    Admit::Trial
                } else {
                    Admit::Skip
                }
            }
        }
    }

    /// A usable answer (or a decline): closes the breaker (a half-open trial's success starts a
    /// fresh window) and clears the overrun count.
    pub fn success(&self) {
        let mut b = self.lock();
        if b.state != BreakerState::Closed {
            b.recent = 0;
        }
        b.state = BreakerState::Closed;
        b.timeouts = 0;
        b.push(false);
    }

    /// A counted failure at `now_ms`: opens the breaker when `threshold` of the last [`WINDOW`]
    /// calls failed (0: never) or when it was the half-open trial. Returns whether this failure
    /// opened it.
    pub fn failure(&self, now_ms: u64, threshold: u32) -> bool {
        let mut b = self.lock();
        b.push(true);
        let open = match b.state {
            BreakerState::HalfOpen => true,
            BreakerState::Closed => threshold > 0 && b.recent.count_ones() >= threshold,
            BreakerState::Open => false,
        };
        if open {
            b.open(now_ms);
        }
        open
    }

    /// A deadline overrun at `now_ms`: not a failure of the window (the host may be busy), but
    /// [`TIMEOUT_FACTOR`] x `threshold` of them in a row open the breaker (0: never); a
    /// half-open trial that overran goes back to open with its old opening time. Returns whether
    /// this overrun opened it.
    pub fn timeout(&self, now_ms: u64, threshold: u32) -> bool {
        let mut b = self.lock();
        b.timeouts = b.timeouts.saturating_add(1);
        match b.state {
            BreakerState::HalfOpen => {
                b.state = BreakerState::Open;
                false
            }
            BreakerState::Closed if threshold > 0 && b.timeouts >= threshold.saturating_mul(TIMEOUT_FACTOR) => {
                b.open(now_ms);
                true
            }
            _ => false,
        }
    }

    /// An outcome that says nothing about the plugin (pool full, budget spent): a
    /// half-open trial goes back to open with its old opening time (the next call may try
    /// again); otherwise nothing changes.
    pub fn neutral(&self) {
        let mut b = self.lock();
        if b.state == BreakerState::HalfOpen {
            b.state = BreakerState::Open;
        }
    }
}

/// The clock breaker cool-downs read: wall-clock milliseconds since the host started, or, for
/// tests, a manual clock that only moves when [`Clock::advance`] is called.
#[derive(Debug)]
pub struct Clock {
    start: Instant,
    manual: Option<AtomicU64>,
}

impl Clock {
    /// The wall clock.
    pub fn system() -> Clock {
        Clock {
            start: Instant::now(),
            manual: None,
        }
    }

    /// A manual clock at 0 ms.
    pub fn manual() -> Clock {
        Clock {
            start: Instant::now(),
            manual: Some(AtomicU64::new(0)),
        }
    }

    /// Milliseconds since the clock started (manual: the sum of the advances).
    pub fn now_ms(&self) -> u64 {
        match &self.manual {
            Some(ms) => ms.load(Ordering::Relaxed),
            None => u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX),
        }
    }

    /// Moves a manual clock forward by `by`; no effect on the wall clock.
    pub fn advance(&self, by: Duration) {
        if let Some(ms) = &self.manual {
            ms.fetch_add(u64::try_from(by.as_millis()).unwrap_or(u64::MAX), Ordering::Relaxed);
        }
    }
}

/// The fuel one request may spend on plugin calls, across every point and batch of its page
/// ([`PluginLimits::request_fuel`](crate::plugins::runtime::PluginLimits::request_fuel)).
#[derive(Debug)]
pub struct Budget(AtomicU64);

impl Budget {
    /// A budget of `fuel` units.
    pub fn new(fuel: u64) -> Budget {
        Budget(AtomicU64::new(fuel))
    }

    /// Fuel left.
    pub fn left(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }

    /// Takes `fuel` used by a call (down to 0).
    pub fn spend(&self, fuel: u64) {
        let _ = self
            .0
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| Some(left.saturating_sub(fuel)));
    }

    /// Spends everything (a call that ran out of the request's fuel).
    pub fn exhaust(&self) {
        self.0.store(0, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opens_after_the_threshold_then_half_opens_after_the_cooldown() {
        let b = Breaker::default();
        let cool = Duration::from_secs(30);
        for _ in 0..4 {
            assert!(!b.failure(0, 5));
        }
        assert_eq!(b.state(), BreakerState::Closed);
        assert!(b.failure(0, 5));
        assert_eq!(b.admit(29_999, cool), Admit::Skip);
        assert_eq!(b.admit(30_000, cool), Admit::Trial);
        assert_eq!(b.admit(30_000, cool), Admit::Skip, "one trial at a time");
        assert!(b.failure(30_001, 5), "a failed trial reopens");
        assert_eq!(b.admit(40_000, cool), Admit::Skip);
        assert_eq!(b.admit(60_001, cool), Admit::Trial);
        b.neutral();
        assert_eq!(b.state(), BreakerState::Open);
        assert_eq!(b.admit(60_001, cool), Admit::Trial);
        b.success();
        assert_eq!((b.state(), b.recent_failures()), (BreakerState::Closed, 0));
    }

    /// Failures need not be in a row: 5 of the last 20 calls open it (a plugin failing every
    /// batch of several cars and answering every single car); failures older than 20 calls are
    /// forgotten.
    #[test]
    fn failures_among_the_last_20_calls_open_it_in_a_row_or_not() {
        let b = Breaker::default();
        for i in 0..4 {
            assert!(!b.failure(0, 5), "{i}");
            b.success();
        }
        assert!(b.failure(0, 5), "the fifth failure of the last 20 calls opens it");
        let b = Breaker::default();
        for _ in 0..4 {
            b.failure(0, 5);
        }
        for _ in 0..WINDOW {
            b.success();
        }
        assert_eq!(b.recent_failures(), 0);
        assert!(!b.failure(0, 5), "the old four were forgotten");
    }

    /// Deadline overruns are not failures of the window, but 4 x threshold in a row open it; an
    /// answer between them starts the count again.
    #[test]
    fn a_run_of_overruns_opens_it_and_an_answer_resets_the_run() {
        let b = Breaker::default();
        for _ in 0..19 {
            assert!(!b.timeout(0, 5));
        }
        b.success();
        for _ in 0..19 {
            assert!(!b.timeout(0, 5));
        }
        assert_eq!(b.recent_failures(), 0);
        assert!(b.timeout(7, 5), "the 20th overrun in a row opens it");
        assert_eq!(b.state(), BreakerState::Open);
        assert!(!Breaker::default().timeout(0, 0), "0: never");
    }

    #[test]
    fn a_zero_threshold_never_opens_and_a_budget_spends_down_to_zero() {
        let b = Breaker::default();
        for _ in 0..100 {
            assert!(!b.failure(0, 0));
        }
        let budget = Budget::new(10);
        budget.spend(4);
        assert_eq!(budget.left(), 6);
        budget.spend(100);
        assert_eq!(budget.left(), 0);
        let clock = Clock::manual();
        clock.advance(Duration::from_millis(1500));
        assert_eq!(clock.now_ms(), 1500);
    }
}
