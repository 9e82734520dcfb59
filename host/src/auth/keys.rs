//! The keyed hash of sign-in codes (docs/features/platform.md "Sign-in and watchlist"; NIST SP
//! 800-63B §5.1.3.2 and §5.2.2: a 6-digit code has 20 bits of entropy, so a plain or salted hash
//! of it is reversed offline in about a second; a MAC keyed with a server secret is not).
//!
//! * A code is stored as HMAC-SHA-256 keyed with the server's code secret over the tenant, the
//!   phone, the code and the send's random 128-bit nonce ([`CodeKeys::mac`]), hex.
//! * The secret is `code_secret` (config or `FORECOURT_CODE_SECRET`), else the environment
//!   variable named by `code_secret_env`, else a random 256-bit secret generated on first use and
//!   kept in `<data_dir>/code_secret` (mode 0600), so a restart keeps pending codes valid.
//! * Rotation: `code_secrets_previous` lists earlier secrets, still accepted when checking
//!   ([`CodeKeys::matches`]). Codes live 10 minutes, so an old secret can be dropped 10 minutes
//!   after rotating; sessions never depend on the secret (their ids are random and stored as
//!   their SHA-256), so rotating signs nobody out.

use std::{
    collections::HashMap,
    io::Write,
    path::{Path, PathBuf},
    sync::{LazyLock, Mutex, PoisonError},
};

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::{
    config::{Secret, Settings},
    error::{Error, Result},
};

/// The file under `data_dir` holding the generated code secret (64 hex characters).
pub const SECRET_FILE: &str = "code_secret";

/// Domain separation for the MAC input (a version: a new scheme gets a new label).
const LABEL: &[u8] = b"forecourt/sign-in-code/v1";

/// The secrets sign-in codes are hashed and checked with.
pub struct CodeKeys {
    /// Keys new codes.
    current: Vec<u8>,
    /// Earlier secrets, accepted when checking.
    previous: Vec<Vec<u8>>,
}

impl std::fmt::Debug for CodeKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CodeKeys({} previous)", self.previous.len())
    }
}

impl CodeKeys {
    /// Keys from a `current` secret and the `previous` ones (raw bytes, any length).
    pub fn new(current: &[u8], previous: &[&[u8]]) -> CodeKeys {
        CodeKeys {
            current: current.to_vec(),
            previous: previous.iter().map(|p| p.to_vec()).collect(),
        }
    }

    /// The keys `settings` configures (see the module docs for the order), generating and
    /// storing `<data_dir>/code_secret` when no secret is configured and the file is missing.
    /// Errors: `Internal` when `code_secret_env` names a variable that is unset or shorter than
    /// 32 characters, or when the secret file cannot be read, created or is malformed.
    pub fn from_settings(settings: &Settings) -> Result<CodeKeys> {
        let previous: Vec<&[u8]> = settings.code_secrets_previous.iter().map(Secret::expose).collect();
        if let Some(s) = &settings.code_secret {
            return Ok(CodeKeys::new(s.expose(), &previous));
        }
        if let Some(var) = settings.code_secret_env.as_deref() {
            let value = std::env::var(var).unwrap_or_default();
            let s = Secret::new(&value).ok_or_else(|| {
                Error::internal(format!(
                    "code_secret_env: the variable {var} must hold at least {} characters",
                    Secret::MIN_LEN
                ))
            })?;
            return Ok(CodeKeys::new(s.expose(), &previous));
        }
        let generated = stored_secret_once(&settings.data_dir)?;
        Ok(CodeKeys::new(generated.expose(), &previous))
    }

    /// The stored form of `code` sent to `phone` of `tenant` (slug) with send `nonce`: the
    /// HMAC-SHA-256 under the current secret, 64 hex characters.
    pub fn mac(&self, tenant: &str, phone: &str, code: &str, nonce: &str) -> String {
        hex::encode(keyed(&self.current, tenant, phone, code, nonce).finalize().into_bytes())
    }

    /// Whether `stored` (hex, as [`CodeKeys::mac`] made it) is the MAC of `code` for `phone`
    /// of `tenant` with `nonce` under the current or any previous secret. Constant-time per
    /// secret; a malformed `stored` matches nothing.
    pub fn matches(&self, stored: &str, tenant: &str, phone: &str, code: &str, nonce: &str) -> bool {
        let Ok(stored) = hex::decode(stored) else { return false };
        let mut ok = false;
        for key in std::iter::once(&self.current).chain(&self.previous) {
            ok |= keyed(key, tenant, phone, code, nonce).verify_slice(&stored).is_ok();
        }
        ok
    }
}

/// The MAC state keyed with `key` over the label and each part, length-prefixed (so no two
/// inputs share an encoding).
fn keyed(key: &[u8], tenant: &str, phone: &str, code: &str, nonce: &str) -> Hmac<Sha256> {
    let mut m = <Hmac<Sha256> as Mac>::new_from_slice(key).expect("HMAC takes keys of any length");
    m.update(LABEL);
    for part in [tenant, phone, code, nonce] {
        m.update(&(part.len() as u64).to_be_bytes());
        m.update(part.as_bytes());
    }
    m
}

/// A fresh 128-bit send nonce from the operating system's secure random source, hex.
pub fn new_nonce() -> String {
    let mut b = [0u8; 16];
    getrandom::fill(&mut b).expect("the operating system's random source");
    hex::encode(b)
}

/// [`stored_secret`], read from disk once per directory and process: every code sent or checked
/// needs the keys, and the file does not change while the host runs. Errors as `stored_secret`.
fn stored_secret_once(dir: &Path) -> Result<Secret> {
    static READ: LazyLock<Mutex<HashMap<PathBuf, Secret>>> = LazyLock::new(Mutex::default);
    if let Some(s) = READ.lock().unwrap_or_else(PoisonError::into_inner).get(dir) {
        return Ok(s.clone());
    }
    let s = stored_secret(dir)?;
    READ.lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(dir.to_owned(), s.clone());
    Ok(s)
}

/// The secret in `<dir>/code_secret`, created (256 random bits, hex, mode 0600) when missing.
/// Two processes starting together agree: the file is written under a temporary name and
/// linked into place only if no secret is there yet. Errors: `Internal` naming the file.
fn stored_secret(dir: &Path) -> Result<Secret> {
    let path = dir.join(SECRET_FILE);
    let fail = |what: &str, e: &dyn std::fmt::Display| Error::internal(format!("code secret {}: {what}: {e}", path.display()));
    match std::fs::read_to_string(&path) {
        Ok(text) => return Secret::new(text.trim()).ok_or_else(|| fail("malformed", &"shorter than 32 characters")),
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(fail("read", &e)),
        Err(_) => {}
    }
    std::fs::create_dir_all(dir).map_err(|e| fail("create the directory", &e))?;
    let mut b = [0u8; 32];
    getrandom::fill(&mut b).expect("the operating system's random source");
    let secret = hex::encode(b);
    let tmp = dir.join(format!("{SECRET_FILE}.{}.tmp", new_nonce()));
    let mut opts = std::fs::OpenOptions::new();
    opts.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut opts, 0o600);
    let written = opts
        .open(&tmp)
        .and_then(|mut f| f.write_all(secret.as_bytes()).and_then(|()| f.sync_all()))
        .map_err(|e| fail("write", &e));
    let linked = written.and_then(|()| match std::fs::hard_link(&tmp, &path) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
        Err(e) => Err(fail("create", &e)),
    });
    let _ = std::fs::remove_file(&tmp);
    if linked? {
        tracing::info!(file = %path.display(), "generated the sign-in code secret");
        return Ok(Secret::new(&secret).expect("64 hex characters"));
    }
    // Another process stored one first: use it.
    stored_secret(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mac_binds_every_part_and_the_secret() {
        let k = CodeKeys::new(b"first secret, at least 32 characters", &[]);
        let m = k.mac("a", "0412345678", "123456", "n1");
        assert_eq!(m.len(), 64);
        assert!(k.matches(&m, "a", "0412345678", "123456", "n1"));
        for (t, p, c, n) in [
            ("b", "0412345678", "123456", "n1"),
            ("a", "0412345679", "123456", "n1"),
            ("a", "0412345678", "123457", "n1"),
            ("a", "0412345678", "123456", "n2"),
        ] {
            assert!(!k.matches(&m, t, p, c, n), "{t} {p} {c} {n}");
        }
        assert!(!k.matches("not hex", "a", "0412345678", "123456", "n1"));
        // Another secret: not the same MAC; rotation keeps the old one checkable.
        let other = CodeKeys::new(b"second secret, at least 32 characters", &[]);
        assert!(!other.matches(&m, "a", "0412345678", "123456", "n1"));
        let rotated = CodeKeys::new(b"second secret, at least 32 characters", &[b"first secret, at least 32 characters"]);
        assert!(rotated.matches(&m, "a", "0412345678", "123456", "n1"));
        assert_ne!(rotated.mac("a", "0412345678", "123456", "n1"), m, "new codes use the new secret");
    }

    #[test]
    fn the_generated_secret_is_kept_private_and_reused() {
        let dir = tempfile::tempdir().unwrap();
        let a = stored_secret(dir.path()).unwrap();
        let b = stored_secret(dir.path()).unwrap();
        assert_eq!(a, b, "a restart reads the same secret");
        assert_eq!(a.expose().len(), 64);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.path().join(SECRET_FILE)).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(left, vec![std::ffi::OsString::from(SECRET_FILE)], "no temporary file is left");
        std::fs::write(dir.path().join(SECRET_FILE), "short").unwrap();
        assert!(stored_secret(dir.path()).is_err(), "a malformed file is an error, not a new secret");
    }
}
