//! Small text helpers for comparing makes, slugs and tags the way the host does.

/// Slug form of a name: lower case ASCII letters and digits, every other run of characters
/// becomes one `-`, no leading or trailing `-` (`Mercedes-Benz` -> `mercedes-benz`,
/// `Land Rover` -> `land-rover`). The host's rule for ASCII names (`host/src/slug.rs`; tested on the
/// ASCII rows of its table `host/src/slug-names.tsv`). The host also transliterates ("Citroën" ->
/// `citroen`) with tables too big for a component (about 570 KB): here a non-ASCII letter is a
/// separator ("Citroën" -> `citro-n`), so compare with the slugs the host hands the plugin
/// (`car.dealership_slug`), not with slugs of non-ASCII labels made here.
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
        // The host's table, its ASCII rows (the host transliterates the others).
        let rows = include_str!("../../../host/src/slug-names.tsv")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty() && l.is_ascii())
            .map(|l| l.split_once('\t').unwrap_or((l, "")));
        let mut n = 0;
        for (label, want) in rows {
            assert_eq!(slug(label), want, "host/src/slug-names.tsv: {label:?}");
            n += 1;
        }
        assert!(n >= 8, "the table's ASCII rows");
        assert!(same_slug("mercedes benz", "Mercedes-Benz"));
        assert!(!same_slug("BMW", "Mini"));
        assert!(eq_loose(" Test Drive Only", "test drive only"));
    }
}
