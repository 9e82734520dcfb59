//! `forecourt-componentize IN.wasm OUT.wasm [IN.wasm OUT.wasm ...]`
//! `forecourt-componentize --wit COMPONENT.wasm` prints a component's imports and exports as WIT.
//!
//! Turns each core module built for `wasm32-unknown-unknown` into a component with
//! `wit_component::ComponentEncoder` (the world comes from the `component-type` custom sections
//! wit-bindgen embedded), validates it, and checks the Forecourt plugin rules:
//!
//! * it exports `forecourt:platform/plugin@<version>` and at least one extension point of the
//!   same package version;
//! * it imports no functions (plugins get no WASI and no host functions); type-only instances
//!   (the shared `types` interface) are allowed.
//!
//! It prints one line per component: name, size and the extension points it exports. OUT is only
//! rewritten when its bytes change. Exit status 1 on the first failure, with the reason.

use std::path::Path;
use std::process::ExitCode;

use wit_component::{ComponentEncoder, DecodedWasm};
use wit_parser::{Resolve, WorldItem, WorldKey};

/// The extension points of `forecourt:platform`, in the order they are reported.
const POINTS: [&str; 6] = [
    "stock-filter",
    "tag-rules",
    "finance-lender",
    "eligibility",
    "price-display",
    "phone-format",
];

struct Report {
    size: usize,
    version: String,
    points: Vec<String>,
    other_exports: Vec<String>,
}

fn componentize(module: &[u8]) -> Result<(Vec<u8>, Report), String> {
    let component = ComponentEncoder::default()
        .module(module)
        .map_err(|e| format!("reading the module's component-type sections: {e:#}"))?
        .validate(true)
        .encode()
        .map_err(|e| format!("encoding the component: {e:#}"))?;
    let report = check(&component)?;
    Ok((component, report))
}

fn check(component: &[u8]) -> Result<Report, String> {
    let (resolve, world) = match wit_component::decode(component).map_err(|e| format!("decoding: {e:#}"))? {
        DecodedWasm::Component(resolve, world) => (resolve, world),
        DecodedWasm::WitPackage(..) => return Err("expected a component, found a WIT package".into()),
    };
    let world = &resolve.worlds[world];

    for (key, item) in &world.imports {
        let name = key_name(&resolve, key);
        match item {
            WorldItem::Interface { id, .. } if resolve.interfaces[*id].functions.is_empty() => {}
            WorldItem::Type(_) => {}
            _ => {
                return Err(format!(
                    "imports `{name}`: plugins may import nothing (no WASI, no host functions); \
                     build for wasm32-unknown-unknown and do not use std::fs, std::net, std::time or randomness"
                ));
            }
        }
    }

    let mut version = None;
    let mut points = Vec::new();
    let mut other_exports = Vec::new();
    let mut has_plugin = false;
    for key in world.exports.keys() {
        let name = key_name(&resolve, key);
        match name.strip_prefix("forecourt:platform/").and_then(|rest| rest.split_once('@')) {
            Some(("plugin", v)) => {
                has_plugin = true;
                version = Some(v.to_string());
            }
            Some((point, _)) if POINTS.contains(&point) => points.push(point.to_string()),
            _ => other_exports.push(name),
        }
    }
    let version = match (has_plugin, version) {
        (true, Some(v)) => v,
        _ => return Err("does not export `forecourt:platform/plugin`: use forecourt_plugin_sdk::export_plugin!".into()),
    };
    for key in world.exports.keys() {
        let name = key_name(&resolve, key);
        if let Some(v) = name
            .strip_prefix("forecourt:platform/")
            .and_then(|r| r.split_once('@'))
            .map(|(_, v)| v)
            && v != version
        {
            return Err(format!(
                "exports `{name}` but `plugin` is version {version}: one WIT version per component"
            ));
        }
    }
    if points.is_empty() {
        return Err(
            "exports no extension point (stock-filter, tag-rules, finance-lender, eligibility, price-display, phone-format)".into(),
        );
    }
    points.sort_by_key(|p| POINTS.iter().position(|q| q == p));
    Ok(Report {
        size: component.len(),
        version,
        points,
        other_exports,
    })
}

fn key_name(resolve: &Resolve, key: &WorldKey) -> String {
    resolve.name_world_key(key)
}

fn run(input: &Path, output: &Path) -> Result<Report, String> {
    let module = std::fs::read(input).map_err(|e| format!("reading {}: {e}", input.display()))?;
    let (component, report) = componentize(&module)?;
    let unchanged = std::fs::read(output).is_ok_and(|old| old == component);
    if !unchanged {
        if let Some(dir) = output.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
        }
        let tmp = output.with_extension("wasm.tmp");
        std::fs::write(&tmp, &component).map_err(|e| format!("writing {}: {e}", tmp.display()))?;
        std::fs::rename(&tmp, output).map_err(|e| format!("renaming to {}: {e}", output.display()))?;
    }
    Ok(report)
}

/// The WIT of a component (its world and the interfaces it uses), without doc comments.
fn print_wit(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    let decoded = wit_component::decode(&bytes).map_err(|e| format!("decoding: {e:#}"))?;
    let resolve = decoded.resolve();
    let main = decoded.package();
    let nested: Vec<_> = resolve.packages.iter().map(|(id, _)| id).filter(|id| *id != main).collect();
    let mut printer = wit_component::WitPrinter::default();
    printer.emit_docs(false);
    printer.print(resolve, main, &nested).map_err(|e| format!("printing: {e:#}"))?;
    Ok(printer.output.to_string())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() == 2 && args[0] == "--wit" {
        return match print_wit(Path::new(&args[1])) {
            Ok(wit) => {
                println!("{wit}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        };
    }
    if args.is_empty() || !args.len().is_multiple_of(2) || args.iter().any(|a| a == "-h" || a == "--help") {
        eprintln!(
            "usage: forecourt-componentize IN.wasm OUT.wasm [IN.wasm OUT.wasm ...]\n       forecourt-componentize --wit COMPONENT.wasm"
        );
        return ExitCode::from(2);
    }
    for pair in args.chunks(2) {
        let (input, output) = (Path::new(&pair[0]), Path::new(&pair[1]));
        let name = output.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        match run(input, output) {
            Ok(r) => {
                let mut line = format!(
                    "{name:<30} {:>8} bytes  forecourt:platform@{}  {}",
                    r.size,
                    r.version,
                    r.points.join(", ")
                );
                if !r.other_exports.is_empty() {
                    line.push_str(&format!("  (also exports {})", r.other_exports.join(", ")));
                }
                println!("{line}");
            }
            Err(e) => {
                eprintln!("error: {name} ({}): {e}", input.display());
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_a_module_without_plugin_exports() {
        // (module) with no component-type section: encodes to an empty component.
        let empty_module = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
        let err = componentize(&empty_module).map(|_| ()).unwrap_err();
        assert!(err.contains("does not export `forecourt:platform/plugin`"), "{err}");
    }

    #[test]
    fn rejects_garbage() {
        assert!(componentize(b"not wasm").is_err());
    }
}
