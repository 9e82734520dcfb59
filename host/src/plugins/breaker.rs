//! The circuit breaker of one (tenant, plugin, extension point) ([`Breaker`]), the clock its
//! cool-down reads ([`Clock`]) and a request's plugin fuel budget ([`Budget`])
//! (plugins/README.md "Budgets, breaker and answer checks").
//!
//! A breaker is closed (calls go ahead) until `breaker_failures` consecutive failures of its
//! point; then open (the point is skipped, host defaults) for `breaker_cooldown`; then one call
//! is let through half-open: a success closes it, a failure opens it for another cool-down.
//! Outcomes that say nothing about the plugin (a timeout, which with fuel means a busy host; a
//! full instance pool; a spent request budget) leave the count alone.

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

#[derive(Debug)]
struct Inner {
    state: BreakerState,
    consecutive: u32,
    opened_at_ms: u64,
}

/// The circuit breaker of one (tenant, plugin, point).
#[derive(Debug)]
pub struct Breaker(Mutex<Inner>);

impl Default for Breaker {
    fn default() -> Self {
        Breaker(Mutex::new(Inner {
            state: BreakerState::Closed,
            consecutive: 0,
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

    /// Consecutive counted failures so far.
    pub fn consecutive(&self) -> u32 {
        self.lock().consecutive
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

    /// A usable answer (or a decline): closes the breaker and clears the count.
    pub fn success(&self) {
        let mut b = self.lock();
        b.state = BreakerState::Closed;
        b.consecutive = 0;
    }

    /// A counted failure at `now_ms`: opens the breaker after `threshold` consecutive ones (0:
    /// never) or when it was the half-open trial. Returns whether this failure opened it.
    pub fn failure(&self, now_ms: u64, threshold: u32) -> bool {
        let mut b = self.lock();
        b.consecutive = b.consecutive.saturating_add(1);
        let open = match b.state {
            BreakerState::HalfOpen => true,
            BreakerState::Closed => threshold > 0 && b.consecutive >= threshold,
            BreakerState::Open => false,
        };
        if open {
            b.state = BreakerState::Open;
            b.opened_at_ms = now_ms;
        }
        open
    }

    /// An outcome that says nothing about the plugin (timeout, pool full, budget spent): a
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
        assert_eq!((b.state(), b.consecutive()), (BreakerState::Closed, 0));
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
