#!/usr/bin/env bash
# The end-to-end suite (ui-shell/e2e/*.e2e.ts) as .ci/test.sh runs it: in two groups at the same
# time, each a `vitest run` of its own with its own `forecourt serve` (e2e/global-setup.ts starts
# one per run, on a fresh data dir), so neither group sees the other's imports, leads or sign-ins.
#
#   bash .ci/e2e.sh
#
# A page check waits much of its time (network idle, the layout guard's scroll pauses), so two
# groups share the 2-core machine well. Group A is the files named in HEAVY, group B every other
# file (new ones included). Measured 2026-11-28 in `.ci/run` with nothing else running: A 831 s,
# B 819 s, load average 6-7, against 1,200-1,650 s for the suite in one run. Each line of output
# is prefixed with its group; the step fails when either group fails.
# `npm run e2e -w ui-shell` still runs the whole suite in one run, one file at a time.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../ui-shell"

HEAVY=(e2e/layout.e2e.ts e2e/flows.e2e.ts e2e/search.e2e.ts)

run_group() {
  local name=$1
  shift
  npx vitest run -c vitest.e2e.config.ts "$@" 2>&1 | sed -u "s/^/[e2e $name] /"
  return "${PIPESTATUS[0]}"
}

excludes=()
for f in "${HEAVY[@]}"; do excludes+=(--exclude "$f"); done

run_group A "${HEAVY[@]}" &
a=$!
run_group B "${excludes[@]}" &
b=$!
status=0
wait "$a" || { echo "e2e group A failed" >&2; status=1; }
wait "$b" || { echo "e2e group B failed" >&2; status=1; }
exit "$status"
