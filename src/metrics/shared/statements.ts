import type { Llm } from "../../llm/types.js";
import { judgeVerdictList } from "../faithfulness/judge.js";
import {
  faithfulnessStatementsPrompt,
  faithfulnessVerdictsPrompt,
  type Verdict,
  verdictsPromptWithoutReasons,
} from "../faithfulness/prompt.js";
import { mergePartVerdicts } from "../faithfulness/score.js";
import { type VerdictReading, WRITTEN_VERDICTS } from "./choice-verdicts.js";
import { askJudge, type JudgeSettings, type JudgeUsage, newUsage } from "./judge.js";
import { judgeWithSplitting, type SplitRecord, splitRecord } from "./split.js";

/**
 * The two statement steps several Ragas metrics share with faithfulness (Ragas reuses its
 * `StatementGeneratorPrompt` and `NLIStatementPrompt` in answer correctness, noise sensitivity and
 * factual correctness): the same templates with the same input render the same prompt, so the judge's
 * memo and the disk cache answer a repeated step once per row, with no special case.
 */
export interface StatementSteps {
  llm: Llm;
  settings: JudgeSettings;
  usage: JudgeUsage;
  signal: AbortSignal | undefined;
  /** Where each split input is recorded (`details.splits`). */
  splits: SplitRecord[];
  /** How the verdict step reads its verdicts (`scoring`, `confidence`) and whether it asks for reasons (`reasons`). */
  reading: VerdictReading;
}

/** Fresh steps for one row: usage counted from zero, no splits yet, verdicts read as `reading` says (default: written). */
export function statementSteps(
  llm: Llm,
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
  reading: VerdictReading = WRITTEN_VERDICTS,
): StatementSteps {
  return { llm, settings, usage: newUsage(), signal, splits: [], reading };
}

/**
 * Breaks `text` into standalone statements with faithfulness' statements prompt (`question` helps
 * resolve references). A text too long for the judge's window is cut on sentence boundaries and the
 * statements of the parts concatenated; `field` names the text in the split record.
 */
export async function extractStatements(
  steps: StatementSteps,
  question: string,
  text: string,
  field: string,
): Promise<string[]> {
  const outcome = await judgeWithSplitting([text], field, (parts) =>
    askJudge(
      steps.llm,
      faithfulnessStatementsPrompt,
      { question, answer: parts[0]!.text },
      steps.settings,
      steps.usage,
      steps.signal,
    ),
  );
  const split = splitRecord(field, outcome);
  if (split) steps.splits.push(split);
  return outcome.results
    .flatMap((r) => r.value.statements)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/**
 * One verdict per statement (1: can be inferred from `contexts`, 0: cannot) with faithfulness'
 * verdicts prompt, its schema sized to the statements so a missing verdict cannot be generated (and
 * an Llm that returns one anyway is a `JudgeOutputError`). Contexts too long for the window are
 * judged in parts; a statement is supported when any part supports it (faithfulness' own verdict step and merge).
 * With `steps.reading`, each verdict's probability is read too (`confidence`, `weight`). No statements: no call.
 */
export async function judgeStatements(
  steps: StatementSteps,
  statements: readonly string[],
  contexts: readonly string[],
  field: string,
): Promise<Verdict[]> {
  if (statements.length === 0) return [];
  const outcome = await judgeWithSplitting(contexts, field, (parts) =>
    judgeVerdictList(
      steps.llm,
      faithfulnessVerdictsPrompt,
      { contexts: parts.map((p) => p.text), statements: [...statements] },
      { ...steps.reading, reasons: steps.reading.reasons !== false, prefill: steps.reading.prefill === true },
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

/**
 * Prompt versions of the two shared steps, for a metric's `config().promptVersions`; `reasons: false` gives the
 * verdicts prompt's `+noreasons` version.
 */
export function statementPromptVersions(which: {
  statements: boolean;
  verdicts: boolean;
  reasons?: boolean;
}): Record<string, string> {
  const verdicts =
    which.reasons === false
      ? verdictsPromptWithoutReasons(faithfulnessVerdictsPrompt)
      : faithfulnessVerdictsPrompt;
  return {
    ...(which.statements
      ? { [faithfulnessStatementsPrompt.name]: faithfulnessStatementsPrompt.version }
      : {}),
    ...(which.verdicts ? { [verdicts.name]: verdicts.version } : {}),
  };
}
