#!/usr/bin/env bash
# promptfoo from the npm registry, pinned, for test/promptfoo/promptfoo-eval.test.ts (real promptfoo grading through
# airgap-eval/promptfoo). Installed once into <repo>/.promptfoo/<version>/ (gitignored, kept between runs: a
# cached run only checks `promptfoo --version`, a few seconds; the first install takes a few minutes: ~720 packages,
# ~1.8 GB), then prints `AIRGAP_EVAL_PROMPTFOO=<that folder>` for the test to read.
#
#   eval "export $(bash scripts/promptfoo/setup.sh | tail -n 1)"
#
# The version: promptfoo 0.121.20 is the newest whose engines accept Node 20 (^20.20.0 || >=22.22.0); 0.122.0 and
# later require Node >= 22.22, and Node 20 is the machine's and the lowest this package supports. Its install runs
# no install script (--ignore-scripts: promptfoo's CLI needs none of them; its optional packages, libsql's platform binary among them, are kept).
set -euo pipefail
version=0.121.20
repo="$(cd "$(dirname "$0")/../.." && pwd)"
dir="$repo/.promptfoo/$version"
if [ ! -f "$dir/.installed" ]; then
  rm -rf "$dir"
  mkdir -p "$dir"
  printf '{ "name": "airgap-eval-promptfoo-test", "private": true }\n' >"$dir/package.json"
  start=$SECONDS
  (cd "$dir" && npm install --no-audit --no-fund --ignore-scripts --save-exact "promptfoo@$version" >&2)
  touch "$dir/.installed"
  echo "promptfoo $version installed into $dir in $((SECONDS - start)) s" >&2
fi
PROMPTFOO_DISABLE_TELEMETRY=1 PROMPTFOO_DISABLE_UPDATE=1 PROMPTFOO_CONFIG_DIR="$dir/.promptfoo-home" \
  "$dir/node_modules/.bin/promptfoo" --version >/dev/null 2>&1 \
  || { echo "setup.sh: $dir/node_modules/.bin/promptfoo --version failed; delete $dir and run again" >&2; exit 1; }
echo "AIRGAP_EVAL_PROMPTFOO=$dir"
