//! `forecourt plugin new <name> --point <point>`: creates `plugins/<name>` from
//! `plugins/template` (its `Cargo.toml` with the new name and description, and
//! `points/<point>.rs` as `src/lib.rs`, with `plugin-template` replaced by the name) and adds it
//! to `members` in `plugins/Cargo.toml` (edited with toml_edit, keeping its comments). The crate
//! builds and passes `cargo test` as created. Nothing is half-written: the folder is assembled
//! under a temporary name and renamed into place, and removed again if the workspace file cannot
//! be written.

use std::path::{Path, PathBuf};

use toml_edit::{DocumentMut, Value};

use crate::plugins::points::point::Point;

/// The template's package name, replaced by the new plugin's name in the copied files.
pub const TEMPLATE_NAME: &str = "plugin-template";

/// Folder names under `plugins/` that are not plugins and may not be used as a plugin's name.
const RESERVED: [&str; 7] = ["sdk", "componentize", "template", "hostile", "dist", "target", "points"];

/// Longest plugin name, characters.
pub const MAX_NAME_LEN: usize = 64;

/// What to create.
#[derive(Debug, Clone)]
pub struct NewPlugin {
    /// Package and plugin name: lower-case letters, digits and single dashes, starting with a
    /// letter (at most [`MAX_NAME_LEN`] characters).
    pub name: String,
    /// The extension point the plugin starts with.
    pub point: Point,
    /// One-line description for `Cargo.toml` (and `plugin.info`); default names the point.
    pub description: Option<String>,
}

/// Checks a plugin name: `Err` says what is wrong with it.
pub fn check_name(name: &str) -> Result<(), String> {
    let ok_chars = name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    let starts = name.bytes().next().is_some_and(|b| b.is_ascii_lowercase());
    if name.is_empty() || name.len() > MAX_NAME_LEN || !ok_chars || !starts || name.ends_with('-') || name.contains("--") {
        return Err(format!(
            "plugin name `{name}`: use lower-case letters, digits and single dashes, starting with a letter, at most {MAX_NAME_LEN} characters (for example `my-tags`)"
        ));
    }
    if RESERVED.contains(&name) || name == TEMPLATE_NAME {
        return Err(format!("plugin name `{name}` is reserved in plugins/; pick another"));
    }
    Ok(())
}

/// The template file of `point`: `plugins/template/points/<point with _>.rs`.
pub fn template_source(plugins_dir: &Path, point: Point) -> PathBuf {
    plugins_dir
        .join("template")
        .join("points")
        .join(format!("{}.rs", point.interface().replace('-', "_")))
}

/// Package names of the plugins workspace's crates (`*/Cargo.toml`, `hostile/*/Cargo.toml`).
fn package_names(plugins_dir: &Path) -> anyhow::Result<Vec<String>> {
    let mut names = Vec::new();
    let mut dirs = vec![plugins_dir.to_path_buf()];
    if plugins_dir.join("hostile").is_dir() {
        dirs.push(plugins_dir.join("hostile"));
    }
    for dir in dirs {
        for entry in std::fs::read_dir(&dir)? {
            let manifest = entry?.path().join("Cargo.toml");
            let Ok(text) = std::fs::read_to_string(&manifest) else { continue };
            if let Ok(doc) = text.parse::<DocumentMut>()
                && let Some(n) = doc.get("package").and_then(|p| p.get("name")).and_then(|n| n.as_str())
            {
                names.push(n.to_string());
            }
        }
    }
    Ok(names)
}

/// The new crate's `Cargo.toml`: the template's with `name` and `description` replaced.
fn manifest(template: &str, name: &str, description: &str) -> anyhow::Result<String> {
    let mut doc: DocumentMut = template.parse().map_err(|e| anyhow::anyhow!("plugins/template/Cargo.toml: {e}"))?;
    let package = doc
        .get_mut("package")
        .and_then(|p| p.as_table_like_mut())
        .ok_or_else(|| anyhow::anyhow!("plugins/template/Cargo.toml: no [package] table"))?;
    for (key, value) in [("name", name), ("description", description)] {
        let item = package
            .get_mut(key)
            .ok_or_else(|| anyhow::anyhow!("plugins/template/Cargo.toml: no package.{key}"))?;
        let decor = item.as_value().map(|v| v.decor().clone());
        let mut v = Value::from(value);
        if let Some(d) = decor {
            *v.decor_mut() = d;
        }
        *item = toml_edit::Item::Value(v);
    }
    Ok(doc.to_string())
}

/// The workspace manifest with `member` added to `workspace.members` (before `hostile/*` when
/// present, one entry per line like the others).
fn add_member(workspace: &str, member: &str) -> anyhow::Result<String> {
    let mut doc: DocumentMut = workspace.parse().map_err(|e| anyhow::anyhow!("plugins/Cargo.toml: {e}"))?;
    let members = doc
        .get_mut("workspace")
        .and_then(|w| w.get_mut("members"))
        .and_then(|m| m.as_array_mut())
        .ok_or_else(|| anyhow::anyhow!("plugins/Cargo.toml: no workspace.members array"))?;
    if members.iter().any(|m| m.as_str() == Some(member)) {
        anyhow::bail!("plugins/Cargo.toml already lists `{member}` in workspace.members");
    }
    let prefix = members
        .get(0)
        .and_then(|v| v.decor().prefix())
        .and_then(|p| p.as_str())
        .unwrap_or("\n    ")
        .to_string();
    let mut value = Value::from(member);
    value.decor_mut().set_prefix(prefix);
    value.decor_mut().set_suffix("");
    let at = members
        .iter()
        .position(|m| m.as_str() == Some("hostile/*"))
        .unwrap_or(members.len());
    members.insert_formatted(at, value);
    Ok(doc.to_string())
}

/// Creates `<plugins_dir>/<name>` for `req` and adds it to the workspace; returns the folder.
/// Errors (nothing is left behind): a bad or taken name, a missing template, a folder that
/// exists, or a file that cannot be written.
pub fn create(plugins_dir: &Path, req: &NewPlugin) -> anyhow::Result<PathBuf> {
    check_name(&req.name).map_err(anyhow::Error::msg)?;
    let workspace_path = plugins_dir.join("Cargo.toml");
    let workspace = std::fs::read_to_string(&workspace_path).map_err(|e| {
        anyhow::anyhow!(
            "{}: {e} (run `forecourt plugin new` in the repository root, or pass --plugins-dir)",
            workspace_path.display()
        )
    })?;
    let dest = plugins_dir.join(&req.name);
    if dest.exists() {
        anyhow::bail!("{} already exists; pick another name or remove it", dest.display());
    }
    if package_names(plugins_dir)?.iter().any(|n| n == &req.name) {
        anyhow::bail!("a crate in {} is already named `{}`", plugins_dir.display(), req.name);
    }
    let source_path = template_source(plugins_dir, req.point);
    let source = std::fs::read_to_string(&source_path).map_err(|e| anyhow::anyhow!("{}: {e}", source_path.display()))?;
    let template_manifest_path = plugins_dir.join("template").join("Cargo.toml");
    let template_manifest =
        std::fs::read_to_string(&template_manifest_path).map_err(|e| anyhow::anyhow!("{}: {e}", template_manifest_path.display()))?;
    let description = req
        .description
        .clone()
        .unwrap_or_else(|| format!("A {} plugin, started from the template", req.point.interface()));
    if description.trim().is_empty() || description.contains('\n') {
        anyhow::bail!("--description: give one line of text");
    }
    let manifest = manifest(&template_manifest, &req.name, &description)?;
    let lib = source.replace(TEMPLATE_NAME, &req.name);
    let new_workspace = add_member(&workspace, &req.name)?;

    // Assemble under a temporary name, then move into place.
    let staging = plugins_dir.join(format!(".{}.new-{}", req.name, std::process::id()));
    let assemble = || -> std::io::Result<()> {
        std::fs::create_dir_all(staging.join("src"))?;
        std::fs::write(staging.join("Cargo.toml"), &manifest)?;
        std::fs::write(staging.join("src").join("lib.rs"), &lib)?;
        std::fs::rename(&staging, &dest)
    };
    if let Err(e) = assemble() {
        let _ = std::fs::remove_dir_all(&staging);
        anyhow::bail!("cannot create {}: {e}", dest.display());
    }
    if let Err(e) = crate::fsio::write_atomic(&workspace_path, new_workspace.as_bytes()) {
        let _ = std::fs::remove_dir_all(&dest);
        anyhow::bail!(
            "cannot update {}: {e}; {} was removed again",
            workspace_path.display(),
            dest.display()
        );
    }
    Ok(dest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        for ok in ["my-tags", "a", "lender2", "x-1-y"] {
            assert!(check_name(ok).is_ok(), "{ok}");
        }
        for bad in [
            "",
            "My-Tags",
            "-x",
            "x-",
            "a--b",
            "1abc",
            "my_tags",
            "sdk",
            "template",
            "plugin-template",
            &"a".repeat(65),
        ] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_member_goes_before_the_hostile_glob_on_its_own_line() {
        let ws = "# c\n[workspace]\nmembers = [\n    \"sdk\",\n    \"template\",\n    \"hostile/*\",\n]\n\n[workspace.package]\nversion = \"0.1.0\"\n";
        let got = add_member(ws, "my-tags").unwrap();
        assert_eq!(
            got,
            "# c\n[workspace]\nmembers = [\n    \"sdk\",\n    \"template\",\n    \"my-tags\",\n    \"hostile/*\",\n]\n\n[workspace.package]\nversion = \"0.1.0\"\n"
        );
        assert!(add_member(&got, "my-tags").unwrap_err().to_string().contains("already lists"));
    }

    #[test]
    fn the_manifest_keeps_its_comments_and_gets_the_name() {
        let t = "[package]\n# The package name is the plugin name.\nname = \"plugin-template\"\ndescription = \"Template\"\nversion.workspace = true\n";
        let got = manifest(t, "my-tags", "My tags").unwrap();
        assert_eq!(
            got,
            "[package]\n# The package name is the plugin name.\nname = \"my-tags\"\ndescription = \"My tags\"\nversion.workspace = true\n"
        );
    }
}
