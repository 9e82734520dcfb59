#!/usr/bin/env bash
# BENCHMARKS.md "A 100k-row import over HTTP, as a job": a 100,000-row CSV (copies of
# tenants/drive-depot/stock/used.csv with their own stock numbers, written by the python step
# below when missing) POSTed with Prefer: respond-async to a fresh `forecourt serve` (BIN, default
# target/debug/forecourt), then its job polled every second until done.
#   bash .ci/bench-import-job.sh [BIN]
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BIN=${1:-target/debug/forecourt}
FEED=${FEED:-/tmp/feed100k.csv}
if [ ! -f "$FEED" ]; then
  python3 - "$FEED" <<'PY'
import csv, sys
src = list(csv.DictReader(open("tenants/drive-depot/stock/used.csv")))
with open(sys.argv[1], "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=list(src[0].keys()))
    w.writeheader()
    for i in range(100000):
        r = dict(src[i % len(src)]); r["stocknum"] = f"J{i:06d}"; r["vin"] = ""
        w.writerow(r)
PY
fi
D=$(mktemp -d); PORT=18477; TOKEN=benchtoken$$
FORECOURT_BIND=127.0.0.1:$PORT FORECOURT_DATA_DIR=$D FORECOURT_ADMIN_TOKEN=$TOKEN "$BIN" serve > $D/log 2>&1 &
PID=$!
for i in $(seq 1 900); do curl -sf -H "Host: drive-depot.localhost" http://127.0.0.1:$PORT/api/v1/tenant >/dev/null && break; sleep 1; done
echo "ready after ${i}s"
OUT=$(curl -s -o $D/answer.json -w '%{http_code} %{time_total}' -H 'Host: drive-depot.localhost' -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: text/csv' -H 'Prefer: respond-async' --data-binary @"$FEED" \
  "http://127.0.0.1:$PORT/api/v1/admin/import?mode=delta&source=bench")
echo "POST: $OUT"; cat $D/answer.json; echo
URL=$(python3 -c "import json;print(json.load(open('$D/answer.json'))['url'])")
START=$(date +%s.%N); LAST=""
for i in $(seq 1 3000); do
  J=$(curl -s -H 'Host: drive-depot.localhost' -H "Authorization: Bearer $TOKEN" http://127.0.0.1:$PORT$URL)
  S=$(echo "$J" | python3 -c "import json,sys;j=json.load(sys.stdin);p=j['progress'];print(j['status'],p['phase'],p['done'],p['total'])")
  [ "$S" != "$LAST" ] && echo "$(python3 -c "import time;print(round(time.time()-$START,1))")s $S"
  LAST=$S
  case "$S" in running*) sleep 1;; *) break;; esac
done
echo "$J" | python3 -c "import json,sys;j=json.load(sys.stdin);r=j.get('report') or {};print('final', j['status'], {k:r.get(k) for k in ['rows_total','inserted','updated','rejected','not_ready']}, j.get('error'))"
kill $PID; wait $PID 2>/dev/null; rm -rf $D
