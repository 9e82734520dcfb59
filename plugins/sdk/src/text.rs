//! Small text helpers for comparing makes, slugs and tags the way the host does.

/// Slug form of a name: lower case ASCII letters and digits, every other run of characters
/// becomes one `-`, no leading or trailing `-` (`Mercedes-Benz` -> `mercedes-benz`,
/// `Land Rover` -> `land-rover`).
pub fn slug(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut dash = false;
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            if dash && !out.is_empty() {
                out.push('-');
            }
            dash = false;
            out.push(c.to_ascii_lowercase());
        } else {
            dash = true;
        }
    }
    out
}

/// Whether two names have the same slug (`Mercedes-Benz` = `mercedes benz` = `MERCEDES-BENZ`).
pub fn same_slug(a: &str, b: &str) -> bool {
    slug(a) == slug(b)
}

/// Case-insensitive comparison ignoring surrounding spaces.
pub fn eq_loose(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs() {
        for (input, want) in [
            ("Mercedes-Benz", "mercedes-benz"),
            ("  Land Rover ", "land-rover"),
            ("IM", "im"),
            ("Rolls--Royce!", "rolls-royce"),
            ("", ""),
        ] {
            assert_eq!(slug(input), want, "{input:?}");
        }
        assert!(same_slug("mercedes benz", "Mercedes-Benz"));
        assert!(!same_slug("BMW", "Mini"));
        assert!(eq_loose(" Test Drive Only", "test drive only"));
    }
}
