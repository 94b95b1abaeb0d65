#!/usr/bin/env bash
# Starts the PostgreSQL and Redis the test suite runs against, when they are not already up.
# On this kind of machine both are installed from Debian's packages; nothing is downloaded.
set -euo pipefail

wait_for() { # name, command
  for _ in $(seq 1 30); do
    if eval "$2" >/dev/null 2>&1; then return 0; fi
    sleep 1
  done
  echo "ensure-services: $1 did not come up" >&2
  return 1
}

if ! pg_isready -h 127.0.0.1 -p 5432 >/dev/null 2>&1; then
  echo "ensure-services: starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start
  wait_for PostgreSQL "pg_isready -h 127.0.0.1 -p 5432"
fi
psql -h 127.0.0.1 -U postgres -d postgres -tAc "select 1 from pg_database where datname = 'test'" | grep -q 1 \
  || psql -h 127.0.0.1 -U postgres -d postgres -c 'create database test' >/dev/null

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  echo "ensure-services: starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no
  wait_for Redis "redis-cli -h 127.0.0.1 -p 6379 ping"
fi
