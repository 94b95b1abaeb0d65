#!/usr/bin/env bash
# The whole suite: type check, pure unit tests and the /docs page in Chromium once, then every
# database-backed test twice — on SQLite with the in-memory rate limiter, and on PostgreSQL with
# the Redis rate limiter, the two runs side by side (Chromium's scraping suites once, on SQLite).
set -euo pipefail
shopt -s globstar nullglob
cd "$(dirname "$0")/.."

bash scripts/ensure-all.sh
npx tsc --noEmit -p .

# Node 20's test runner takes files, not globs.
# The TypeScript client's generator and pagination tests import the client package's own scripts, which find its
# files and packages from where they are: they run from the sources, through tsx.
unit_from_sources=(test/unit/ts-client-generated.test.ts test/unit/ts-client-pagination.test.ts)
unit_tests=()
for file in test/unit/**/*.test.ts; do
  [[ " ${unit_from_sources[*]} " == *" $file "* ]] || unit_tests+=("$file")
done
browser_tests=(test/browser/**/*.test.ts)
database_tests=(test/http/**/*.test.ts test/store/**/*.test.ts test/cli/**/*.test.ts)

# The unit and database-backed files run bundled (scripts/bundle.mjs; the database runs share one
# build): each file's process loads one module instead of the sources through tsx's loader, and
# runs at the server's speed. Source maps point failures at the TypeScript.
bundled() {
  local name=$1
  shift
  mapfile -t bundles < <(node scripts/bundle-tests.mjs "$name" "$@")
  if [ "${#bundles[@]}" -ne "$#" ]; then
    echo "could not bundle the $name tests" >&2
    exit 1
  fi
}

bundled unit-tests "${unit_tests[@]}"
echo "== unit (the Redis rate limiter's suite against the machine's Redis)"
env -u DATABASE_URL REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}" node --enable-source-maps --test "${bundles[@]}"
env -u DATABASE_URL -u REDIS_URL node --import tsx --test "${unit_from_sources[@]}"

echo "== browser (the /docs page in Chromium, once)"
env -u DATABASE_URL -u REDIS_URL node --import tsx --test "${browser_tests[@]}"

bundled database-tests "${database_tests[@]}"
database_bundles=("${bundles[@]}")
# Chromium's suites test what a browser renders, captures and refuses; the database only charges
# their calls, through the same pipeline and ledger as every other endpoint's (whose charges the
# registry-wide and billing suites check on both databases). They are the slowest files (~130 s of
# a run), so they run once, in the SQLite run, which is the shorter of the two.
browser_tests_once=(browser scrape-browser-documents scrape-screenshot scrape-browser-logs)
postgres_bundles=()
for bundle in "${database_bundles[@]}"; do
  name=$(basename "$bundle" .test.mjs)
  [[ " ${browser_tests_once[*]} " == *" $name "* ]] || postgres_bundles+=("$bundle")
done
if [ "${#postgres_bundles[@]}" -ne $(( ${#database_bundles[@]} - ${#browser_tests_once[@]} )) ]; then
  echo "a browser suite to run once is not among the database tests: ${browser_tests_once[*]}" >&2
  exit 1
fi
run() { node --enable-source-maps --test --test-concurrency=1 "$@"; }

# Each test app on PostgreSQL creates a schema of ~20 tables and drops it when it closes: a run
# leaves ~100,000 dead rows in the system catalogs, and the machine's PostgreSQL runs with
# autovacuum off. Unvacuumed, they had grown pg_attribute to 77 MB after a few runs and made every
# catalog lookup (a migration's check for its tables, each DDL statement) tens of times slower: a test
# app's start took ~320 ms instead of ~240. So the catalogs are compacted before the run and
# vacuumed every 30 s while it goes (a plain VACUUM takes no lock that DDL waits on).
test_database_url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
vacuum_catalogs() {
  psql "$test_database_url" -qXc "vacuum $* pg_catalog.pg_class, pg_catalog.pg_attribute, pg_catalog.pg_attrdef,
    pg_catalog.pg_type, pg_catalog.pg_depend, pg_catalog.pg_shdepend, pg_catalog.pg_constraint, pg_catalog.pg_index,
    pg_catalog.pg_trigger, pg_catalog.pg_proc, pg_catalog.pg_namespace, pg_catalog.pg_description,
    pg_catalog.pg_sequence, pg_catalog.pg_statistic, pg_catalog.pg_init_privs" >/dev/null
}
vacuum_catalogs full
(while sleep 30; do vacuum_catalogs || true; done) &
vacuum_loop=$!

# The two database runs share nothing (the SQLite one uses neither PostgreSQL nor Redis), so they
# run side by side, each a file at a time: the suite's wall time is the longer of the two rather
# than their sum. Each run's report is printed whole when both have ended.
reports=$(mktemp -d)
trap 'rm -rf "$reports"; kill "$vacuum_loop" 2>/dev/null || true' EXIT
echo "== SQLite (in-memory rate limiter) and PostgreSQL (Redis rate limiter), side by side"
(unset DATABASE_URL REDIS_URL; run "${database_bundles[@]}") >"$reports/sqlite" 2>&1 &
sqlite_run=$!
DATABASE_URL="$test_database_url" \
REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}" \
  run "${postgres_bundles[@]}" >"$reports/postgres" 2>&1 &
postgres_run=$!
sqlite_status=0
postgres_status=0
wait "$sqlite_run" || sqlite_status=$?
wait "$postgres_run" || postgres_status=$?
kill "$vacuum_loop" 2>/dev/null || true
vacuum_catalogs || true

echo "== SQLite, in-memory rate limiter (exit $sqlite_status)"
cat "$reports/sqlite"
echo "== PostgreSQL, Redis rate limiter (exit $postgres_status)"
cat "$reports/postgres"

# A CI log may keep only its tail: the failures of both runs are repeated last, each with its
# report block (the error, the expected and actual values, the stack).
failures() {
  awk '/^ *not ok / && !/# TODO/ { printing = 1; match($0, /^ */); indent = RLENGTH }
       printing { print }
       printing && /^ *\.\.\.$/ { match($0, /^ */); if (RLENGTH == indent + 2) printing = 0 }' "$1"
}
if [ "$sqlite_status" -ne 0 ] || [ "$postgres_status" -ne 0 ]; then
  echo "== Failures: SQLite run exit $sqlite_status, PostgreSQL run exit $postgres_status"
  echo "-- SQLite"
  failures "$reports/sqlite"
  echo "-- PostgreSQL"
  failures "$reports/postgres"
fi
[ "$sqlite_status" -eq 0 ] && [ "$postgres_status" -eq 0 ]
