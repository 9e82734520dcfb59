//! The host's one number and money formatter (Australian English, as the UI's
//! `ui-shell/src/lib/format.ts`): thousands grouped with commas, dollars with a leading `$`; and
//! the one rule for characters shown text may not hold ([`hidden_char`]).

/// Whether `c` may not appear in text a shopper or a CRM reads: a control character other than
/// line feed and tab, a bidirectional override or isolate (U+202A-U+202E, U+2066-U+2069, which
/// reorder what is shown) or a non-character (U+FFFE, U+FFFF; not XML 1.0 character data).
/// Feed text is stripped of them at import; a plugin's text holding one is refused.
pub fn hidden_char(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t') || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FFFE}' | '\u{FFFF}')
}

/// `n` with its thousands grouped by commas: `1234567` -> `"1,234,567"`, `-4500` -> `"-4,500"`.
pub fn group_thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 1);
    if n < 0 {
        out.push('-');
    }
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// An amount of dollars as text: whole dollars when there are no cents (`1234.0` ->
/// `"$1,234"`), else two decimals (`1234.5` -> `"$1,234.50"`), a minus before the `$`
/// (`-20.0` -> `"-$20"`). Rounded to the cent.
pub fn money(dollars: f64) -> String {
    let cents = (dollars * 100.0).round() as i64;
    let (whole, frac) = (cents / 100, (cents % 100).abs());
    let sign = if cents < 0 { "-" } else { "" };
    let grouped = group_thousands(whole.abs());
    if frac == 0 {
        format!("{sign}${grouped}")
    } else {
        format!("{sign}${grouped}.{frac:02}")
    }
}

/// An amount rounded to whole dollars, as [`money`] writes it: `82990.4` -> `"$82,990"`.
pub fn whole_dollars(dollars: f64) -> String {
    money(dollars.round())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_and_signs() {
        assert_eq!(group_thousands(0), "0");
        assert_eq!(group_thousands(999), "999");
        assert_eq!(group_thousands(1_000), "1,000");
        assert_eq!(group_thousands(-1_234_567), "-1,234,567");
        assert_eq!(money(1234.0), "$1,234");
        assert_eq!(money(1234.5), "$1,234.50");
        assert_eq!(money(-0.5), "-$0.50");
        assert_eq!(money(-20.0), "-$20");
        assert_eq!(whole_dollars(82_990.4), "$82,990");
    }
}
