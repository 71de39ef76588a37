import type { Llm } from "../../llm/types.js";
import { renderPrompt } from "../../prompts/render.js";
import type { PromptTemplate } from "../../prompts/types.js";
import { readListVerdicts, type Scoring } from "../shared/choice-verdicts.js";
import { askJudge, type JudgeSettings, type JudgeUsage, newUsage } from "../shared/judge.js";
import { judgeWithSplitting, type SplitRecord, splitRecord } from "../shared/split.js";
import {
  type FaithfulnessPrompts,
  type Verdict,
  type VerdictsInput,
  type VerdictsOutput,
  verdictsPromptWithoutReasons,
  verdictsSchema,
} from "./prompt.js";
import { mergePartVerdicts } from "./score.js";

/** How the verdict step decides: see `Scoring`; `reasons: false` asks for no reasons. */
export interface VerdictMode {
  scoring: Scoring;
  reasons: boolean;
}

/** Today's behaviour: the judge writes reasons and verdicts. */
export const GREEDY_WITH_REASONS: VerdictMode = { scoring: "greedy", reasons: true };

/**
 * One verdict per statement against `contexts` with the verdicts prompt:
 * - greedy: the judge writes the answer (with or without reasons);
 * - argmax / expected with reasons: the judge writes the answer, then each verdict is read again from its
 *   token probabilities after the written statement and reason (`confidence`, and `weight` for expected);
 * - argmax / expected without reasons: nothing is generated; each verdict slot is read after the forced
 *   statement text.
 */
export async function judgeVerdictList(
  llm: Llm,
  template: PromptTemplate<VerdictsInput, VerdictsOutput>,
  input: VerdictsInput,
  mode: VerdictMode,
  settings: JudgeSettings,
  usage: JudgeUsage,
  signal: AbortSignal | undefined,
): Promise<Verdict[]> {
  const prompt = mode.reasons ? template : verdictsPromptWithoutReasons(template);
  const schema = verdictsSchema(input.statements.length, mode.reasons);
  let items: Record<string, unknown>[];
  if (mode.scoring === "greedy" || mode.reasons) {
    const written = await askJudge(llm, prompt, input, settings, usage, signal, schema);
    if (mode.scoring === "greedy") return written.verdicts;
    items = written.verdicts.map(({ verdict: _written, ...known }) => known);
  } else {
    items = input.statements.map((statement) => ({ statement }));
  }
  const reads = await readListVerdicts(
    llm,
    renderPrompt(prompt, input),
    { listKey: "verdicts", items, verdictKey: "verdict", choices: ["0", "1"] },
    usage,
    signal,
  );
  return items.map((known, i): Verdict => {
    const read = reads[i]!;
    return {
      ...(known as { statement: string; reason?: string }),
      verdict: read.choice === "1" ? 1 : 0,
      confidence: read.confidence,
      ...(mode.scoring === "expected" ? { weight: read.probabilities["1"] ?? 0 } : {}),
    };
  });
}

/** Everything the judge said about one row: statements, one merged verdict per statement, splits, cost. */
export interface FaithfulnessJudgement {
  statements: string[];
  verdicts: Verdict[];
  splits: SplitRecord[];
  usage: JudgeUsage;
}

/**
 * The core shared by `Faithfulness` (Ragas) and `FaithfulnessEvaluator` (Haystack):
 * 1. the judge breaks the response into standalone statements (a response too long for the judge's
 *    window is split on sentence boundaries and the statements concatenated);
 * 2. the judge gives each statement a verdict against the contexts. When the contexts overflow the
 *    window they are judged per context, then per chunk, and the verdicts are merged by
 *    `mergePartVerdicts` (score.ts). A verdict list whose length differs from the statements is a `JudgeOutputError`.
 */
export async function judgeFaithfulness(
  llm: Llm,
  prompts: FaithfulnessPrompts,
  input: { question: string; response: string; contexts: string[] },
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
  mode: VerdictMode = GREEDY_WITH_REASONS,
): Promise<FaithfulnessJudgement> {
  const usage = newUsage();
  const splits: SplitRecord[] = [];

  const statementsOutcome = await judgeWithSplitting([input.response], "response", (parts) =>
    askJudge(
      llm,
      prompts.statements,
      { question: input.question, answer: parts[0]!.text },
      settings,
      usage,
      signal,
    ),
  );
  const responseSplit = splitRecord("response", statementsOutcome);
  if (responseSplit) splits.push(responseSplit);
  const statements = statementsOutcome.results
    .flatMap((r) => r.value.statements)
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (statements.length === 0) return { statements, verdicts: [], splits, usage };

  const verdictsOutcome = await judgeWithSplitting(input.contexts, "retrievedContexts", (parts) =>
    judgeVerdictList(
      llm,
      prompts.verdicts,
      { contexts: parts.map((p) => p.text), statements },
      mode,
      settings,
      usage,
      signal,
    ),
  );
  const contextSplit = splitRecord("retrievedContexts", verdictsOutcome);
  if (contextSplit) splits.push(contextSplit);

  const verdicts = statements.map((statement, i): Verdict => {
    const merged = mergePartVerdicts(verdictsOutcome.results.map((r) => r.value[i]!));
    return { statement, ...merged };
  });
  return { statements, verdicts, splits, usage };
}
