import type { Llm } from "../../llm/types.js";
import { askJudgeForVerdicts, type VerdictReading } from "../shared/choice-verdicts.js";
import { askJudge, type JudgeSettings, type JudgeUsage } from "../shared/judge.js";
import type { SplitRecord } from "../shared/split.js";
import { extractStatements } from "../shared/statements/extract.js";
import { statementSteps } from "../shared/statements/steps.js";
import { type ClaimVerdict, claimVerdictPromptFor, truthsPrompt, truthsSchema } from "./prompt.js";
import { countsAsTruthful } from "./score.js";

/** The verdict slot: 0 contradicts, 1 borderline, 2 agrees. */
const CLAIM_SLOT = { key: "verdict", values: ["0", "1", "2"] } as const;

/** One claim's verdict, whether it counts as truthful, and (probabilities read) `confidence` and `weight`. */
export type ClaimTruthVerdict = ClaimVerdict & {
  claim: string;
  counted: 0 | 1;
  confidence?: number;
  weight?: number;
};

/** The truths, the claims' verdicts, what they cost, and how the response was split. */
export interface DeepEvalFaithfulnessJudgement {
  truths: string[];
  verdicts: ClaimTruthVerdict[];
  usage: JudgeUsage;
  splits: SplitRecord[];
}

/** What the judge steps read besides the texts. */
export interface FaithfulnessSteps {
  limit: number | undefined;
  penalizeAmbiguous: boolean;
}

/**
 * The judge lists the truths of all retrieved contexts (at most `limit` per context), breaks the response into
 * claims (the shared statements step), then gives each claim a verdict against the truths.
 */
export async function judgeDeepEvalFaithfulness(
  llm: Llm,
  input: { question: string; response: string; contexts: readonly string[] },
  options: FaithfulnessSteps,
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
  reading: VerdictReading,
): Promise<DeepEvalFaithfulnessJudgement> {
  const steps = statementSteps(llm, settings, signal, reading);
  const contexts = [...input.contexts];
  const truthsInput = { contexts, ...(options.limit === undefined ? {} : { limit: options.limit }) };
  const schema = truthsSchema(contexts.length, options.limit);
  const { truths } = await askJudge(llm, truthsPrompt, truthsInput, settings, steps.usage, signal, schema);
  const claims = await extractStatements(steps, input.question, input.response, "response");
  const template = claimVerdictPromptFor(reading.reasons !== false);
  const verdicts: ClaimTruthVerdict[] = [];
  for (const claim of claims) {
    const call = { llm, template, input: { truths, claim }, settings, usage: steps.usage, signal };
    const { value, reads } = await askJudgeForVerdicts(call, CLAIM_SLOT, reading, (v) => [v.verdict]);
    const read = reads?.[0];
    const truthful = options.penalizeAmbiguous
      ? (read?.probabilities["2"] ?? 0)
      : 1 - (read?.probabilities["0"] ?? 0);
    verdicts.push({
      claim,
      ...value,
      counted: countsAsTruthful(value.verdict, options.penalizeAmbiguous),
      ...(read ? { confidence: read.confidence } : {}),
      ...(read && reading.scoring === "expected" ? { weight: truthful } : {}),
    });
  }
  return { truths, verdicts, usage: steps.usage, splits: steps.splits };
}
