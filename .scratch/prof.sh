#!/bin/bash
# usage: prof.sh <path> [seconds] [connections] [--noprof] -> profile in /tmp/prof/cpu/
cd /work/main
P=${1:-/used}; S=${2:-10}; C=${3:-50}; PROF="--cpu-prof --cpu-prof-dir=/tmp/prof/cpu"
[ "$4" = "--noprof" ] && PROF=""
rm -rf /tmp/prof/cpu; mkdir -p /tmp/prof/cpu
DATA_DIR=/tmp/prof/pglite DATABASE_URL= PORT=3400 POST_RATE_LIMIT=100000000 LEAD_DELIVERY=off LOG_LEVEL=warn NODE_ENV=production \
  node $PROF build/server/index.js > /tmp/prof/server.log 2>&1 &
PID=$!
until ! kill -0 $PID 2>/dev/null || curl -s localhost:3400/readyz | grep -q '"usedStock":"current"'; do sleep 1; done
node --import tsx .scratch/miss.ts http://localhost:3400 "$P" 3 10 > /dev/null
START=$(cut -d' ' -f14,15 /proc/$PID/stat)
node --import tsx .scratch/miss.ts http://localhost:3400 "$P" $S $C
END=$(cut -d' ' -f14,15 /proc/$PID/stat)
echo "cpu ticks before $START after $END"
kill -INT $PID; wait $PID
ls /tmp/prof/cpu
