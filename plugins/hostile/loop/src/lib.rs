//! Hostile test plugin: `tag-rules.tags` (or `plugin.init` with `{"phase": "init"}`) never
//! returns. The host must stop it with its deadline (epoch interruption) and fall back.

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

fn spin() -> ! {
    let mut i: u64 = 0;
    loop {
        i = core::hint::black_box(i.wrapping_add(1));
    }
}

impl plugin::Guest for Hostile {
    fn info() -> PluginInfo {
        info()
    }

    fn init(config: String) -> Result<(), String> {
        if in_init(&config) {
            spin();
        }
        Ok(())
    }
}

impl tag_rules::Guest for Hostile {
    fn tags(_ctx: TenantContext, _cars: Vec<Car>) -> Result<Vec<TagAnswer>, String> {
        spin()
    }
}

// Exports only on wasm: a native cdylib cannot carry `ns:pkg/iface#func` symbol names.
#[cfg(target_arch = "wasm32")]
export!(Hostile);
