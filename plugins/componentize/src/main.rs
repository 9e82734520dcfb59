//! `forecourt-componentize IN.wasm OUT.wasm [IN.wasm OUT.wasm ...]`
//! `forecourt-componentize --wit COMPONENT.wasm` prints a component's imports and exports as WIT.
//!
//! Turns each core module built for `wasm32-unknown-unknown` into a component with
//! `wit_component::ComponentEncoder` (the world comes from the `component-type` custom sections
//! wit-bindgen embedded), validates it, and checks the Forecourt plugin rules:
//!
//! * it exports `forecourt:platform/plugin@0.1.0` and at least one extension point: a pure point
//!   of `forecourt:platform@0.1.0` (the version of `plugin`) or a partner integration of
//!   `forecourt:platform@0.2.0` (`lender-integration`, `rego-lookup`). Rule: `plugin` and the
//!   pure points are 0.1.0, the integrations 0.2.0;
//! * a component with only pure points imports no functions (no WASI, no host functions);
//!   type-only `forecourt:platform` instances (`types`, `partner`) are allowed;
//! * a component exporting an integration may also import the capabilities in
//!   [`CAPABILITY_IMPORTS`] (`wasi:http` with the `wasi:io` interfaces it uses,
//!   `wasi:logging/logging@0.1.0-draft`, `wasi:clocks/monotonic-clock@0.2.6`) and nothing else.
//!
//! Any other import, or a capability import in a pure-points component, is refused naming it.
//! It prints one line per component: name, size, the points it exports and the capabilities it
//! imports. OUT is only rewritten when its bytes change. Exit status 1 on the first failure, with
//! the reason.

use std::path::Path;
use std::process::ExitCode;

use wit_component::{ComponentEncoder, DecodedWasm};
use wit_parser::{Resolve, WorldItem, WorldKey};

/// The pure extension points of `forecourt:platform@0.1.0`, in the order they are reported.
const POINTS: [&str; 6] = [
    "stock-filter",
    "tag-rules",
    "finance-lender",
    "eligibility",
    "price-display",
    "phone-format",
];

/// The version of `plugin` and of the pure points.
const PURE_VERSION: &str = "0.1.0";

/// The partner integrations of `forecourt:platform@0.2.0`, in the order they are reported.
const INTEGRATIONS: [&str; 2] = ["lender-integration", "rego-lookup"];

/// The version of the partner integrations.
const INTEGRATION_VERSION: &str = "0.2.0";

/// Every import a partner integration may have, with the capability (`tenant.toml`
/// `[plugins.capabilities]`) it belongs to, in the order capabilities are reported.
const CAPABILITY_IMPORTS: [(&str, &str); 7] = [
    ("wasi:http/outgoing-handler@0.2.6", "http"),
    ("wasi:http/types@0.2.6", "http"),
    ("wasi:io/error@0.2.6", "http"),
    ("wasi:io/poll@0.2.6", "http"),
    ("wasi:io/streams@0.2.6", "http"),
    ("wasi:logging/logging@0.1.0-draft", "logging"),
    ("wasi:clocks/monotonic-clock@0.2.6", "clock"),
];

/// The capabilities in report order.
const CAPABILITIES: [&str; 3] = ["http", "logging", "clock"];

#[derive(Debug)]
struct Report {
    size: usize,
    version: String,
    points: Vec<String>,
    integrations: Vec<String>,
    capabilities: Vec<String>,
    other_exports: Vec<String>,
}

impl Report {
    /// `name  size bytes  forecourt:platform@0.1.0  points  + forecourt:platform@0.2.0  integrations  capabilities: ...`
    fn line(&self, name: &str) -> String {
        let mut line = format!("{name:<30} {:>8} bytes  forecourt:platform@{}", self.size, self.version);
        if !self.points.is_empty() {
            line.push_str(&format!("  {}", self.points.join(", ")));
        }
        if !self.integrations.is_empty() {
            line.push_str(&format!(
                "  + forecourt:platform@{INTEGRATION_VERSION}  {}",
                self.integrations.join(", ")
            ));
        }
        if !self.capabilities.is_empty() {
            line.push_str(&format!("  capabilities: {}", self.capabilities.join(", ")));
        }
        if !self.other_exports.is_empty() {
            line.push_str(&format!("  (also exports {})", self.other_exports.join(", ")));
        }
        line
    }
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
    let exports: Vec<String> = world.exports.keys().map(|k| key_name(&resolve, k)).collect();
    let imports: Vec<(String, bool)> = world
        .imports
        .iter()
        .map(|(key, item)| {
            let has_functions = match item {
                WorldItem::Interface { id, .. } => !resolve.interfaces[*id].functions.is_empty(),
                WorldItem::Function(_) => true,
                WorldItem::Type(_) => false,
            };
            (key_name(&resolve, key), has_functions)
        })
        .collect();
    check_names(&exports, &imports, component.len())
}

/// The rules on export and import names (`imports`: each name and whether it has functions).
fn check_names(exports: &[String], imports: &[(String, bool)], size: usize) -> Result<Report, String> {
    let mut version = None;
    let mut points = Vec::new();
    let mut integrations = Vec::new();
    let mut other_exports = Vec::new();
    for name in exports {
        match name.strip_prefix("forecourt:platform/").and_then(|rest| rest.split_once('@')) {
            Some(("plugin", v)) => version = Some(v.to_string()),
            Some((point, v)) if POINTS.contains(&point) => points.push((point.to_string(), v.to_string())),
            Some((integration, v)) if INTEGRATIONS.contains(&integration) => integrations.push((integration.to_string(), v.to_string())),
            _ => other_exports.push(name.clone()),
        }
    }
    let Some(version) = version else {
        return Err("does not export `forecourt:platform/plugin`: use forecourt_plugin_sdk::export_plugin!".into());
    };
    for (point, v) in &points {
        if *v != version {
            return Err(format!(
                "exports `forecourt:platform/{point}@{v}` but `plugin` is version {version}: \
                 `plugin` and the pure points share one WIT version"
            ));
        }
    }
    if !integrations.is_empty() && version != PURE_VERSION {
        return Err(format!(
            "exports a partner integration beside `forecourt:platform/plugin@{version}`: \
             integrations ({INTEGRATION_VERSION}) go beside `plugin@{PURE_VERSION}` and its points"
        ));
    }
    for (integration, v) in &integrations {
        if v != INTEGRATION_VERSION {
            return Err(format!(
                "exports `forecourt:platform/{integration}@{v}`: partner integrations are version {INTEGRATION_VERSION}"
            ));
        }
    }
    if points.is_empty() && integrations.is_empty() {
        return Err(
            "exports no extension point (stock-filter, tag-rules, finance-lender, eligibility, price-display, \
             phone-format, lender-integration, rego-lookup)"
                .into(),
        );
    }

    let mut capabilities = Vec::new();
    for (name, has_functions) in imports {
        let capability = CAPABILITY_IMPORTS.iter().find(|(n, _)| n == name).map(|(_, c)| *c);
        match capability {
            Some(_) if integrations.is_empty() => {
                return Err(format!(
                    "imports `{name}`: only a component exporting a partner integration (lender-integration, \
                     rego-lookup) may import capabilities; pure points import nothing"
                ));
            }
            Some(c) => {
                // A type-only instance (wasi:http/types uses monotonic-clock's `duration`) grants nothing.
                if *has_functions && !capabilities.contains(&c) {
                    capabilities.push(c);
                }
            }
            None if !has_functions && name.starts_with("forecourt:platform/") => {}
            None => {
                let allowed: Vec<&str> = CAPABILITY_IMPORTS.iter().map(|(n, _)| *n).collect();
                return Err(if integrations.is_empty() {
                    format!(
                        "imports `{name}`: plugins may import nothing (no WASI, no host functions); \
                         build for wasm32-unknown-unknown and do not use std::fs, std::net, std::time or randomness"
                    )
                } else {
                    format!(
                        "imports `{name}`: a partner integration may import only {} (and no std::fs, std::env, \
                         std::net, std::time::SystemTime or randomness)",
                        allowed.join(", ")
                    )
                });
            }
        }
    }
    capabilities.sort_by_key(|c| CAPABILITIES.iter().position(|q| q == c));
    points.sort_by_key(|(p, _)| POINTS.iter().position(|q| q == p));
    integrations.sort_by_key(|(p, _)| INTEGRATIONS.iter().position(|q| q == p));
    Ok(Report {
        size,
        version,
        points: points.into_iter().map(|(p, _)| p).collect(),
        integrations: integrations.into_iter().map(|(p, _)| p).collect(),
        capabilities: capabilities.into_iter().map(String::from).collect(),
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
            Ok(r) => println!("{}", r.line(&name)),
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

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    fn imports(v: &[&str]) -> Vec<(String, bool)> {
        v.iter().map(|s| (s.to_string(), true)).collect()
    }

    const HTTP: [&str; 5] = [
        "wasi:io/error@0.2.6",
        "wasi:io/poll@0.2.6",
        "wasi:io/streams@0.2.6",
        "wasi:http/types@0.2.6",
        "wasi:http/outgoing-handler@0.2.6",
    ];

    #[test]
    fn pure_points_import_nothing_but_types() {
        let exports = names(&["forecourt:platform/plugin@0.1.0", "forecourt:platform/tag-rules@0.1.0"]);
        let types = vec![("forecourt:platform/types@0.1.0".to_string(), false)];
        let r = check_names(&exports, &types, 10).unwrap();
        assert_eq!((r.points, r.integrations, r.capabilities), (names(&["tag-rules"]), vec![], vec![]));
        assert_eq!(
            check_names(&exports, &types, 10).unwrap().line("x"),
            format!("{:<30} {:>8} bytes  forecourt:platform@0.1.0  tag-rules", "x", 10)
        );
        for capability in [
            "wasi:http/outgoing-handler@0.2.6",
            "wasi:logging/logging@0.1.0-draft",
            "wasi:clocks/monotonic-clock@0.2.6",
        ] {
            let e = check_names(&exports, &imports(&[capability]), 10).unwrap_err();
            assert!(
                e.starts_with(&format!("imports `{capability}`: only a component exporting a partner integration")),
                "{e}"
            );
        }
        let e = check_names(&exports, &imports(&["wasi:filesystem/types@0.2.6"]), 10).unwrap_err();
        assert!(
            e.starts_with("imports `wasi:filesystem/types@0.2.6`: plugins may import nothing"),
            "{e}"
        );
        let e = check_names(&exports, &imports(&["forecourt:platform/types@0.1.0"]), 10).unwrap_err();
        assert!(e.starts_with("imports `forecourt:platform/types@0.1.0`"), "{e}");
    }

    #[test]
    fn integrations_go_beside_plugin_0_1_0_and_may_import_capabilities() {
        let exports = names(&[
            "forecourt:platform/plugin@0.1.0",
            "forecourt:platform/rego-lookup@0.2.0",
            "forecourt:platform/finance-lender@0.1.0",
            "forecourt:platform/lender-integration@0.2.0",
        ]);
        let mut imp: Vec<(String, bool)> = vec![
            ("forecourt:platform/types@0.1.0".into(), false),
            ("forecourt:platform/partner@0.2.0".into(), false),
            ("wasi:clocks/monotonic-clock@0.2.6".into(), false),
            ("wasi:logging/logging@0.1.0-draft".into(), true),
        ];
        imp.extend(imports(&HTTP));
        let r = check_names(&exports, &imp, 2048).unwrap();
        assert_eq!(r.points, names(&["finance-lender"]));
        assert_eq!(r.integrations, names(&["lender-integration", "rego-lookup"]));
        assert_eq!(
            r.capabilities,
            names(&["http", "logging"]),
            "a type-only clock import grants nothing"
        );
        assert!(
            r.line("lender").ends_with(
                "forecourt:platform@0.1.0  finance-lender  + forecourt:platform@0.2.0  lender-integration, rego-lookup  capabilities: http, logging"
            ),
            "{}",
            r.line("lender")
        );

        let only = names(&["forecourt:platform/plugin@0.1.0", "forecourt:platform/lender-integration@0.2.0"]);
        let r = check_names(&only, &imports(&["wasi:clocks/monotonic-clock@0.2.6"]), 1).unwrap();
        assert_eq!((r.points, r.capabilities), (vec![], names(&["clock"])));

        for bad in [
            "wasi:filesystem/types@0.2.6",
            "wasi:sockets/tcp@0.2.6",
            "wasi:random/random@0.2.6",
            "wasi:cli/environment@0.2.6",
            "wasi:clocks/wall-clock@0.2.6",
            "wasi:http/outgoing-handler@0.2.0",
            "wasi:http/incoming-handler@0.2.6",
            "acme:secrets/vault",
        ] {
            let e = check_names(&only, &imports(&[bad]), 1).unwrap_err();
            assert!(
                e.starts_with(&format!(
                    "imports `{bad}`: a partner integration may import only wasi:http/outgoing-handler@0.2.6"
                )),
                "{e}"
            );
        }
    }

    #[test]
    fn versions_follow_the_rule() {
        let e = check_names(
            &names(&["forecourt:platform/plugin@0.1.0", "forecourt:platform/lender-integration@0.1.0"]),
            &[],
            1,
        )
        .unwrap_err();
        assert!(e.contains("partner integrations are version 0.2.0"), "{e}");
        let e = check_names(
            &names(&["forecourt:platform/plugin@0.1.0", "forecourt:platform/tag-rules@0.2.0"]),
            &[],
            1,
        )
        .unwrap_err();
        assert!(e.contains("`plugin` and the pure points share one WIT version"), "{e}");
        let e = check_names(
            &names(&["forecourt:platform/plugin@0.2.0", "forecourt:platform/rego-lookup@0.2.0"]),
            &[],
            1,
        )
        .unwrap_err();
        assert!(e.contains("integrations (0.2.0) go beside `plugin@0.1.0`"), "{e}");
        let e = check_names(&names(&["forecourt:platform/plugin@0.1.0"]), &[], 1).unwrap_err();
        assert!(e.starts_with("exports no extension point"), "{e}");
    }
}
