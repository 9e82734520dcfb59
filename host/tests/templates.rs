//! docs/features/platform.md "Foundation": `forecourt check` refuses a tenant whose `template`
//! is not a template remote, naming the tenant's file and the `template` key (`forecourt serve`
//! quarantines it: docs/operations.md "Reload and quarantine"): against the built remotes (`<ui_plugins_dir>/<name>/dist/remoteEntry.js`), else, when
//! none is built, against the remotes' sources. The real binary, on temporary folders.

mod common;

use std::{path::Path, process::Command};

use common::tenant_toml;

/// A tenants folder with one site `alpha` using `template`.
fn tenants(root: &Path, template: &str) {
    let dir = root.join("tenants/alpha");
    std::fs::create_dir_all(&dir).unwrap();
    let toml = tenant_toml("alpha").replace("template = \"classic\"", &format!("template = \"{template}\""));
    std::fs::write(dir.join("tenant.toml"), toml).unwrap();
}

/// `forecourt <command>` in `root` with the remotes at `remotes`: (success, stdout + stderr).
fn run(root: &Path, remotes: &Path, command: &str) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_forecourt"))
        .arg(command)
        .current_dir(root)
        .env("FORECOURT_TENANTS_DIR", root.join("tenants"))
        .env("FORECOURT_UI_PLUGINS_DIR", remotes)
        .env("FORECOURT_PLUGIN_DIR", concat!(env!("CARGO_MANIFEST_DIR"), "/../plugins/dist"))
        .env("FORECOURT_DATA_DIR", root.join("data"))
        .env("FORECOURT_BIND", "127.0.0.1:0")
        .output()
        .expect("forecourt runs");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.success(), text)
}

#[test]
fn check_and_serve_refuse_a_template_that_is_not_a_built_remote() {
    let root = tempfile::tempdir().unwrap();
    let remotes = root.path().join("remotes");
    for (name, built) in [("classic", true), ("ev", true), ("group", false)] {
        let dir = remotes.join(name);
        std::fs::create_dir_all(dir.join("dist")).unwrap();
        std::fs::write(dir.join("package.json"), "{}").unwrap();
        if built {
            std::fs::write(dir.join("dist/remoteEntry.js"), "export {}").unwrap();
        }
    }
    std::fs::create_dir_all(remotes.join("_kit")).unwrap();

    tenants(root.path(), "classic");
    let (ok, out) = run(root.path(), &remotes, "check");
    assert!(ok, "{out}");
    assert!(out.contains("template classic"), "{out}");

    // `forecourt serve` quarantines such a tenant and serves the others (host/tests/live_tenants.rs).
    for template in ["fancy", "group", "kit"] {
        tenants(root.path(), template);
        let command = "check";
        let (ok, out) = run(root.path(), &remotes, command);
        assert!(!ok, "{command} with template {template}: {out}");
        assert!(
            out.contains("alpha/tenant.toml") && out.contains("key `template`") && out.contains(&format!("`{template}`")),
            "{command}: {out}"
        );
        assert!(out.contains("there are: classic, ev"), "the built remotes are listed: {out}");
    }
}

#[test]
fn without_a_built_remote_the_repositorys_remote_sources_are_the_templates() {
    let root = tempfile::tempdir().unwrap();
    let sources = Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui-plugins");
    // The repository's ui-plugins/ may or may not be built here; copy only the sources' markers.
    let remotes = root.path().join("remotes");
    for entry in std::fs::read_dir(&sources).unwrap() {
        let entry = entry.unwrap();
        if entry.path().join("package.json").is_file() {
            let dir = remotes.join(entry.file_name());
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::copy(entry.path().join("package.json"), dir.join("package.json")).unwrap();
        }
    }
    tenants(root.path(), "superstore");
    let (ok, out) = run(root.path(), &remotes, "check");
    assert!(ok, "{out}");
    assert!(out.contains("no template remote under") && out.contains("is built"), "{out}");
    tenants(root.path(), "fancy");
    let (ok, out) = run(root.path(), &remotes, "check");
    assert!(!ok, "{out}");
    assert!(
        out.contains("key `template`") && out.contains("classic, ev, group, superstore"),
        "{out}"
    );
    // No remotes at all: nothing to check against, and check says so.
    let (ok, out) = run(root.path(), &root.path().join("none"), "check");
    assert!(ok && out.contains("not checked"), "{out}");
}
