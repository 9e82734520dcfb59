#!/usr/bin/env bash
# Forecourt against nginx serving the very same bytes, in one run (BENCHMARKS.md "HTTP: documents
# and hot JSON against nginx"; issue 24 item 2):
#
#   bash .ci/bench-http.sh                 # needs target/release/forecourt, plugins/dist, ui-shell/dist
#   BENCH_SECS=15 BENCH_CONNS=64 BENCH_THREADS=2 BENCH_TENANT=harbourside-mercedes bash .ci/bench-http.sh
#
# 1. Starts the release host with the demo tenants (a fresh data dir: SQLite, embedded search,
#    the demo feeds imported) on 127.0.0.1:18280, logs at warn.
# 2. Fetches a VDP document, the SRP document (`/search`) and `GET /api/v1/cars/{slug}` once
#    uncompressed and once gzipped, and writes those bytes as files that nginx (Debian package,
#    .ci/setup.sh) serves on 127.0.0.1:18281: `sendfile`, keep-alive, no access log, and
#    `gzip_static` for the gzip pass, so nginx too sends stored compressed bytes.
# 3. Runs wrk (threads, connections and seconds above) against both, for each target, first
#    without compression on both sides, then with `Accept-Encoding: gzip` on both sides, and
#    prints the Markdown table BENCHMARKS.md records: requests per second, mean and p99 latency,
#    and the ratio Forecourt / nginx. Both servers answer the same Host header's bytes; the
#    script checks the bodies are byte-identical before measuring.
#
# The host answers warm: the first request of each URL renders it into the rendered-response
# cache, the measured ones are served from it (docs/features/platform.md "Rendered-response
# cache"). BENCH_NO_RENDER_CACHE=1 turns the cache off to measure rendering itself.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
secs="${BENCH_SECS:-15}"; conns="${BENCH_CONNS:-64}"; threads="${BENCH_THREADS:-2}"
tenant="${BENCH_TENANT:-harbourside-mercedes}"
source .ci/bench-lib.sh
bench_setup 18280
[ -f ui-shell/dist/index.html ] || { echo "build the UI first: npm run build" >&2; exit 1; }
nport=18281
host="$tenant.localhost"

cache_env=()
[ "${BENCH_NO_RENDER_CACHE:-0}" = 1 ] && cache_env=(FORECOURT_RENDER_CACHE_TENANT_BYTES=0)
serve_forecourt "${cache_env[@]}"
slug=$(curl -fs -H "Host: $host" "http://127.0.0.1:$fport/api/v1/search?hitsPerPage=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["hits"][0]["slug"])')

# name|path|content type
targets=("vdp|/cars/$slug|text/html" "srp|/search|text/html" "car-json|/api/v1/cars/$slug|application/json")
root="$work/www"; mkdir -p "$root"
for t in "${targets[@]}"; do
  IFS='|' read -r name path _ <<<"$t"
  curl -fs -H "Host: $host" "http://127.0.0.1:$fport$path" -o "$root/$name"
  curl -fs -H "Host: $host" -H 'Accept-Encoding: gzip' "http://127.0.0.1:$fport$path" -o "$root/$name.gz"
  gzip -dc "$root/$name.gz" | cmp -s - "$root/$name" || { echo "$name: the gzip variant does not decode to the identity body" >&2; exit 1; }
done

mkdir -p "$work/nginx/logs" "$work/nginx/tmp"
# nginx's workers run as an unprivileged user when started by root: let them read the files.
chmod -R a+rX "$work"
cat >"$work/nginx/nginx.conf" <<EOF
worker_processes auto;
pid $work/nginx/nginx.pid;
error_log $work/nginx/logs/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on; tcp_nopush on; tcp_nodelay on;
  keepalive_requests 1000000;
  client_body_temp_path $work/nginx/tmp; proxy_temp_path $work/nginx/tmp; fastcgi_temp_path $work/nginx/tmp;
  uwsgi_temp_path $work/nginx/tmp; scgi_temp_path $work/nginx/tmp;
  gzip_static on; gzip_vary on;
  server {
    listen 127.0.0.1:$nport;
    root $root;
    location = /vdp { default_type text/html; }
    location = /srp { default_type text/html; }
    location = /car-json { default_type application/json; }
  }
}
EOF
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -g 'daemon off;' &
npid=$!
for _ in $(seq 100); do curl -fs -o /dev/null "http://127.0.0.1:$nport/vdp" && break; sleep 0.05; done
for t in "${targets[@]}"; do
  IFS='|' read -r name path _ <<<"$t"
  curl -fs "http://127.0.0.1:$nport/$name" | cmp -s - "$root/$name" || { echo "nginx does not serve $name's bytes" >&2; exit 1; }
  curl -fs -H 'Accept-Encoding: gzip' "http://127.0.0.1:$nport/$name" | cmp -s - "$root/$name.gz" \
    || { echo "nginx does not serve $name's gzip bytes" >&2; exit 1; }
done

# wrk's summary as "req/s mean_ms p99_ms".
run_wrk() {
  wrk -t"$threads" -c"$conns" -d"${secs}s" --latency "$@" | awk '
    function ms(v) { if (v ~ /us$/) return v/1000; if (v ~ /ms$/) return v+0; if (v ~ /s$/) return v*1000; return v }
    /^    Latency/ { mean = ms($2) }
    /^     99%/ { p99 = ms($2) }
    /^Requests\/sec/ { rps = $2 }
    END { printf "%.0f %.2f %.2f\n", rps, mean, p99 }'
}

echo "wrk -t$threads -c$conns -d${secs}s, tenant $host, $(nproc) cores, $(date -u +%F)"
echo
echo "| target | encoding | bytes | Forecourt req/s | mean ms | p99 ms | nginx req/s | mean ms | p99 ms | ratio |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for enc in identity gzip; do
  for t in "${targets[@]}"; do
    IFS='|' read -r name path _ <<<"$t"
    hdr=(); file="$root/$name"
    [ "$enc" = gzip ] && { hdr=(-H 'Accept-Encoding: gzip'); file="$root/$name.gz"; }
    read -r f_rps f_mean f_p99 < <(run_wrk "${hdr[@]}" -H "Host: $host" "http://127.0.0.1:$fport$path")
    read -r n_rps n_mean n_p99 < <(run_wrk "${hdr[@]}" "http://127.0.0.1:$nport/$name")
    ratio=$(awk -v a="$f_rps" -v b="$n_rps" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
    echo "| $name \`$path\` | $enc | $(stat -c %s "$file") | $f_rps | $f_mean | $f_p99 | $n_rps | $n_mean | $n_p99 | $ratio |"
  done
done
