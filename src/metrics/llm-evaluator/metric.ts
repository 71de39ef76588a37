// The Ragas-style face of LLMEvaluator, for evaluate() and metric files: evaluator.ts builds the prompt from the
// instructions, named inputs (read from sample fields) and outputs; prompt.ts holds the template, judge.ts the
// call, score.ts the value: the number under `scoreKey`, which the grammar forces to be a number (on `scale`
// when given).
import { z } from "zod";
import { InvalidInputError } from "../../errors.js";
import { CustomJudgeMetric, type CustomJudgeOptions } from "../shared/base/custom-judge-metric.js";
import {
  type JudgeInputField,
  judgeInputNames,
  oneOfNumbers,
  type Scale,
  scaleValues,
} from "../shared/judge/custom-judge.js";
import { newUsage } from "../shared/judge/judge.js";
import type { MetricConfig, MetricResult, Sample } from "../types.js";
import { llmEvaluatorDescriptor } from "./descriptor.js";
import { LLMEvaluator, type LLMEvaluatorExample } from "./evaluator.js";
import { judgeRow } from "./judge.js";
import { type LlmEvaluatorRow, outputValueSchema } from "./prompt.js";
import { answerScore } from "./score.js";

/** Options of {@link LLMJudgeMetric}. */
export interface LLMJudgeMetricOptions extends Omit<CustomJudgeOptions, "inputs" | "optionalInputs"> {
  /** The metric's id in results, snake_case. Required. */
  name: string;
  /** What the judge is to do, in words. Required. */
  instructions: string;
  /** Input name as the judge sees it to the sample field it comes from, e.g. `{ question: "userInput" }`. Required. */
  inputs: Readonly<Record<string, JudgeInputField>>;
  /** The number key of the answer that becomes the metric's value. Defaults to "score". */
  scoreKey?: string;
  /** Other answer keys (numbers, booleans or texts) written before the score. Defaults to `["reason"]` (as in a metric file). */
  outputs?: readonly string[];
  /** Whole-number range of the score. Defaults to any number. */
  scale?: Scale;
  /** Few-shot examples `{ inputs, outputs }` by input and output names. Defaults to none. */
  examples?: readonly LLMEvaluatorExample[];
}

/**
 * A judge metric defined entirely by you: your instructions, which sample fields the judge sees under which
 * names, and the answer key whose number is the value. `airgap-eval eval --metric-file` builds it for
 * `kind: llm_evaluator`.
 *
 * @example
 * const metric = new LLMJudgeMetric({
 *   llm, name: "on_topic", instructions: "Score 1 if the answer is about the question, else 0.",
 *   inputs: { question: "userInput", answer: "response" }, outputs: ["reason"], scoreKey: "score", scale: { min: 0, max: 1 },
 * });
 */
export class LLMJudgeMetric extends CustomJudgeMetric<LlmEvaluatorRow> {
  static readonly descriptor = llmEvaluatorDescriptor;

  private readonly evaluator: LLMEvaluator;
  private readonly inputMap: Readonly<Record<string, JudgeInputField>>;
  private readonly scoreKey: string;
  private readonly scale: Scale | undefined;

  constructor(options: LLMJudgeMetricOptions) {
    const given = options as Partial<LLMJudgeMetricOptions> | undefined;
    // The fields the judge sees (Ragas names read as ours); a bad `inputs` is reported by the descriptor's parse.
    const inputs = llmEvaluatorDescriptor.options.shape.inputs.safeParse(given?.inputs);
    super(options, {
      name: given?.name ?? "llm_evaluator",
      inputs: inputs.success ? [...new Set(Object.values(inputs.data))] : [],
      optionalInputs: [],
      temperature: 0,
    });
    const o = this.options as unknown as Required<Pick<LLMJudgeMetricOptions, "scoreKey" | "outputs">> &
      LLMJudgeMetricOptions;
    this.inputMap = o.inputs;
    this.scoreKey = o.scoreKey;
    this.scale = o.scale;
    const others = o.outputs ?? [];
    if (others.includes(o.scoreKey)) {
      throw new InvalidInputError(`lists the score key "${o.scoreKey}"; list only the other keys`, {
        field: "outputs",
      });
    }
    const schema = z.strictObject({
      ...Object.fromEntries(others.map((k) => [k, outputValueSchema])),
      [o.scoreKey]: o.scale ? oneOfNumbers(scaleValues(o.scale)) : z.number(),
    });
    this.evaluator = new LLMEvaluator({
      llm: o.llm,
      instructions: o.instructions,
      inputs: Object.entries(o.inputs).map(
        ([name, field]) =>
          [
            name,
            field === "retrievedContexts" || field === "referenceContexts" ? "string[]" : "string",
          ] as const,
      ),
      outputs: schema,
      ...(o.examples ? { examples: o.examples } : {}),
      progressBar: false,
    });
  }

  protected validate(sample: Sample, row: number | undefined): LlmEvaluatorRow {
    const fields = this.judgeInputs(sample, row);
    return Object.fromEntries(
      Object.entries(this.inputMap).map(([name, field]) => [name, fields[judgeInputNames[field]]]),
    );
  }

  protected async compute(input: LlmEvaluatorRow, signal: AbortSignal | undefined): Promise<MetricResult> {
    const usage = newUsage();
    const answer = await judgeRow(this.llm, this.evaluator.template, input, this.settings, usage, signal);
    const { value, reason } = answerScore(answer, this.scoreKey);
    return { value, status: "ok", ...(reason !== undefined ? { reason } : {}), details: { answer, usage } };
  }

  /** Prompt version (fingerprint of instructions, inputs, outputs, examples), score key, scale, sampling, judge. */
  protected override promptVersions(): Record<string, string> {
    return { [this.evaluator.template.name]: this.evaluator.template.version };
  }

  protected override metricOptions(): MetricConfig["options"] {
    return {
      kind: "llm_evaluator",
      instructions: this.evaluator.template.instruction,
      inputMap: Object.entries(this.inputMap)
        .map(([name, field]) => `${name}=${judgeInputNames[field]}`)
        .join(","),
      scoreKey: this.scoreKey,
      scaleMin: this.scale?.min ?? null,
      scaleMax: this.scale?.max ?? null,
    };
  }
}
