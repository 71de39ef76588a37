import type { Llm } from "../../llm/types.js";
import { BaseMetric } from "../shared/base-metric.js";
import type { JudgeSettings } from "../shared/judge.js";
import { requireContexts, requireText } from "../shared/validate.js";
import type { MetricConfig, MetricResult, Sample, SampleField } from "../types.js";
import { type FaithfulnessPrompts, judgeFaithfulness } from "./judge-faithfulness.js";
import { faithfulnessStatementsPrompt, faithfulnessVerdictsPrompt } from "./prompt.js";

/** Options of {@link Faithfulness}. */
export interface FaithfulnessOptions {
  /** Judge that extracts statements and gives verdicts. */
  llm: Llm;
  /** Judge temperature; 0 is greedy decoding, which makes scores repeat exactly. Defaults to 0. */
  temperature?: number;
  /** Token budget of each judge answer. Defaults to the Llm's own default. */
  maxTokens?: number;
}

interface FaithfulnessInput {
  question: string;
  response: string;
  contexts: string[];
}

/**
 * Ragas `faithfulness`: the share of the response's statements that the retrieved contexts support.
 * The judge breaks the response into standalone statements, then gives each a verdict (1 supported,
 * 0 not). Score = supported / total. A response with no statements gives `value: null` with a reason
 * (Ragas gives NaN); the Haystack surface, `FaithfulnessEvaluator`, gives 0 instead.
 *
 * @example
 * const metric = new Faithfulness({ llm });
 * const result = await metric.score({
 *   userInput: "Who created the Python language?",
 *   response: "Python is a high-level general-purpose programming language that was created by George Lucas.",
 *   retrievedContexts: ["Python, created by Guido van Rossum in the late 1980s, is a high-level general-purpose programming language."],
 * });
 * console.log(result.value); // 0.5 when the judge supports one of two statements
 */
export class Faithfulness extends BaseMetric<FaithfulnessInput> {
  readonly name = "faithfulness";
  readonly requiredFields: readonly SampleField[] = ["userInput", "response", "retrievedContexts"];
  readonly usesLlm = true;
  readonly usesEmbeddings = false;
  /** The judge this metric calls. */
  readonly llm: Llm;
  private readonly settings: JudgeSettings;
  private readonly prompts: FaithfulnessPrompts = {
    statements: faithfulnessStatementsPrompt,
    verdicts: faithfulnessVerdictsPrompt,
  };

  constructor(options: FaithfulnessOptions) {
    super();
    this.llm = options.llm;
    this.settings = { temperature: options.temperature ?? 0, maxTokens: options.maxTokens };
  }

  protected validate(sample: Sample, row: number | undefined): FaithfulnessInput {
    return {
      question: requireText(
        sample.userInput,
        { field: "userInput", row },
        "give the question (Ragas user_input)",
      ),
      response: requireText(
        sample.response,
        { field: "response", row },
        "give the answer to check (Ragas response)",
      ),
      contexts: requireContexts(
        sample.retrievedContexts,
        { field: "retrievedContexts", row },
        { allowEmptyList: false },
      ),
    };
  }

  protected concurrency(): number {
    return this.llm.concurrency ?? 1;
  }

  protected async compute(input: FaithfulnessInput, signal: AbortSignal | undefined): Promise<MetricResult> {
    const j = await judgeFaithfulness(this.llm, this.prompts, input, this.settings, signal);
    const details: Record<string, unknown> = {
      statements: j.statements,
      verdicts: j.verdicts,
      usage: j.usage,
      ...(j.splits.length > 0 ? { splits: j.splits } : {}),
    };
    if (j.statements.length === 0) {
      return {
        value: null,
        status: "ok",
        reason:
          "the judge found no statements in the response, so there is nothing to check (Ragas gives NaN here)",
        details,
      };
    }
    const supported = j.verdicts.filter((v) => v.verdict === 1).length;
    return {
      value: supported / j.statements.length,
      status: "ok",
      reason: `${supported} of ${j.statements.length} statements can be inferred from the contexts`,
      details,
    };
  }

  /** Prompt versions, temperature and the judge's provenance. */
  config(): MetricConfig {
    return {
      name: this.name,
      promptVersions: {
        [this.prompts.statements.name]: this.prompts.statements.version,
        [this.prompts.verdicts.name]: this.prompts.verdicts.version,
      },
      options: { temperature: this.settings.temperature, maxTokens: this.settings.maxTokens ?? null },
      models: [this.llm.provenance()],
    };
  }
}
