#!/usr/bin/env bash
# Fuzzes every operation of the JSON API with schemathesis (SECURITY.md "API conformance"): a
# bounded run, every check, against a real `forecourt serve` with the demo tenants.
#
#   bash .ci/schemathesis.sh                       # 20 examples per operation, seed 1
#   ST_MAX_EXAMPLES=50 ST_SEED=7 bash .ci/schemathesis.sh
#   ST_TENANT=harbourside-mercedes bash .ci/schemathesis.sh
#   bash .ci/schemathesis.sh --include-path-regex '^/api/v1/cars'   # extra args go to schemathesis
#
# 1. Installs schemathesis (pinned) into a venv under ~/.cache/forecourt (PyPI) when missing.
# 2. Builds the host (debug), unless ST_BIN names a built `forecourt` (.ci/test.sh passes
#    the one its test passes just built: `cargo build --bin` alone unifies other dependency
#    features than a test build, so it would compile a second copy of many crates).
# 3. Starts `forecourt serve` on 127.0.0.1 (a free port) with a throw-away data dir (SQLite, the
#    demo tenants' feeds imported on start), a random admin token, a random listings feed token in
#    the variable the tenant's `[syndication] token_env` names, sign-in codes to the log sink
#    and no SMTP, so nothing leaves the machine; the per-address lead limit is lifted so that lead
#    submissions reach intake's rules instead of a 429.
# 4. Fetches the tenant's own OpenAPI document (`GET /api/openapi.json` with its Host: the rules
#    every site shares plus the site's required lead fields and values; http/api/contract.rs).
# 5. Signs a shopper in through the real SMS-code flow (send-code, the code read back from the
#    admin SMS outbox of the `log` sink, verify) and reads an available car and a visible location
#    from the API; writes target/schemathesis/schemathesis.toml giving the session cookie to the
#    shopper-session operations (`/auth/me`, the watchlist), the shopper's phone and the car to
#    the watchlist bodies, the real car and location slugs to the operations on them, and the
#    feed token to the listings feeds.
# 6. Runs `schemathesis run` over every operation with `--checks all`, `--max-examples` per
#    operation and a fixed seed, the tenant's Host header and the admin bearer token, and prints
#    the summary; the JUnit report goes to target/schemathesis/ and nothing is kept between runs
#    (no example database, the crash cache cleared, one worker), so a run depends only on the
#    seed. Exits with schemathesis' status (0: no check failed).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

version=4.32.5
venv="${XDG_CACHE_HOME:-$HOME/.cache}/forecourt/schemathesis-venv"
examples="${ST_MAX_EXAMPLES:-20}"
seed="${ST_SEED:-1}"
tenant="${ST_TENANT:-drive-depot}"
target="${CARGO_TARGET_DIR:-target}"
out="$(mkdir -p "$target/schemathesis" && cd "$target/schemathesis" && pwd)"
log() { printf '==> schemathesis: %s\n' "$*" >&2; }

if ! "$venv/bin/schemathesis" --version 2>/dev/null | grep -q "$version"; then
  log "installing schemathesis $version into $venv"
  # Debian's own python3 needs python3-venv for ensurepip.
  python3 -m venv "$venv" 2>/dev/null || {
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-venv >/dev/null
    python3 -m venv "$venv"
  }
  "$venv/bin/pip" install -q "schemathesis==$version"
fi

# Not FORECOURT_BIN: the host reads every FORECOURT_* variable as a setting and refuses an
# unknown one, and `forecourt serve` below inherits this environment.
bin="${ST_BIN:-}"
if [ -z "$bin" ]; then
  log "building forecourt (debug)"
  cargo build -q -p forecourt-host --bin forecourt
  bin="$target/debug/forecourt"
fi
[ -x "$bin" ] || { log "no forecourt binary at $bin"; exit 1; }
log "forecourt binary: $bin"
mkdir -p "$out"

data="$(mktemp -d)"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
token="$(python3 -c 'import secrets; print(secrets.token_hex(24))')"
# The tenant's listings feed token (README "Syndication feeds"): its tenant.toml names the variable.
feed_token="$(python3 -c 'import secrets; print(secrets.token_hex(24))')"
feed_var="$(sed -n 's/^token_env *= *"\([A-Za-z0-9_]*\)".*/\1/p' "tenants/$tenant/tenant.toml" | head -1)"
feed_env=()
[ -n "$feed_var" ] && feed_env=("$feed_var=$feed_token")
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$data"
}
trap cleanup EXIT

log "starting forecourt serve on 127.0.0.1:$port (log: $out/server.log)"
FORECOURT_BIND="127.0.0.1:$port" FORECOURT_DATA_DIR="$data" FORECOURT_DATABASE_URL="" \
  FORECOURT_ADMIN_TOKEN="$token" FORECOURT_SMS_PROVIDER=log FORECOURT_LOG_FORMAT=json \
  FORECOURT_IMPORT_FEEDS_ON_START=true FORECOURT_LEAD_SUBMISSIONS_PER_MINUTE=100000 RUST_LOG=warn \
  env "${feed_env[@]}" "$bin" serve > "$out/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 600); do
  if curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz" 2>/dev/null; then break; fi
  kill -0 "$server_pid" 2>/dev/null || { tail -20 "$out/server.log" >&2; log "the server stopped"; exit 1; }
  sleep 0.5
done
curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz" || { log "the server never became ready"; exit 1; }

base="http://127.0.0.1:$port"
host="$tenant.localhost"
log "the $tenant site's OpenAPI document ($out/openapi.json)"
curl -fsS -H "Host: $host" "$base/api/openapi.json" > "$out/openapi.json"

# A signed-in shopper, through the real flow: the code comes back from the admin SMS outbox.
phone=0412000777
log "signing $phone in on $tenant (send-code, the code from the SMS outbox, verify)"
curl -fsS -o /dev/null -H "Host: $host" -H 'Content-Type: application/json' \
  -d "{\"phone\":\"$phone\"}" "$base/api/v1/auth/send-code"
code="$(curl -fsS -H "Host: $host" -H "Authorization: Bearer $token" "$base/api/v1/admin/sms-outbox?phone=$phone" |
  python3 -c 'import json, re, sys; print(re.match(r"^([0-9]{6}) ", json.load(sys.stdin)[0]["body"]).group(1))')"
session="$(curl -fsS -o /dev/null -c - -H "Host: $host" -H 'Content-Type: application/json' \
  -d "{\"phone\":\"$phone\",\"code\":\"$code\"}" "$base/api/v1/auth/verify" |
  awk '$6 == "forecourt_session" { print $6 "=" $7 }')"
[ -n "$session" ] || { log "no session cookie after verify"; exit 1; }
curl -fsS -o /dev/null -H "Host: $host" -H "Cookie: $session" "$base/api/v1/auth/me" || { log "the session is not signed in"; exit 1; }

# Real demo ids: an available car and a visible location of the tenant.
read -r car_slug car_id < <(curl -fsS -H "Host: $host" "$base/api/v1/search?hitsPerPage=60" |
  python3 -c 'import json, sys; h = next(h for h in json.load(sys.stdin)["hits"] if h.get("available")); print(h["slug"], h["id"])')
location="$(curl -fsS -H "Host: $host" "$base/api/v1/locations" | python3 -c 'import json, sys; print(json.load(sys.stdin)["locations"][0]["location"]["slug"])')"
log "car $car_slug (id $car_id), location $location"

cat > "$out/schemathesis.toml" <<TOML
# Written by .ci/schemathesis.sh for one run (see its header): the session and real demo ids.

# The shopper-session operations: the signed-in shopper's session cookie.
[[operations]]
include-path = ["/api/v1/auth/me", "/api/v1/watchlist"]
headers = { Cookie = "$session" }

# The watchlist changes: the session, its own phone and an available car.
[[operations]]
include-path = ["/api/watchlist/save-car", "/api/watchlist/remove-car"]
headers = { Cookie = "$session" }
parameters = { "body.phone_number" = "$phone", "body.car_id" = $car_id }

# The operations on one car: a real one (a generated slug is only ever a 404).
[[operations]]
include-path-regex = "^(/api/v1)?/cars/\\\\{slug\\\\}"
parameters = { "path.slug" = "$car_slug" }

# The listings feeds: the tenant's feed token.
[[operations]]
include-path-regex = "^/api/v1/feeds/"
parameters = { "query.token" = "$feed_token" }

# A location's appointment slots: a real location.
[[operations]]
include-path = "/api/v1/locations/{slug}/appointments"
parameters = { "path.slug" = "$location" }
TOML

log "fuzzing every operation: --checks all, $examples examples each, seed $seed, tenant $tenant"
set +e
# Run from the output folder (schemathesis keeps a crash cache in ./.schemathesis), cleared first
# so that a run depends only on its seed.
rm -rf "$out/.schemathesis"
cd "$out"
"$venv/bin/schemathesis" --config-file "$out/schemathesis.toml" run "$out/openapi.json" \
  --url "http://127.0.0.1:$port" \
  --checks all \
  --max-examples "$examples" \
  --seed "$seed" \
  --generation-database none \
  --workers 1 \
  --request-timeout 30 \
  --header "Host: $tenant.localhost" \
  --header "Authorization: Bearer $token" \
  --report junit --report-junit-path "$out/junit.xml" \
  --output-truncate true \
  "$@"
status=$?
set -e
log "exit status $status (JUnit report: $out/junit.xml)"
exit "$status"
