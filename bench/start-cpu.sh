#!/usr/bin/env bash
# CPU of starting and stopping `till serve`: migrates a new SQLite file, then N times starts the built
# server of CHECKOUT (default: this one), waits for its listening line, stops it with SIGTERM and
# waits for its exit; prints the mean user + system CPU of a start, as /usr/bin/time counts it.
#   bench/start-cpu.sh [CHECKOUT] [N]
set -euo pipefail
checkout=$(cd "${1:-$(dirname "$0")/..}" && pwd)
starts=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export DATABASE_URL="sqlite:$work/till.db" PORT=0 HOST=127.0.0.1 LOG_LEVEL=info
node "$checkout/bin/till.js" migrate >/dev/null
cat >"$work/start-stop.sh" <<'SCRIPT'
#!/usr/bin/env bash
"$@" >"$START_LOG" 2>&1 &
pid=$!
until grep -q 'listening' "$START_LOG"; do
  kill -0 "$pid" 2>/dev/null || { echo "till serve ended before listening" >&2; cat "$START_LOG" >&2; exit 1; }
  sleep 0.05
done
kill -TERM "$pid"
wait "$pid"
SCRIPT
chmod +x "$work/start-stop.sh"
for _ in $(seq 1 "$starts"); do
  START_LOG="$work/log" /usr/bin/time -a -o "$work/times" -f '%U %S' "$work/start-stop.sh" node "$checkout/bin/till.js" serve
done
awk -v checkout="$checkout" '{cpu += $1 + $2; n++} END {printf "%s: %d starts, mean CPU %.2f s\n", checkout, n, cpu / n}' "$work/times"
