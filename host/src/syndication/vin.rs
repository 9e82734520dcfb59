//! Vehicle identification numbers (ISO 3779): the 17-character format every VIN must have, and
//! the check digit (position 9) that only VINs of North-American manufacture carry.
//!
//! The check digit is the North-American rule (US 49 CFR 565.15, Canada CMVSS 115): each
//! character is transliterated to a number (digits as themselves; `A`-`H` 1-8, `J`-`N` 1-5,
//! `P` 7, `R` 9, `S`-`Z` 2-9), multiplied by its position's weight (8 7 6 5 4 3 2 10 0 9 8 7 6 5
//! 4 3 2), and the sum taken modulo 11; a remainder of 10 is written `X`. ISO 3779 itself does not
//! require a check digit, and European and Asian manufacturers use position 9 for other data, so
//! the check applies only when the world manufacturer identifier's first character is `1` to `5`
//! (the United States, Canada and Mexico), see [`check_digit_applies`].

/// The weight of each of the 17 positions.
const WEIGHTS: [u32; 17] = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/// What is wrong with a VIN, if anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VinProblem {
    /// Not 17 characters of `0`-`9` and `A`-`Z` without `I`, `O` and `Q` (upper case).
    Format,
    /// A North-American VIN whose position 9 is not its check digit.
    CheckDigit {
        /// The check digit the other 16 characters give (`0`-`9` or `X`).
        expected: char,
        /// The character at position 9.
        found: char,
    },
}

/// The number a VIN character stands for in the check-digit sum; None for a character a VIN
/// cannot hold (`I`, `O`, `Q`, lower case, anything else).
fn transliterate(c: char) -> Option<u32> {
    Some(match c {
        '0'..='9' => c as u32 - '0' as u32,
        'A' | 'J' => 1,
        'B' | 'K' | 'S' => 2,
        'C' | 'L' | 'T' => 3,
        'D' | 'M' | 'U' => 4,
        'E' | 'N' | 'V' => 5,
        'F' | 'W' => 6,
        'G' | 'P' | 'X' => 7,
        'H' | 'Y' => 8,
        'R' | 'Z' => 9,
        _ => return None,
    })
}

/// Whether `vin` has the VIN format: exactly 17 characters, each a digit or an upper-case letter
/// other than `I`, `O` and `Q`.
pub fn is_well_formed(vin: &str) -> bool {
    vin.chars().count() == 17 && vin.chars().all(|c| transliterate(c).is_some())
}

/// The check digit (`0`-`9` or `X`) the characters of a well-formed `vin` give; None when `vin`
/// is not well formed.
pub fn check_digit(vin: &str) -> Option<char> {
    if !is_well_formed(vin) {
        return None;
    }
    let sum: u32 = vin
        .chars()
        .zip(WEIGHTS)
        .map(|(c, w)| transliterate(c).expect("well formed") * w)
        .sum();
    Some(match sum % 11 {
        10 => 'X',
        n => char::from_digit(n, 10).expect("below 10"),
    })
}

/// Whether the check digit applies to `vin`: its first character (the world manufacturer
/// identifier's region) is `1` to `5`, a vehicle made in North America.
pub fn check_digit_applies(vin: &str) -> bool {
    matches!(vin.chars().next(), Some('1'..='5'))
}

/// Checks `vin` (as stored: no trimming or case folding): its format always, its check digit when
/// [`check_digit_applies`]. Returns None for a valid VIN.
pub fn problem(vin: &str) -> Option<VinProblem> {
    let expected = check_digit(vin)?;
    if !check_digit_applies(vin) {
        return None;
    }
    let found = vin.chars().nth(8).expect("17 characters");
    (found != expected).then_some(VinProblem::CheckDigit { expected, found })
}

/// Like [`problem`], but a VIN that is not well formed is [`VinProblem::Format`].
pub fn check(vin: &str) -> Result<(), VinProblem> {
    if !is_well_formed(vin) {
        return Err(VinProblem::Format);
    }
    problem(vin).map_or(Ok(()), Err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_valid_north_american_vins_pass() {
        // The example of 49 CFR 565 guides (check digit X), a Honda Accord often quoted, and real
        // used-stock VINs of the demo data (Mercedes-Benz built in Alabama, WMI 4JG).
        for vin in ["1M8GDM9AXKP042788", "1HGCM82633A004352", "4JGDA2EB0EA356787", "11111111111111111"] {
            assert_eq!(check(vin), Ok(()), "{vin}");
        }
        assert_eq!(check_digit("1M8GDM9AXKP042788"), Some('X'));
    }

    #[test]
    fn a_wrong_check_digit_is_named() {
        assert_eq!(
            check("1HGCM82643A004352"),
            Err(VinProblem::CheckDigit { expected: '3', found: '4' })
        );
    }

    #[test]
    fn the_check_digit_is_not_asked_of_other_regions() {
        // A German-built Mercedes-Benz (WMI WDD): position 9 is not a check digit.
        assert!(!check_digit_applies("WDDHF5GB7BA292772"));
        assert_eq!(check("WDDHF5GB7BA292772"), Ok(()));
        assert_eq!(check("JTDKB20U093123456"), Ok(()));
    }

    #[test]
    fn the_format_applies_to_every_vin() {
        for vin in [
            "",
            "1HGCM82633A00435",
            "1HGCM82633A0043521",
            "1HGCM82633A00435I",
            "1hgcm82633a004352",
            "WDDHF5GB7BA29277O",
        ] {
            assert_eq!(check(vin), Err(VinProblem::Format), "{vin:?}");
        }
    }
}
