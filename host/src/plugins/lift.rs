//! Bounded lifting (ARCHITECTURE.md "Extension points"; plugins/README.md "Budgets, breaker and
//! answer checks"): a plugin's answer is read while it is still in the guest's linear memory
//! and measured before a byte of it is copied into the host.
//!
//! wasmtime's usual typed call lifts `string` as an owned `String` per occurrence, so an answer
//! whose 64 strings all point at one 8 MiB guest buffer would become 64 host copies (512 MiB)
//! before any size check could run. Here every answer is lifted first as a *raw* value
//! ([`Raw`]: records and variants mirroring the WIT whose strings are [`WasmStr`] and whose
//! lists are [`WasmList`], both only a pointer and a length into guest memory); the [`Meter`]
//! then adds up the bytes the owned answer would take (string bytes plus [`ITEM`] per list
//! item), stopping at the first byte over the output cap; only an answer within the cap is
//! copied ([`Raw::own`]). So the host allocates at most `max_output_bytes` of answer per call
//! (plus one fixed-size record per input item), whatever the guest aliases.

use wasmtime::{
    Store,
    component::{ComponentExportIndex, ComponentNamedList, Lift, Lower, WasmList, WasmStr},
};

use crate::plugins::points::check::ITEM;
use crate::plugins::runtime::{Call, StoreState};

/// Why an answer was refused while it was still in guest memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// The answer would take more than the output cap; bytes counted when the cap was passed.
    Oversize(usize),
    /// The answer has the wrong number of items (one per input is required).
    Count(String),
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::Oversize(n) => write!(f, "answer of at least {n} bytes is over the output cap"),
            Refused::Count(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Refused {}

/// Counts the bytes an answer would take once owned by the host, against a cap (bytes).
pub struct Meter {
    used: usize,
    cap: usize,
}

impl Meter {
    /// A meter with nothing counted and `cap` bytes allowed.
    pub fn new(cap: usize) -> Meter {
        Meter { used: 0, cap }
    }

    /// Adds `n` bytes. Errors with [`Refused::Oversize`] once the total is over the cap.
    pub fn add(&mut self, n: usize) -> wasmtime::Result<()> {
        self.used = self.used.saturating_add(n);
        if self.used > self.cap {
            return Err(Refused::Oversize(self.used).into());
        }
        Ok(())
    }

    /// Bytes counted so far.
    pub fn used(&self) -> usize {
        self.used
    }
}

/// A guest value as lifted without copying its strings or lists, and its owned host form.
pub trait Raw: Sized {
    /// The owned value (the WIT bindings' type).
    type Owned;

    /// Adds to `meter` the bytes [`Raw::own`] would allocate for strings and list items, reading
    /// guest memory only; errors as soon as the meter's cap is passed, or when the guest's
    /// memory does not hold a valid value (bad UTF-8, out of bounds).
    fn measure(&self, store: &mut Store<StoreState>, meter: &mut Meter) -> wasmtime::Result<()>;

    /// Copies the value out of guest memory (call only after [`Raw::measure`] passed).
    fn own(self, store: &mut Store<StoreState>) -> wasmtime::Result<Self::Owned>;
}

impl Raw for WasmStr {
    type Owned = String;

    fn measure(&self, store: &mut Store<StoreState>, meter: &mut Meter) -> wasmtime::Result<()> {
        // A UTF-8 guest string is borrowed from guest memory: measuring allocates nothing.
        let len = self.to_str(&*store)?.len();
        meter.add(len)
    }

    fn own(self, store: &mut Store<StoreState>) -> wasmtime::Result<String> {
        Ok(self.to_str(&*store)?.into_owned())
    }
}

impl<T: Raw> Raw for Option<T> {
    type Owned = Option<T::Owned>;

    fn measure(&self, store: &mut Store<StoreState>, meter: &mut Meter) -> wasmtime::Result<()> {
        match self {
            Some(v) => v.measure(store, meter),
            None => Ok(()),
        }
    }

    fn own(self, store: &mut Store<StoreState>) -> wasmtime::Result<Option<T::Owned>> {
        self.map(|v| v.own(store)).transpose()
    }
}

impl<T: Raw + Lift> Raw for WasmList<T> {
    type Owned = Vec<T::Owned>;

    fn measure(&self, store: &mut Store<StoreState>, meter: &mut Meter) -> wasmtime::Result<()> {
        for i in 0..self.len() {
            meter.add(ITEM)?;
            let item = self
                .get(&mut *store, i)
                .ok_or_else(|| anyhow::anyhow!("list item {i} out of bounds"))??;
            item.measure(store, meter)?;
        }
        Ok(())
    }

    fn own(self, store: &mut Store<StoreState>) -> wasmtime::Result<Vec<T::Owned>> {
        let mut out = Vec::with_capacity(self.len());
        for i in 0..self.len() {
            let item = self
                .get(&mut *store, i)
                .ok_or_else(|| anyhow::anyhow!("list item {i} out of bounds"))??;
            out.push(item.own(store)?);
        }
        Ok(out)
    }
}

/// Implements [`Raw`] for types holding no string and no list (their lifted form is their owned
/// form, of fixed size).
#[macro_export]
macro_rules! plain_raw {
    ($($t:ty),* $(,)?) => {
        $(
            impl $crate::plugins::lift::Raw for $t {
                type Owned = $t;

                fn measure(
                    &self,
                    _store: &mut wasmtime::Store<$crate::plugins::runtime::StoreState>,
                    _meter: &mut $crate::plugins::lift::Meter,
                ) -> wasmtime::Result<()> {
                    Ok(())
                }

                fn own(self, _store: &mut wasmtime::Store<$crate::plugins::runtime::StoreState>) -> wasmtime::Result<$t> {
                    Ok(self)
                }
            }
        )*
    };
}

plain_raw!(f64, bool, u32, u8);

/// Calls the guest function `func` (an export of a point's interface, found with
/// [`LoadedComponent::func`](crate::plugins::runtime::LoadedComponent::func)) whose WIT result
/// is `result<list<R>, string>`, then measures the answer in guest memory against the store's
/// output cap before copying it. `inputs`: the number of answers required (one per input
/// item), checked before anything is lifted; `None` for a free-length list.
///
/// Returns `Ok(Ok(items))`, or `Ok(Err(message))` when the plugin declined (the message cut to
/// 500 bytes before it is copied). Errors: a trap, [`Refused::Oversize`], [`Refused::Count`].
pub fn call_list<P, R>(
    call: &mut Call<'_>,
    func: &ComponentExportIndex,
    params: P,
    inputs: Option<usize>,
) -> wasmtime::Result<Result<Vec<R::Owned>, String>>
where
    P: ComponentNamedList + Lower + Send + Sync,
    R: Raw + Lift + Send + Sync,
{
    let f = call
        .instance
        .get_typed_func::<P, (Result<WasmList<R>, WasmStr>,)>(&mut call.store, func)?;
    let (answer,) = f.call(&mut call.store, params)?;
    let mut meter = Meter::new(call.store.data().output_cap);
    match answer {
        Err(message) => {
            let text = message.to_str(&call.store)?;
            meter.add(text.len())?;
            Ok(Err(cut(&text, 500)))
        }
        Ok(list) => {
            if let Some(n) = inputs
                && list.len() != n
            {
                return Err(Refused::Count(format!("{} answers for {n} inputs", list.len())).into());
            }
            list.measure(&mut call.store, &mut meter)?;
            Ok(Ok(list.own(&mut call.store)?))
        }
    }
}

/// `s` cut to at most `max` bytes at a character boundary, with `...` when cut.
pub fn cut(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &s[..end])
}
