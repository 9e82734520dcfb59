#!/usr/bin/env bash
# Runs the platform with the demo tenants on their real data (README "Run the platform"):
#
#   bash .ci/serve.sh        # then open http://<tenant>.localhost:8080/
#
# Installs what is missing (.ci/setup.sh, without the test browser), builds the plugins and the UI,
# then builds and starts `forecourt serve` (release) with the embedded defaults: SQLite under
# data/, embedded search, the tenants in tenants/ and their stock feeds imported on first start.
# Extra arguments go to `forecourt` (e.g. `bash .ci/serve.sh --config other.toml serve`).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
FORECOURT_SETUP_BROWSER=0 bash .ci/setup.sh
bash plugins/build.sh
npm run build
cargo build --release -p forecourt-host
args=("$@")
[ "${#args[@]}" -gt 0 ] || args=(serve)
exec ./target/release/forecourt "${args[@]}"
