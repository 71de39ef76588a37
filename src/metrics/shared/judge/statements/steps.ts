import type { Llm } from "../../../../llm/types.js";
import type { PromptTemplate } from "../../../../prompts/types.js";
import { type VerdictReading, WRITTEN_VERDICTS } from "../choice-verdicts.js";
import { type JudgeSettings, type JudgeUsage, newUsage } from "../judge.js";
import type { SplitRecord } from "../split.js";
import {
  faithfulnessStatementsPrompt,
  type StatementsInput,
  type StatementsOutput,
} from "./statements-prompt.js";
import {
  faithfulnessVerdictsPrompt,
  type VerdictsInput,
  type VerdictsOutput,
  verdictsPromptWithoutReasons,
} from "./verdicts-prompt.js";

/** The two prompts of the statement steps: the built-in ones, or faithfulness' with a Haystack user's examples. */
export interface StatementPrompts {
  statements: PromptTemplate<StatementsInput, StatementsOutput>;
  verdicts: PromptTemplate<VerdictsInput, VerdictsOutput>;
}

/** The built-in prompts. */
export const defaultStatementPrompts: StatementPrompts = {
  statements: faithfulnessStatementsPrompt,
  verdicts: faithfulnessVerdictsPrompt,
};

/**
 * The two statement steps several Ragas metrics share with faithfulness (Ragas reuses its
 * `StatementGeneratorPrompt` and `NLIStatementPrompt` in answer correctness, noise sensitivity and
 * factual correctness), for one row: the same templates with the same input render the same prompt, so the
 * judge's memo and the disk cache answer a repeated step once per row, with no special case.
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
  /** The prompts of the two steps. */
  prompts: StatementPrompts;
}

/**
 * Fresh steps for one row: usage counted from zero, no splits yet, verdicts read as `reading` says (default:
 * written), with the built-in prompts unless `prompts` are given.
 *
 * @example
 * const steps = statementSteps(llm, settings, signal);
 * const statements = await extractStatements(steps, question, response, "response");
 */
export function statementSteps(
  llm: Llm,
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
  reading: VerdictReading = WRITTEN_VERDICTS,
  prompts: StatementPrompts = defaultStatementPrompts,
): StatementSteps {
  return { llm, settings, usage: newUsage(), signal, splits: [], reading, prompts };
}

/**
 * Prompt versions of the steps a metric uses, for its `config().promptVersions`; `reasons: false` gives the
 * verdicts prompt's `+noreasons` version.
 *
 * @example
 * statementPromptVersions({ statements: true, verdicts: true }); // { "faithfulness/statements": "1.3.0", ... }
 */
export function statementPromptVersions(
  which: { statements: boolean; verdicts: boolean; reasons?: boolean },
  prompts: StatementPrompts = defaultStatementPrompts,
): Record<string, string> {
  const verdicts =
    which.reasons === false ? verdictsPromptWithoutReasons(prompts.verdicts) : prompts.verdicts;
  return {
    ...(which.statements ? { [prompts.statements.name]: prompts.statements.version } : {}),
    ...(which.verdicts ? { [verdicts.name]: verdicts.version } : {}),
  };
}
