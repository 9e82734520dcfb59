# What the HTTP benchmarks against nginx share (.ci/bench-http.sh, .ci/bench-partner.sh); sourced,
# not run. Defines:
#   bench_setup FPORT        checks target/release/forecourt, wrk and nginx; sets bin, work (a
#                            temp dir removed on exit), fpid and npid (killed on exit)
#   serve_forecourt [VAR=value ...]
#                            starts `forecourt serve` on 127.0.0.1:$fport with a fresh data dir
#                            under $work, logs at warn, the given environment on top; returns
#                            when /readyz answers (exits with the host's log if it stops first)

bench_setup() {
  fport=$1
  bin=./target/release/forecourt
  [ -x "$bin" ] || { echo "build first: cargo build --release -p forecourt-host" >&2; exit 1; }
  command -v wrk >/dev/null && command -v nginx >/dev/null || { echo "needs wrk and nginx: bash .ci/setup.sh" >&2; exit 1; }
  work=$(mktemp -d)
  fpid=""; npid=""
  trap bench_cleanup EXIT
}

bench_cleanup() {
  [ -n "$fpid" ] && kill -TERM "$fpid" 2>/dev/null || true
  [ -n "$npid" ] && kill -TERM "$npid" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}

serve_forecourt() {
  mkdir -p "$work/data"
  env "$@" FORECOURT_BIND=127.0.0.1:$fport FORECOURT_DATA_DIR="$work/data" RUST_LOG=warn \
    "$bin" serve >"$work/forecourt.log" 2>&1 &
  fpid=$!
  for _ in $(seq 3000); do
    curl -fs -o /dev/null "http://127.0.0.1:$fport/readyz" && return 0
    kill -0 "$fpid" 2>/dev/null || { echo "forecourt exited:" >&2; cat "$work/forecourt.log" >&2; exit 1; }
    sleep 0.1
  done
  echo "forecourt was not ready after 300 s" >&2; exit 1
}

# nginx (Debian package, .ci/setup.sh) as a stub lender on 127.0.0.1:$1, in "$work/nginx":
# `/quote` answers lender-standard's JSON; each further argument is one more `location` line
# (`$work/nginx/www` is there for files). Sets npid (the caller kills it with the host).
stub_lender() {
  local port=$1
  shift
  local extra
  extra=$(printf '    %s\n' "$@")
  mkdir -p "$work/nginx/www"
  cat >"$work/nginx/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  keepalive_requests 100000;
  client_body_temp_path $work/nginx/body;
  client_max_body_size 16m;
  server {
    listen 127.0.0.1:$port;
    default_type application/json;
    location = /quote { return 200 '{"weeklyRepaymentAmount": 111.5, "advertisedRate": 7.77, "comparisonRate": 8.88}'; }
$extra
  }
}
CONF
  nginx -c "$work/nginx/nginx.conf" -p "$work/nginx" &
  npid=$!
}
