#!/usr/bin/env bash
# Price history at scale through the real binary (BENCHMARKS.md "Price history at 100,000 cars"):
# one tenant of N generated cars (default 100,000; the demo superstore's real used stock copied
# row by row with stock numbers of its own, as .ci/bench-search-journal.sh does) in a fresh SQLite
# database, then four full imports in a row with the release binary:
#   1. the first import;  2. the same feed again (nothing changed: every car's listed_at moves);
#   3. every price $1,000 lower (100,000 price drops recorded);  4. every price back (100,000 rises).
# Each prints the process's wall time and the apply transaction's time (the import's
# `apply_ms` log line: how long the write lock is held), and the rows in car_price_history.
#
#   bash .ci/bench-price-history.sh [path/to/forecourt] [cars]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-target/release/forecourt}
CARS=${2:-100000}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export FORECOURT_TENANTS_DIR="$WORK/tenants" FORECOURT_DATA_DIR="$WORK/data" RUST_LOG=info FORECOURT_LOG_FORMAT=json
mkdir -p "$WORK/tenants/alpha" "$WORK/data"
sed -n '/^cat > "\$WORK\/tenants\/alpha\/tenant.toml" <<.EOF.$/,/^EOF$/p' .ci/bench-search-journal.sh | sed '1d;$d' > "$WORK/tenants/alpha/tenant.toml"
python3 - "$CARS" "$WORK" <<'PY'
import csv, sys
rows, work = int(sys.argv[1]), sys.argv[2]
with open("tenants/drive-depot/stock/used.csv", newline="") as f:
    r = csv.reader(f)
    header = next(r)
    demo = list(r)
keep = [i for i, h in enumerate(header) if h not in ("vin", "dealership_slug", "location_slug")]
sn, pr = header.index("stocknum"), header.index("price")
for name, delta in (("feed", 0), ("lower", -1000)):
    with open(f"{work}/{name}.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow([header[i] for i in keep])
        for n in range(rows):
            rec = list(demo[n % len(demo)])
            rec[sn] = f"{rec[sn]}-{n}"
            rec[pr] = str(int(float(rec[pr])) + delta)
            w.writerow([rec[i] for i in keep])
PY
ms() { date +%s%3N; }
run() { # $1 label, $2 feed
  local t0 log; t0=$(ms); log="$WORK/$1.log"
  "$BIN" import --tenant alpha --mode full --source generated "$WORK/$2.csv" > /dev/null 2> "$log"
  local apply; apply=$(grep -o '"apply_ms":[0-9]*' "$log" | tail -1 | cut -d: -f2)
  local hist; hist=$(sqlite3 "$WORK/data/forecourt.db" "SELECT COUNT(*) FROM car_price_history" 2>/dev/null || echo "?")
  echo "| $1 | $(( $(ms) - t0 )) ms | ${apply:-?} ms | $hist |"
}
echo "| import of $CARS cars | wall | apply (write lock) | price history rows |"
echo "|---|---|---|---|"
run "first import" feed
run "same feed again" feed
run "every price \$1,000 lower" lower
run "every price back" feed
