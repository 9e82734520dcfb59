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

/// Writes `component`'s compiled artefact to `path` with [`crate::fsio::write_atomic`] (a temporary
/// file of this write's own: two tenants warming in parallel may compile the same plugin at once,
/// and a name per process let one rename the other's half-written file into place, which a third
/// could then deserialize). Errors: serializing or the file system.
fn write_cache(path: &Path, component: &Component) -> anyhow::Result<()> {
    let bytes = component.serialize()?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    crate::fsio::write_atomic(path, &bytes)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tenants warming in parallel may compile the same plugin at once: every concurrent write of
    /// the same cache file succeeds (each has its own temporary file; with one name per process a
    /// write failed, its temporary file renamed away by another), no temporary file is left, and
    /// the file written loads.
    #[test]
    fn concurrent_writes_of_one_cache_file_all_succeed() {
        let bytes = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../plugins/dist/plugin-template.wasm"))
            .expect("plugins/dist/plugin-template.wasm (bash plugins/build.sh)");
        let engine = Engine::default();
        let component = Component::from_binary(&engine, &bytes).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = cache_path(Some(dir.path()), &engine, &bytes).unwrap();
        std::thread::scope(|s| {
            let writers: Vec<_> = (0..6)
                .map(|_| {
                    s.spawn(|| {
                        (0..10)
                            .map(|_| write_cache(&path, &component).map_err(|e| e.to_string()))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            for w in writers {
                for r in w.join().unwrap() {
                    assert_eq!(r, Ok(()));
                }
            }
        });
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names.len(), 1, "only the cache file: {names:?}");
        compile_cached(&engine, Some(dir.path()), "plugin-template", &bytes).expect("the cache file loads");
    }
}
