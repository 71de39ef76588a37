#!/usr/bin/env bash
# The package as a user gets it: `npm pack`, then the tarball installed into a fresh project and globally (with a
# temporary prefix), from the npm registry alone, with no npm setting and no edit to the project's package.json.
# From there: the CLI's --example run, the help text, a TypeScript file using the library (type-checked under
# strict + exactOptionalPropertyTypes with skipLibCheck off, then run), every TypeScript block of README.md and
# docs/*.md type-checked against the installed declarations, and the embeddings compared with the checkout's.
# Run by .ci/run after the tests. Usage: bash scripts/pack-test.sh [--keep]
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/airgap-eval-pack-test.XXXXXX")"
if [ "${1:-}" != "--keep" ]; then trap 'rm -rf "$work"' EXIT; fi
step() { printf '\n== %s\n' "$*"; }
fail() { printf 'pack-test: %s\n' "$*" >&2; exit 1; }
ts_version="$(node -p "require('$repo/package.json').devDependencies.typescript")"
types_node_version="$(node -p "require('$repo/package.json').devDependencies['@types/node']")"
# vitest is an optional peer dependency; the docs' vitest examples are type-checked with it installed.
vitest_version="$(node -p "require('$repo/package.json').devDependencies.vitest")"

step "npm pack"
(cd "$repo" && npm pack --silent --pack-destination "$work" >/dev/null)
tarball="$(ls "$work"/airgap-eval-*.tgz)"
tar tzf "$tarball" >"$work/files.txt"
grep -q '^package/examples/rag-eval.jsonl$' "$work/files.txt" || fail "the package does not ship examples/rag-eval.jsonl"
grep -q '^package/models/starter/glove-100d/onnx/model.onnx$' "$work/files.txt" || fail "the package does not ship the starter embedder"
grep -q '^package/dist/report/assets/report-client.js$' "$work/files.txt" || fail "the package does not ship the HTML report's script"
if grep -q '\.map$' "$work/files.txt"; then fail "the package ships source maps without their sources"; fi
echo "$(wc -l <"$work/files.txt") files, $(du -h "$tarball" | cut -f1)"

step "npm install <tarball> into a fresh project"
mkdir "$work/project"
cd "$work/project"
npm init -y >/dev/null
cp package.json package.before.json
start=$SECONDS
npm install --no-audit --no-fund "$tarball" "typescript@$ts_version" "@types/node@$types_node_version" "vitest@$vitest_version"
echo "installed in $((SECONDS - start)) s; node_modules $(du -sh node_modules | cut -f1)"
node -e '
  const before = require("./package.before.json"), after = require("./package.json");
  for (const k of Object.keys(after)) if (!["dependencies", "devDependencies"].includes(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k])) { console.error("package.json changed: " + k); process.exit(1); }'
if [ -e node_modules/sharp ]; then fail "sharp was installed (its install script downloads libvips from outside the registry)"; fi

step "CLI help names no npm scripts and only files that exist"
npx airgap-eval --help >"$work/help.txt"
npx airgap-eval eval --help >>"$work/help.txt"
if grep -n "npm run" "$work/help.txt"; then fail "CLI help refers to npm run scripts of a checkout"; fi

step "airgap-eval eval --example"
npx airgap-eval eval --example --no-cache --out out/results.jsonl --report out/report.html --report out/report.md \
  | tee "$work/example.txt"
grep -Eq '^semantic_similarity +0\.735 ' "$work/example.txt" || fail "the example's semantic_similarity mean is not 0.735"
test -s out/report.html && test -s out/report.md

step "a TypeScript file using the library, and every TypeScript block of the docs, type-checked strictly"
cp "$repo/scripts/pack-test/quickstart.ts" "$repo/scripts/pack-test/vectors.ts" .
node --import "$repo/node_modules/tsx/dist/esm/index.mjs" -e "
  import { writeFileSync } from 'node:fs';
  import { docPrograms, strictUserTsconfig } from '$repo/scripts/doc-blocks.ts';
  docPrograms('$repo').forEach((p, i) => writeFileSync('doc-' + i + '-' + p.doc.replace(/[/.]/g, '_') + '.ts', p.source + '\n'));
  writeFileSync('tsconfig.json', JSON.stringify({ ...strictUserTsconfig, include: ['*.ts'] }, null, 2));
  writeFileSync('tsconfig.emit.json', JSON.stringify({ extends: './tsconfig.json', compilerOptions: { noEmit: false, outDir: 'build' }, include: ['quickstart.ts', 'vectors.ts'] }));"
node -e 'const p = require("./package.json"); p.type = "module"; require("fs").writeFileSync("package.json", JSON.stringify(p, null, 2));'
npx tsc -p tsconfig.json
npx tsc -p tsconfig.emit.json
node build/quickstart.js

step "vectors from the installed package equal the checkout's (@xenova/transformers itself) to 1e-6"
models=("starter/glove-100d")
if [ -d "$repo/.test-models/tiny-encoder" ]; then models+=("$repo/.test-models/tiny-encoder"); fi
node build/vectors.js "${models[@]}" >"$work/installed.json"
mkdir -p "$repo/tmp"
sed 's#from "airgap-eval"#from "../src/index.ts"#' vectors.ts >"$repo/tmp/pack-test-vectors-$$.ts"
(cd "$repo" && node --import tsx "tmp/pack-test-vectors-$$.ts" "${models[@]}" >"$work/checkout.json")
rm -f "$repo/tmp/pack-test-vectors-$$.ts"
node -e '
  const [a, b] = process.argv.slice(1).map((f) => JSON.parse(require("fs").readFileSync(f, "utf8")));
  let worst = 0, n = 0;
  for (const m of Object.keys(b)) a[m].forEach((v, i) => v.forEach((x, j) => { worst = Math.max(worst, Math.abs(x - b[m][i][j])); n++; }));
  console.log(`${Object.keys(b).length} models, ${n} numbers, largest difference ${worst}`);
  if (!(worst <= 1e-6) || n === 0) process.exit(1);' "$work/installed.json" "$work/checkout.json"

step "npm install -g <tarball> (temporary prefix)"
start=$SECONDS
npm install -g --prefix "$work/global" --no-audit --no-fund "$tarball"
echo "installed in $((SECONDS - start)) s"
mkdir "$work/global-run" && cd "$work/global-run"
"$work/global/bin/airgap-eval" eval --example --metrics semantic_similarity --no-cache --out results.jsonl \
  | tee "$work/global.txt"
grep -Eq '^semantic_similarity +0\.735 ' "$work/global.txt" || fail "the global install's example run differs"

step "pack-test passed"
