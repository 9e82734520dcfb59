//! `finance-lender` answers still in guest memory (`lift.rs`): the mirrors of `finance-offer`,
//! `calculator`, `term-input`, `term-list` and `repayment` whose strings and lists are read in
//! place, measured against the output cap, then copied into the WIT bindings' types.

use wasmtime::{
    Store,
    component::{ComponentType, Lift, WasmList, WasmStr},
};

use crate::plugins::{
    lift::{Meter, Raw},
    runtime::StoreState,
    since_v0_1_0::finance_lender as wfl,
};

crate::plain_raw!(wfl::NumberRange, wfl::TermUnit, wfl::Frequency, wfl::RepaymentFigure);

/// `finance-lender.term-list` still in guest memory.
#[derive(ComponentType, Lift)]
#[component(record)]
pub struct RawTermList {
    #[component(name = "years")]
    years: WasmList<f64>,
    #[component(name = "display")]
    display: wfl::TermUnit,
    #[component(name = "default-index")]
    default_index: u32,
}

/// `finance-lender.term-input` still in guest memory.
#[derive(ComponentType, Lift)]
#[component(variant)]
pub enum RawTermInput {
    /// `range`.
    #[component(name = "range")]
    Range(wfl::NumberRange),
    /// `choices`.
    #[component(name = "choices")]
    Choices(RawTermList),
}

/// `finance-lender.calculator` still in guest memory.
#[derive(ComponentType, Lift)]
#[component(record)]
pub struct RawCalculator {
    #[component(name = "lender-name")]
    lender_name: Option<WasmStr>,
    #[component(name = "amount")]
    amount: wfl::NumberRange,
    #[component(name = "default-amount")]
    default_amount: f64,
    #[component(name = "term")]
    term: RawTermInput,
    #[component(name = "default-term-years")]
    default_term_years: f64,
    #[component(name = "interest")]
    interest: Option<wfl::NumberRange>,
    #[component(name = "default-interest")]
    default_interest: f64,
    #[component(name = "deposit")]
    deposit: wfl::NumberRange,
    #[component(name = "residual")]
    residual: wfl::NumberRange,
    #[component(name = "establishment-fee")]
    establishment_fee: f64,
    #[component(name = "frequencies")]
    frequencies: WasmList<wfl::Frequency>,
    #[component(name = "default-frequency")]
    default_frequency: wfl::Frequency,
    #[component(name = "comparison-rate-text")]
    comparison_rate_text: Option<WasmStr>,
    #[component(name = "disclaimer")]
    disclaimer: Option<WasmStr>,
}

/// `finance-lender.repayment` still in guest memory.
#[derive(ComponentType, Lift)]
#[component(variant)]
pub enum RawRepayment {
    /// `figure`.
    #[component(name = "figure")]
    Figure(wfl::RepaymentFigure),
    /// `enquire`.
    #[component(name = "enquire")]
    Enquire(WasmStr),
}

/// `finance-lender.finance-offer` still in guest memory.
#[derive(ComponentType, Lift)]
#[component(record)]
pub struct RawFinanceOffer {
    #[component(name = "calculator")]
    calculator: Option<RawCalculator>,
    #[component(name = "show-widget")]
    show_widget: bool,
    #[component(name = "estimate")]
    estimate: Option<RawRepayment>,
}

impl Raw for RawRepayment {
    type Owned = wfl::Repayment;

    fn measure(&self, store: &mut Store<StoreState>, meter: &mut Meter) -> wasmtime::Result<()> {
        match self {
            RawRepayment::Figure(_) => Ok(()),
            RawRepayment::Enquire(t) => t.measure(store, meter),
        }
    }

    fn own(self, store: &mut Store<StoreState>) -> wasmtime::Result<wfl::Repayment> {
        Ok(match self {
            RawRepayment::Figure(f) => wfl::Repayment::Figure(f),
            RawRepayment::Enquire(t) => wfl::Repayment::Enquire(t.own(store)?),
        })
    }
}

impl Raw for RawTermInput {
    type Owned = wfl::TermInput;

    fn measure(&self, store: &mut Store<StoreState>, meter: &mut Meter) -> wasmtime::Result<()> {
        match self {
            RawTermInput::Range(_) => Ok(()),
            RawTermInput::Choices(l) => l.years.measure(store, meter),
        }
    }

    fn own(self, store: &mut Store<StoreState>) -> wasmtime::Result<wfl::TermInput> {
        Ok(match self {
            RawTermInput::Range(r) => wfl::TermInput::Range(r),
            RawTermInput::Choices(l) => wfl::TermInput::Choices(wfl::TermList {
                years: l.years.own(store)?,
                display: l.display,
                default_index: l.default_index,
            }),
        })
    }
}

impl Raw for RawCalculator {
    type Owned = wfl::Calculator;

    fn measure(&self, store: &mut Store<StoreState>, meter: &mut Meter) -> wasmtime::Result<()> {
        self.lender_name.measure(store, meter)?;
        self.term.measure(store, meter)?;
        self.frequencies.measure(store, meter)?;
        self.comparison_rate_text.measure(store, meter)?;
        self.disclaimer.measure(store, meter)
    }

    fn own(self, store: &mut Store<StoreState>) -> wasmtime::Result<wfl::Calculator> {
        Ok(wfl::Calculator {
            lender_name: self.lender_name.own(store)?,
            amount: self.amount,
            default_amount: self.default_amount,
            term: self.term.own(store)?,
            default_term_years: self.default_term_years,
            interest: self.interest,
            default_interest: self.default_interest,
            deposit: self.deposit,
            residual: self.residual,
            establishment_fee: self.establishment_fee,
            frequencies: self.frequencies.own(store)?,
            default_frequency: self.default_frequency,
            comparison_rate_text: self.comparison_rate_text.own(store)?,
            disclaimer: self.disclaimer.own(store)?,
        })
    }
}

impl Raw for RawFinanceOffer {
    type Owned = wfl::FinanceOffer;

    fn measure(&self, store: &mut Store<StoreState>, meter: &mut Meter) -> wasmtime::Result<()> {
        self.calculator.measure(store, meter)?;
        self.estimate.measure(store, meter)
    }

    fn own(self, store: &mut Store<StoreState>) -> wasmtime::Result<wfl::FinanceOffer> {
        Ok(wfl::FinanceOffer {
            calculator: self.calculator.own(store)?,
            show_widget: self.show_widget,
            estimate: self.estimate.own(store)?,
        })
    }
}
