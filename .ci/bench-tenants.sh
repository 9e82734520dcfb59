#!/usr/bin/env bash
# Many tenants on one host (BENCHMARKS.md "Many tenants: start, reload, memory"; issue 36):
# generates N copies of the demo tenant drive-depot, each with the first 60 cars of its feed (stock
# and one feed file hard-linked into each), then measures on the release binary:
#   - cold start: exec to the first 200 from /readyz, fresh data dir (every feed imported);
#   - warm start: the same data dir again (feeds unchanged);
#   - the host's RSS once serving (VmRSS) and its peak (VmHWM), and once every tenant is warm
#     (tenants warm in the background: /readyz has x-warming-tenants until then);
#   - a cached VDP document's throughput and p50/p99 with wrk (compare with N=4);
#   - one SRP of every tenant (each tenant's search index opened), and the RSS after it;
#   - a reload of one tenant whose tenant.toml changed (POST /api/v1/admin/reload?tenant=), and a
#     reload of every tenant with nothing changed (each tenant's files digested, none warmed).
#
#   bash .ci/bench-tenants.sh [N]     # default 1000; needs target/release/forecourt, plugins/dist
#
# Uses port 18191 on 127.0.0.1 and a temp dir (removed on exit). BENCH_WORK=<dir> uses and keeps
# that dir instead: when it already holds N generated tenants and their data (a previous run's),
# generation and the cold start are skipped and the run starts with the warm start (a 10,000-
# tenant cold start imports 600,000 cars: run it once, then measure warm starts again and again).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
n="${1:-1000}"
bin="${BENCH_BIN:-./target/release/forecourt}"   # BENCH_BIN: another build (to check the script)
[ -x "$bin" ] || { echo "build first: cargo build --release -p forecourt-host" >&2; exit 1; }
port=18191
reuse=""
if [ -n "${BENCH_WORK:-}" ]; then
  work="$BENCH_WORK"; BENCH_KEEP=1; mkdir -p "$work"
  [ -f "$work/generated-$n" ] && [ -d "$work/data" ] && reuse=1
else
  work=$(mktemp -d)
fi
pid=""
trap '[ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null; wait 2>/dev/null; [ -n "${BENCH_KEEP:-}" ] || rm -rf "$work"' EXIT

if [ -z "$reuse" ]; then
rm -rf "$work/tenants" "$work/data" "$work"/generated-*
echo "generating $n tenants under $work/tenants" >&2
mkdir -p "$work/tenants"
cp -r tenants/_shared "$work/tenants/_shared"
ln -s "$PWD/tenants/_sources" "$work/tenants/_sources"
head -61 tenants/drive-depot/stock/used.csv >"$work/feed.csv"
for i in $(seq -f '%05g' 1 "$n"); do
  d="$work/tenants/dd$i"
  mkdir -p "$d/stock"
  ln "$work/feed.csv" "$d/stock/used.csv"   # cars are keyed per tenant: the same feed is fine
  cp -r tenants/drive-depot/content "$d/content" 2>/dev/null || true
  sed -e "0,/^slug = \"drive-depot\"/s//slug = \"dd$i\"/" \
      -e "s/^name = \"Drive Depot\"/name = \"Drive Depot $i\"/" \
      -e "s/DRIVE_DEPOT__/DD${i}__/g" \
      -e "s/^hosts = .*/hosts = [\"www.dd$i.example\"]/" \
      -e "s|^site_url = .*|site_url = \"https://www.dd$i.example\"|" \
      tenants/drive-depot/tenant.toml >"$d/tenant.toml"
done
fi

cat >"$work/forecourt.toml" <<EOF
bind = "127.0.0.1:$port"
tenants_dir = "$work/tenants"
data_dir = "$work/data"
plugin_dir = "$PWD/plugins/dist"
ui_dist_dir = "$PWD/ui-shell/dist"
ui_plugins_dir = "$PWD/ui-plugins"
admin_token = "bench-token"
EOF

# Starts the host and waits for /readyz; sets pid and elapsed (ms).
start() {
  local t0 t1
  t0=$(date +%s%N)
  RUST_LOG=warn "$bin" --config "$work/forecourt.toml" serve >>"$work/serve.log" 2>&1 &
  pid=$!
  until curl -fs -o /dev/null -H "Host: dd00001.localhost" "http://127.0.0.1:$port/readyz"; do
    kill -0 "$pid" 2>/dev/null || { echo "forecourt exited:" >&2; tail -30 "$work/serve.log" >&2; exit 1; }
    sleep 0.05
  done
  t1=$(date +%s%N)
  elapsed=$(( (t1 - t0) / 1000000 ))
}
stop() { kill -TERM "$pid"; wait "$pid" 2>/dev/null || true; pid=""; }
mem() { awk '/VmRSS|VmHWM|RssAnon|RssFile/ {printf "%s %d MB  ", $1, $2/1024}' "/proc/$pid/status"; }
post() { curl -fs -o "$work/reload.json" -w '%{time_total}' -X POST -H "Host: dd00001.localhost" \
  -H "Authorization: Bearer bench-token" "http://127.0.0.1:$port/api/v1/admin/reload$1"; }

# Waits until no tenant is warming (/readyz has no x-warming-tenants); prints ms since exec.
all_warm() {
  local t0
  t0=$(date +%s%N)
  while curl -fsI -H "Host: dd00001.localhost" "http://127.0.0.1:$port/readyz" | grep -qi '^x-warming-tenants'; do sleep 0.1; done
  echo $(( ($(date +%s%N) - t0) / 1000000 + elapsed ))
}
# Stops the run when a tenant is quarantined (its figures would be a host serving nothing).
none_quarantined() {
  local q
  q=$(curl -s -H "Host: dd00001.localhost" "http://127.0.0.1:$port/readyz" | grep -c ' quarantined (' || true)
  [ "$q" -eq 0 ] || { echo "$q tenants quarantined, the figures would mean nothing: see $work/serve.log" >&2; exit 1; }
}
if [ -z "$reuse" ]; then
start; echo "cold start, $n tenants x 60 cars: ${elapsed} ms to /readyz 200; $(mem)"
echo "  every tenant warm (feeds imported): $(all_warm) ms after exec; $(mem)"
none_quarantined
sleep 1
cars=$(curl -fs -H "Host: dd00001.localhost" "http://127.0.0.1:$port/api/v1/search/count" || true)
echo "  dd00001's search count: $cars"
stop
touch "$work/generated-$n"
else
  echo "reusing $work ($n tenants generated and imported by an earlier run)" >&2
fi
start; echo "warm start (feeds unchanged):     ${elapsed} ms to /readyz 200; $(mem)"
echo "  every tenant warm:              $(all_warm) ms after exec; $(mem)"
none_quarantined
vdp=/cars/2014-mercedes-benz-ml-class-dd10338
curl -fs -o /dev/null -H "Host: dd00001.localhost" "http://127.0.0.1:$port$vdp"
if command -v wrk >/dev/null; then
  cat >"$work/host.lua" <<'LUA'
wrk.headers["Host"] = "dd00001.localhost"
LUA
  wrk -t2 -c16 -d10s --latency -s "$work/host.lua" "http://127.0.0.1:$port$vdp" >"$work/wrk.txt"
  rps=$(awk '/Requests\/sec/ {print $2}' "$work/wrk.txt")
  p50=$(awk '$1 == "50%" {print $2}' "$work/wrk.txt"); p99=$(awk '$1 == "99%" {print $2}' "$work/wrk.txt")
  echo "cached VDP (dd00001, 16 connections, 10 s): $rps req/s, p50 $p50, p99 $p99"
fi
# Every tenant visited once: one SRP document each (its search index opened, its caches made),
# two at a time; then the RSS again (search_open_indexes bounds the indexes kept open).
t0=$(date +%s%N)
seq -f '%05g' 1 "$n" | xargs -P 2 -I{} curl -fs -o /dev/null -H "Host: dd{}.localhost" "http://127.0.0.1:$port/search" \
  || { echo "an SRP failed" >&2; exit 1; }
echo "one SRP per tenant ($n, 2 at a time): $(( ($(date +%s%N) - t0) / 1000000 )) ms; $(mem)"
served=$(curl -fs -H "Host: dd00001.localhost" -H "Authorization: Bearer bench-token" \
  "http://127.0.0.1:$port/api/v1/admin/tenants" | grep -o '"state":"serving"' | wc -l)
echo "tenants serving: $served"
sed -i 's/^name = "Drive Depot 00002"/name = "Drive Depot 00002 (reloaded)"/' "$work/tenants/dd00002/tenant.toml"
echo "reload of one changed tenant:     $(post '?tenant=dd00002') s ($(grep -o '"outcome":"[a-z]*"' "$work/reload.json" | sort | uniq -c | tr '\n' ' '))"
echo "reload of all, nothing changed:   $(post '') s ($(grep -o '"outcome":"[a-z]*"' "$work/reload.json" | sort | uniq -c | tr '\n' ' '))"
echo "after the reloads: $(mem)"
stop
