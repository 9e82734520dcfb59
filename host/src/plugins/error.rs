//! [`PluginError`]: why plugins could not be loaded.

use std::path::PathBuf;

use crate::plugins::since_v0_1_0::WIT_VERSION;

/// Why plugins could not be loaded. Each message names the file or plugin and says what to do.
#[derive(Debug, thiserror::Error)]
pub enum PluginError {
    /// The engine could not be built.
    #[error("plugin engine: {0}")]
    Engine(String),
    /// The component file is missing.
    #[error("plugin `{plugin}`: component {path} cannot be read ({reason}); build the plugins with `bash plugins/build.sh` (or point `plugin_dir` at the built components)", path = path.display())]
    Missing {
        /// Plugin name.
        plugin: String,
        /// Expected path.
        path: PathBuf,
        /// OS error.
        reason: String,
    },
    /// The component is not a usable plugin.
    #[error("plugin `{plugin}`: {reason}")]
    Invalid {
        /// Plugin name.
        plugin: String,
        /// Why.
        reason: String,
    },
    /// The component targets a WIT version this host does not support.
    #[error("plugin `{plugin}`: unsupported WIT version: {found}; this host supports forecourt:platform@{supported} (wit/since_v{supported}/); rebuild the plugin against it", supported = WIT_VERSION)]
    UnsupportedWit {
        /// Plugin name.
        plugin: String,
        /// What the component was built against.
        found: String,
    },
    /// A tenant's plugin entry failed; wraps the cause with the tenant file.
    #[error("{file}: plugins.{index} (`{plugin}`): {reason}", file = file.display())]
    Tenant {
        /// The tenant's `tenant.toml`.
        file: PathBuf,
        /// Index in `[[plugins]]`.
        index: usize,
        /// Plugin name.
        plugin: String,
        /// What went wrong.
        reason: String,
    },
}
