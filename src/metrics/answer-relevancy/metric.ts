// Ragas `answer_relevancy`, one folder: prompt.ts (the question-writing prompt, its schema sized to
// `strictness`), score.ts (the formula), judge.ts (the judge call), metric.ts (this Ragas-style class),
// options.ts (options, defaults, zod schemas), descriptor.ts (id, fields, needs and options for the
// catalog). Haystack has no such evaluator.
import type { Embeddings } from "../../embeddings/types.js";
import type { PromptTemplate } from "../../prompts/types.js";
import type { ModelProvenance } from "../../provenance.js";
import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { JudgeMetric } from "../shared/base/judge-metric.js";
import { errorResult } from "../shared/base/outcome.js";
import { longTextsDetail, refusedLongText, rowLongTexts } from "../shared/embedding/long-texts.js";
import { cosineOrThrow, embedAll } from "../shared/embedding/vectors.js";
import { newUsage } from "../shared/judge/judge.js";
import type { MetricResult } from "../types.js";
import { answerRelevancyDescriptor } from "./descriptor.js";
import { writeQuestions } from "./judge.js";
import { answerRelevancyPrompt, type QuestionsInput, type QuestionsOutput } from "./prompt.js";
import { answerRelevancyScore, expectedAnswerRelevancy, type NoncommittalMode } from "./score.js";

/** Options of {@link AnswerRelevancy}: its descriptor's options (documented on the schema keys in options.ts) and its models. */
export type AnswerRelevancyOptions = MetricOptionsOf<typeof answerRelevancyDescriptor>;
export type { NoncommittalMode } from "./score.js";

/**
 * Ragas `answer_relevancy`: how well the response answers the user input. The judge reads only the
 * response and writes `strictness` questions it would answer, each flagged noncommittal when the
 * response dodges it; the score (`answerRelevancyScore` in score.ts) is the mean cosine similarity of
 * the user input and each question, 0 for a noncommittal response. A question the judge cannot write,
 * or a response too long for the judge's window, is an error row with `value: null` (Ragas gives NaN).
 *
 * @example
 * const metric = new AnswerRelevancy({ llm, embeddings, strictness: 3, noncommittalMode: "all" });
 * const result = await metric.score({ userInput: "Where is the Eiffel Tower?", response: "The Eiffel Tower is in Paris." });
 * console.log(result.value, result.details?.questions);
 */
export class AnswerRelevancy extends JudgeMetric<
  MetricInput<typeof answerRelevancyDescriptor>,
  typeof answerRelevancyDescriptor
> {
  static readonly descriptor = answerRelevancyDescriptor;

  readonly strictness: number;
  readonly noncommittalMode: NoncommittalMode;
  private readonly embeddings: Embeddings;
  private readonly template: PromptTemplate<QuestionsInput, QuestionsOutput>;

  constructor(options: AnswerRelevancyOptions) {
    super(options);
    const o = this.options;
    this.embeddings = o.embeddings!;
    this.strictness = o.strictness;
    this.noncommittalMode = o.noncommittalMode;
    this.template = answerRelevancyPrompt(o.strictness);
  }

  protected async compute(
    input: MetricInput<typeof answerRelevancyDescriptor>,
    signal: AbortSignal | undefined,
  ): Promise<MetricResult> {
    const usage = newUsage();
    const { llm, template, strictness, settings } = this;
    const { questions, reads } = await writeQuestions(
      llm,
      template,
      input.response,
      strictness,
      settings,
      usage,
      signal,
      this.reading,
    );
    const texts = [input.userInput, ...questions.map((q) => q.question)];
    const embedded = await embedAll(this.embeddings, texts);
    const long = rowLongTexts(
      embedded.longTexts,
      texts.map((_, i) => [i === 0 ? "userInput" : `questions[${i - 1}]`, i] as const),
    );
    const refused = refusedLongText(long);
    if (refused) return errorResult(refused, { ...longTextsDetail(long), usage });
    const [userVector, ...questionVectors] = embedded.vectors;
    const similarities = questionVectors.map((v, i) =>
      cosineOrThrow(userVector!, v, "the user input", `generated question ${i}`),
    );
    const flagged = questions.map((q) => q.noncommittal === 1);
    const s = answerRelevancyScore(similarities, flagged, this.noncommittalMode);
    const weighted =
      this.reading.scoring === "expected"
        ? expectedAnswerRelevancy(
            similarities,
            reads!.map((r) => r.probabilities["1"] ?? 0),
            this.noncommittalMode,
          )
        : undefined;
    const details = {
      noncommittalMode: this.noncommittalMode,
      usage,
      questions: questions.map((q, i) => ({
        question: q.question,
        noncommittal: flagged[i] ? 1 : 0,
        similarity: similarities[i]!,
        ...(reads ? { confidence: reads[i]!.confidence } : {}),
      })),
      meanSimilarity: s.meanSimilarity,
      noncommittal: s.noncommittal,
      ...(weighted ? { noncommittalProbability: weighted.noncommittal } : {}),
      ...longTextsDetail(long),
    };
    const which = this.noncommittalMode === "all" ? "all questions were" : "at least one question was";
    const reason = s.noncommittal
      ? `the response is noncommittal (${which} flagged), so the score is 0 (mean similarity was ${s.meanSimilarity.toFixed(4)})`
      : `mean cosine similarity between the user input and ${similarities.length} question(s) generated from the response`;
    return { value: weighted ? weighted.value : s.value, status: "ok", reason, details };
  }

  protected promptVersions(): Record<string, string> {
    return { [this.template.name]: this.template.version };
  }

  protected override otherModels(): ModelProvenance[] {
    return [this.embeddings.provenance()];
  }
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
