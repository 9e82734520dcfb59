#!/usr/bin/env bash
# The partner path over HTTP (BENCHMARKS.md "Partner integrations"; issue 27), release build:
#
#   bash .ci/bench-partner.sh          # needs target/release/forecourt, plugins/dist, wrk, nginx
#   BENCH_SECS=15 BENCH_CONNS=32 bash .ci/bench-partner.sh
#
# 1. nginx (Debian package, .ci/setup.sh) on 127.0.0.1:18291 stands in for two lenders: the
#    standard shape (`POST /quote` -> the spec's JSON) and the broker's (`GET /v2/quotes` -> nested
#    JSON with decimal strings), keep-alive, no access log.
# 2. A copy of the demo tenants where harbourside-mercedes's lender-standard asks that lender for
#    quotes (quote_url, an http grant to the nginx origin, a bearer credential) and
#    southern-cross-motor-group's lender-standard is swapped for lender-broker; the release host
#    serves them on 127.0.0.1:18290 with a fresh data dir, logs at warn.
# 3. wrk POSTs `{"purchasePrice": 30000}` to `/api/v1/finance/quote` (no car: nothing is stored,
#    every request is a partner call: a fresh store and instance on the async engine, init, the
#    plugin's request over wasi:http to nginx, the checks) on both sites, then the same on
#    drive-depot, whose lender-standard reaches nothing (the built-in calculation through the
#    finance-lender point), then nginx's `/quote` directly. It prints the Markdown rows
#    BENCHMARKS.md records (requests per second, mean and p99 latency, non-2xx answers) and the
#    host's outbound counts.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
secs="${BENCH_SECS:-10}"; conns="${BENCH_CONNS:-32}"; threads="${BENCH_THREADS:-2}"
source .ci/bench-lib.sh
bench_setup 18290
[ -f plugins/dist/lender-broker.wasm ] || { echo "build the plugins first: bash plugins/build.sh" >&2; exit 1; }
nport=18291
lender="http://127.0.0.1:$nport"

# 1. The stub lenders.
stub_lender "$nport" \
  "location = /v2/quotes { return 200 '{\"quote\": {\"repayment\": {\"weekly\": \"123.45\"}, \"rates\": {\"annual_pct\": \"8.99\", \"comparison_pct\": \"9.45\"}, \"lender\": \"Broker Finance\"}}'; }"

# 2. The tenants.
cp -r tenants "$work/tenants"
python3 - "$work/tenants" "$lender" <<'PY'
import sys, re, pathlib
root, lender = pathlib.Path(sys.argv[1]), sys.argv[2]
grant = f'allowed_outbound_hosts = ["{lender}"]'
cred = ('[[plugins.capabilities.http.credentials]]\norigin = "%s"\nheader = "Authorization"\n'
        'value_env = "HARBOURSIDE_MERCEDES__LENDER_TOKEN"\nprefix = "Bearer "\n' % lender)
hm = root / "harbourside-mercedes/tenant.toml"
s = hm.read_text()
i = s.index('name = "lender-standard"')
s = s[:i] + s[i:].replace("[plugins.config]\n", f'[plugins.config]\nquote_url = "{lender}/quote"\n', 1)
s = s.replace("allowed_outbound_hosts = []", grant + "\n" + cred, 1)
hm.write_text(s)
sc = root / "southern-cross-motor-group/tenant.toml"
s = sc.read_text()
i = s.index('name = "lender-standard"')
j = s.index("allowed_outbound_hosts = []", i)
end = s.index("\n", j)
s = s[:i] + f'name = "lender-broker"\nconfig = {{ base_url = "{lender}" }}\n[plugins.capabilities]\nlogging = true\n[plugins.capabilities.http]\n{grant}' + s[end:]
sc.write_text(s)
PY
serve_forecourt FORECOURT_OUTBOUND_PRIVATE_NETWORKS=true HARBOURSIDE_MERCEDES__LENDER_TOKEN=bench-token FORECOURT_ADMIN_TOKEN=bench-admin FORECOURT_TENANTS_DIR="$work/tenants"

cat >"$work/post.lua" <<'EOF'
wrk.method = "POST"
wrk.body = '{"purchasePrice": 30000}'
wrk.headers["Content-Type"] = "application/json"
done = function(summary, latency, requests)
  io.write(string.format("RESULT %.0f %.2f %.2f %d\n", summary.requests / (summary.duration / 1e6),
    latency.mean / 1000, latency:percentile(99) / 1000, summary.errors.status))
end
EOF

run() { # name host url
  local name=$1 host=$2 url=$3 answer
  answer=$(curl -fsS -X POST -H "Host: $host" -H 'Content-Type: application/json' -d '{"purchasePrice": 30000}' "$url")
  echo "$name: $answer" >&2
  wrk -t"$threads" -c"$conns" -d"${secs}s" -H "Host: $host" -s "$work/post.lua" "$url" | sed -n 's/^RESULT //p' \
    | { read -r rps mean p99 non2xx; echo "| $name | $rps | $mean | $p99 | $non2xx |"; }
}
echo "| target | req/s | mean ms | p99 ms | non-2xx |"
echo "|---|---|---|---|---|"
run "quote through lender-standard (POST, spec JSON)" harbourside-mercedes.localhost "http://127.0.0.1:$fport/api/v1/finance/quote"
run "quote through lender-broker (GET, nested JSON)" southern-cross-motor-group.localhost "http://127.0.0.1:$fport/api/v1/finance/quote"
run "quote built in (drive-depot, no partner)" drive-depot.localhost "http://127.0.0.1:$fport/api/v1/finance/quote"
run "the stub lender alone (nginx)" lender "$lender/quote"
echo >&2
curl -fsS "http://127.0.0.1:$fport/metrics" -H "Host: harbourside-mercedes.localhost" -H "Authorization: Bearer bench-admin" \
  | grep '^forecourt_plugin_outbound_requests_total' >&2 || true
