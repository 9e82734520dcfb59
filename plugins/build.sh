#!/usr/bin/env bash
# Build Forecourt plugins into WASM components: plugins/dist/<name>.wasm.
#
#   bash plugins/build.sh                  # every plugin
#   bash plugins/build.sh my-tags [...]    # only these plugins (package names), nothing else
#
# Idempotent: cargo skips crates whose sources did not change, and a component file is only
# rewritten when its bytes change. With names, only those crates (and what they depend on) are
# compiled and componentized, and other components in dist/ are left alone. Steps:
#   1. Pick the wasm route. If rustup has the wasm32-unknown-unknown target installed, plain
#      `cargo build --target wasm32-unknown-unknown --release`. Otherwise Debian's rustc-web,
#      cargo-web and rust-web-src (installed with apt-get when missing) build std from source:
#      RUSTC_BOOTSTRAP=1 /usr/bin/cargo build -Zbuild-std=std,panic_abort ..., linked by rustup's
#      rust-lld (or Debian's lld-22 as wasm-ld-22; FORECOURT_WASM_LINKER overrides).
#   2. Build every plugin crate (a workspace member with crate-type "cdylib"), or the named ones,
#      as a core module.
#   3. Build plugins/componentize with the normal host toolchain and turn each core module into a
#      component (wit-component), checking its exports and imports: `plugin@0.1.0` plus at least
#      one point (pure points of forecourt:platform@0.1.0, partner integrations lender-integration
#      and rego-lookup of @0.2.0). A component with only pure points imports no functions. One
#      exporting an integration may import exactly these capabilities and nothing else:
#        http     wasi:http/outgoing-handler@0.2.6, wasi:http/types@0.2.6,
#                 wasi:io/{error,poll,streams}@0.2.6
#        logging  wasi:logging/logging@0.1.0-draft
#        clock    wasi:clocks/monotonic-clock@0.2.6
#      Any other import, or a capability import without an integration export, fails the build
#      naming the import. Each component's line names its points and `capabilities: ...`.
#   4. Print each component's size and fail if one is larger than 256 KiB.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"

readonly TARGET=wasm32-unknown-unknown
readonly MAX_BYTES=$((256 * 1024))
# FORECOURT_PLUGINS_TARGET_DIR moves the build directory (default plugins/target).
export CARGO_TARGET_DIR="${FORECOURT_PLUGINS_TARGET_DIR:-$here/target}"
start=$SECONDS

log() { printf '==> %s\n' "$*" >&2; }
die() { printf 'build.sh: error: %s\n' "$*" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else die "need root for: $*"
  fi
}

# Plugin crates: workspace members whose Cargo.toml asks for a cdylib.
plugin_dirs() {
  local f
  for f in */Cargo.toml hostile/*/Cargo.toml; do
    [ -f "$f" ] || continue
    grep -Eq '^crate-type *= *\[.*"cdylib"' "$f" && dirname "$f"
  done
}

package_name() { sed -n 's/^name *= *"\([^"]*\)".*/\1/p' "$1/Cargo.toml" | head -n 1; }

host_triple() { "$1" -vV | sed -n 's/^host: //p'; }

# The wasm linker: $FORECOURT_WASM_LINKER if set; rustup's rust-lld; Debian's rust-lld or
# wasm-ld (lld-22 matches rustc-web's LLVM 22); else install Debian's lld-22 (or lld).
find_linker() {
  local rustc_bin sysroot triple candidate
  if [ -n "${FORECOURT_WASM_LINKER:-}" ]; then echo "$FORECOURT_WASM_LINKER"; return; fi
  for rustc_bin in "$(command -v rustc || true)" "$HOME/.cargo/bin/rustc"; do
    [ -n "$rustc_bin" ] && [ -x "$rustc_bin" ] || continue
    sysroot="$("$rustc_bin" --print sysroot 2>/dev/null)" || continue
    triple="$(host_triple "$rustc_bin")"
    candidate="$sysroot/lib/rustlib/$triple/bin/rust-lld"
    if [ -x "$candidate" ]; then echo "$candidate"; return; fi
  done
  for candidate in /usr/bin/rust-lld wasm-ld-22 wasm-ld; do
    # -e follows symlinks: Debian's rust-lld points at lld-22, which may not be installed.
    if command -v "$candidate" >/dev/null 2>&1 && [ -e "$(command -v "$candidate")" ]; then
      command -v "$candidate"; return
    fi
  done
  log "no wasm linker found: installing Debian's lld-22"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get install -y lld-22 >&2 || { as_root apt-get update >&2 && as_root apt-get install -y lld-22 >&2; } \
    || as_root apt-get install -y lld >&2 || true
  for candidate in wasm-ld-22 wasm-ld; do
    if command -v "$candidate" >/dev/null 2>&1; then command -v "$candidate"; return; fi
  done
  die "no wasm linker: install rustup's toolchain (rust-lld) or Debian's lld-22"
}

deb_installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q '^install ok installed$'; }

ensure_debian_rust() {
  local missing=() p
  for p in rustc-web cargo-web rust-web-src; do deb_installed "$p" || missing+=("$p"); done
  if [ "${#missing[@]}" -gt 0 ]; then
    log "installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get install -y "${missing[@]}" >&2 \
      || { as_root apt-get update >&2 && as_root apt-get install -y "${missing[@]}" >&2; } \
      || die "apt-get install ${missing[*]} failed"
  fi
  [ -x /usr/bin/cargo ] && [ -x /usr/bin/rustc ] || die "Debian's /usr/bin/cargo and /usr/bin/rustc are missing"
  [ -d /usr/lib/rustlib/src/rust/library ] || die "rust-web-src is missing (/usr/lib/rustlib/src/rust/library)"
}

mapfile -t dirs < <(plugin_dirs)
[ "${#dirs[@]}" -gt 0 ] || die "no plugin crates found"
all_names=()
for d in "${dirs[@]}"; do all_names+=("$(package_name "$d")"); done
names=("${all_names[@]}")
if [ "$#" -gt 0 ]; then
  # Only the named plugins: each must be a plugin crate of this workspace.
  for want in "$@"; do
    found=0
    for n in "${all_names[@]}"; do [ "$n" = "$want" ] && found=1; done
    [ "$found" = 1 ] || die "no plugin crate named '$want' (plugins: ${all_names[*]}); is it in members of plugins/Cargo.toml?"
  done
  names=("$@")
fi
pkg_args=()
for n in "${names[@]}"; do pkg_args+=(-p "$n"); done

# 1-2. Core modules.
if command -v rustup >/dev/null 2>&1 && rustup target list --installed 2>/dev/null | grep -qx "$TARGET"; then
  log "route: rustup ($TARGET installed): $(rustc --version)"
  cargo build --release --target "$TARGET" "${pkg_args[@]}"
else
  ensure_debian_rust
  linker="$(find_linker)"
  log "route: Debian rustc-web with -Zbuild-std: $(/usr/bin/rustc --version); linker $linker"
  env RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1 \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="$linker" \
    /usr/bin/cargo build -Zbuild-std=std,panic_abort --target "$TARGET" --release "${pkg_args[@]}"
fi

# 3. Components.
log "building the componentize tool"
cargo build --quiet -p forecourt-componentize
tool="$CARGO_TARGET_DIR/debug/forecourt-componentize"

mkdir -p dist
pairs=()
for n in "${names[@]}"; do
  core="$CARGO_TARGET_DIR/$TARGET/release/${n//-/_}.wasm"
  [ -f "$core" ] || die "missing core module $core"
  pairs+=("$core" "dist/$n.wasm")
done
log "componentizing ${#names[@]} plugins into plugins/dist/"
"$tool" "${pairs[@]}"

# Remove components of plugins that no longer exist (only when building every plugin).
if [ "$#" = 0 ]; then
  for f in dist/*.wasm; do
    [ -e "$f" ] || continue
    stem="$(basename "$f" .wasm)"
    keep=0
    for n in "${all_names[@]}"; do [ "$n" = "$stem" ] && keep=1; done
    if [ "$keep" = 0 ]; then log "removing stale $f"; rm -f "$f"; fi
  done
fi

# 4. Size budget.
too_big=0
printf '%-32s %10s\n' component bytes
for n in "${names[@]}"; do
  size=$(stat -c %s "dist/$n.wasm")
  flag=""
  if [ "$size" -gt "$MAX_BYTES" ]; then flag="  > $MAX_BYTES (too big)"; too_big=1; fi
  printf '%-32s %10d%s\n' "$n.wasm" "$size" "$flag"
done
[ "$too_big" = 0 ] || die "a component is larger than $MAX_BYTES bytes (256 KiB)"
log "done: ${#names[@]} components in plugins/dist/ ($((SECONDS - start)) s)"
