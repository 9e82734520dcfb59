#!/usr/bin/env bash
# The whole Forecourt test suite (README "Run the tests"), on a fresh machine included:
#
#   bash .ci/test.sh
#
# 1. set-up (.ci/setup.sh)                 4. host tests on SQLite, then on PostgreSQL
# 2. plugins: build components, unit tests 5. API conformance: schemathesis, bounded (.ci/schemathesis.sh)
# 3. format, lint, structure (fmt, clippy, 6. UI: lint, typecheck, build, unit tests, Storybook, e2e,
#    .ci/architecture.py)                    e2e through nginx on PostgreSQL, Lighthouse budget
#                                            (BENCHMARKS.md "Lighthouse")
#
# PostgreSQL: FORECOURT_TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test, trust
# auth). Each test creates and drops its own database. When the server does not answer the
# PostgreSQL pass is skipped with a message, except under CI (CI=true) where it is required.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
started=$SECONDS
step() { printf '\n==> [%ss] %s\n' "$((SECONDS - started))" "$*"; }

step "set-up"
bash .ci/setup.sh

step "plugins: build components"
bash plugins/build.sh
step "plugins: unit tests"
(cd plugins && cargo test --workspace --quiet)
step "plugins: lint"
(cd plugins && cargo fmt --all -- --check && cargo clippy --workspace --all-targets --quiet -- -D warnings)

step "format, lint and the host's structural rules (ARCHITECTURE.md)"
cargo fmt --all -- --check
python3 .ci/architecture.py
cargo clippy -p forecourt-host --all-targets --quiet -- -D warnings

step "host tests on SQLite"
cargo nextest run --workspace --no-fail-fast

pg_url="${FORECOURT_TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if pg_isready -q -d "$pg_url" 2>/dev/null || (command -v psql >/dev/null && psql "$pg_url" -qAtc 'select 1' >/dev/null 2>&1); then
  step "host tests on PostgreSQL ($pg_url)"
  # The test binaries that open no database ran in the SQLite pass; the same tests again would
  # test nothing new (the partner kit's cargo builds and the 10,000-call memory test: 1.5 min).
  # search_http_differential does open one, only to import the cars its reference reads: its
  # subject is the search engine and the HTTP answer (about 1 min); search on PostgreSQL is
  # search_semantics' and search_differential's. price_agreement reads every demo car through
  # every surface (80 s): its subject is the price engine, which storage does not change.
  FORECOURT_TEST_DATABASE_URL="$pg_url" cargo nextest run --workspace --no-fail-fast \
    -E 'not (binary(plugin_kit) | binary(plugin_kit_new) | binary(plugins_memory) | binary(search_embedded) | binary(leads_adf) | binary(search_http_differential) | binary(price_agreement))'
elif [ "${CI:-}" = true ]; then
  echo "PostgreSQL at $pg_url does not answer; CI requires it" >&2
  exit 1
else
  echo "SKIPPED: host tests on PostgreSQL: nothing answers at $pg_url (set FORECOURT_TEST_DATABASE_URL)" >&2
fi

# Every operation of the demo site's OpenAPI document, every check, a fixed seed; bounded by the
# examples per operation (ST_MAX_EXAMPLES, default 10 here) so it costs a few minutes.
step "API conformance: schemathesis over every operation (SECURITY.md \"API conformance\")"
# The host binary the test passes just built (nextest builds it for the tests that run it).
ST_BIN="${CARGO_TARGET_DIR:-target}/debug/forecourt" ST_MAX_EXAMPLES="${ST_MAX_EXAMPLES:-10}" bash .ci/schemathesis.sh

step "UI: lint, typecheck, build"
npm run lint
npm run typecheck
npm run build
step "UI: unit tests (Vitest)"
npm test
step "UI: Storybook build"
npm run storybook:build
step "UI: end-to-end (Playwright + Debian chromium; e2e/layout.e2e.ts is the layout and axe guard), two groups at once (.ci/e2e.sh)"
bash .ci/e2e.sh
step "UI: end-to-end through nginx (TLS, HTTP/2) in front of two hosts on PostgreSQL: the sign-in and lead suites and ui-shell/e2e/proxied.checks.ts (docs/operations.md \"Behind nginx\")"
# Skips with a message when PostgreSQL, nginx or openssl is missing, except under CI (CI=true).
FORECOURT_TEST_DATABASE_URL="$pg_url" npm run e2e:proxied -w ui-shell
step "UI: Lighthouse mobile budget (home, SRP and VDP of every demo tenant, every category >= 90; a page that misses is judged on the median of 3)"
npm run lighthouse:guard

step "all tests passed"
