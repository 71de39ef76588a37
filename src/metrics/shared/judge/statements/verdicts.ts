import type { Llm } from "../../../../llm/types.js";
import type { PromptTemplate } from "../../../../prompts/types.js";
import {
  askJudgeForVerdicts,
  readFields,
  type VerdictReading,
  WRITTEN_VERDICTS,
} from "../choice-verdicts.js";
import type { JudgeSettings, JudgeUsage } from "../judge.js";
import { judgeWithSplitting, splitRecord } from "../split.js";
import { copyChars, listReasonChars } from "../text-schema.js";
import { verdictListPlan } from "../verdict-plan.js";
import { mergePartVerdicts } from "./merge.js";
import type { StatementSteps } from "./steps.js";
import {
  type Verdict,
  type VerdictsInput,
  type VerdictsOutput,
  verdictsPromptWithoutReasons,
  verdictsSchema,
} from "./verdicts-prompt.js";

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

/** The verdict slot of the verdicts answer. */
const VERDICT_SLOT = { key: "verdict", values: ["0", "1"] } as const;

/**
 * One verdict per statement against `contexts` with the verdicts prompt (without the reason field when
 * `mode.reasons` is false). When the mode records confidences, each verdict's probability is read while the judge
 * writes it (`confidence`, and `weight` = P(1) for `"expected"`); the written verdicts are the argmax either way.
 * With `mode.prefill` the answer is written from a plan: the statements are copied exactly, in compact JSON.
 *
 * @example
 * const verdicts = await judgeVerdictList(llm, faithfulnessVerdictsPrompt, { contexts, statements }, GREEDY_WITH_REASONS, settings, newUsage(), undefined);
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
  const schema = verdictsSchema(input.statements.length, mode.reasons, copyChars(input.statements));
  const plan = mode.prefill
    ? verdictListPlan(
        {
          listKey: "verdicts",
          textKey: "statement",
          reason: mode.reasons
            ? { key: "reason", chars: listReasonChars(input.statements.length) }
            : undefined,
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

/**
 * One verdict per statement (1: can be inferred from `contexts`, 0: cannot) with the verdicts prompt, its schema
 * sized to the statements so a missing verdict cannot be generated (and an Llm that returns one anyway is a
 * `JudgeOutputError`). Contexts too long for the window are judged in parts, and a statement is supported when
 * any part supports it (`mergePartVerdicts`). With `steps.reading`, each verdict's probability is read too
 * (`confidence`, `weight`). No statements: no call.
 *
 * @example
 * const verdicts = await judgeStatements(steps, statements, retrievedContexts, "retrievedContexts");
 */
export async function judgeStatements(
  steps: StatementSteps,
  statements: readonly string[],
  contexts: readonly string[],
  field: string,
): Promise<Verdict[]> {
  if (statements.length === 0) return [];
  const mode: VerdictMode = {
    ...steps.reading,
    reasons: steps.reading.reasons !== false,
    prefill: steps.reading.prefill === true,
  };
  const outcome = await judgeWithSplitting(contexts, field, (parts) =>
    judgeVerdictList(
      steps.llm,
      steps.prompts.verdicts,
      { contexts: parts.map((p) => p.text), statements: [...statements] },
      mode,
      steps.settings,
      steps.usage,
      steps.signal,
    ),
  );
  const split = splitRecord(field, outcome);
  if (split) steps.splits.push(split);
  return statements.map(
    (statement, i): Verdict =>
      ({ statement, ...mergePartVerdicts(outcome.results.map((r) => r.value[i]!)) }) as Verdict,
  );
}
