//! Hostile test plugin: `tag-rules.tags` (or `plugin.init` with `{"phase": "init"}`) panics.
//! Built with `panic = "abort"`, the panic is a wasm trap (`unreachable`).

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
        if in_init(&config) {
            panic!("hostile-panic: deliberate panic in plugin.init");
        }
        Ok(())
    }
}

impl tag_rules::Guest for Hostile {
    fn tags(_ctx: TenantContext, _cars: Vec<Car>) -> Result<Vec<TagAnswer>, String> {
        panic!("hostile-panic: deliberate panic in tag-rules.tags")
    }
}

// Exports only on wasm: a native cdylib cannot carry `ns:pkg/iface#func` symbol names.
#[cfg(target_arch = "wasm32")]
export!(Hostile);
