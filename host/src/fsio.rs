//! Atomic file writes: the one way the host replaces a file that readers may open meanwhile (image
//! and plugin compile caches, search state files, the plugin kit's workspace manifest).

use std::path::Path;

/// Writes `bytes` to `path` atomically: a temporary file of this write's own (a random name beside
/// `path`, so concurrent writers of one file never share it), renamed over `path`; on failure the
/// temporary file is removed. Readers see the old file or the new one, never part of one. Errors:
/// the file system's (the folder must exist).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    let tmp = path.with_file_name(format!(".{name}.{}.tmp", uuid::Uuid::new_v4().simple()));
    std::fs::write(&tmp, bytes)
        .and_then(|()| std::fs::rename(&tmp, path))
        .inspect_err(|_| {
            let _ = std::fs::remove_file(&tmp);
        })
}
