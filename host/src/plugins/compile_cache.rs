//! The plugins' compile cache (docs/features/platform.md "Plugins and extension points": components
//! compiled off the request path and cached on disk by content hash plus the engine's
//! compatibility hash; a corrupt file is a miss). Used for both engines: the pure points' and the
//! partner integrations' (`partner.rs`); both compile with fuel and epoch interruption, so their
//! compatibility hashes agree and a component's one file serves both.

use std::{
    hash::{Hash, Hasher},
    path::{Path, PathBuf},
    time::Instant,
};

use sha2::{Digest, Sha256};
use wasmtime::{Engine, component::Component};

use crate::plugins::error::PluginError;

/// An [`std::hash::Hasher`] over SHA-256, so the engine's compatibility hash gives the same key
/// in every process.
struct ShaHasher(Sha256);

impl Hasher for ShaHasher {
    fn finish(&self) -> u64 {
        let d = self.0.clone().finalize();
        u64::from_le_bytes(d[..8].try_into().expect("8 bytes"))
    }
    fn write(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }
}

/// Cache key of a component: SHA-256 of its bytes plus the engine's precompile compatibility
/// hash (a different wasmtime version or config gives a different key).
fn cache_path(dir: Option<&Path>, engine: &Engine, bytes: &[u8]) -> Option<PathBuf> {
    let dir = dir?;
    let content = hex::encode(Sha256::digest(bytes));
    let mut h = ShaHasher(Sha256::new());
    engine.precompile_compatibility_hash().hash(&mut h);
    let engine_key = hex::encode(h.0.finalize());
    Some(dir.join(format!("{}-{}.cwasm", &content[..32], &engine_key[..16])))
}

/// Compiles component `bytes` (plugin `name`, for messages) for `engine`, or loads it from the
/// disk cache in `dir` (None: no cache). A cache file that fails to deserialize (corrupt, other
/// engine) is a miss: the component is compiled and the file rewritten. Errors: `Invalid` when
/// the bytes are not a valid component.
pub fn compile_cached(engine: &Engine, dir: Option<&Path>, name: &str, bytes: &[u8]) -> Result<Component, PluginError> {
    let cache = cache_path(dir, engine, bytes);
    if let Some(path) = &cache
        && path.is_file()
    {
        // The file is read into memory rather than mapped: another process rewriting or
        // truncating a mapped cache file would crash this one (SIGBUS).
        let loaded = std::fs::read(path).map_err(anyhow::Error::from).and_then(|bytes| {
            // SAFETY: the cache directory holds only files this host wrote with
            // `Component::serialize` for this engine configuration (the key includes the
            // engine's compatibility hash); wasmtime still checks the header and refuses a
            // file from another engine or version.
            unsafe { Component::deserialize(engine, bytes) }
        });
        match loaded {
            Ok(c) => {
                tracing::debug!(plugin = name, cache = %path.display(), "plugin component loaded from cache");
                return Ok(c);
            }
            Err(e) => tracing::warn!(plugin = name, cache = %path.display(), error = %e, "plugin cache entry unusable; recompiling"),
        }
    }
    let started = Instant::now();
    let component = Component::from_binary(engine, bytes).map_err(|e| PluginError::Invalid {
        plugin: name.into(),
        reason: format!("not a valid WASM component: {e:#}"),
    })?;
    tracing::info!(
        plugin = name,
        ms = started.elapsed().as_millis() as u64,
        "plugin component compiled"
    );
    if let Some(path) = cache
        && let Err(e) = write_cache(&path, &component)
    {
        tracing::warn!(plugin = name, cache = %path.display(), error = %e, "cannot write plugin cache");
    }
    Ok(component)
}

fn write_cache(path: &Path, component: &Component) -> anyhow::Result<()> {
    let bytes = component.serialize()?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension(format!("tmp-{}", std::process::id()));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)?;
    Ok(())
}
