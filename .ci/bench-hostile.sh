#!/usr/bin/env bash
# Another tenant's search while hostile partner plugins run their worst modes (BENCHMARKS.md
# "Hostile partner plugins against a neighbour"; issue 40), release build:
#
#   bash .ci/bench-hostile.sh          # needs target/release/forecourt, plugins/dist, wrk, nginx
#   BENCH_SECS=20 BENCH_CONNS=8 bash .ci/bench-hostile.sh
#
# 1. nginx on 127.0.0.1:18296 stands in for a lender: `/quote` answers a valid quote, `/huge` an
#    8 MiB body.
# 2. A copy of the demo tenants plus six copies of drive-depot whose finance plugin is
#    `hostile-outbound` (plugins/hostile/README.md) in one mode each: `fill` (bulk memory.fill
#    forever: the call must be cut at its deadline without starving the workers), `fat` (512 KiB
#    of header values), `headers` (1,000 header fields), `body` (a 2 MiB request body), `flood`
#    (50 requests a call) and `huge` (an 8 MiB answer); each granted the nginx origin. The release
#    host serves them on 127.0.0.1:18295 (fresh data dir, logs at warn).
# 3. Baseline: wrk on drive-depot's search API (`GET /api/v1/search?car_type=used`, the SRP's
#    data) for BENCH_SECS. Then the same while every hostile tenant's quote endpoint is hammered
#    by its own wrk (2 connections each, so 12 hostile calls in flight). It prints the Markdown rows
#    BENCHMARKS.md records: the neighbour's requests per second, mean and p99 (and the p99 ratio
#    to the baseline), the hostile calls' answers, and the host's resident memory (VmRSS) and
#    peak (VmHWM) before and after, from /proc. A control run between the two sends drive-depot's
#    own (benign) quotes with the same six wrk, so the share of the cores the request volume
#    itself takes is told apart from what the hostile plugins add.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
secs="${BENCH_SECS:-15}"; conns="${BENCH_CONNS:-8}"; threads="${BENCH_THREADS:-2}"
source .ci/bench-lib.sh
bench_setup 18295
[ -f plugins/dist/hostile-outbound.wasm ] || { echo "build the plugins first: bash plugins/build.sh" >&2; exit 1; }
nport=18296
lender="http://127.0.0.1:$nport"
modes=(fill fat headers body flood huge)

# 1. The stub lender.
stub_lender "$nport" "location = /huge { root $work/nginx/www; }"
head -c $((8 << 20)) /dev/zero | tr '\0' 'x' >"$work/nginx/www/huge"

# 2. The tenants.
cp -r tenants "$work/tenants"
python3 - "$work/tenants" "$lender" "${modes[@]}" <<'PY'
import sys, pathlib, shutil
root, lender, modes = pathlib.Path(sys.argv[1]), sys.argv[2], sys.argv[3:]
src = root / "drive-depot"
base = (src / "tenant.toml").read_text()
i = base.index('[[plugins]]\nname = "lender-standard"')
j = base.index("[[plugins]]", i + 1)
for mode in modes:
    slug = f"hostile-{mode}"
    dst = root / slug
    shutil.copytree(src, dst)
    url = f"{lender}/huge" if mode == "huge" else f"{lender}/quote"
    block = (f'[[plugins]]\nname = "hostile-outbound"\nconfig = {{ mode = "{mode}", url = "{url}" }}\n'
             f'[plugins.capabilities]\nlogging = true\n[plugins.capabilities.http]\n'
             f'allowed_outbound_hosts = ["{lender}"]\nmax_response_bytes = 65536\n\n')
    s = base[:i] + block + base[j:]
    s = s.replace('slug = "drive-depot"\n', f'slug = "{slug}"\n', 1)
    s = s.replace('hosts = ["www.drive-depot.com.au", "drive-depot.com.au"]', f'hosts = ["{slug}.example"]', 1)
    s = s.replace('provider = "generic"', 'provider = "youx"', 1)
    # A tenant's variables carry its own prefix (SECURITY.md "Tenants' secrets").
    s = s.replace('DRIVE_DEPOT__', slug.upper().replace("-", "_") + "__")
    (dst / "tenant.toml").write_text(s)
PY
serve_forecourt FORECOURT_OUTBOUND_PRIVATE_NETWORKS=true FORECOURT_ADMIN_TOKEN=bench-admin FORECOURT_TENANTS_DIR="$work/tenants"

mem() { awk '/^VmRSS|^VmHWM/ {printf "%s %.0f MiB  ", $1, $2 / 1024}' "/proc/$fpid/status"; }

cat >"$work/post.lua" <<'EOF'
wrk.method = "POST"
wrk.body = '{"purchasePrice": 30000}'
wrk.headers["Content-Type"] = "application/json"
done = function(summary, latency, requests)
  io.write(string.format("RESULT %.0f %.2f %.2f %d %d\n", summary.requests / (summary.duration / 1e6),
    latency.mean / 1000, latency:percentile(99) / 1000, summary.errors.status, summary.requests))
end
EOF
cat >"$work/get.lua" <<'EOF'
done = function(summary, latency, requests)
  io.write(string.format("RESULT %.0f %.2f %.2f %d %d\n", summary.requests / (summary.duration / 1e6),
    latency.mean / 1000, latency:percentile(99) / 1000, summary.errors.status, summary.requests))
end
EOF

victim="http://127.0.0.1:$fport/api/v1/search?car_type=used"
neighbour() { # -> "rps mean p99 non2xx requests"
  wrk -t"$threads" -c"$conns" -d"${secs}s" -H "Host: drive-depot.localhost" -s "$work/get.lua" "$victim" | sed -n 's/^RESULT //p'
}
for m in "${modes[@]}"; do
  code=$(curl -s -o "$work/first-$m.json" -w '%{http_code}' -X POST -H "Host: hostile-$m.localhost" -H 'Content-Type: application/json' \
    -d '{"purchasePrice": 30000}' "http://127.0.0.1:$fport/api/v1/finance/quote")
  echo "hostile-$m: one quote answers $code $(head -c 300 "$work/first-$m.json")" >&2
done
echo "memory before: $(mem)" >&2
curl -fsS -o /dev/null -H "Host: drive-depot.localhost" "$victim"
read -r b_rps b_mean b_p99 b_non b_n < <(neighbour)
echo "memory after the baseline: $(mem)" >&2

# Control: the same load shape (six wrk, 2 connections each) on a benign tenant's quotes
# (drive-depot's own finance plugins), so the request volume's share of the 2 cores is told
# apart from what the hostile plugins add.
for m in "${modes[@]}"; do
  wrk -t1 -c2 -d"$((secs + 4))s" -H "Host: drive-depot.localhost" -s "$work/post.lua" \
    "http://127.0.0.1:$fport/api/v1/finance/quote" >/dev/null &
done
sleep 2
read -r c_rps c_mean c_p99 c_non c_n < <(neighbour)
wait_for=$(jobs -p | grep -v -e "^$fpid\$" -e "^$npid\$" || true)
for p in $wait_for; do wait "$p" 2>/dev/null || true; done

for m in "${modes[@]}"; do
  wrk -t1 -c2 -d"$((secs + 4))s" -H "Host: hostile-$m.localhost" -s "$work/post.lua" \
    "http://127.0.0.1:$fport/api/v1/finance/quote" | sed -n "s/^RESULT /$m /p" >"$work/attack-$m.txt" &
done
sleep 2
read -r a_rps a_mean a_p99 a_non a_n < <(neighbour)
wait_for=$(jobs -p | grep -v -e "^$fpid\$" -e "^$npid\$" || true)
for p in $wait_for; do wait "$p" 2>/dev/null || true; done
after_mem=$(mem)

echo "| drive-depot search (\`GET /api/v1/search?car_type=used\`, $conns connections, ${secs} s) | req/s | mean ms | p99 ms | non-2xx | p99 / baseline |"
echo "|---|---|---|---|---|---|"
echo "| alone (baseline) | $b_rps | $b_mean | $b_p99 | $b_non | 1.00 |"
ratio=$(awk -v a="$a_p99" -v b="$b_p99" 'BEGIN { printf "%.2f", a / b }')
c_ratio=$(awk -v a="$c_p99" -v b="$b_p99" 'BEGIN { printf "%.2f", a / b }')
echo "| while six wrk send benign quotes (drive-depot's, 12 in flight: the control) | $c_rps | $c_mean | $c_p99 | $c_non | $c_ratio |"
echo "| while the six hostile tenants' quotes run (12 calls in flight) | $a_rps | $a_mean | $a_p99 | $a_non | $ratio |"
echo
echo "hostile p99 / control p99: $(awk -v a="$a_p99" -v b="$c_p99" 'BEGIN { printf "%.2f", a / b }')"
echo
echo "| hostile mode | quotes answered | req/s | mean ms | p99 ms | non-2xx |"
echo "|---|---|---|---|---|---|"
for m in "${modes[@]}"; do
  read -r _ rps mean p99 non n <"$work/attack-$m.txt" || true
  echo "| $m | $n | $rps | $mean | $p99 | $non |"
done
echo
echo "host memory before: see above; after the attack: $after_mem"
curl -fsS "http://127.0.0.1:$fport/metrics" -H "Host: drive-depot.localhost" -H "Authorization: Bearer bench-admin" \
  | grep -E '^forecourt_plugin_(outbound_requests_total|calls_total)\{[^}]*hostile' | sort >&2 || true
