//! What every point's answer checks share: the answer-size measure (the output cap) and the small
//! checks (finite, non-negative, non-empty, one answer per input).
//!
//! Every WIT answer is checked before the host uses it (docs/features/platform.md
//! "Plugins and extension points": "an invalid answer ... is discarded"): one answer per input,
//! finite numbers, `min <= max`, `step > 0`, defaults inside their ranges, `default-index < len`,
//! non-empty texts. Units follow the WIT: money in AUD, interest in percent per year, terms in
//! years.

/// Fixed bytes counted per list element or record on top of its strings.
pub const ITEM: usize = 16;

/// Bytes of a string.
pub fn s(v: &str) -> usize {
    v.len()
}

/// Bytes of an optional string (0 when absent).
pub fn os(v: &Option<String>) -> usize {
    v.as_ref().map_or(0, |v| v.len())
}

/// Bytes of a plugin's answer, approximately as lifted (strings plus a fixed cost per item).
pub trait AnswerSize {
    /// Size in bytes.
    fn answer_size(&self) -> usize;
}

impl AnswerSize for String {
    fn answer_size(&self) -> usize {
        self.len()
    }
}

impl<T: AnswerSize> AnswerSize for Vec<T> {
    fn answer_size(&self) -> usize {
        self.iter().map(|x| ITEM + x.answer_size()).sum()
    }
}

impl<T: AnswerSize> AnswerSize for Option<T> {
    fn answer_size(&self) -> usize {
        self.as_ref().map_or(0, |x| x.answer_size())
    }
}

impl<T: AnswerSize, E: AnswerSize> AnswerSize for Result<T, E> {
    fn answer_size(&self) -> usize {
        match self {
            Ok(v) => v.answer_size(),
            Err(e) => e.answer_size(),
        }
    }
}

/// Why an answer was refused.
pub type Invalid = String;

/// `Ok` when `v` is finite; else names `what`.
pub fn finite(what: &str, v: f64) -> Result<(), Invalid> {
    if v.is_finite() {
        Ok(())
    } else {
        Err(format!("{what} is not a finite number ({v})"))
    }
}

/// `Ok` when `v` is finite and at least 0; else names `what`.
pub fn non_negative(what: &str, v: f64) -> Result<(), Invalid> {
    finite(what, v)?;
    if v >= 0.0 {
        Ok(())
    } else {
        Err(format!("{what} is negative ({v})"))
    }
}

/// `Ok` when `v` has a non-blank character; else names `what`.
pub fn non_empty(what: &str, v: &str) -> Result<(), Invalid> {
    if v.trim().is_empty() {
        Err(format!("{what} is empty"))
    } else {
        Ok(())
    }
}

/// Checks that a batch answer has exactly one entry per input (`inputs` items sent).
pub fn check_count<T>(answers: &[T], inputs: usize) -> Result<(), Invalid> {
    if answers.len() == inputs {
        Ok(())
    } else {
        Err(format!("{} answers for {inputs} inputs", answers.len()))
    }
}

/// Largest money amount a plugin may answer, AUD (a price, a repayment, a minimum price): above
/// any car's price, far below what renders as `$1e+300`.
pub const MAX_MONEY: f64 = 50_000_000.0;

/// Longest short label, bytes: a tag text, a price type, a suffix, a pre-order or no-price text.
pub const MAX_LABEL: usize = 80;

/// Longest phone field (display, dial, masked), bytes.
pub const MAX_PHONE: usize = 40;

/// Longest sentence (an enquire text, a lender name, a comparison-rate text), bytes.
pub const MAX_SENTENCE: usize = 500;

/// Longest paragraph (a finance disclaimer), bytes.
pub const MAX_PARAGRAPH: usize = 2000;

/// Longest stock-filter value (a make, stock number, item type or dealership slug), bytes.
pub const MAX_VALUE: usize = 100;

/// Longest image URL, bytes.
pub const MAX_URL: usize = 2048;

/// `Ok` when `v` is a money amount: finite, at least 0 and at most [`MAX_MONEY`] AUD; else
/// names `what`.
pub fn money(what: &str, v: f64) -> Result<(), Invalid> {
    non_negative(what, v)?;
    if v > MAX_MONEY {
        return Err(format!("{what} ({v}) is above the {MAX_MONEY} AUD money cap"));
    }
    Ok(())
}

/// `Ok` when the text `v` is at most `max` bytes and shows as written (no
/// [`crate::format::hidden_char`]); else names `what` and the length or the character. Every
/// text a plugin answers passes here.
pub fn max_len(what: &str, v: &str, max: usize) -> Result<(), Invalid> {
    if v.len() > max {
        return Err(format!("{what} is {} bytes, over its {max}-byte cap", v.len()));
    }
    if let Some(c) = v.chars().find(|&c| crate::format::hidden_char(c)) {
        return Err(format!("{what} holds the character U+{:04X}", c as u32));
    }
    Ok(())
}

/// `Ok` when `masked` really masks `display`: it is not blank and hides at least 3 of the
/// number's digits (2 for a number of 6 digits or fewer, such as `13 xx xx`).
pub fn really_masked(display: &str, masked: &str) -> Result<(), Invalid> {
    non_empty("phone.masked", masked)?;
    let digits = |s: &str| s.chars().filter(char::is_ascii_digit).count();
    let (shown, all) = (digits(masked), digits(display));
    let hide = if all > 6 { 3 } else { 2 };
    if shown + hide > all {
        return Err(format!(
            "phone.masked `{masked}` shows {shown} of the number's {all} digits (at least {hide} must be hidden)"
        ));
    }
    Ok(())
}

/// `Ok` when a tag image URL is the tenant's own media (a path of the site under `/img/` or
/// `/assets/`) or an https URL on one of `hosts` (the plugin's `image_hosts` in `tenant.toml`);
/// else says why (starting `tag.image-url`).
pub fn image_url(u: &str, hosts: &[String]) -> Result<(), Invalid> {
    max_len("tag.image-url", u, MAX_URL)?;
    // The feed's URL rules first (http(s) or a site path; no scripts, control characters,
    // protocol-relative or backslash tricks).
    crate::stock::validate::check_url(u, Some("/")).map_err(|why| format!("tag.image-url {why}"))?;
    if u.starts_with('/') && (u.starts_with("/img/") || u.starts_with("/assets/")) && !u.contains("..") && !u.contains("//") {
        // A path of the site itself: the tenant's images or its assets.
        return Ok(());
    }
    let host = url::Url::parse(u)
        .ok()
        .filter(|p| p.scheme() == "https")
        .and_then(|p| p.host_str().map(str::to_ascii_lowercase));
    match host {
        Some(h) if hosts.contains(&h) => Ok(()),
        _ => Err(format!(
            "tag.image-url `{}` is neither the tenant's own media (/img/..., /assets/...) nor https on the plugin's image_hosts",
            u.chars().take(100).collect::<String>()
        )),
    }
}
