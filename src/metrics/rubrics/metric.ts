// RubricsScore and InstanceRubrics: prompt.ts (rubric prompts, default rubrics, schema sized to the levels),
// score.ts (rubric levels; the score is the judge's, unscaled), judge.ts (one call per row), descriptor.ts.
import type { Llm } from "../../llm/types.js";
import type { PromptTemplate } from "../../prompts/types.js";
import type { MetricOptionsOf } from "../descriptor.js";
import { CustomJudgeMetric } from "../shared/base/custom-judge-metric.js";
import { readFields, type VerdictReading } from "../shared/judge/choice-verdicts.js";
import type { JudgeSettings } from "../shared/judge/judge.js";
import { writtenReason } from "../shared/judge/text-schema.js";
import type { MetricConfig, MetricResult, Sample } from "../types.js";
import { instanceRubricsDescriptor, rubricsScoreDescriptor } from "./descriptor.js";
import { judgeRubric } from "./judge.js";
import {
  DEFAULT_RUBRIC_WITH_REFERENCE,
  DEFAULT_RUBRIC_WITHOUT_REFERENCE,
  instanceRubricsPrompt,
  type RubricAnswer,
  type RubricInput,
  rubricPromptWithoutFeedback,
  rubricsScorePrompt,
} from "./prompt.js";
import { type Rubric, type RubricLevel, rubricLevels } from "./score.js";

/** Options of {@link InstanceRubrics}: the judge and its descriptor's options, each documented on its schema key. */
export type RubricJudgeOptions = MetricOptionsOf<typeof instanceRubricsDescriptor>;

/** Options of {@link RubricsScore}: the judge and its descriptor's options, each documented on its schema key. */
export type RubricsScoreOptions = MetricOptionsOf<typeof rubricsScoreDescriptor>;

type RubricRow = { input: RubricInput; levels: readonly RubricLevel[] };

/** Asks the judge with the row's rubric levels and passes the score through. */
async function rubricResult(
  llm: Llm,
  template: PromptTemplate<RubricInput, RubricAnswer>,
  settings: JudgeSettings,
  row: RubricRow,
  signal: AbortSignal | undefined,
  reading: VerdictReading,
): Promise<MetricResult> {
  const j = await judgeRubric(llm, template, row.input, row.levels, settings, signal, reading);
  const read = readFields(j.read, reading);
  return {
    value: read.weight ?? j.score,
    status: "ok",
    reason:
      writtenReason(j.feedback) ??
      `score ${j.score} (${j.feedback === undefined ? "the judge was asked for no feedback" : "the judge wrote no feedback"})`,
    details: {
      ...(j.feedback !== undefined ? { feedback: j.feedback } : {}),
      scores: row.levels.map((l) => l.score),
      ...(j.read !== undefined && reading.confidence
        ? { score: j.score, ...read, probabilities: j.read.probabilities }
        : {}),
      usage: j.usage,
    },
  };
}

/**
 * Ragas `RubricsScore`: the judge scores each row with one rubric for the whole dataset (default 1-5) and gives
 * feedback; the score is passed through unscaled, as Ragas does. The grammar allows only the rubric's scores.
 *
 * @example
 * const metric = new RubricsScore({ llm, rubrics: { score1_description: "Rude.", score3_description: "Neutral.", score5_description: "Warm and polite." } });
 * const { value, reason } = await metric.score({ userInput: "Where is my order?", response: "Check the site." });
 */
export class RubricsScore extends CustomJudgeMetric<RubricInput, typeof rubricsScoreDescriptor> {
  static readonly descriptor = rubricsScoreDescriptor;

  /** The rubric's levels, lowest first. */
  readonly levels: readonly RubricLevel[];
  protected readonly template: PromptTemplate<RubricInput, RubricAnswer>;

  constructor(options: RubricsScoreOptions) {
    super(options);
    const { rubrics, withReference } = this.options;
    const rubric =
      rubrics ?? (withReference ? DEFAULT_RUBRIC_WITH_REFERENCE : DEFAULT_RUBRIC_WITHOUT_REFERENCE);
    this.levels = rubricLevels(rubric, { field: "rubrics" });
    const template = rubricsScorePrompt(this.levels);
    this.template = this.reading.reasons === false ? rubricPromptWithoutFeedback(template) : template;
  }

  protected compute(input: RubricInput, signal: AbortSignal | undefined): Promise<MetricResult> {
    const row = { input, levels: this.levels };
    return rubricResult(this.llm, this.template, this.settings, row, signal, this.reading);
  }

  /** Prompt version (with the rubric's fingerprint), the rubric, inputs, sampling and the judge. */
  protected override promptVersions(): Record<string, string> {
    return { [this.template.name]: this.template.version };
  }

  protected override metricOptions(): MetricConfig["options"] {
    return {
      kind: "rubrics_score",
      rubric: this.levels.map((l) => `${l.score}: ${l.description}`).join("\n"),
    };
  }
}

/**
 * Ragas `InstanceRubrics`: like {@link RubricsScore}, but each row brings its own rubric in the `rubrics` field
 * (dataset column `rubrics`); the answer schema is sized to that row's levels. The score is passed through.
 *
 * @example
 * const metric = new InstanceRubrics({ llm });
 * await metric.score({ userInput, response, rubrics: { score1_description: "Misses the point.", score5_description: "Exact." } });
 */
export class InstanceRubrics extends CustomJudgeMetric<RubricRow, typeof instanceRubricsDescriptor> {
  static readonly descriptor = instanceRubricsDescriptor;

  protected readonly template: PromptTemplate<RubricInput, RubricAnswer>;

  constructor(options: RubricJudgeOptions) {
    super(options);
    this.template =
      this.reading.reasons === false
        ? rubricPromptWithoutFeedback(instanceRubricsPrompt)
        : instanceRubricsPrompt;
  }

  /** The judge's inputs and the row's own rubric (the `rubrics` field), checked: no descriptor `reads` kind holds a rubric. */
  protected override validate(sample: Sample, row: number | undefined): RubricRow {
    const levels = rubricLevels(sample.rubrics as Rubric, {
      field: "rubrics",
      ...(row !== undefined ? { row } : {}),
    });
    const rubrics = Object.fromEntries(levels.map((l) => [`score${l.score}_description`, l.description]));
    return { input: { ...this.judgeInputs(sample, row), rubrics }, levels };
  }

  protected compute(row: RubricRow, signal: AbortSignal | undefined): Promise<MetricResult> {
    return rubricResult(this.llm, this.template, this.settings, row, signal, this.reading);
  }

  /** Prompt version, inputs, sampling and the judge (the rubrics are part of each row). */
  protected override promptVersions(): Record<string, string> {
    return { [this.template.name]: this.template.version };
  }

  protected override metricOptions(): MetricConfig["options"] {
    return { kind: "instance_rubrics" };
  }
}
