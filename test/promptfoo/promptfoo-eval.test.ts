// Real promptfoo (scripts/promptfoo/setup.sh's pinned version, from the npm registry) grading a small config with
// airgap-eval/promptfoo as its grading provider (defaultTest.options.provider, the built dist/promptfoo/provider.js):
// llm-rubric, factuality, context-faithfulness, answer-relevance, context-recall, context-relevance,
// model-graded-closedqa and g-eval on the generated tiny GGUF and stories260K (AIRGAP_EVAL_TEST_GGUF), the first four
// on SmolLM2 (the real-model tier; its answers are longer and it runs at a few tokens a second on a loaded machine). Every answer must be one promptfoo reads: no parse failure, no grader error, and each
// assertion's result carries what promptfoo computes from a read answer. The same run twice gives the same scores.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { extraGgufPath, repoRoot, tinyChatGgufPath } from "../setup/paths.js";
import {
  graderFailures,
  type PromptfooComponentResult,
  runPromptfoo,
  skipWithoutPromptfoo,
} from "../support/promptfoo.js";
import { realModelPath, requireBuiltCli, skipWithoutRealModels } from "../support/real-models.js";

const skip = skipWithoutPromptfoo("promptfoo/promptfoo-eval");
const folder = mkdtempSync(path.join(tmpdir(), "airgap-eval-promptfoo-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The grader entry as promptfoo loads it from a file: the built provider.js, whose default export it constructs. */
function graderEntry(): string {
  requireBuiltCli();
  return `file://${path.join(repoRoot, "dist", "promptfoo", "provider.js")}`;
}

/** Each assertion of the test, as the config writes it. */
const ASSERTIONS: Record<string, string> = {
  "llm-rubric": "{ type: llm-rubric, value: The answer names the capital of France. }",
  factuality: "{ type: factuality, value: The capital of France is Paris. }",
  "context-faithfulness": "{ type: context-faithfulness, threshold: 0 }",
  "answer-relevance": "{ type: answer-relevance, threshold: 0 }",
  "context-recall":
    "{ type: context-recall, value: Paris is the capital of France. Paris stands on the Seine., threshold: 0 }",
  "context-relevance": "{ type: context-relevance, threshold: 0 }",
  "model-graded-closedqa": "{ type: model-graded-closedqa, value: The answer names a city. }",
  "g-eval": "{ type: g-eval, value: The answer is correct and concise., threshold: 0 }",
};
/** The four assertions every judge is run on; the small judges run all of {@link ASSERTIONS}. */
const CORE = ["llm-rubric", "factuality", "context-faithfulness", "answer-relevance"];

/** A promptfoo config: the echo provider answers with the test's `answer`, graded by our judge `llm` on `types`. */
function config(llm: string, types: readonly string[], threads = 1): string {
  return `description: airgap-eval as promptfoo's grader
prompts:
  - "{{answer}}"
providers:
  - echo
defaultTest:
  options:
    provider:
      id: ${JSON.stringify(graderEntry())}
      config:
        llm: ${JSON.stringify(llm)}
        threads: ${threads}
        contextSize: 4096
        maxTokens: 256
tests:
  - vars:
      query: What is the capital of France?
      answer: Paris is the capital of France. It lies on the Seine.
      context: Paris is the capital and largest city of France. The city stands on the Seine river.
    assert:
${types.map((t) => `      - ${ASSERTIONS[t]}`).join("\n")}
`;
}

/** What promptfoo computes from an answer it read, per assertion type (a parse failure reads otherwise). */
const readAnswer: Record<string, (r: PromptfooComponentResult) => boolean> = {
  "llm-rubric": (r) =>
    [0, 0.25, 0.5, 0.75, 1].includes(r.score) && !/^(Grading passed|Score .* below)/.test(r.reason),
  factuality: (r) => r.reason.trim() !== "" && (r.score === 0 || r.score === 1),
  "context-faithfulness": (r) => /^Faithfulness \d\.\d\d is/.test(r.reason),
  "answer-relevance": (r) =>
    /^Relevance -?\d\.\d\d is/.test(r.reason) &&
    (r.metadata?.generatedQuestions as unknown[] | undefined)?.length === 3,
  // Both sentences of the expected answer get a verdict.
  "context-recall": (r) => r.metadata?.totalSentences === 2,
  "context-relevance": (r) => /^Context relevance \d\.\d\d is/.test(r.reason),
  "model-graded-closedqa": (r) => /^The submission (meets|does not meet) the criterion/.test(r.reason),
  "g-eval": (r) => r.score >= 0 && r.score <= 1 && r.reason.trim() !== "",
};

function checkRun(results: readonly PromptfooComponentResult[], types: readonly string[]): void {
  expect(graderFailures(results), "grader parse failures").toEqual([]);
  expect(results.map((r) => r.assertion?.type)).toEqual(types);
  const unread = results.filter((r) => !readAnswer[r.assertion?.type ?? ""]?.(r));
  expect(unread.map((r) => `${r.assertion?.type}: ${r.score} ${r.reason}`)).toEqual([]);
}

describe.skipIf(skip)("promptfoo grading with airgap-eval/promptfoo", () => {
  it("reads every answer of the tiny judge, and the same run twice gives the same scores", () => {
    const all = Object.keys(ASSERTIONS);
    const first = runPromptfoo(path.join(folder, "tiny-1"), config(tinyChatGgufPath, all));
    checkRun(first.results, all);
    const second = runPromptfoo(path.join(folder, "tiny-2"), config(tinyChatGgufPath, all));
    expect(second.results.map((r) => [r.assertion?.type, r.score, r.reason])).toEqual(
      first.results.map((r) => [r.assertion?.type, r.score, r.reason]),
    );
  }, 300_000);

  it.skipIf(extraGgufPath === undefined)(
    "reads every answer of stories260K",
    () => {
      const all = Object.keys(ASSERTIONS);
      checkRun(runPromptfoo(path.join(folder, "stories"), config(extraGgufPath as string, all)).results, all);
    },
    300_000,
  );

  it.skipIf(skip || skipWithoutRealModels("promptfoo/promptfoo-eval (SmolLM2)", ["judge"]))(
    "reads every answer of SmolLM2-135M-Instruct on the four core assertions (2 threads, as CI has)",
    () => {
      const run = runPromptfoo(path.join(folder, "smollm2"), config(realModelPath("judge"), CORE, 2));
      checkRun(run.results, CORE);
    },
    600_000,
  );
});
