#!/usr/bin/env bash
# Restarts the app instances one at a time, each only once the one before is ready again:
#   deploy/rolling-restart.sh 3001 3002        (instances honda-site@3001 and honda-site@3002)
# For each: `systemctl restart` (SIGTERM: the instance drains, finishes what it holds and exits; systemd
# starts the new release), then wait until http://127.0.0.1:PORT/readyz answers 200, then wait SETTLE_SECONDS
# more so that the proxy's health check (every second) has put it back in rotation before the next one stops.
# Environment: READY_TIMEOUT_SECONDS (default 120), SETTLE_SECONDS (default 3), SYSTEMCTL (default
# systemctl; the reliability test puts its own in), UNIT_PREFIX (default honda-site@).
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 PORT [PORT...]   e.g. $0 3001 3002" >&2
  exit 2
fi

systemctl_command="${SYSTEMCTL:-systemctl}"
unit_prefix="${UNIT_PREFIX:-honda-site@}"
ready_timeout="${READY_TIMEOUT_SECONDS:-120}"
settle="${SETTLE_SECONDS:-3}"

wait_ready() {
  local port="$1" deadline=$((SECONDS + ready_timeout))
  until curl -fsS -o /dev/null --max-time 2 "http://127.0.0.1:${port}/readyz"; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "instance ${port} is not ready after ${ready_timeout} s: stopping the rolling restart here" >&2
      return 1
    fi
    sleep 0.5
  done
}

for port in "$@"; do
  echo "restarting ${unit_prefix}${port}"
  $systemctl_command restart "${unit_prefix}${port}"
  wait_ready "$port"
  echo "${unit_prefix}${port} is ready"
  sleep "$settle"
done
echo "all instances restarted"
