#!/usr/bin/env bash
# Start-up time of `forecourt serve` with the demo tenants (BENCHMARKS.md "Start-up"):
# wall time from exec to the first 200 from /readyz, polled every 10 ms.
#
#   bash .ci/bench-startup.sh [runs]      # needs target/release/forecourt and plugins/dist
#
# "cold": empty data dir (migrations + every demo feed imported); "warm": the same data dir again
# (feeds unchanged, nothing imported). Uses port 18181 on 127.0.0.1 and a temp data dir.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
runs="${1:-5}"
bin=./target/release/forecourt
[ -x "$bin" ] || { echo "build first: cargo build --release -p forecourt-host" >&2; exit 1; }
port=18181
measure() {
  local data="$1" t0 t1 pid
  t0=$(date +%s%N)
  FORECOURT_BIND=127.0.0.1:$port FORECOURT_DATA_DIR="$data" RUST_LOG=warn "$bin" serve >"$data/serve.log" 2>&1 &
  pid=$!
  until curl -fs -o /dev/null "http://127.0.0.1:$port/readyz"; do
    kill -0 "$pid" 2>/dev/null || { echo "forecourt exited:" >&2; cat "$data/serve.log" >&2; exit 1; }
    sleep 0.01
  done
  t1=$(date +%s%N)
  kill -TERM "$pid"; wait "$pid" 2>/dev/null || true
  echo $(( (t1 - t0) / 1000000 ))
}
cold=(); warm=()
for _ in $(seq "$runs"); do
  d=$(mktemp -d)
  cold+=("$(measure "$d")")
  warm+=("$(measure "$d")")
  rm -rf "$d"
done
stats() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {printf "min %d ms, median %d ms, max %d ms (n=%d)", a[1], a[int((NR+1)/2)], a[NR], NR}'; }
echo "cold start (fresh data dir, demo feeds imported): $(stats "${cold[@]}")"
echo "warm start (feeds unchanged):                     $(stats "${warm[@]}")"
