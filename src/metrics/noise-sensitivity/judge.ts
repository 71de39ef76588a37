import { extractStatements } from "../shared/judge/statements/extract.js";
import type { StatementSteps } from "../shared/judge/statements/steps.js";
import { judgeStatements } from "../shared/judge/statements/verdicts.js";
import type { Verdict } from "../shared/judge/statements/verdicts-prompt.js";
import type { NoiseVerdicts } from "./score.js";

/** Statements of both texts and every verdict noise sensitivity needs. */
export interface NoiseSensitivityJudgement {
  referenceStatements: string[];
  responseStatements: string[];
  /** Absent when the response or the reference has no statements (no verdict call is made). */
  verdicts?: NoiseVerdicts;
  /** The judge's verdicts with reasons: per context for both sides, and the response against the reference. */
  evidence?: {
    referenceByContext: Verdict[][];
    responseByContext: Verdict[][];
    responseByReference: Verdict[];
  };
}

const flags = (verdicts: Verdict[]) => verdicts.map((v) => v.verdict);

/**
 * Ragas' steps, with faithfulness' two prompts throughout (so the response's statements are shared
 * with faithfulness and answer correctness through the memo and cache):
 * 1. statements of the reference, then of the response;
 * 2. for each retrieved context alone: verdicts on the reference's and on the response's statements;
 * 3. verdicts on the response's statements against the reference.
 */
export async function judgeNoiseSensitivity(
  steps: StatementSteps,
  input: { question: string; response: string; reference: string; contexts: readonly string[] },
): Promise<NoiseSensitivityJudgement> {
  const referenceStatements = await extractStatements(steps, input.question, input.reference, "reference");
  const responseStatements = await extractStatements(steps, input.question, input.response, "response");
  if (responseStatements.length === 0 || referenceStatements.length === 0) {
    return { referenceStatements, responseStatements };
  }
  const referenceByContext: Verdict[][] = [];
  const responseByContext: Verdict[][] = [];
  for (const [c, context] of input.contexts.entries()) {
    const field = `retrievedContexts[${c}]`;
    referenceByContext.push(await judgeStatements(steps, referenceStatements, [context], field));
    responseByContext.push(await judgeStatements(steps, responseStatements, [context], field));
  }
  const responseByReference = await judgeStatements(
    steps,
    responseStatements,
    [input.reference],
    "reference",
  );
  return {
    referenceStatements,
    responseStatements,
    verdicts: {
      referenceByContext: referenceByContext.map(flags),
      responseByContext: responseByContext.map(flags),
      responseByReference: flags(responseByReference),
    },
    evidence: { referenceByContext, responseByContext, responseByReference },
  };
}
