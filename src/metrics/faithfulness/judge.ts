import type { Llm } from "../../llm/types.js";
import type { PromptTemplate } from "../../prompts/types.js";
import {
  askJudgeForVerdicts,
  readFields,
  type VerdictReading,
  WRITTEN_VERDICTS,
} from "../shared/choice-verdicts.js";
import { askJudge, type JudgeSettings, type JudgeUsage, newUsage } from "../shared/judge.js";
import { judgeWithSplitting, type SplitRecord, splitRecord } from "../shared/split.js";
import { verdictListPlan } from "../shared/verdict-plan.js";
import {
  type FaithfulnessPrompts,
  type Verdict,
  type VerdictsInput,
  type VerdictsOutput,
  verdictsPromptWithoutReasons,
  verdictsSchema,
} from "./prompt.js";
import { mergePartVerdicts } from "./score.js";

/**
 * How the verdict step reads its verdicts (`VerdictReading`); `reasons: false` asks for no reasons; `prefill`
 * writes the answer's structure and statements for the judge (an answer plan) and reads its verdicts.
 */
export interface VerdictMode extends VerdictReading {
  reasons: boolean;
  prefill: boolean;
}

/** The default: written verdicts with reasons, no probabilities read, the whole answer generated. */
export const GREEDY_WITH_REASONS: VerdictMode = { ...WRITTEN_VERDICTS, reasons: true, prefill: false };

/** The verdict slot of the faithfulness answer. */
const VERDICT_SLOT = { key: "verdict", values: ["0", "1"] } as const;

/**
 * One verdict per statement against `contexts` with the verdicts prompt (without the reason field when
 * `mode.reasons` is false). When the mode records confidences, each verdict's probability is read while the judge
 * writes it (`confidence`, and `weight` = P(1) for `"expected"`); the written verdicts are the argmax either way.
 * With `mode.prefill` the answer is written from a plan: the statements are copied exactly, in compact JSON.
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
  const plan = mode.prefill
    ? verdictListPlan(
        {
          listKey: "verdicts",
          textKey: "statement",
          reasonKey: mode.reasons ? "reason" : undefined,
          choiceKey: VERDICT_SLOT.key,
          values: VERDICT_SLOT.values,
        },
        input.statements,
      )
    : undefined;
  const { value, reads } = await askJudgeForVerdicts(
    { llm, template: prompt, input, settings, usage, signal, schema, ...(plan ? { plan } : {}) },
    VERDICT_SLOT,
    mode,
    (answer) => answer.verdicts.map((v) => v.verdict),
  );
  return value.verdicts.map((v, i): Verdict => ({ ...v, ...readFields(reads?.[i], mode) }));
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
