// Ragas `faithfulness`, one folder: score.ts (the formula), judge.ts (the two statement steps of
// shared/statements/: statements, then verdicts against the contexts), prompt.ts (Haystack examples as the two
// prompts' examples), metric.ts (this Ragas-style class), evaluator.ts (Haystack's FaithfulnessEvaluator),
// options.ts (options, defaults, zod schemas), descriptor.ts (id, fields, needs, options for the catalog).
import { JudgeMetric } from "../shared/judge-metric.js";
import { sampleContexts, sampleText } from "../shared/sample-fields.js";
import { statementPromptVersions, statementSteps } from "../shared/statements/steps.js";
import type { MetricResult, Sample } from "../types.js";
import { faithfulnessDescriptor } from "./descriptor.js";
import { judgeFaithfulness } from "./judge.js";
import type { FaithfulnessOptions } from "./options.js";
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
export class Faithfulness extends JudgeMetric<FaithfulnessInput> {
  static readonly descriptor = faithfulnessDescriptor;

  constructor(options: FaithfulnessOptions) {
    super(options);
  }

  protected validate(sample: Sample, row: number | undefined): FaithfulnessInput {
    return {
      question: sampleText(sample, "userInput", row),
      response: sampleText(sample, "response", row),
      contexts: sampleContexts(sample, row, false),
    };
  }

  protected async compute(input: FaithfulnessInput, signal: AbortSignal | undefined): Promise<MetricResult> {
    const j = await judgeFaithfulness(statementSteps(this.llm, this.settings, signal, this.reading), input);
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
        : `${supportedCount(j.verdicts)} of ${j.statements.length} statements can be inferred from the contexts${this.reading.scoring === "expected" ? " (score weighted by the judge's probabilities)" : ""}`;
    return { value, status: "ok", reason, details };
  }

  protected promptVersions(): Record<string, string> {
    return statementPromptVersions({
      statements: true,
      verdicts: true,
      reasons: this.reading.reasons !== false,
    });
  }
}
