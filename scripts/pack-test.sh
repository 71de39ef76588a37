#!/usr/bin/env bash
# The package as a user gets it: `npm pack`, then the tarball installed into a fresh project on a machine with nothing
# cached (scripts/pack-test/sandbox.sh: new empty HOME, XDG_CACHE_HOME, npm cache and node-gyp folder; no Node
# headers; compilers, make, python and cmake replaced by stubs that fail), from the npm registry alone, with no npm
# setting and no edit to the project's package.json. It fails if any package compiles, downloads headers, or if a
# host outside the registry answers. The project is CommonJS (`npm init -y`): every entry of the package is
# require()d (Node 20.19+, 22.12+, 24; on an older Node, Node's ERR_REQUIRE_ESM is expected, as docs/install.md says).
# From there: the README's quick start (`npx airgap-eval eval --example ...`, with the result cache, run twice into the
# same --out: the second run continues, exit 0, all cache hits), the agent example (examples/agent-eval.jsonl with the
# rule-based agent metrics), a judge metric on a generated tiny GGUF, `generate` on the shipped example documents
# (examples/docs, with a stage module of scripts/pack-test/stage.mjs, then with the built-in stage on the tiny GGUF;
# the same bytes twice each), the airgap-eval/generate entry, and airgap-eval/promptfoo (an llm-rubric answer; with
# AIRGAP_EVAL_PROMPTFOO set, `promptfoo eval` grading through package:airgap-eval/promptfoo:PromptfooGrader).
# Without --quick also: the shipped metric file (examples/quality.yaml) through `eval --metric-file` and through
# `parseMetricFile` / `loadMetricFile` of the package root and the node-test entry, the help text, docs/testing.md's
# vitest config and global setup as printed (loaded in the CommonJS project), a TypeScript file using the library
# (type-checked under strict + exactOptionalPropertyTypes with skipLibCheck off, then run), every TypeScript block of
# README.md and docs/*.md type-checked against the installed declarations, every TypeScript and shell block of them
# run in the project (scripts/pack-test/run-doc-blocks.ts; a block that cannot run here is marked with its reason),
# the embeddings compared with the checkout's, the CPU-only recipe of docs/install.md (GPU binaries deleted, judge
# still runs), and a global install (temporary prefix).
# Run by .ci/run after the tests, once per supported Node version.
# Usage: bash scripts/pack-test.sh [--keep] [--quick] [--node DIR] [--tarball FILE]
#   --node DIR      run npm, npx and the package on DIR/node (default: the node on PATH)
#   --tarball FILE  test this tarball instead of packing the checkout
#   --quick         the install, require() of the entries, the quick start, the agent example, the judge, generate and
#                   the promptfoo grader only
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
keep="" quick="" node_dir="" tarball=""
while [ $# -gt 0 ]; do
  case "$1" in
    --keep) keep=1 ;;
    --quick) quick=1 ;;
    --node) node_dir="$(cd "$2" && pwd)"; shift ;;
    --tarball) tarball="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"; shift ;;
    *) echo "pack-test: unknown option $1 (usage: pack-test.sh [--keep] [--quick] [--node DIR] [--tarball FILE])" >&2; exit 2 ;;
  esac
  shift
done
work="$(mktemp -d "${TMPDIR:-/tmp}/airgap-eval-pack-test.XXXXXX")"
if [ -z "$keep" ]; then trap 'rm -rf "$work"' EXIT; fi
step() { printf '\n== %s\n' "$*"; }
fail() { printf 'pack-test: %s\n' "$*" >&2; exit 1; }
# shellcheck source=scripts/pack-test/sandbox.sh
source "$repo/scripts/pack-test/sandbox.sh"
ts_version="$(node -p "require('$repo/package.json').devDependencies.typescript")"
types_node_version="$(node -p "require('$repo/package.json').devDependencies['@types/node']")"
# vitest is an optional peer dependency; the docs' vitest examples are type-checked with it installed.
vitest_version="$(node -p "require('$repo/package.json').devDependencies.vitest")"
# docs/embeddings.md's TransformersJsEmbeddings block runs on the user's own transformers.js pipeline; its sharp
# dependency is pinned as the checkout pins it (overrides), the version whose binaries come from the registry.
xenova_version="$(node -p "require('$repo/package.json').devDependencies['@xenova/transformers']")"
sharp_version="$(node -p "require('$repo/package.json').overrides.sharp")"
tsx="$repo/node_modules/tsx/dist/esm/index.mjs"

step "npm pack"
if [ -z "$tarball" ]; then
  (cd "$repo" && npm pack --silent --pack-destination "$work" >/dev/null)
  tarball="$(ls "$work"/airgap-eval-*.tgz)"
fi
tar tzf "$tarball" >"$work/files.txt"
grep -q '^package/examples/rag-eval.jsonl$' "$work/files.txt" || fail "the package does not ship examples/rag-eval.jsonl"
grep -q '^package/models/starter/glove-100d/onnx/model.onnx$' "$work/files.txt" || fail "the package does not ship the starter embedder"
# The report's script, one file per part (src/report/report-script.ts joins them as the package renders).
for part in $(cd "$repo/src/report/assets/report-client" && ls -- *.js); do
  grep -q "^package/dist/report/assets/report-client/$part$" "$work/files.txt" || fail "the package does not ship the HTML report's script ($part)"
done
if grep -q '\.map$' "$work/files.txt"; then fail "the package ships source maps without their sources"; fi
echo "$(wc -l <"$work/files.txt") files, $(du -h "$tarball" | cut -f1)"

# A judge for the judge step: the tests' tiny GGUF, written by the checkout (deterministic bytes).
node --import "$tsx" "$repo/scripts/tiny-gguf.ts" "$work/tiny-judge.gguf" --chat-template >/dev/null

step "a machine with nothing cached"
sandbox_enter "$work/sandbox" "$node_dir"
echo "node $(node -v) ($(command -v node)), npm $(npm -v); HOME, XDG_CACHE_HOME, npm cache, node-gyp folder: empty"
sandbox_check_offline
sandbox_self_test "$work"

step "npm install <tarball> into a fresh project (empty cache, nothing may compile)"
mkdir "$work/project"
cd "$work/project"
npm init -y >/dev/null
cp package.json package.before.json
start=$SECONDS
npm install --no-audit --no-fund --foreground-scripts "$tarball" 2>&1 | tee "$work/install.log"
install_seconds=$((SECONDS - start))
sandbox_assert_nothing_compiled "$work/project" "$work/install.log"
installed_size() {
  echo "node_modules $(du -sm node_modules | cut -f1) MB, $(node -p 'const fs = require("fs");
    Object.keys(require("./package-lock.json").packages).filter((k) => k && fs.existsSync(k)).length') packages"
}
echo "node $(node -v): installed in ${install_seconds} s from an empty cache; $(installed_size)"
node -e '
  const before = require("./package.before.json"), after = require("./package.json");
  for (const k of Object.keys(after)) if (!["dependencies", "devDependencies"].includes(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k])) { console.error("package.json changed: " + k); process.exit(1); }'
if [ -e node_modules/sharp ]; then fail "sharp was installed (its install script downloads libvips from outside the registry)"; fi

step "a CommonJS project (npm init -y): require() of every entry of the package"
[ "$(node -p 'require("./package.json").type ?? "commonjs"')" = commonjs ] || fail "npm init -y did not make a CommonJS project"
# require() of the package's entries (`vitest`: those of airgap-eval/vitest, which need the vitest peer installed;
# `others`: the rest), each giving its exports.
require_entries() {
  local entry
  for entry in $(node -p "Object.keys(require('airgap-eval/package.json').exports)
      .filter((k) => !k.endsWith('.json') && k.startsWith('./vitest') === ('$1' === 'vitest'))
      .map((k) => 'airgap-eval' + k.slice(1)).join(' ')"); do
    node -e "const m = require('$entry'); if (Object.keys(m).length === 0) process.exit(1); console.log('require(\"$entry\"): ' + Object.keys(m).length + ' exports')" \
      || fail "require('$entry') failed in a CommonJS project on node $(node -v) (docs/install.md says it works)"
  done
}
if node -e 'process.exit(process.features.require_module ? 0 : 1)'; then
  require_entries others
  echo "(airgap-eval/vitest and airgap-eval/vitest/reporter: once vitest is installed, below)"
else
  # Node 20.4-20.18 and 22.0-22.11 cannot require() an ES module: docs/install.md says to use import() there.
  node -e 'require("airgap-eval")' 2>"$work/require.txt" && fail "require() worked on node $(node -v), which docs/install.md says cannot"
  grep -q ERR_REQUIRE_ESM "$work/require.txt" || { cat "$work/require.txt"; fail "require() on node $(node -v) failed without ERR_REQUIRE_ESM"; }
  echo "node $(node -v) cannot require() an ES module: ERR_REQUIRE_ESM, as docs/install.md says"
fi

step "the README's quick start, with the result cache, twice into the same --out"
quick_start() {
  npx airgap-eval eval --example --out out/results.jsonl --report out/report.html --report out/report.md
}
quick_start 2>&1 | tee "$work/example.txt"
# The note on the judge metrics left out names the command as a project runs it.
grep -q 'run `npx airgap-eval models pull qwen2.5-0.5b-instruct`' "$work/example.txt" \
  || fail "the quick start's note on the missing judge does not name npx airgap-eval models pull"
grep -Eq '^semantic_similarity +0\.735 ' "$work/example.txt" || fail "the example's semantic_similarity mean is not 0.735"
test -s out/report.html && test -s out/report.md
grep -Eq "^Cache: +0 hits, [1-9][0-9]* misses \($XDG_CACHE_HOME/airgap-eval/cache.sqlite\)" "$work/example.txt" \
  || fail "the first run did not use a new cache under \$XDG_CACHE_HOME"
# The user runs the same command again: it continues into the results it wrote (every row already done, so
# nothing is scored again and the cache is not even asked), exit 0, the same means.
quick_start >"$work/again.txt" 2>&1 || { cat "$work/again.txt"; fail "the quick start run a second time into the same --out failed"; }
cat "$work/again.txt"
grep -q 'holds results of this command: continuing it' "$work/again.txt" || fail "the second run did not continue its --out"
grep -q '(20 already done)' "$work/again.txt" || fail "the second run scored rows the first had finished"
grep -Eq '^semantic_similarity +0\.735 ' "$work/again.txt" || fail "the second run's semantic_similarity mean is not 0.735"
grep -Eq '^Cache: +0 hits, 0 misses' "$work/again.txt" || fail "the second run asked the judge or the cache again"

step "the agent example of docs/agents.md: the rule-based agent metrics on conversations in four formats"
grep -q '^package/examples/agent-eval.jsonl$' "$work/files.txt" || fail "the package does not ship examples/agent-eval.jsonl"
npx airgap-eval eval node_modules/airgap-eval/examples/agent-eval.jsonl \
  --metrics tool_call_accuracy,tool_call_f1,trajectory_match,tool_correctness --out out/agents.jsonl \
  --report out/agents.md --report out/agents.html | tee "$work/agents.txt"
# Each summary line: the metric, its mean, the mean's interval, then the rows scored.
for expected in 'tool_call_accuracy +0\.600 +[-0-9.]+–[-0-9.]+ +5 of 5 ' 'tool_call_f1 +0\.833 +[-0-9.]+–[-0-9.]+ +5 of 5 ' \
  'trajectory_match +0\.500 +[-0-9.]+–[-0-9.]+ +2 of 5 ' 'tool_correctness +1\.000 +[-0-9.]+–[-0-9.]+ +5 of 5 '; do
  grep -Eq "^$expected" "$work/agents.txt" || fail "the agent example's summary lacks /$expected/ (docs/agents.md)"
done
# Which calls matched (docs/agents.md): listed in the Markdown report, drawn by the HTML report's script.
grep -q '^## Tool calls not matched' out/agents.md || fail "the agent example's Markdown report does not list the calls not matched"
grep -q '"callMatching"' out/agents.html || fail "the agent example's HTML report has no call matching in its rows' details"

step "a judge metric on the tiny GGUF (node-llama-cpp's prebuilt CPU binary)"
judge_run() {
  npx airgap-eval eval --example --metrics faithfulness --llm "$work/tiny-judge.gguf" --no-cache --out "out/judge-$1.jsonl" \
    | tee "$work/judge-$1.txt"
  grep -Eq '^faithfulness +[0-9.]+ +[-0-9.]+–[-0-9.]+ +20 of 20 ' "$work/judge-$1.txt" || fail "the judge did not score all 20 rows ($1)"
  # The portable llama.cpp CPU build is pinned from the installed package too (docs/reproducibility.md).
  if [ "$(uname -m)" = x86_64 ]; then
    grep -q '"cpuBuild":"haswell"' "out/judge-$1.jsonl" || fail "the judge did not run the portable haswell CPU build ($1)"
  fi
}
judge_run installed

step "generate: a test set from the shipped example documents, then the airgap-eval/generate entry"
grep -q '^package/examples/docs/greenhouse.md$' "$work/files.txt" || fail "the package does not ship examples/docs"
cp "$repo/scripts/pack-test/stage.mjs" stage.mjs
generate_run() {
  npx airgap-eval generate node_modules/airgap-eval/examples/docs --size 4 --llm "$work/tiny-judge.gguf" \
    --embeddings starter/glove-100d --stage stage.mjs --quiet --overwrite --out "out/$1"
}
generate_run testset.jsonl
generate_run testset-again.jsonl
node -e '
  const fs = require("fs"); const rows = fs.readFileSync("out/testset.jsonl", "utf8").trim().split("\n").map(JSON.parse);
  if (rows.length !== 4) throw new Error("generate wrote " + rows.length + " rows, not 4");
  for (const r of rows) for (const k of ["user_input", "reference", "reference_contexts", "reference_context_ids"]) if (!(k in r)) throw new Error("a row lacks " + k);' \
  || fail "generate did not write 4 rows with the columns eval reads"
cmp out/testset.jsonl out/testset-again.jsonl || fail "generate wrote other bytes on a rerun with the same seed"
# The built-in synthesizers and filters on the tiny judge: it may get fewer rows accepted than --size (exit 1), never
# 2 or a crash; it stops at 4 rows or writes or rejects every planned row (4 and 4 spares), as well-formed JSONL (the test set with
# the columns eval reads), and a rerun writes the same bytes and exit code.
builtin_run() {
  local code=0
  npx airgap-eval generate node_modules/airgap-eval/examples/docs --size 4 --llm "$work/tiny-judge.gguf" \
    --embeddings starter/glove-100d --max-tokens 64 --quiet --overwrite --out "out/$1" || code=$?
  [ "$code" -le 1 ] || fail "generate with the built-in stage exited $code ($1), not 0 or 1"
  echo "$code" >"out/$1.exit"
}
builtin_run builtin.jsonl
builtin_run builtin-again.jsonl
node -e '
  const fs = require("fs");
  const jsonl = (f) => fs.readFileSync(f, "utf8").split("\n").filter((l) => l !== "").map((l, i) => {
    try { return JSON.parse(l); } catch { throw new Error(f + ":" + (i + 1) + " is not JSON"); } });
  const rows = jsonl("out/builtin.jsonl"), rejected = jsonl("out/builtin.jsonl.rejected.jsonl");
  for (const r of rows) for (const k of ["plan_index", "user_input", "reference", "reference_contexts", "reference_context_ids", "synthesizer_name"])
    if (!(k in r)) throw new Error("a row lacks " + k);
  for (const r of rejected) if (typeof r.plan_index !== "number" || typeof r.reason?.kind !== "string") throw new Error("a rejected line lacks plan_index or reason.kind");
  const exit = Number(fs.readFileSync("out/builtin.jsonl.exit", "utf8"));
  if (rows.length > 4 || (rows.length < 4 && rows.length + rejected.length !== 8)) throw new Error(rows.length + " rows and " + rejected.length + " rejected of 4 rows and 4 spares planned");
  if ((rows.length === 4) !== (exit === 0)) throw new Error("exit " + exit + " with " + rows.length + " of 4 rows");
  console.log("built-in stage on the tiny judge: " + rows.length + " of 4 rows accepted, " + rejected.length + " rejected (exit " + exit + ")");' \
  || fail "generate with the built-in stage did not write well-formed files with the columns eval reads"
for suffix in "" .rejected.jsonl .config.json .exit; do
  cmp "out/builtin.jsonl$suffix" "out/builtin-again.jsonl$suffix" \
    || fail "generate with the built-in stage wrote other bytes on a rerun with the same seed (builtin.jsonl$suffix)"
done
node --input-type=module -e 'const g = await import("airgap-eval/generate"); if (typeof g.generateTestset !== "function") process.exit(1);' \
  || fail "airgap-eval/generate does not export generateTestset"
node --input-type=module -e 'const f = await import("airgap-eval/formulas"); if (f.exactMatch("Paris", "Paris") !== 1) process.exit(1);' \
  || fail "airgap-eval/formulas does not give exactMatch(\"Paris\", \"Paris\") = 1"
# shellcheck source=scripts/pack-test/promptfoo.sh
source "$repo/scripts/pack-test/promptfoo.sh"
if [ -n "$quick" ]; then step "pack-test --quick passed on node $(node -v)"; exit 0; fi

step "--cpu-build fastest: ggml's own pick for this CPU, recorded"
npx airgap-eval eval --example --metrics faithfulness --llm "$work/tiny-judge.gguf" --no-cache --cpu-build fastest \
  --out out/judge-fastest.jsonl --quiet
grep -Eq '"cpuBuild":"[a-z0-9_.]+"' out/judge-fastest.jsonl || fail "the fastest build is not recorded"

step "a metric file: eval --metric-file, and parseMetricFile / loadMetricFile from the package's entries"
npx airgap-eval eval --example --metric-file node_modules/airgap-eval/examples/quality.yaml --llm "$work/tiny-judge.gguf" \
  --no-cache --out out/metric-file.jsonl | tee "$work/metric-file.txt"
for id in stays_on_topic answer_quality; do
  grep -Eq "^$id +[0-9.]+ +[-0-9.]+–[-0-9.]+ +20 of 20 " "$work/metric-file.txt" || fail "the metric file's $id did not score all 20 rows"
done
node --input-type=module -e '
  import { parseMetricFile } from "airgap-eval";
  import { loadMetricFile } from "airgap-eval/node-test";
  const ids = parseMetricFile("node_modules/airgap-eval/examples/quality.yaml").map((d) => d.id).join(",");
  if (ids !== "stays_on_topic,answer_quality" || typeof loadMetricFile !== "function") {
    console.error(`parseMetricFile gave ${ids}; node-test loadMetricFile is ${typeof loadMetricFile}`);
    process.exit(1);
  }'

step "docs/install.md, CPU only (a): delete node-llama-cpp's GPU binaries after the install; the judge still runs"
rm -rf node_modules/@node-llama-cpp/*-cuda node_modules/@node-llama-cpp/*-cuda-ext node_modules/@node-llama-cpp/*-vulkan
echo "after the deletion: $(installed_size)"
judge_run deleted

step "typescript, @types/node, vitest and @xenova/transformers beside it, for the type checks and the docs' blocks"
npm pkg set "overrides.sharp=$sharp_version"
npm install --no-audit --no-fund --foreground-scripts "typescript@$ts_version" "@types/node@$types_node_version" \
  "vitest@$vitest_version" "@xenova/transformers@$xenova_version" 2>&1 | tee "$work/install-types.log"
sandbox_assert_nothing_compiled "$work/project" "$work/install-types.log"
if [ -d node_modules/@node-llama-cpp/linux-x64-cuda ]; then echo "note: this npm install put the deleted GPU binaries back"; fi

step "docs/testing.md's vitest setup as written, in the CommonJS project: the config loads (through require())"
if node -e 'process.exit(process.features.require_module ? 0 : 1)'; then require_entries vitest; fi
# vitest.config.ts and vitest.global-setup.ts are the docs' blocks as printed; the global setup checks the
# qwen2.5-0.5b-instruct judge, which is not on this machine, so the run must stop with that one clear error, after
# the config (and so airgap-eval/vitest/reporter) loaded. The example suite, run among the docs' blocks below,
# passes with a judge file.
node --import "$tsx" -e "
  import { writeFileSync } from 'node:fs';
  import { docPrograms } from '$repo/scripts/doc-blocks.ts';
  for (const name of ['vitest.config.ts', 'vitest.global-setup.ts']) {
    const block = docPrograms('$repo').find((p) => p.doc === 'docs/testing.md' && p.source.startsWith('// ' + name + '\\n'));
    if (!block) throw new Error('docs/testing.md has no block starting with // ' + name);
    writeFileSync(name, block.source + '\\n');
  }"
mkdir -p evals && printf '%s\n' 'import { it } from "vitest";' 'it("runs", () => {});' >evals/setup.test.ts
set +e
npx vitest run >"$work/vitest-setup.txt" 2>&1
set -e
if grep -Eq "failed to load config|ESM only|ERR_REQUIRE" "$work/vitest-setup.txt"; then
  cat "$work/vitest-setup.txt"; fail "vitest could not load docs/testing.md's config in a CommonJS project"
fi
grep -q "npx airgap-eval models pull qwen2.5-0.5b-instruct" "$work/vitest-setup.txt" \
  || { cat "$work/vitest-setup.txt"; fail "docs/testing.md's global setup did not stop with the missing judge's advice"; }
echo "vitest loaded the config and ran the global setup, which names the missing judge (npx airgap-eval models pull qwen2.5-0.5b-instruct)"
rm -rf vitest.config.ts vitest.global-setup.ts evals

step "CLI help names no npm scripts and only files that exist, and its examples run as printed in a project"
npx airgap-eval --help >"$work/help.txt"
npx airgap-eval eval --help >>"$work/help.txt"
for command in "report" "report compare" "models" "models path" "datasets" "generate" "calibrate" "merge" "bench"; do
  # shellcheck disable=SC2086
  npx airgap-eval $command --help >>"$work/help.txt"
done
if grep -n "npm run" "$work/help.txt"; then fail "CLI help refers to npm run scripts of a checkout"; fi
# Every example of every --help runs the CLI as a project does (an environment variable may come first).
if grep -nE '^  \$ ([A-Z_]+=[^ ]+ )*airgap-eval |\$\(airgap-eval ' "$work/help.txt"; then fail "a --help example above lacks the npx prefix in a project install"; fi
# In a project install the help's examples start with npx airgap-eval, and its --metric-file example names the
# shipped file where it is (node_modules/airgap-eval/examples/quality.yaml), so it runs as printed.
grep -q '^  \$ npx airgap-eval eval --example' "$work/help.txt" || fail "the help's examples do not start with npx airgap-eval in a project install"
example_file="$(sed -n 's/^  \$ npx airgap-eval eval data.jsonl --metric-file \([^ ]*\) .*/\1/p' "$work/help.txt")"
[ -n "$example_file" ] || fail "the eval help has no --metric-file example"
[ -f "$example_file" ] || fail "the eval help's --metric-file example $example_file does not exist in a project install"
# The metric-file step above ran this very path.
[ "$example_file" = node_modules/airgap-eval/examples/quality.yaml ] || fail "the eval help's --metric-file example is $example_file, not the shipped file the metric-file step ran"

step "a missing judge's advice, printed by the library, names the command as a project runs it"
set +e
npx airgap-eval eval --example --metrics faithfulness --llm qwen2.5-0.5b-instruct --models-dir "$work/no-models" --no-cache \
  --out out/missing-judge.jsonl >"$work/missing-judge.txt" 2>&1
set -e
grep -q "npx airgap-eval models pull qwen2.5-0.5b-instruct" "$work/missing-judge.txt" \
  || { cat "$work/missing-judge.txt"; fail "the missing-judge advice does not name npx airgap-eval models pull"; }

step "a TypeScript file using the library, and every TypeScript block of the docs, type-checked strictly"
cp "$repo/scripts/pack-test/quickstart.ts" "$repo/scripts/pack-test/vectors.ts" .
node --import "$tsx" -e "
  import { writeFileSync } from 'node:fs';
  import { docPrograms, programFileName, strictUserTsconfig } from '$repo/scripts/doc-blocks.ts';
  docPrograms('$repo').forEach((p, i) => writeFileSync(programFileName(p, i), p.source + '\n'));
  writeFileSync('tsconfig.json', JSON.stringify({ ...strictUserTsconfig, include: ['*.ts'] }, null, 2));
  writeFileSync('tsconfig.emit.json', JSON.stringify({ extends: './tsconfig.json', compilerOptions: { noEmit: false, outDir: 'build' } }));"
node -e 'const p = require("./package.json"); p.type = "module"; require("fs").writeFileSync("package.json", JSON.stringify(p, null, 2));'
npx tsc -p tsconfig.json
npx tsc -p tsconfig.emit.json
node build/quickstart.js

step "every TypeScript and shell block of README.md and docs/*.md, run in the project (or listed with its reason)"
start=$SECONDS
node --import "$tsx" "$repo/scripts/pack-test/run-doc-blocks.ts" "$repo" "$work/tiny-judge.gguf"
echo "the docs' blocks ran in $((SECONDS - start)) s"

step "vectors from the installed package equal the checkout's sources' to 1e-6"
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

step "docs/install.md, CPU only (b): --omit=optional with the CPU binaries named (Linux x64)"
if [ "$(node -p 'process.platform + "-" + process.arch')" = "linux-x64" ]; then
  llama_version="$(node -p "require('$repo/package.json').dependencies['node-llama-cpp']")"
  libsql_version="$(node -p "require('$repo/package.json').dependencies.libsql")"
  mkdir "$work/cpu-only" && cd "$work/cpu-only"
  npm init -y >/dev/null
  start=$SECONDS
  npm install --no-audit --no-fund --foreground-scripts --omit=optional --save-exact "$tarball" \
    "@node-llama-cpp/linux-x64@$llama_version" "@libsql/linux-x64-gnu@$libsql_version" 2>&1 | tee "$work/install-cpu-only.log"
  echo "installed in $((SECONDS - start)) s (npm cache filled by the first install); $(installed_size)"
  sandbox_assert_nothing_compiled "$work/cpu-only" "$work/install-cpu-only.log"
  npx airgap-eval eval --example --metrics semantic_similarity --out out/results.jsonl | tee "$work/cpu-only.txt"
  grep -Eq '^semantic_similarity +0\.735 ' "$work/cpu-only.txt" || fail "the CPU-only install's example run differs"
  grep -Eq '^Cache: +[0-9]+ hits' "$work/cpu-only.txt" || fail "the CPU-only install ran without the cache"
  judge_run cpu-only
else
  echo "skipped: this recipe names the Linux x64 packages"
fi

step "npm install -g <tarball> (temporary prefix)"
start=$SECONDS
npm install -g --prefix "$work/global" --no-audit --no-fund --foreground-scripts "$tarball" 2>&1 | tee "$work/install-global.log"
echo "installed in $((SECONDS - start)) s"
sandbox_assert_nothing_compiled "$work/global/lib" "$work/install-global.log"
mkdir "$work/global-run" && cd "$work/global-run"
"$work/global/bin/airgap-eval" eval --example --metrics semantic_similarity --no-cache --out results.jsonl \
  | tee "$work/global.txt"
grep -Eq '^semantic_similarity +0\.735 ' "$work/global.txt" || fail "the global install's example run differs"

step "pack-test passed on node $(node -v)"
