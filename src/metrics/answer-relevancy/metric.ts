import type { Embeddings } from "../../embeddings/types.js";
import { ContextOverflowError, InvalidInputError, JudgeOutputError } from "../../errors.js";
import type { Llm } from "../../llm/types.js";
import { mean } from "../../math/mean.js";
import type { PromptTemplate } from "../../prompts/types.js";
import { BaseMetric } from "../shared/base-metric.js";
import { askJudge, type JudgeSettings, newUsage } from "../shared/judge.js";
import { requireText } from "../shared/validate.js";
import { cosineOrThrow, embedAll } from "../shared/vectors.js";
import type { MetricConfig, MetricResult, Sample, SampleField } from "../types.js";
import { answerRelevancyPrompt, type QuestionsInput, type QuestionsOutput } from "./prompt.js";

/** When a response counts as noncommittal: `"all"` questions flagged (current Ragas) or `"any"` (older Ragas). */
export type NoncommittalMode = "all" | "any";

/** Options of {@link AnswerRelevancy}. */
export interface AnswerRelevancyOptions {
  /** Judge that writes the questions. */
  llm: Llm;
  /** Embedding model for the user input and the generated questions. */
  embeddings: Embeddings;
  /** Number of questions the judge writes per sample (Ragas `strictness`), 1 to 10. Defaults to 3. */
  strictness?: number;
  /** `"all"`: score 0 only when every question is flagged noncommittal (current Ragas); `"any"`: when one is (older Ragas). Defaults to "all". */
  noncommittalMode?: NoncommittalMode;
  /** Judge temperature; 0 is greedy decoding, which makes scores repeat exactly. Defaults to 0. */
  temperature?: number;
  /** Token budget of the judge's answer. Defaults to the Llm's own default. */
  maxTokens?: number;
}

interface AnswerRelevancyInput {
  userInput: string;
  response: string;
}

/**
 * Ragas `answer_relevancy`: how well the response answers the user input. The judge reads only the
 * response and writes `strictness` distinct questions it would answer, in one call (greedy decoding,
 * a schema with exactly `strictness` items), each flagged noncommittal when the response dodges that
 * question. The score is the mean cosine similarity between the user input's embedding and each
 * question's embedding, set to 0 when the response is noncommittal (see `noncommittalMode`). Cosine
 * is not clamped, so the value can be negative. Every question must be real text (the grammar forbids
 * an empty string; a whitespace-only one fails the schema re-check): when the judge cannot write one,
 * the row is an error with `value: null` and the error text (where Ragas gives NaN), never a 0.
 *
 * The response is never split: the questions must be ones the whole response answers (as in Ragas,
 * where each question is written from the full response), and questions pooled from fragments would
 * measure the fragments instead. A response too long for the judge's window is an error row
 * (`ContextOverflowError`) whose text says to load the judge with a larger `contextSize`, lower
 * `maxTokens`, or shorten the response.
 *
 * @example
 * const metric = new AnswerRelevancy({ llm, embeddings, strictness: 3, noncommittalMode: "all" });
 * const result = await metric.score({
 *   userInput: "Where is the Eiffel Tower?",
 *   response: "The Eiffel Tower is in Paris.",
 * });
 * console.log(result.value, result.details?.questions);
 */
export class AnswerRelevancy extends BaseMetric<AnswerRelevancyInput> {
  readonly name = "answer_relevancy";
  readonly requiredFields: readonly SampleField[] = ["userInput", "response"];
  readonly usesLlm = true;
  readonly usesEmbeddings = true;
  readonly strictness: number;
  readonly noncommittalMode: NoncommittalMode;
  /** The judge this metric calls. */
  readonly llm: Llm;
  private readonly embeddings: Embeddings;
  private readonly settings: JudgeSettings;
  private readonly template: PromptTemplate<QuestionsInput, QuestionsOutput>;

  constructor(options: AnswerRelevancyOptions) {
    super();
    const strictness = options.strictness ?? 3;
    if (!Number.isInteger(strictness) || strictness < 1 || strictness > 10) {
      throw new InvalidInputError(`must be an integer from 1 to 10, got ${strictness}`, {
        field: "strictness",
      });
    }
    const mode = options.noncommittalMode ?? "all";
    if (mode !== "all" && mode !== "any") {
      throw new InvalidInputError(`must be "all" or "any", got ${String(mode)}`, {
        field: "noncommittalMode",
      });
    }
    this.llm = options.llm;
    this.embeddings = options.embeddings;
    this.strictness = strictness;
    this.noncommittalMode = mode;
    this.settings = { temperature: options.temperature ?? 0, maxTokens: options.maxTokens };
    this.template = answerRelevancyPrompt(strictness);
  }

  protected validate(sample: Sample, row: number | undefined): AnswerRelevancyInput {
    return {
      userInput: requireText(
        sample.userInput,
        { field: "userInput", row },
        "give the question (Ragas user_input)",
      ),
      response: requireText(
        sample.response,
        { field: "response", row },
        "give the answer to evaluate (Ragas response)",
      ),
    };
  }

  protected concurrency(): number {
    return this.llm.concurrency ?? 1;
  }

  protected async compute(
    input: AnswerRelevancyInput,
    signal: AbortSignal | undefined,
  ): Promise<MetricResult> {
    const usage = newUsage();
    const out = await askJudge(
      this.llm,
      this.template,
      { response: input.response, count: this.strictness },
      this.settings,
      usage,
      signal,
    ).catch((err: unknown) => {
      throw err instanceof ContextOverflowError ? unsplittable(err, input.response.length) : err;
    });
    if (out.questions.length !== this.strictness) {
      throw new JudgeOutputError(
        `judge wrote ${out.questions.length} questions, expected ${this.strictness}`,
        JSON.stringify(out),
      );
    }
    const details: Record<string, unknown> = { noncommittalMode: this.noncommittalMode, usage };
    // The schema (grammar minLength 1, re-checked for a non-space character) guarantees real text,
    // so every question is usable; a blank one has already failed as a JudgeOutputError row.
    const [userVector, ...questionVectors] = await embedAll(this.embeddings, [
      input.userInput,
      ...out.questions.map((q) => q.question),
    ]);
    const similarities = questionVectors.map((v, i) =>
      cosineOrThrow(userVector!, v, "the user input", `generated question ${i}`),
    );
    details.questions = out.questions.map((q, i) => ({
      question: q.question,
      noncommittal: q.noncommittal,
      similarity: similarities[i]!,
    }));
    const flags = out.questions.map((q) => q.noncommittal === 1);
    const noncommittal = this.noncommittalMode === "all" ? flags.every((f) => f) : flags.some((f) => f);
    const meanSimilarity = mean(similarities)!;
    details.meanSimilarity = meanSimilarity;
    details.noncommittal = noncommittal;
    if (noncommittal) {
      const which = this.noncommittalMode === "all" ? "all questions were" : "at least one question was";
      return {
        value: 0,
        status: "ok",
        reason: `the response is noncommittal (${which} flagged), so the score is 0 (mean similarity was ${meanSimilarity.toFixed(4)})`,
        details,
      };
    }
    return {
      value: meanSimilarity,
      status: "ok",
      reason: `mean cosine similarity between the user input and ${similarities.length} question(s) generated from the response`,
      details,
    };
  }

  /** Prompt version, strictness, noncommittal mode, temperature and both models' provenance. */
  config(): MetricConfig {
    return {
      name: this.name,
      promptVersions: { [this.template.name]: this.template.version },
      options: {
        strictness: this.strictness,
        noncommittalMode: this.noncommittalMode,
        temperature: this.settings.temperature,
        maxTokens: this.settings.maxTokens ?? null,
      },
      models: [this.llm.provenance(), this.embeddings.provenance()],
    };
  }
}

/** The judge's overflow error, restated for answer relevancy: what cannot be split, and what to do. */
function unsplittable(err: ContextOverflowError, responseChars: number): ContextOverflowError {
  return new ContextOverflowError(
    `the response (${responseChars} characters) does not fit the judge's context window together with the ` +
      `question-writing prompt (${err.promptTokens} prompt tokens, context size ${err.contextSize}). Answer ` +
      "relevancy does not split the response, because the questions must be ones the whole response answers. " +
      "Load the judge with a larger contextSize, give it a smaller maxTokens, or shorten the response. " +
      `(judge said: ${err.message})`,
    err.promptTokens,
    err.contextSize,
    { cause: err },
  );
}

/**
 * Ragas' other name for {@link AnswerRelevancy} (`ResponseRelevancy`); the same class.
 *
 * @example
 * const metric = new ResponseRelevancy({ llm, embeddings });
 */
export const ResponseRelevancy = AnswerRelevancy;
/** Ragas' other name for {@link AnswerRelevancy}. */
export type ResponseRelevancy = AnswerRelevancy;
