// `context_relevance` with Haystack's formula, one folder: prompt.ts (the two mode prompts and Haystack
// examples), score.ts (the formula per mode), judge.ts (the judge call, split when the contexts overflow),
// metric.ts (this Ragas-style class), evaluator.ts (Haystack's ContextRelevanceEvaluator), descriptor.ts
// (id, fields, needs and options for the catalog), options.ts (options, defaults, zod schemas).

import { InvalidInputError } from "../../errors.js";
import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { JudgeMetric } from "../shared/base/judge-metric.js";
import type { MetricResult } from "../types.js";
import { contextRelevanceDescriptor } from "./descriptor.js";
import { judgeContextRelevance } from "./judge.js";
import { contextRelevancePromptVersions, defaultContextRelevancePrompts } from "./prompt.js";
import { type ContextRelevanceMode, contextRelevanceScore } from "./score.js";

/** Options of {@link ContextRelevance}: its descriptor's options (documented on the schema keys in options.ts) and its models. */
export type ContextRelevanceOptions = MetricOptionsOf<typeof contextRelevanceDescriptor>;

/**
 * Context relevance with the metric id `context_relevance`, computed with Haystack's
 * `ContextRelevanceEvaluator` formula (`contextRelevanceScore` in score.ts): the judge breaks the
 * retrieved contexts into statements and scores each 1 (helps answer the question) or 0. Note: Ragas'
 * own `context_relevance` is a different formula (the judge rates the contexts 0/1/2 twice and the
 * ratings are averaged); its numbers are not comparable. With `prefill: true` the statements are the
 * contexts' sentences and the judge only scores them (faster; see the option).
 *
 * @example
 * const metric = new ContextRelevance({ llm });
 * const result = await metric.score({
 *   userInput: "Who created the Python language?",
 *   retrievedContexts: ["Python, created by Guido van Rossum in the late 1980s, is a high-level general-purpose programming language."],
 * });
 * console.log(result.value, result.details?.statements);
 */
export class ContextRelevance extends JudgeMetric<
  MetricInput<typeof contextRelevanceDescriptor>,
  typeof contextRelevanceDescriptor
> {
  static readonly descriptor = contextRelevanceDescriptor;

  readonly mode: ContextRelevanceMode;

  constructor(options: ContextRelevanceOptions) {
    super(options);
    const o = this.options;
    this.mode = o.mode;
    if (o.prefill && o.mode === "relevant-statements") {
      throw new InvalidInputError(
        'prefill: true scores the contexts\' sentences one by one, which is mode "statements"; mode "relevant-statements" has the judge pick sentences itself. Use mode "statements" or prefill: false',
        { field: "ContextRelevance.prefill" },
      );
    }
    if (this.reading.confidence && o.mode === "relevant-statements") {
      throw new InvalidInputError(
        `${o.scoring === "expected" ? 'scoring "expected"' : "confidence: true"} reads statement scores, but mode "relevant-statements" has none; use mode "statements" or the default scoring`,
        { field: `ContextRelevance.${o.scoring === "expected" ? "scoring" : "confidence"}` },
      );
    }
  }

  protected async compute(
    input: MetricInput<typeof contextRelevanceDescriptor>,
    signal: AbortSignal | undefined,
  ): Promise<MetricResult> {
    const prompts = defaultContextRelevancePrompts;
    const j = await judgeContextRelevance(
      this.llm,
      prompts,
      this.mode,
      { question: input.userInput, contexts: input.retrievedContexts },
      "retrievedContexts",
      this.settings,
      signal,
      this.reading,
    );
    const details = {
      mode: this.mode,
      statements: j.statements,
      statementScores: j.statementScores,
      ...(j.confidences !== undefined ? { confidences: j.confidences } : {}),
      ...(j.weights !== undefined ? { weights: j.weights } : {}),
      usage: j.usage,
      ...(j.splits.length > 0 ? { splits: j.splits } : {}),
    };
    const relevant = j.relevantStatements.length;
    let reason: string;
    if (input.retrievedContexts.length === 0) reason = "no contexts were retrieved, so nothing is relevant";
    else if (this.mode === "relevant-statements") {
      reason = relevant > 0 ? `${relevant} relevant statement(s) found` : "no relevant statement found";
    } else if (j.statements.length === 0) reason = "the judge found no statements in the contexts";
    else reason = `${relevant} of ${j.statements.length} statements are relevant to the question`;
    const value = contextRelevanceScore(j.statementScores, this.mode, j.weights);
    return { value, status: "ok", reason, details };
  }

  protected promptVersions(): Record<string, string> {
    return contextRelevancePromptVersions(
      defaultContextRelevancePrompts,
      this.mode,
      this.reading.prefill === true,
    );
  }
}
