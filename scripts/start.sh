#!/usr/bin/env bash
# The README's first command (decision 064): the whole product with demo data on SQLite and the Kakao
# emulator, on a fresh machine whatever Node it has (none, 20, 22, 24). It installs Node 24 LTS into
# .node/ and builds node_modules for it exactly as the test command does (scripts/node24.sh), then runs
# `npm start` on that Node, which builds what is missing and serves http://localhost:8080 (PORT moves it).
# With Node 24 already first on PATH and node_modules installed, `npm start` alone does the same.
set -euo pipefail
cd "$(dirname "$0")/.."
NODE24_WHO=start.sh
. scripts/node24.sh
node24_install || exit 1
node24_modules || exit 1
echo "start.sh: npm start on Node $(node --version)"
exec npm start
