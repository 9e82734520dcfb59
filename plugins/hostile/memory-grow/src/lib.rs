//! Hostile test plugin: `tag-rules.tags` (or `plugin.init` with `{"phase": "init"}`) grows its
//! linear memory 1 MiB at a time until `memory.grow` is refused, then traps. The host's memory cap
//! (a store limiter) must hold, and the call must fall back.

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

fn bomb() -> ! {
    #[cfg(target_arch = "wasm32")]
    loop {
        // 16 pages of 64 KiB = 1 MiB; usize::MAX means refused.
        if core::arch::wasm32::memory_grow(0, 16) == usize::MAX {
            break;
        }
    }
    panic!("hostile-memory-grow: memory.grow was refused");
}

impl plugin::Guest for Hostile {
    fn info() -> PluginInfo {
        info()
    }

    fn init(config: String) -> Result<(), String> {
        if in_init(&config) {
            bomb();
        }
        Ok(())
    }
}

impl tag_rules::Guest for Hostile {
    fn tags(_ctx: TenantContext, _cars: Vec<Car>) -> Result<Vec<TagAnswer>, String> {
        bomb()
    }
}

// Exports only on wasm: a native cdylib cannot carry `ns:pkg/iface#func` symbol names.
#[cfg(target_arch = "wasm32")]
export!(Hostile);
