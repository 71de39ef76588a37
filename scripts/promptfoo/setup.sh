#!/usr/bin/env bash
# promptfoo from the npm registry, pinned, for test/promptfoo/promptfoo-eval.test.ts (real promptfoo grading through
# airgap-eval/promptfoo). Installed with `npm ci` from scripts/promptfoo/package-lock.json (promptfoo and every one of
# its ~720 packages pinned by version and integrity hash, so every run installs the same tree) into
# <repo>/.promptfoo/<version>-<lock hash>/ (gitignored; kept between runs in one checkout: a cached run only checks
# `promptfoo --version`, a few seconds; an install takes a few minutes, ~1.8 GB, less with a warm npm cache), then
# prints `AIRGAP_EVAL_PROMPTFOO=<that folder>` for the test to read.
#
#   eval "export $(bash scripts/promptfoo/setup.sh | tail -n 1)"
#
# The version: promptfoo 0.121.20 is the newest whose engines accept Node 20 (^20.20.0 || >=22.22.0); 0.122.0 and
# later require Node >= 22.22, and Node 20 is the machine's and the lowest this package supports. Its install runs
# no install script (--ignore-scripts: promptfoo's CLI needs none of them; its optional packages, libsql's platform
# binary among them, are kept). To move the pin: change the version in scripts/promptfoo/package.json, then
# `npm install --package-lock-only --ignore-scripts` in scripts/promptfoo/ and commit both files.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
version="$(node -p 'require(process.argv[1]).dependencies.promptfoo' "$repo/scripts/promptfoo/package.json")"
# The folder is named by the lock's hash too, so a moved pin (or a regenerated lock) installs afresh.
lock_hash="$(sha256sum "$repo/scripts/promptfoo/package-lock.json" | cut -c1-12)"
dir="$repo/.promptfoo/$version-$lock_hash"
if [ ! -f "$dir/.installed" ]; then
  rm -rf "$dir"
  mkdir -p "$dir"
  cp "$repo/scripts/promptfoo/package.json" "$repo/scripts/promptfoo/package-lock.json" "$dir/"
  start=$SECONDS
  (cd "$dir" && npm ci --no-audit --no-fund --ignore-scripts >&2)
  touch "$dir/.installed"
  echo "promptfoo $version installed into $dir in $((SECONDS - start)) s" >&2
fi
PROMPTFOO_DISABLE_TELEMETRY=1 PROMPTFOO_DISABLE_UPDATE=1 PROMPTFOO_CONFIG_DIR="$dir/.promptfoo-home" \
  "$dir/node_modules/.bin/promptfoo" --version >/dev/null 2>&1 \
  || { echo "setup.sh: $dir/node_modules/.bin/promptfoo --version failed; delete $dir and run again" >&2; exit 1; }
echo "AIRGAP_EVAL_PROMPTFOO=$dir"
