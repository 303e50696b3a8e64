#!/usr/bin/env bash
# Production install check (docs/operations.md "Running"): in a temporary copy of the
# package, `npm ci --omit=dev`, then the compiled server (dist/server, built
# before) must start on a temporary DATA_DIR and a free port and answer
# /api/ready. Proves every runtime import is a runtime dependency.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f dist/server/main.js ] || { echo "production-install-check: run the build first"; exit 1; }

work="$(mktemp -d)"
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

# What `npm start` needs at run time: the manifest, migrations, compiled server, built client, demo images.
cp package.json package-lock.json .npmrc "$work/"
mkdir -p "$work/src/server/seed"
cp -r drizzle dist "$work/"
cp -r src/server/seed/images "$work/src/server/seed/"
(cd "$work" && npm ci --omit=dev --no-audit --no-fund --ignore-scripts --loglevel=error >/dev/null)

port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
# exec: $! is then the server itself, so the TERM below stops it (a subshell's TERM left it running).
(cd "$work" && NODE_ENV=production PORT="$port" HOST=127.0.0.1 DATA_DIR="$work/data" SEED_DEMO=false LOG_LEVEL=warn \
  exec node dist/server/main.js >"$work/server.log" 2>&1) &
pid=$!
for _ in $(seq 1 150); do
  if curl -fsS "http://127.0.0.1:$port/api/ready" >/dev/null 2>&1; then
    kill -TERM "$pid"; wait "$pid" 2>/dev/null || true; pid=""
    echo "production-install-check: npm ci --omit=dev, then the compiled server answered /api/ready"
    exit 0
  fi
  if ! kill -0 "$pid" 2>/dev/null; then break; fi
  sleep 0.2
done
echo "production-install-check: the server did not become ready:"
cat "$work/server.log"
exit 1
