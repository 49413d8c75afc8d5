#!/bin/bash
# usage: threads.sh <path> [seconds] [connections] : per-thread CPU of the server during a miss run
cd /work/main
P=${1:-/used}; S=${2:-10}; C=${3:-50}
DATA_DIR=/tmp/prof/pglite DATABASE_URL= PORT=3400 POST_RATE_LIMIT=100000000 LEAD_DELIVERY=off LOG_LEVEL=warn NODE_ENV=production \
  env $EXTRA node $NODEFLAGS build/server/index.js > /tmp/prof/server.log 2>&1 &
PID=$!
until ! kill -0 $PID 2>/dev/null || curl -s localhost:3400/readyz | grep -q '"usedStock":"current"'; do sleep 1; done
node --import tsx .scratch/miss.ts http://localhost:3400 "$P" 3 10 > /dev/null
snap() { for t in /proc/$PID/task/*; do echo "$(basename $t)_$(cat $t/comm | tr " " _) $(cut -d" " -f14,15 $t/stat)"; done | awk "{print \$1, \$2+\$3}" | sort; }
snap > /tmp/prof/before
node --import tsx .scratch/miss-plain.ts http://localhost:3400 "$P" $S $C $ENC
snap > /tmp/prof/after
join /tmp/prof/before /tmp/prof/after | awk "{d=\$3-\$2; t+=d; if (NR==1) m=d} END {print \"main\", m*10, \"ms; all\", t*10, \"ms\"}"
kill -INT $PID; wait $PID
