#!/usr/bin/env bash
# Runs the peer environment's Python with peers/env.sh sourced (telemetry, update checks and hub downloads off):
#   bash peers/run.sh peers/smoke.py
# The venv is AIRGAP_EVAL_PEERS_VENV (default <repo>/.peers-venv), made by `bash peers/setup.sh [core|bench]`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${AIRGAP_EVAL_PEERS_VENV:-$(dirname "$here")/.peers-venv}"
[ -x "$venv/bin/python" ] || {
  echo "run.sh: no peer environment at $venv; make it with: bash peers/setup.sh (or: bash peers/setup.sh bench)" >&2
  exit 1
}
# shellcheck source=peers/env.sh
source "$here/env.sh"
exec "$venv/bin/python" "$@"
