//! Standard loan maths for the `finance-lender` point (docs/features/shopper-core.md §9): principal = amount -
//! deposit + establishment fee; rate per period = annual interest / 100 / payments a year
//! (week 52, fortnight 26, month 12); n = years x payments a year; the residual (balloon) is
//! discounted over n periods; the repayment is rounded up to the whole dollar (one lender rounds
//! down when below its advertised figure); 25 or less shows `Enquire for Finance`.

use crate::finance_lender::{Frequency, NumberRange, Repayment, RepaymentFigure, RepaymentRequest};

/// Repayments of this many dollars or less are not shown (docs/features/shopper-core.md §5).
pub const ENQUIRE_THRESHOLD: f64 = 25.0;

/// Text shown instead of a too-small repayment (docs/features/shopper-core.md §5).
pub const ENQUIRE_TEXT: &str = "Enquire for Finance";

/// Payments a year: week 52, fortnight 26, month 12 (docs/features/shopper-core.md §9).
pub fn periods_per_year(frequency: Frequency) -> u32 {
    match frequency {
        Frequency::Week => 52,
        Frequency::Fortnight => 26,
        Frequency::Month => 12,
    }
}

/// Display suffix: `wk`, `fn`, `mo` (docs/features/shopper-core.md §9).
pub fn suffix(frequency: Frequency) -> &'static str {
    match frequency {
        Frequency::Week => "wk",
        Frequency::Fortnight => "fn",
        Frequency::Month => "mo",
    }
}

/// Number of repayments for a term in years (rounded to a whole number of periods).
pub fn periods(term_years: f64, frequency: Frequency) -> u32 {
    let n = (term_years.max(0.0) * periods_per_year(frequency) as f64).round();
    if n.is_finite() { n as u32 } else { 0 }
}

/// The exact (unrounded) repayment per period: amortise `principal` over `n` periods at
/// `annual_percent` with a `residual` due at the end (discounted to today). `None` when `n` is 0
/// or an input is not a finite number.
pub fn payment(principal: f64, annual_percent: f64, n: u32, per_year: u32, residual: f64) -> Option<f64> {
    if n == 0 || per_year == 0 || !principal.is_finite() || !annual_percent.is_finite() || !residual.is_finite() {
        return None;
    }
    let n_f = n as f64;
    let r = annual_percent.max(0.0) / 100.0 / per_year as f64;
    let value = if r == 0.0 {
        (principal - residual) / n_f
    } else {
        let growth = (1.0 + r).powf(n_f);
        (principal - residual / growth) * r / (1.0 - 1.0 / growth)
    };
    value.is_finite().then_some(value)
}

/// How the repayment is rounded to whole dollars.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rounding {
    /// Always up (docs/features/shopper-core.md §9, the default).
    Up,
    /// Down when the exact figure is below the lender's advertised repayment, else up
    /// (docs/features/shopper-core.md §9 "one lender: rounded down when below the advertised amount").
    DownBelowAdvertised,
}

/// Round a repayment to whole dollars. Float noise is removed at the cent first, so 147.0000001
/// is 147, not 148.
pub fn round_repayment(exact: f64, rounding: Rounding, advertised: Option<f64>) -> f64 {
    let cents = (exact * 100.0).round() / 100.0;
    match (rounding, advertised) {
        (Rounding::DownBelowAdvertised, Some(adv)) if cents < adv => cents.floor(),
        _ => cents.ceil(),
    }
}

/// The standard repayment with the default threshold and text (see the module docs).
pub fn standard_repayment(request: &RepaymentRequest, rounding: Rounding) -> Repayment {
    repayment_with(request, rounding, ENQUIRE_THRESHOLD, ENQUIRE_TEXT)
}

/// The standard repayment with a lender's own threshold and enquire text.
pub fn repayment_with(request: &RepaymentRequest, rounding: Rounding, threshold: f64, enquire: &str) -> Repayment {
    let per_year = periods_per_year(request.frequency);
    let n = periods(request.term_years, request.frequency);
    let principal = request.amount.max(0.0) - request.deposit.max(0.0) + request.establishment_fee.max(0.0);
    let residual = request.residual.max(0.0);
    let exact = match payment(principal, request.interest, n, per_year, residual) {
        Some(v) if principal > 0.0 => v,
        _ => return Repayment::Enquire(enquire.to_string()),
    };
    let per_period = round_repayment(exact, rounding, request.advertised_repayment);
    if per_period <= threshold {
        return Repayment::Enquire(enquire.to_string());
    }
    let total = ((per_period * n as f64 + residual) * 100.0).round() / 100.0;
    Repayment::Figure(RepaymentFigure { per_period, total })
}

/// Clamp `value` into `range` (docs/features/shopper-core.md §5 "out-of-range entries are clamped").
pub fn clamp(value: f64, range: &NumberRange) -> f64 {
    if value.is_nan() {
        range.min
    } else {
        value.max(range.min).min(range.max)
    }
}

/// Round `value` down to a multiple of `step` (for example an amount maximum to the 500 step).
pub fn floor_to_step(value: f64, step: f64) -> f64 {
    if step > 0.0 && value.is_finite() {
        (value / step + 1e-9).floor() * step
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(amount: f64, deposit: f64, years: f64, interest: f64, residual: f64, frequency: Frequency, fee: f64) -> RepaymentRequest {
        RepaymentRequest {
            amount,
            deposit,
            term_years: years,
            interest,
            residual,
            frequency,
            establishment_fee: fee,
            advertised_repayment: None,
        }
    }

    fn figure(per_period: f64, total: f64) -> Repayment {
        Repayment::Figure(RepaymentFigure { per_period, total })
    }

    /// Reference figures: standard amortisation with a discounted residual, computed
    /// independently (exact value in the comment), rounded up to the dollar.
    #[test]
    fn standard_table() {
        use Frequency::*;
        let table = [
            // $30,000 over 5 years at 10% (docs/features/shopper-core.md §9 defaults): 146.733290 /
            // 293.683712 / 637.411341
            (req(30000.0, 0.0, 5.0, 10.0, 0.0, Week, 0.0), figure(147.0, 38220.0)),
            (req(30000.0, 0.0, 5.0, 10.0, 0.0, Fortnight, 0.0), figure(294.0, 38220.0)),
            (req(30000.0, 0.0, 5.0, 10.0, 0.0, Month, 0.0), figure(638.0, 38280.0)),
            // deposit 3000, 9.95%, establishment fee 1300: 138.259421
            (req(30000.0, 3000.0, 5.0, 9.95, 0.0, Week, 1300.0), figure(139.0, 36140.0)),
            // 4.5 years monthly at 12.94%, residual 10000, fee 1360.50: 877.025668
            (req(45000.0, 5000.0, 4.5, 12.94, 10000.0, Month, 1360.5), figure(878.0, 57412.0)),
            // interest 0: straight line 115.384615
            (req(30000.0, 0.0, 5.0, 0.0, 0.0, Week, 0.0), figure(116.0, 30160.0)),
            // 7 years at 4% weekly with a 30% residual: 243.635938
            (req(100000.0, 0.0, 7.0, 4.0, 30000.0, Week, 0.0), figure(244.0, 118816.0)),
            // 25 or less: Enquire for Finance (2.844792)
            (req(1000.0, 0.0, 7.0, 1.0, 0.0, Week, 0.0), Repayment::Enquire(ENQUIRE_TEXT.into())),
            // nothing to finance
            (
                req(5000.0, 6000.0, 5.0, 10.0, 0.0, Week, 0.0),
                Repayment::Enquire(ENQUIRE_TEXT.into()),
            ),
            (
                req(30000.0, 0.0, 0.0, 10.0, 0.0, Week, 0.0),
                Repayment::Enquire(ENQUIRE_TEXT.into()),
            ),
        ];
        for (i, (request, want)) in table.iter().enumerate() {
            assert_eq!(&standard_repayment(request, Rounding::Up), want, "row {i}: {request:?}");
        }
    }

    #[test]
    fn rounding_down_below_advertised() {
        let mut r = req(30000.0, 0.0, 5.0, 10.0, 0.0, Frequency::Week, 0.0);
        r.advertised_repayment = Some(150.0); // 146.73 is below 150: down
        assert_eq!(standard_repayment(&r, Rounding::DownBelowAdvertised), figure(146.0, 37960.0));
        r.advertised_repayment = Some(140.0); // above the advertised figure: up
        assert_eq!(standard_repayment(&r, Rounding::DownBelowAdvertised), figure(147.0, 38220.0));
        r.advertised_repayment = None; // nothing advertised: up
        assert_eq!(standard_repayment(&r, Rounding::DownBelowAdvertised), figure(147.0, 38220.0));
    }

    #[test]
    fn float_noise_does_not_round_up_a_whole_dollar() {
        assert_eq!(round_repayment(147.000000001, Rounding::Up, None), 147.0);
        assert_eq!(round_repayment(147.004, Rounding::Up, None), 147.0);
        assert_eq!(round_repayment(147.006, Rounding::Up, None), 148.0);
    }

    #[test]
    fn helpers() {
        assert_eq!(periods(4.5, Frequency::Fortnight), 117);
        assert_eq!(suffix(Frequency::Month), "mo");
        let range = NumberRange {
            min: 1000.0,
            max: 100000.0,
            step: 500.0,
        };
        assert_eq!(clamp(-5.0, &range), 1000.0);
        assert_eq!(clamp(250000.0, &range), 100000.0);
        assert_eq!(floor_to_step(126000.0 * 1.05, 500.0), 132000.0);
        assert_eq!(floor_to_step(105000.0, 500.0), 105000.0);
    }
}
