#!/usr/bin/env bash
# BENCHMARKS.md "A 100k-row import over HTTP, as a job": a 100,000-row CSV (copies of
# tenants/drive-depot/stock/used.csv with their own stock numbers, written by the python step
# below when missing) POSTed with Prefer: respond-async to a fresh `forecourt serve` (BIN, default
# target/debug/forecourt), then its job polled every second until done; then the same feed with
# ten cars repriced, as a second job (the readiness summary replayed, issue 40).
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
# POSTs the feed $1 as a job and polls it until done, printing each phase change with its time.
import_job() {
  OUT=$(curl -s -o $D/answer.json -w '%{http_code} %{time_total}' -H 'Host: drive-depot.localhost' -H "Authorization: Bearer $TOKEN" \
    -H 'Content-Type: text/csv' -H 'Prefer: respond-async' --data-binary @"$1" \
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
  echo "$J" | python3 -c "import json,sys;j=json.load(sys.stdin);r=j.get('report') or {};print('final', j['status'], {k:r.get(k) for k in ['rows_total','inserted','updated','unchanged','rejected','not_ready']}, j.get('error'))"
}
echo "== the first import (readiness: a full scan of the source)"
import_job "$FEED"
# The same feed with ten cars repriced, as a scheduled feed re-sends it: the readiness summary is
# replayed from the change journal (syndication/readiness_cache.rs), not a scan of 100,000 cars.
python3 - "$FEED" "$D/feed2.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for r in rows[:10]:
    r["price"] = str(int(float(r["price"] or 0)) + 500)
with open(sys.argv[2], "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
    w.writeheader(); w.writerows(rows)
PY
echo "== the same feed again, ten cars repriced (readiness: replayed from the journal)"
import_job "$D/feed2.csv"
grep -o 'readiness[^ ]* [^ ]*' $D/log | tail -3
kill $PID; wait $PID 2>/dev/null; rm -rf $D
