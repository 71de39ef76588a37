# airgap-eval/promptfoo from the installed tarball (sourced by scripts/pack-test.sh in the installed project, with
# step, fail, $repo and $work). First the grader as promptfoo calls it (promptfoo-grader.mjs: an llm-rubric call on
# the tiny judge, an answer promptfoo's parser reads, and an unknown step refused); then, where CI installed promptfoo
# (AIRGAP_EVAL_PROMPTFOO, scripts/promptfoo/setup.sh), `promptfoo eval` on a config in the project that names the
# grader as promptfoo's docs do for a package (package:airgap-eval/promptfoo:PromptfooGrader).
# shellcheck shell=bash
step "airgap-eval/promptfoo: the grader from the installed tarball"
cp "$repo/scripts/pack-test/promptfoo-grader.mjs" .
JUDGE="$work/tiny-judge.gguf" node promptfoo-grader.mjs \
  || fail "airgap-eval/promptfoo's grader did not answer llm-rubric as promptfoo reads it"

if [ -n "${AIRGAP_EVAL_PROMPTFOO:-}" ] && [ -z "$quick" ]; then
  step "promptfoo eval with package:airgap-eval/promptfoo:PromptfooGrader (promptfoo from $AIRGAP_EVAL_PROMPTFOO)"
  mkdir -p promptfoo-run
  cat >promptfoo-run/promptfooconfig.yaml <<EOF
prompts: ["{{answer}}"]
providers: [echo]
defaultTest:
  options:
    provider:
      id: package:airgap-eval/promptfoo:PromptfooGrader
      config: { llm: "$work/tiny-judge.gguf", contextSize: 4096, maxTokens: 128 }
tests:
  - vars:
      query: What is the capital of France?
      answer: Paris is the capital of France.
      context: Paris is the capital and largest city of France.
    assert:
      - { type: llm-rubric, value: The answer names a city. }
      - { type: factuality, value: The capital of France is Paris. }
      - { type: context-faithfulness, threshold: 0 }
      - { type: answer-relevance, threshold: 0 }
EOF
  # promptfoo resolves the package from the config's folder: the project's node_modules, one level up.
  cp package.json promptfoo-run/package.json
  ln -s ../node_modules promptfoo-run/node_modules
  code=0
  (cd promptfoo-run && PROMPTFOO_CONFIG_DIR="$work/promptfoo-home" PROMPTFOO_DISABLE_TELEMETRY=1 PROMPTFOO_DISABLE_UPDATE=1 \
    PROMPTFOO_DISABLE_SHARING=1 PROMPTFOO_DISABLE_REMOTE_GENERATION=1 PROMPTFOO_DISABLE_RUNTIME_WARNINGS=1 NO_COLOR=1 \
    "$AIRGAP_EVAL_PROMPTFOO/node_modules/.bin/promptfoo" eval -c promptfooconfig.yaml --no-cache -j 1 --no-progress-bar \
    -o out.json >"$work/promptfoo.txt" 2>&1) || code=$?
  [ "$code" -eq 0 ] || [ "$code" -eq 100 ] || { cat "$work/promptfoo.txt"; fail "promptfoo eval exited $code with the installed grader"; }
  node -e '
    const results = require("./promptfoo-run/out.json").results.results.flatMap((r) => r.gradingResult.componentResults);
    const failed = results.filter((r) => /malformed|Could not extract|did not match expected format|airgap-eval.s promptfoo grader|^No output$/i.test(r.reason));
    if (results.length !== 4 || failed.length > 0) {
      console.error(results.map((r) => r.assertion.type + ": " + r.reason).join("\n"));
      process.exit(1);
    }
    console.log(results.map((r) => r.assertion.type + " " + r.score.toFixed(2)).join(", ") + ": every answer read");' \
    || fail "promptfoo could not read the installed grader's answers"
else
  echo "(promptfoo eval on the installed grader: not in --quick, and only with AIRGAP_EVAL_PROMPTFOO set, as CI sets it with bash scripts/promptfoo/setup.sh)"
fi
