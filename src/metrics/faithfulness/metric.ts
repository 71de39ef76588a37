// Ragas `faithfulness`, one folder: score.ts (the formula), judge.ts (the two statement steps of
// shared/statements/: statements, then verdicts against the contexts), prompt.ts (Haystack examples as the two
// prompts' examples), metric.ts (this Ragas-style class), evaluator.ts (Haystack's FaithfulnessEvaluator),
// options.ts (options, defaults, zod schemas), descriptor.ts (id, fields, needs, options for the catalog).
import { parseOptions } from "../../errors-zod.js";
import type { Llm } from "../../llm/types.js";
import { BaseMetric } from "../shared/base-metric.js";
import { verdictModeConfig, verdictReading } from "../shared/choice-verdicts.js";
import type { JudgeSettings } from "../shared/judge.js";
import { judgeSettingsOf } from "../shared/options.js";
import { statementPromptVersions, statementSteps } from "../shared/statements/steps.js";
import type { VerdictMode } from "../shared/statements/verdicts.js";
import { requireContexts, requireText } from "../shared/validate.js";
import type { MetricConfig, MetricResult, Sample, SampleField } from "../types.js";
import { judgeFaithfulness } from "./judge.js";
import { type FaithfulnessOptions, faithfulnessConstructorSchema } from "./options.js";
import { faithfulnessScore, supportedCount } from "./score.js";

export type { FaithfulnessOptions } from "./options.js";

interface FaithfulnessInput {
  question: string;
  response: string;
  contexts: string[];
}

/**
 * Ragas `faithfulness`: the share of the response's statements that the retrieved contexts support
 * (`faithfulnessScore` in score.ts). A response with no statements gives `value: null` with a reason
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
  private readonly mode: VerdictMode;

  constructor(options: FaithfulnessOptions) {
    super();
    const o = parseOptions(faithfulnessConstructorSchema, options, "Faithfulness");
    this.llm = o.llm;
    this.settings = judgeSettingsOf(o);
    this.mode = { ...verdictReading(o, o.llm, "Faithfulness"), reasons: o.reasons, prefill: o.prefill };
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
    const j = await judgeFaithfulness(statementSteps(this.llm, this.settings, signal, this.mode), input);
    const details = {
      statements: j.statements,
      verdicts: j.verdicts,
      usage: j.usage,
      ...(j.splits.length > 0 ? { splits: j.splits } : {}),
    };
    const value = faithfulnessScore(j.verdicts, { noStatements: "null" });
    const reason =
      value === null
        ? "the judge found no statements in the response, so there is nothing to check (Ragas gives NaN here)"
        : `${supportedCount(j.verdicts)} of ${j.statements.length} statements can be inferred from the contexts${this.mode.scoring === "expected" ? " (score weighted by the judge's probabilities)" : ""}`;
    return { value, status: "ok", reason, details };
  }

  /** Prompt versions, temperature and the judge's provenance. */
  config(): MetricConfig {
    return {
      name: this.name,
      promptVersions: statementPromptVersions({
        statements: true,
        verdicts: true,
        reasons: this.mode.reasons,
      }),
      options: {
        temperature: this.settings.temperature,
        maxTokens: this.settings.maxTokens ?? null,
        ...verdictModeConfig(this.mode),
      },
      models: [this.llm.provenance()],
    };
  }
}
