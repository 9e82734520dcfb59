//! The platform's one slug rule: make, model, body, location and car slugs in the search index,
//! search paths (`/search/{make}/{model}`), breadcrumbs, navigation and offer links all come from
//! [`slugify`], and the UI's links use the same transliteration tables (the `any-ascii` npm
//! package, `ui-shell/src/lib/slug.ts`), so a link the host or the UI writes always resolves; the
//! table `slug-names.tsv` beside this file (diacritics, Greek, Cyrillic, CJK, emoji) is checked
//! against both. The plugin SDK's `text::slug` has no transliteration tables (they would add about
//! 570 KB to every component that slugs, over the 256 KiB component cap and copied into each
//! instance's memory): it agrees on the table's ASCII rows only, so a plugin compares names with
//! the slugs the host hands it (`car.dealership_slug`) rather than slugging non-ASCII labels itself.

/// The URL slug of a label: transliterated to ASCII with `any_ascii` ("Citroën" -> "Citroen",
/// "Škoda" -> "Skoda", "Straße" -> "Strasse"), lower-cased, every run of other characters turned
/// into one `-`, none at either end. `"2019 Mercedes-Benz  C-Class+"` -> `"2019-mercedes-benz-c-class"`.
/// A label with no letters or digits gives `""`.
pub fn slugify(s: &str) -> String {
    let ascii = any_ascii::any_ascii(s);
    let mut out = String::with_capacity(ascii.len());
    let mut dash = false;
    for c in ascii.chars() {
        if c.is_ascii_alphanumeric() {
            if dash && !out.is_empty() {
                out.push('-');
            }
            out.push(c.to_ascii_lowercase());
            dash = false;
        } else {
            dash = true;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::slugify;

    #[test]
    fn folds_unicode_and_collapses_runs() {
        assert_eq!(slugify("2019 Mercedes-Benz  C-Class+ HM1"), "2019-mercedes-benz-c-class-hm1");
        assert_eq!(slugify("Citroën"), "citroen");
        assert_eq!(slugify("Škoda Octavia RS"), "skoda-octavia-rs");
        assert_eq!(slugify("  -- É --  "), "e");
        assert_eq!(slugify("Straße"), "strasse");
        assert_eq!(slugify("!!"), "");
    }

    /// Every row of `slug-names.tsv` (diacritics, Greek, Cyrillic, CJK, emoji), the table the UI's
    /// `slugify` and the plugin SDK's `text::slug` (its ASCII rows) are tested against too.
    #[test]
    fn every_row_of_the_slug_table() {
        let rows: Vec<(&str, &str)> = include_str!("slug-names.tsv")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
            .map(|l| l.split_once('\t').unwrap_or((l, "")))
            .collect();
        assert!(rows.len() > 20);
        for (label, want) in rows {
            assert_eq!(slugify(label), want, "slug-names.tsv: {label:?}");
        }
    }
}
