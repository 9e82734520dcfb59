//! Hostile test plugin: `tag-rules.tags` answers a 10 MiB tag text for the first car (the others
//! get no tag); for an empty page it declines with a 10 MiB `err` message. The host's output
//! size cap must reject both.

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

use exports::forecourt::platform::tag_rules::{Tag, TagKind};

/// 10 MiB.
const HUGE: usize = 10 * 1024 * 1024;

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
        let huge = "x".repeat(HUGE);
        if cars.is_empty() {
            return Err(huge);
        }
        let mut answers = vec![TagAnswer::NoTag; cars.len()];
        answers[0] = TagAnswer::Show(Tag {
            text: huge,
            kind: TagKind::Custom,
            image_url: None,
        });
        Ok(answers)
    }
}

// Exports only on wasm: a native cdylib cannot carry `ns:pkg/iface#func` symbol names.
#[cfg(target_arch = "wasm32")]
export!(Hostile);
