import type { Llm } from "../../llm/types.js";
import type { VerdictReading } from "../shared/judge/choice-verdicts.js";
import { askThreeWayVerdict, type CountedThreeWayVerdict } from "../shared/judge/deepeval-rag/three-way.js";
import { askJudge, type JudgeSettings, type JudgeUsage } from "../shared/judge/judge.js";
import type { SplitRecord } from "../shared/judge/split.js";
import { extractStatements } from "../shared/judge/statements/extract.js";
import { statementSteps } from "../shared/judge/statements/steps.js";
import { claimVerdictPromptFor, truthsPrompt, truthsSchema } from "./prompt.js";
import { countsAsTruthful } from "./score.js";

/** One claim's verdict (2 agrees, 1 borderline, 0 contradicts) and whether it counts as truthful. */
export type ClaimTruthVerdict = CountedThreeWayVerdict & { claim: string };

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
  const schema = truthsSchema(contexts, options.limit);
  const { truths } = await askJudge(llm, truthsPrompt, truthsInput, settings, steps.usage, signal, schema);
  const claims = await extractStatements(steps, input.question, input.response, "response");
  const template = claimVerdictPromptFor(reading.reasons !== false);
  const verdicts: ClaimTruthVerdict[] = [];
  for (const claim of claims) {
    const call = { llm, template, input: { truths, claim }, settings, usage: steps.usage, signal };
    verdicts.push({
      claim,
      ...(await askThreeWayVerdict(call, reading, (v) => countsAsTruthful(v, options.penalizeAmbiguous))),
    });
  }
  return { truths, verdicts, usage: steps.usage, splits: steps.splits };
}
