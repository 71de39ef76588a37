// The token-overlap baseline of `calibrate`: a score from the words alone, no model. Tokens are rouge_score's
// (lower-case [a-z0-9] runs, Porter-stemmed), compared as sets of distinct tokens.

import { rougeTokens } from "../metrics/rouge-score/score.js";
import type { Sample } from "../metrics/types.js";

/** What the overlap compares, from the fields the metric reads. */
export type OverlapKind = "response-in-contexts" | "question-in-contexts" | "response-question-f1";

/** How each kind is described in reports. */
export const overlapDescriptions: Record<OverlapKind, string> = {
  "response-in-contexts": "share of the response's distinct tokens found in the contexts",
  "question-in-contexts": "share of the question's distinct tokens found in the contexts",
  "response-question-f1": "token F1 of the response and the question (distinct tokens)",
};

type OverlapField = "userInput" | "response" | "retrievedContexts";
const overlapFields: readonly OverlapField[] = ["userInput", "response", "retrievedContexts"];

/**
 * The overlap that fits a metric: the response against the contexts when it reads both (faithfulness,
 * groundedness), the question against the contexts when it reads those but no response (context relevance),
 * the response against the question otherwise (a criterion on the answer). The fields are the metric's
 * `requiredFields`; a metric that names none of these three (a judge you define) is matched by the fields the
 * first sample holds. Undefined when fewer than two of them are there.
 *
 * @example
 * overlapKindFor(["userInput", "response", "retrievedContexts"], sample); // "response-in-contexts"
 */
export function overlapKindFor(requiredFields: readonly string[], sample: Sample): OverlapKind | undefined {
  const named = overlapFields.filter((f) => requiredFields.includes(f));
  const fields = new Set(named.length > 0 ? named : overlapFields.filter((f) => sample[f] !== undefined));
  if (fields.has("response") && fields.has("retrievedContexts")) return "response-in-contexts";
  if (fields.has("userInput") && fields.has("retrievedContexts")) return "question-in-contexts";
  if (fields.has("userInput") && fields.has("response")) return "response-question-f1";
  return undefined;
}

function tokenSet(text: string | readonly string[] | undefined): Set<string> {
  const joined = typeof text === "string" ? text : (text ?? []).join("\n");
  return new Set(rougeTokens(joined, true));
}

function sharedCount(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const t of a) if (b.has(t)) n++;
  return n;
}

/**
 * The overlap score of one sample on [0, 1]; null when the text it divides by has no token (an empty
 * response or question), so the row has no baseline score.
 *
 * @example
 * overlapScore("response-in-contexts", { response: "Paris is big", retrievedContexts: ["Paris is in France"] }); // 2/3
 */
export function overlapScore(kind: OverlapKind, sample: Sample): number | null {
  const contexts = tokenSet(sample.retrievedContexts);
  if (kind === "response-in-contexts") {
    const response = tokenSet(sample.response);
    return response.size === 0 ? null : sharedCount(response, contexts) / response.size;
  }
  const question = tokenSet(sample.userInput);
  if (kind === "question-in-contexts") {
    return question.size === 0 ? null : sharedCount(question, contexts) / question.size;
  }
  const response = tokenSet(sample.response);
  if (question.size === 0 || response.size === 0) return null;
  const shared = sharedCount(response, question);
  return (2 * shared) / (response.size + question.size);
}
