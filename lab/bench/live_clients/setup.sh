#!/usr/bin/env bash
# Install the pinned SDKs (npm ci, cached by the lockfile's hash) and bundle one IIFE per SDK with
# esbuild, into lab/bench/live_clients/.build/ (gitignored). Stops loudly if a forbidden package shows
# up in the lockfile or in `npm ls --all`. Idempotent: a second run does nothing.
#
#   lab/bench/live_clients/setup.sh            # all SDKs
#   lab/bench/live_clients/setup.sh --sdks jitsu,honeybadger
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
py="${PYTHON:-$root/.venv/bin/python}"
[ -x "$py" ] || py="$(command -v python3)"
exec "$py" "$here/run.py" --setup-only --out "${TMPDIR:-/tmp}/live-clients-setup" "$@"
