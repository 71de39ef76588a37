// The Ragas-style face of LLMEvaluator, for evaluate() and metric files: evaluator.ts builds the prompt from the
// instructions, named inputs (read from sample fields) and outputs; prompt.ts holds the template, judge.ts the
// call, score.ts the value: the number under `scoreKey`, which the grammar forces to be a number (on `scale`
// when given).
import { z } from "zod";
import { InvalidInputError } from "../../errors.js";
import type { MetricOptionsOf } from "../descriptor.js";
import { CustomJudgeMetric } from "../shared/base/custom-judge-metric.js";
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
import { LLMEvaluator } from "./evaluator.js";
import { judgeRow } from "./judge.js";
import { type LlmEvaluatorRow, outputValueSchema } from "./prompt.js";
import { answerScore } from "./score.js";

/** Options of {@link LLMJudgeMetric}: the judge and its descriptor's options, each documented on its schema key. */
export type LLMJudgeMetricOptions = MetricOptionsOf<typeof llmEvaluatorDescriptor>;

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
export class LLMJudgeMetric extends CustomJudgeMetric<LlmEvaluatorRow, typeof llmEvaluatorDescriptor> {
  static readonly descriptor = llmEvaluatorDescriptor;

  private readonly evaluator: LLMEvaluator;
  private readonly inputMap: Readonly<Record<string, JudgeInputField>>;
  private readonly scoreKey: string;
  private readonly scale: Scale | undefined;

  constructor(options: LLMJudgeMetricOptions) {
    super(options);
    const o = this.options;
    this.inputMap = o.inputs;
    this.scoreKey = o.scoreKey;
    this.scale = o.scale;
    const others = o.outputs;
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
      llm: this.llm,
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

  /** The judge's inputs under the names you gave them (`inputs`), read and checked by field. */
  protected override validate(sample: Sample, row: number | undefined): LlmEvaluatorRow {
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
