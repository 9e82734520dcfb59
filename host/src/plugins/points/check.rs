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
