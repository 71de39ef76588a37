import { InvalidInputError } from "../../errors.js";
import type { Llm } from "../../llm/types.js";
import { BaseMetric } from "../shared/base-metric.js";
import type { JudgeSettings } from "../shared/judge.js";
import { requireContexts, requireText } from "../shared/validate.js";
import type { MetricConfig, MetricResult, Sample, SampleField } from "../types.js";
import {
  type ContextRelevanceMode,
  defaultContextRelevancePrompts,
  isContextRelevanceMode,
  judgeContextRelevance,
} from "./judge-context-relevance.js";

/** Options of {@link ContextRelevance}. */
export interface ContextRelevanceOptions {
  /** Judge that extracts and scores the statements. */
  llm: Llm;
  /** `"statements"`: fraction of relevant statements; `"relevant-statements"`: 1 when any statement is relevant. Defaults to "statements". */
  mode?: ContextRelevanceMode;
  /** Judge temperature; 0 is greedy decoding, which makes scores repeat exactly. Defaults to 0. */
  temperature?: number;
  /** Token budget of each judge answer. Defaults to the Llm's own default. */
  maxTokens?: number;
}

interface ContextRelevanceSampleInput {
  question: string;
  contexts: string[];
}

/**
 * Context relevance with the metric id `context_relevance`, computed with Haystack's
 * `ContextRelevanceEvaluator` formula: the judge breaks the retrieved contexts into statements and
 * scores each 1 (helps answer the question) or 0; the score is the fraction scored 1 (0 when there
 * are no statements or no contexts). In `mode: "relevant-statements"` the score is 1 when any
 * relevant statement exists, else 0. Note: Ragas' own `context_relevance` is a different formula (the
 * judge rates the contexts 0/1/2 twice and the ratings are averaged); its numbers are not comparable.
 *
 * @example
 * const metric = new ContextRelevance({ llm });
 * const result = await metric.score({
 *   userInput: "Who created the Python language?",
 *   retrievedContexts: ["Python, created by Guido van Rossum in the late 1980s, is a high-level general-purpose programming language."],
 * });
 * console.log(result.value, result.details?.statements);
 */
export class ContextRelevance extends BaseMetric<ContextRelevanceSampleInput> {
  readonly name = "context_relevance";
  readonly requiredFields: readonly SampleField[] = ["userInput", "retrievedContexts"];
  readonly usesLlm = true;
  readonly usesEmbeddings = false;
  readonly mode: ContextRelevanceMode;
  /** The judge this metric calls. */
  readonly llm: Llm;
  private readonly settings: JudgeSettings;

  constructor(options: ContextRelevanceOptions) {
    super();
    const mode = options.mode ?? "statements";
    if (!isContextRelevanceMode(mode)) {
      throw new InvalidInputError(`must be "statements" or "relevant-statements", got ${String(mode)}`, {
        field: "mode",
      });
    }
    this.llm = options.llm;
    this.mode = mode;
    this.settings = { temperature: options.temperature ?? 0, maxTokens: options.maxTokens };
  }

  protected validate(sample: Sample, row: number | undefined): ContextRelevanceSampleInput {
    return {
      question: requireText(
        sample.userInput,
        { field: "userInput", row },
        "give the question (Ragas user_input)",
      ),
      contexts: requireContexts(
        sample.retrievedContexts,
        { field: "retrievedContexts", row },
        { allowEmptyList: true },
      ),
    };
  }

  protected concurrency(): number {
    return this.llm.concurrency ?? 1;
  }

  protected async compute(
    input: ContextRelevanceSampleInput,
    signal: AbortSignal | undefined,
  ): Promise<MetricResult> {
    const j = await judgeContextRelevance(
      this.llm,
      defaultContextRelevancePrompts,
      this.mode,
      input,
      "retrievedContexts",
      this.settings,
      signal,
    );
    const details: Record<string, unknown> = {
      mode: this.mode,
      statements: j.statements,
      statementScores: j.statementScores,
      usage: j.usage,
      ...(j.splits.length > 0 ? { splits: j.splits } : {}),
    };
    let reason: string;
    if (input.contexts.length === 0) reason = "no contexts were retrieved, so nothing is relevant";
    else if (this.mode === "statements") {
      reason =
        j.statements.length === 0
          ? "the judge found no statements in the contexts"
          : `${j.relevantStatements.length} of ${j.statements.length} statements are relevant to the question`;
    } else {
      reason =
        j.relevantStatements.length > 0
          ? `${j.relevantStatements.length} relevant statement(s) found`
          : "no relevant statement found";
    }
    return { value: j.score, status: "ok", reason, details };
  }

  /** Prompt version of the chosen mode, options and the judge's provenance. */
  config(): MetricConfig {
    const prompt =
      this.mode === "statements"
        ? defaultContextRelevancePrompts.statements
        : defaultContextRelevancePrompts.relevant;
    return {
      name: this.name,
      promptVersions: { [prompt.name]: prompt.version },
      options: {
        mode: this.mode,
        temperature: this.settings.temperature,
        maxTokens: this.settings.maxTokens ?? null,
      },
      models: [this.llm.provenance()],
    };
  }
}
