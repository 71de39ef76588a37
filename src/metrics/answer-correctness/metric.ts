// Answer correctness, Ragas-style: prompt.ts (the TP/FP/FN classification), score.ts (factuality
// F-beta, weighted mean, option checks), judge.ts (statements of both texts, then the labels),
// descriptor.ts. The statements step is the shared one (../shared/judge/statements/); similarity is
// semantic similarity's cosine (../shared/embedding/vectors.ts). Haystack has no counterpart.
import type { Embeddings } from "../../embeddings/types.js";
import { InvalidInputError } from "../../errors.js";
import type { ModelProvenance } from "../../provenance.js";
import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { JudgeMetric } from "../shared/base/judge-metric.js";
import { errorResult } from "../shared/base/outcome.js";
import {
  type LongTextEntry,
  longTextsDetail,
  refusedLongText,
  rowLongTexts,
} from "../shared/embedding/long-texts.js";
import { cosineOrThrow, embedAll } from "../shared/embedding/vectors.js";
import { statementPromptVersions, statementSteps } from "../shared/judge/statements/steps.js";
import type { MetricResult } from "../types.js";
import { answerCorrectnessDescriptor } from "./descriptor.js";
import { judgeAnswerCorrectness } from "./judge.js";
import { answerCorrectnessPromptFor } from "./prompt.js";
import { answerCorrectnessScore, factualityScore } from "./score.js";

/**
 * Options of {@link AnswerCorrectness}: its descriptor's options (documented on the schema keys), the judge, and the
 * embedder, which the descriptor declares as an option since `weights: [1, 0]` needs none.
 */
export type AnswerCorrectnessOptions = MetricOptionsOf<typeof answerCorrectnessDescriptor>;

/** The checked question, response and reference of one row. */
type CorrectnessSample = MetricInput<typeof answerCorrectnessDescriptor>;

/**
 * Ragas `answer_correctness`: factual overlap with the reference, blended with semantic similarity.
 * The judge splits the response and the reference into statements, then labels each response
 * statement TP (the reference supports it) or FP, and each reference statement FN when the
 * response misses it. Factuality is the F-beta of those counts; the score is
 * `(w0·factuality + w1·similarity) / (w0 + w1)`, similarity being the embeddings' cosine.
 * As in current Ragas, when either text has no statements, factuality is 1 and no labels are asked
 * (older Ragas asked unless both were empty).
 *
 * @example
 * const metric = new AnswerCorrectness({ llm, embeddings });
 * const { value } = await metric.score({
 *   userInput: "What powers the Sun?",
 *   response: "Nuclear fission powers the Sun.",
 *   reference: "The Sun is powered by nuclear fusion.",
 * });
 */
export class AnswerCorrectness extends JudgeMetric<CorrectnessSample, typeof answerCorrectnessDescriptor> {
  static readonly descriptor = answerCorrectnessDescriptor;

  readonly weights: readonly [number, number];
  readonly beta: number;
  private readonly embeddings: Embeddings | undefined;

  constructor(options: AnswerCorrectnessOptions) {
    super(options);
    ({ weights: this.weights, beta: this.beta } = this.options);
    if (this.weights[1] > 0 && this.options.embeddings === undefined) {
      throw new InvalidInputError(
        "is missing: answer correctness needs an embedder for its similarity part; pass embeddings, or weights [1, 0] for factuality alone",
        { field: "embeddings" },
      );
    }
    this.embeddings = this.weights[1] > 0 ? this.options.embeddings : undefined;
  }

  /** True unless the similarity weight is 0 (`weights: [1, 0]`: factuality alone, no embedder). */
  override get needsEmbeddings(): boolean {
    return this.weights[1] > 0;
  }

  protected async compute(input: CorrectnessSample, signal: AbortSignal | undefined): Promise<MetricResult> {
    const steps = statementSteps(this.llm, this.settings, signal, this.reading);
    const { userInput: question, response, reference } = input;
    const j = await judgeAnswerCorrectness(steps, { question, response, reference });
    const factuality = j.counts === undefined ? 1 : factualityScore(j.counts, this.beta);
    const { similarity, long } =
      this.embeddings === undefined ? { similarity: 0, long: [] } : await this.similarity(input);
    const refused = refusedLongText(long);
    if (refused) return errorResult(refused, longTextsDetail(long));
    const value = answerCorrectnessScore(factuality, similarity, this.weights);
    const counts = j.counts
      ? `TP ${j.counts.tp}, FP ${j.counts.fp}, FN ${j.counts.fn}`
      : "a side without statements counts as factuality 1 (current Ragas)";
    return {
      value,
      status: "ok",
      reason: `factuality ${factuality.toFixed(4)} (${counts}), similarity ${similarity.toFixed(4)}, weights [${this.weights.join(", ")}]`,
      details: {
        responseStatements: j.responseStatements,
        referenceStatements: j.referenceStatements,
        ...(j.classification ? { classification: j.classification, counts: j.counts } : {}),
        factuality,
        similarity,
        usage: steps.usage,
        ...(steps.splits.length > 0 ? { splits: steps.splits } : {}),
        ...longTextsDetail(long),
      },
    };
  }

  private async similarity(input: CorrectnessSample): Promise<{ similarity: number; long: LongTextEntry[] }> {
    const { vectors, longTexts } = await embedAll(this.embeddings!, [input.response, input.reference]);
    const long = rowLongTexts(longTexts, [
      ["response", 0],
      ["reference", 1],
    ]);
    if (long.some((e) => e.handled === "error")) return { similarity: 0, long };
    return { similarity: cosineOrThrow(vectors[0]!, vectors[1]!, "the response", "the reference"), long };
  }

  protected override promptVersions(): Record<string, string> {
    const classification = answerCorrectnessPromptFor(this.reading.reasons !== false);
    return {
      ...statementPromptVersions({ statements: true, verdicts: false }),
      [classification.name]: classification.version,
    };
  }

  protected override otherModels(): ModelProvenance[] {
    return this.embeddings ? [this.embeddings.provenance()] : [];
  }
}
