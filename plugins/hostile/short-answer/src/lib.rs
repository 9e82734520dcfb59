//! Hostile test plugin: `tag-rules.tags` answers one tag fewer than there are cars (and one
//! answer for zero cars), so the answer never has one entry per car. The host must reject it.

wit_bindgen::generate!({
    path: "../../../wit/since_v0.1.0",
    world: "tag-rules-plugin",
});

use exports::forecourt::platform::plugin::{self, PluginInfo};
use exports::forecourt::platform::tag_rules::{self, Car, TagAnswer, TenantContext};

struct Hostile;

fn info() -> PluginInfo {
    PluginInfo {
        name: env!("CARGO_PKG_NAME").into(),
        version: env!("CARGO_PKG_VERSION").into(),
        description: env!("CARGO_PKG_DESCRIPTION").into(),
    }
}

/// Config `{"phase": "init"}` moves the misbehaviour into `plugin.init`.
fn in_init(config: &str) -> bool {
    config.replace(char::is_whitespace, "").contains("\"phase\":\"init\"")
}

impl plugin::Guest for Hostile {
    fn info() -> PluginInfo {
        info()
    }

    fn init(config: String) -> Result<(), String> {
        let _ = in_init(&config);
        Ok(())
    }
}

impl tag_rules::Guest for Hostile {
    fn tags(_ctx: TenantContext, cars: Vec<Car>) -> Result<Vec<TagAnswer>, String> {
        let n = if cars.is_empty() { 1 } else { cars.len() - 1 };
        Ok(vec![TagAnswer::NoTag; n])
    }
}

// Exports only on wasm: a native cdylib cannot carry `ns:pkg/iface#func` symbol names.
#[cfg(target_arch = "wasm32")]
export!(Hostile);
