#!/usr/bin/env bash
# The README's test command (decision 041): provisions what the tests need on a fresh Debian machine
# — Debian packages, PostgreSQL and Redis running, Node 24 LTS from the npm registry in .node/, and
# node_modules built for it — then runs `npm test` on that Node. `npm test` checks it all first
# (scripts/preflight.mjs) and stops in seconds, one line per missing piece.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { echo "test.sh: $*"; }

# --- Debian packages: the browser and its fonts, exiftool, nginx and promtool, the databases ---------
need_apt=()
have() { command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ]; }
have chromium || need_apt+=(chromium)
# The same engine without the browser around it: most browser test files run in it (decision 056).
have chromium-headless-shell || need_apt+=(chromium-headless-shell)
# `grep` without -q reads fc-list to the end: with -q it could stop at the first match, fc-list then
# dies of SIGPIPE, and under pipefail an installed font counted as missing (apt ran again).
fc-list 2>/dev/null | grep -i "Noto Sans CJK" >/dev/null || need_apt+=(fonts-noto-cjk)
# Emoji mission icons in screenshots (phones have their own emoji fonts).
fc-list 2>/dev/null | grep -i "Noto Color Emoji" >/dev/null || need_apt+=(fonts-noto-color-emoji)
have exiftool || need_apt+=(libimage-exiftool-perl)
have nginx || need_apt+=(nginx)
have promtool || need_apt+=(prometheus)
have pg_ctlcluster || need_apt+=(postgresql)
have redis-server || need_apt+=(redis-server)
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "test.sh: missing Debian packages — install: sudo apt-get install -y ${need_apt[*]}" >&2
    exit 1
  fi
  step "installing ${need_apt[*]}"
  # Installing must not start services (nginx on :80, prometheus on :9090): the tests start their own.
  made_policy=
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && made_policy=1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  [ -z "$made_policy" ] || rm -f /usr/sbin/policy-rc.d
fi

# --- PostgreSQL (trust auth, database `test`) ---------------------------------------------------------
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test
  if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
    cluster="$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)"
    step "starting PostgreSQL ${cluster:-?}"
    if [ -n "$cluster" ] && pg_ctlcluster --skip-systemctl-redirect "$cluster" main start; then
      for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
    fi
  fi
  if pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null &&
    ! psql -h 127.0.0.1 -U postgres -tAc "select 1 from pg_database where datname = 'test'" 2>/dev/null | grep -q 1; then
    step "creating database test"
    createdb -h 127.0.0.1 -U postgres test || true
  fi
fi

# --- Redis (the shared rate-limit counters' tests) ----------------------------------------------------
if [ -z "${TEST_REDIS_URL:-}" ]; then
  export TEST_REDIS_URL=redis://127.0.0.1:6379
  if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
    step "starting Redis"
    if redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no; then
      for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 1; done
    fi
  fi
fi

# --- Node 24 LTS from the npm registry into .node/, and node_modules built for it (shared with start.sh)
NODE24_WHO=test.sh
. scripts/node24.sh
node24_install || exit 1
node24_modules || exit 1

# Its wall time, beside the phases' that npm test prints at its end (scripts/test-run.mjs).
step "provisioning took ${SECONDS} s"
export HAMKKE_PROVISIONING_SECONDS="$SECONDS"
step "npm test on Node $(node --version)"
exec npm test
