//! `forecourt plugin new` (plugins/README.md "From the template to a plugin on a local tenant"):
//! in a copy of the plugins workspace, the real binary creates one plugin per extension point,
//! and each passes its own tests (`cargo test`, natively) as created; bad names and taken names
//! are refused with nothing written.
//!
//! The copy lives at the fixed path `plugins/target/plugin-kit-test/plugins` and is built with
//! `plugins/target` as its target directory (file times kept), so only the new crates and the SDK
//! compile, not the workspace's dependencies again.

use std::{
    path::{Path, PathBuf},
    process::{Command, Output},
};

/// The repository root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A fresh copy of the plugins workspace's sources (no `target/`, no `dist/`), file times kept.
fn copy_workspace() -> PathBuf {
    let src = root().join("plugins");
    let ws = src.join("target/plugin-kit-test/plugins");
    if ws.exists() {
        std::fs::remove_dir_all(&ws).unwrap();
    }
    std::fs::create_dir_all(&ws).unwrap();
    for entry in std::fs::read_dir(&src).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if name == "target" || name == "dist" {
            continue;
        }
        let status = Command::new("cp").arg("-a").arg(entry.path()).arg(&ws).status().unwrap();
        assert!(status.success(), "cp -a {}", entry.path().display());
    }
    // The SDK reads the WIT from `../wit` of the workspace (plugins/sdk/src/wit.rs): the copy gets
    // the repository's `wit/` beside it.
    let wit = ws.parent().unwrap().join("wit");
    if wit.exists() {
        std::fs::remove_dir_all(&wit).unwrap();
    }
    let status = Command::new("cp").arg("-a").arg(root().join("wit")).arg(&wit).status().unwrap();
    assert!(status.success(), "cp -a wit");
    ws
}

fn forecourt(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_forecourt"))
        .args(args)
        .current_dir(root())
        .env_remove("RUST_LOG")
        .output()
        .expect("forecourt runs")
}

const POINTS: [&str; 6] = [
    "stock-filter",
    "tag-rules",
    "finance-lender",
    "eligibility",
    "price-display",
    "phone-format",
];

#[test]
fn a_new_plugin_per_point_tests_green_as_created() {
    let ws = copy_workspace();
    let ws_str = ws.to_str().unwrap();
    let workspace_before = std::fs::read_to_string(ws.join("Cargo.toml")).unwrap();

    // Refused, with nothing written: a bad name, a reserved name, an unknown point.
    for (args, says) in [
        (vec!["My_Tags", "--point", "tag-rules"], "use lower-case letters"),
        (vec!["sdk", "--point", "tag-rules"], "is reserved"),
        (vec!["kit-x", "--point", "tag-rulez"], "unknown extension point `tag-rulez`"),
    ] {
        let mut all = vec!["plugin", "new"];
        all.extend(args);
        all.extend(["--plugins-dir", ws_str]);
        let out = forecourt(&all);
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{all:?}: {err}");
    }
    assert_eq!(std::fs::read_to_string(ws.join("Cargo.toml")).unwrap(), workspace_before);

    let mut packages = Vec::new();
    for point in POINTS {
        let name = format!("kit-{point}");
        let out = forecourt(&["plugin", "new", &name, "--point", point, "--plugins-dir", ws_str]);
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let lib = std::fs::read_to_string(ws.join(&name).join("src/lib.rs")).unwrap();
        assert!(
            lib.contains(&format!("name = \"{name}\"")),
            "{name}: the docs' tenant.toml example names the plugin"
        );
        assert!(!lib.contains("plugin-template"), "{name}: the template's name is gone");
        let manifest = std::fs::read_to_string(ws.join(&name).join("Cargo.toml")).unwrap();
        assert!(manifest.contains(&format!("name = \"{name}\"")), "{manifest}");
        assert!(manifest.contains(&format!("A {point} plugin")), "{manifest}");
        packages.push(name);
    }
    let workspace = std::fs::read_to_string(ws.join("Cargo.toml")).unwrap();
    for p in &packages {
        assert!(workspace.contains(&format!("    \"{p}\",\n")), "{p} in members: {workspace}");
    }
    assert!(workspace.contains("# Forecourt plugins"), "comments kept");

    // A taken name is refused and the workspace file is left as it is.
    let out = forecourt(&["plugin", "new", "kit-tag-rules", "--point", "tag-rules", "--plugins-dir", ws_str]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("already exists"));
    assert_eq!(std::fs::read_to_string(ws.join("Cargo.toml")).unwrap(), workspace);

    // Each new plugin's own tests pass as created (natively: no wasm toolchain needed).
    let mut cargo = Command::new(env!("CARGO"));
    cargo
        .arg("test")
        .arg("--offline")
        .current_dir(&ws)
        .env("CARGO_TARGET_DIR", root().join("plugins/target"));
    for p in &packages {
        cargo.arg("-p").arg(p);
    }
    let out = cargo.output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "cargo test failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        stdout.matches("info_comes_from_cargo_toml ... ok").count(),
        POINTS.len(),
        "{stdout}"
    );
    assert!(!stdout.contains("FAILED"), "{stdout}");
}
