import type { PromptTemplate } from "../../prompts/types.js";
import { extractList } from "../shared/judge/statements/extract.js";
import type { StatementSteps } from "../shared/judge/statements/steps.js";
import { judgeStatements } from "../shared/judge/statements/verdicts.js";
import type { Verdict } from "../shared/judge/statements/verdicts-prompt.js";
import type { ClaimsInput, ClaimsOutput } from "./prompt.js";
import type { ClaimCounts, FactualCorrectnessMode } from "./score.js";

/** Claims of each side, their verdicts against the other side, and the counts. */
export interface FactualCorrectnessJudgement {
  responseClaims: string[];
  /** One verdict per response claim: 1 when the reference supports it (TP), 0 (FP). */
  responseVerdicts: Verdict[];
  /** Absent in precision mode, which does not look at the reference's claims. */
  referenceClaims?: string[];
  /** One verdict per reference claim: 1 when the response supports it, 0 (FN). */
  referenceVerdicts?: Verdict[];
  counts: ClaimCounts;
}

/** The claims of `text`, split to fit the judge's window when needed (`extractList`). */
function claimsOf(
  steps: StatementSteps,
  template: PromptTemplate<ClaimsInput, ClaimsOutput>,
  text: string,
  field: string,
): Promise<string[]> {
  return extractList(steps, template, text, field, (part) => ({ text: part }), "claims");
}

/**
 * Ragas' two directions: the response's claims checked against the reference (TP/FP) and, unless
 * the mode is precision, the reference's claims checked against the response (FN). Checking uses
 * faithfulness' verdicts prompt with the other text as the only context (Ragas reuses its NLI prompt
 * the same way); a side without claims needs no verdict call.
 */
export async function judgeFactualCorrectness(
  steps: StatementSteps,
  template: PromptTemplate<ClaimsInput, ClaimsOutput>,
  input: { response: string; reference: string },
  mode: FactualCorrectnessMode,
): Promise<FactualCorrectnessJudgement> {
  const responseClaims = await claimsOf(steps, template, input.response, "response");
  const responseVerdicts = await judgeStatements(steps, responseClaims, [input.reference], "reference");
  const tp = responseVerdicts.filter((v) => v.verdict === 1).length;
  const fp = responseVerdicts.length - tp;
  if (mode === "precision") return { responseClaims, responseVerdicts, counts: { tp, fp, fn: 0 } };
  const referenceClaims = await claimsOf(steps, template, input.reference, "reference");
  const referenceVerdicts = await judgeStatements(steps, referenceClaims, [input.response], "response");
  const fn = referenceVerdicts.filter((v) => v.verdict === 0).length;
  return { responseClaims, responseVerdicts, referenceClaims, referenceVerdicts, counts: { tp, fp, fn } };
}
