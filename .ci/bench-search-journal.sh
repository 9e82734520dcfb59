#!/usr/bin/env bash
# Search at scale through the real binary (BENCHMARKS.md "Search: change to visible, reindex from
# storage"): one tenant of N generated cars (default 100,000) in a fresh SQLite database, then
#   1. `forecourt reindex --tenant alpha`: the full reindex from storage (wall time and the
#      process's peak RSS, VmHWM, from /usr/bin/time);
#   2. `forecourt serve`: start-up, then its VmHWM and VmRSS;
#   3. a one-row delta import changing one car's model, through the CLI (another process) and
#      through POST /api/v1/admin/import: the time from the import's start until the car is found
#      by its new text over HTTP (GET /api/v1/search, polled every 10 ms), and until /readyz
#      reports a search lag of 0;
#   4. HTTP search (GET /api/v1/search over keep-alive, one client, in sequence): the ten bench
#      queries of BENCHMARKS.md "Search" plus a deep page, SEARCH_REQUESTS times each (default 200),
#      p50/p99/max of the whole round trip, first with the results cache as shipped (cached: the
#      first request of each query computes it) and then on a host restarted with
#      FORECOURT_SEARCH_CACHE_ENTRIES=0 (uncached: every request computes its answer); the
#      process's VmHWM/VmRSS after each.
# The generated feed copies the demo superstore's real used stock (tenants/drive-depot/stock/
# used.csv) row by row with a stock number of its own (as host/tests/import_contention.rs does).
#
#   bash .ci/bench-search-journal.sh [path/to/forecourt] [cars]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-target/release/forecourt}
CARS=${2:-100000}
PORT=${PORT:-18931}
WORK=$(mktemp -d)
trap 'kill "${SERVER:-}" 2>/dev/null || true; rm -rf "$WORK"' EXIT
export FORECOURT_TENANTS_DIR="$WORK/tenants" FORECOURT_DATA_DIR="$WORK/data" FORECOURT_BIND="127.0.0.1:$PORT"
export FORECOURT_ADMIN_TOKEN=bench FORECOURT_IMPORT_FEEDS_ON_START=false RUST_LOG=warn
mkdir -p "$WORK/tenants/alpha" "$WORK/data"
cat > "$WORK/tenants/alpha/tenant.toml" <<'EOF'
slug = "alpha"
name = "Alpha Motors"
template = "classic"
[[dealerships]]
slug = "alpha-dealer"
name = "Alpha Dealer"
state = "QLD"
[[locations]]
slug = "alpha-sales"
name = "Alpha Sales"
dealership = "alpha-dealer"
primary = true
location_type = "sales"
[locations.address]
street = "1 Test St"
city = "Brisbane City"
state = "QLD"
postcode = "4000"
lat = -27.46794
long = 153.02809
EOF
python3 - "$CARS" "$WORK/feed.csv" <<'EOF'
import csv, sys
rows, out = int(sys.argv[1]), sys.argv[2]
with open("tenants/drive-depot/stock/used.csv", newline="") as f:
    r = csv.reader(f)
    header = next(r)
    demo = list(r)
keep = [i for i, h in enumerate(header) if h not in ("vin", "dealership_slug", "location_slug")]
sn = header.index("stocknum")
with open(out, "w", newline="") as f:
    w = csv.writer(f)
    w.writerow([header[i] for i in keep])
    for n in range(rows):
        rec = demo[n % len(demo)]
        w.writerow([f"{rec[i]}-{n}" if i == sn else rec[i] for i in keep])
EOF
ms() { date +%s%3N; }
echo "== import of $CARS generated cars"
t0=$(ms); "$BIN" import --tenant alpha --mode full --source generated "$WORK/feed.csv" > /dev/null; echo "import: $(( $(ms) - t0 )) ms"
echo "== forecourt reindex --tenant alpha"
/usr/bin/time -f "reindex: wall %e s, peak RSS (VmHWM) %M KiB" "$BIN" reindex --tenant alpha
echo "== forecourt serve"
t0=$(ms)
"$BIN" serve > "$WORK/serve.log" 2>&1 &
SERVER=$!
until curl -fs -o /dev/null "http://127.0.0.1:$PORT/readyz"; do sleep 0.05; done
echo "serve ready after $(( $(ms) - t0 )) ms (the index on disk is in step with the journal: kept)"
grep -E "VmHWM|VmRSS" /proc/$SERVER/status
H=(-H "Host: alpha.localhost")
count() { curl -fs "${H[@]}" "http://127.0.0.1:$PORT/api/v1/search?query=$1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["count"])'; }
lag() { curl -fs -D - -o /dev/null "http://127.0.0.1:$PORT/readyz" | tr -d '\r' | awk -F': ' 'tolower($1)=="x-search-lag"{print $2}'; }
STOCKNUM=$(sed -n 2p "$WORK/feed.csv" | python3 -c 'import csv,sys; print(next(csv.reader(sys.stdin))[0])')
HEADER=$(head -1 "$WORK/feed.csv")
change() { # $1: the new model (one word), writes a one-row delta feed changing the first car
  sed -n 2p "$WORK/feed.csv" | python3 -c '
import csv, sys
h = sys.argv[1].split(",")
row = next(csv.reader(sys.stdin))
row[h.index("model")] = sys.argv[2]
csv.writer(sys.stdout).writerow(h); csv.writer(sys.stdout).writerow(row)' "$HEADER" "$1" > "$WORK/delta.csv"
}
wait_visible() { # $1: word, $2: start ms
  local polls=0
  until [ "$(count "$1")" = 1 ]; do polls=$((polls + 1)); sleep 0.01; done
  local seen=$(( $(ms) - $2 ))
  until [ "$(lag)" = 0 ]; do sleep 0.01; done
  echo "visible after $seen ms ($polls polls); lag 0 after $(( $(ms) - $2 )) ms"
}
for i in 1 2 3; do
  word="Zebra$i$RANDOM"; change "$word"
  t0=$(ms); "$BIN" import --tenant alpha --mode delta --source "cli$i" "$WORK/delta.csv" > /dev/null
  echo -n "CLI one-row import $i: process took $(( $(ms) - t0 )) ms, "; wait_visible "$(echo "$word" | tr A-Z a-z)" "$t0"
done
for i in 1 2 3; do
  word="Quokka$i$RANDOM"; change "$word"
  t0=$(ms)
  curl -fs -o /dev/null "${H[@]}" -H "Authorization: Bearer bench" -H "Content-Type: text/csv" --data-binary @"$WORK/delta.csv" \
    "http://127.0.0.1:$PORT/api/v1/admin/import?mode=delta&source=admin$i"
  echo -n "admin one-row import $i: answered after $(( $(ms) - t0 )) ms, "; wait_visible "$(echo "$word" | tr A-Z a-z)" "$t0"
done
grep -E "VmHWM|VmRSS" /proc/$SERVER/status
echo "stock number changed: $STOCKNUM"

http_search() { # $1: label; times every query over one keep-alive connection
  echo "== HTTP search, $1 ($SEARCH_REQUESTS requests a query)"
  python3 - "$PORT" "$SEARCH_REQUESTS" <<'PY'
import http.client, json, statistics, sys, time, urllib.parse
port, n = int(sys.argv[1]), int(sys.argv[2])
queries = [
    "", "make=Toyota", "body=suv&price=20000:50000&sortBy=price_asc", "query=corolla",
    "query=mercedes benz c", "car_type=used&km=:50000&sortBy=km_asc", "year=2020:&sortBy=year_desc&page=5",
    "make=Toyota&make=Mazda&make=Hyundai&fuel=hybrid", "price_range=$20,000 - $30,000&sortBy=newest",
    "page=200", "page=400",
]
c = http.client.HTTPConnection("127.0.0.1", port)
print(f"| query | count | p50 ms | p99 ms | max ms |")
for q in queries:
    path = "/api/v1/search?" + urllib.parse.urlencode(urllib.parse.parse_qsl(q, keep_blank_values=True))
    times, count = [], None
    for _ in range(n):
        t0 = time.perf_counter()
        c.request("GET", path, headers={"Host": "alpha.localhost"})
        r = c.getresponse()
        body = r.read()
        times.append((time.perf_counter() - t0) * 1000)
        assert r.status == 200, (q, r.status, body[:200])
        count = json.loads(body)["count"]
    times.sort()
    p = lambda f: times[min(len(times) - 1, int(f * len(times)))]
    print(f"| `{q or '(default)'}` | {count} | {p(0.5):.2f} | {p(0.99):.2f} | {times[-1]:.2f} |")
PY
  grep -E "VmHWM|VmRSS" /proc/$SERVER/status
}
SEARCH_REQUESTS=${SEARCH_REQUESTS:-200}
http_search "results cache on (as shipped)"
kill "$SERVER"; wait "$SERVER" 2>/dev/null || true
FORECOURT_SEARCH_CACHE_ENTRIES=0 "$BIN" serve > "$WORK/serve-uncached.log" 2>&1 &
SERVER=$!
until curl -fs -o /dev/null "http://127.0.0.1:$PORT/readyz"; do sleep 0.05; done
http_search "results cache off (search_cache_entries = 0)"
