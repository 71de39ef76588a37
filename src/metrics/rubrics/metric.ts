// RubricsScore and InstanceRubrics: prompt.ts (rubric prompts, default rubrics, schema sized to the levels),
// score.ts (rubric levels; the score is the judge's, unscaled), judge.ts (one call per row), descriptor.ts.
import type { Llm } from "../../llm/types.js";
import type { PromptTemplate } from "../../prompts/types.js";
import { BaseMetric } from "../shared/base-metric.js";
import { type JudgeInputField, judgeInputNames, readJudgeInputs } from "../shared/custom-judge.js";
import type { JudgeSettings } from "../shared/judge.js";
import type { MetricConfig, MetricResult, Sample, SampleField } from "../types.js";
import { judgeRubric } from "./judge.js";
import {
  DEFAULT_RUBRIC_WITH_REFERENCE,
  DEFAULT_RUBRIC_WITHOUT_REFERENCE,
  instanceRubricsPrompt,
  type RubricAnswer,
  type RubricInput,
  rubricsScorePrompt,
} from "./prompt.js";
import { type Rubric, type RubricLevel, rubricLevels } from "./score.js";

/** Options shared by {@link RubricsScore} and {@link InstanceRubrics}. */
export interface RubricJudgeOptions {
  /** The judge. */
  llm: Llm;
  /** The metric's id in results, snake_case. Defaults to `rubrics_score` / `instance_rubrics`. */
  name?: string;
  /** Fields the judge must see. Defaults to `["userInput", "response"]`, plus `reference` with `withReference`. */
  inputs?: readonly JudgeInputField[];
  /** Judge temperature; 0 is greedy. Defaults to 0. */
  temperature?: number;
  /** Token budget of each answer. Defaults to the Llm's own default. */
  maxTokens?: number;
}

/** Options of {@link RubricsScore}. */
export interface RubricsScoreOptions extends RubricJudgeOptions {
  /**
   * The rubric for every row: `score<N>_description` keys to what score N means. Defaults to a built-in 1-5
   * rubric (one for rows with a reference when `withReference` is set, one without).
   */
  rubrics?: Rubric;
  /** Rows must have a reference, shown to the judge; picks the reference-based default rubric. Defaults to false. */
  withReference?: boolean;
}

type RubricRow = { input: RubricInput; levels: readonly RubricLevel[] };

/** Shared mechanics: read the inputs, ask the judge, pass the score through. */
abstract class RubricJudgeMetric extends BaseMetric<RubricRow> {
  readonly name: string;
  readonly requiredFields: readonly SampleField[];
  readonly usesLlm = true;
  readonly usesEmbeddings = false;
  /** The judge this metric calls. */
  readonly llm: Llm;
  protected readonly inputs: readonly JudgeInputField[];
  protected readonly settings: JudgeSettings;
  protected abstract readonly template: PromptTemplate<RubricInput, RubricAnswer>;

  constructor(
    options: RubricJudgeOptions,
    name: string,
    inputs: readonly JudgeInputField[],
    extra: SampleField[],
  ) {
    super();
    this.llm = options.llm;
    this.name = options.name ?? name;
    this.inputs = options.inputs ?? inputs;
    this.requiredFields = [...this.inputs, ...extra];
    this.settings = { temperature: options.temperature ?? 0, maxTokens: options.maxTokens };
  }

  protected concurrency(): number {
    return this.llm.concurrency ?? 1;
  }

  protected async compute(row: RubricRow, signal: AbortSignal | undefined): Promise<MetricResult> {
    const j = await judgeRubric(this.llm, this.template, row.input, row.levels, this.settings, signal);
    return {
      value: j.score,
      status: "ok",
      reason: j.feedback,
      details: { feedback: j.feedback, scores: row.levels.map((l) => l.score), usage: j.usage },
    };
  }

  protected baseOptions(): Record<string, string | number | null> {
    return {
      inputs: this.inputs.map((f) => judgeInputNames[f]).join(","),
      temperature: this.settings.temperature,
      maxTokens: this.settings.maxTokens ?? null,
    };
  }
}

/**
 * Ragas `RubricsScore`: the judge scores each row with one rubric for the whole dataset (default 1-5) and gives
 * feedback; the score is passed through unscaled, as Ragas does. The grammar allows only the rubric's scores.
 *
 * @example
 * const metric = new RubricsScore({ llm, rubrics: { score1_description: "Rude.", score3_description: "Neutral.", score5_description: "Warm and polite." } });
 * const { value, reason } = await metric.score({ userInput: "Where is my order?", response: "Check the site." });
 */
export class RubricsScore extends RubricJudgeMetric {
  /** The rubric's levels, lowest first. */
  readonly levels: readonly RubricLevel[];
  protected readonly template: PromptTemplate<RubricInput, RubricAnswer>;

  constructor(options: RubricsScoreOptions) {
    const withReference = options.withReference ?? false;
    super(
      options,
      "rubrics_score",
      withReference ? ["userInput", "response", "reference"] : ["userInput", "response"],
      [],
    );
    const rubric =
      options.rubrics ?? (withReference ? DEFAULT_RUBRIC_WITH_REFERENCE : DEFAULT_RUBRIC_WITHOUT_REFERENCE);
    this.levels = rubricLevels(rubric, { field: "rubrics" });
    this.template = rubricsScorePrompt(this.levels);
  }

  protected validate(sample: Sample, row: number | undefined): RubricRow {
    return { input: readJudgeInputs(sample, this.inputs, [], row), levels: this.levels };
  }

  /** Prompt version (with the rubric's fingerprint), the rubric, inputs, sampling and the judge. */
  config(): MetricConfig {
    return {
      name: this.name,
      promptVersions: { [this.template.name]: this.template.version },
      options: {
        kind: "rubrics_score",
        rubric: this.levels.map((l) => `${l.score}: ${l.description}`).join("\n"),
        ...this.baseOptions(),
      },
      models: [this.llm.provenance()],
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
export class InstanceRubrics extends RubricJudgeMetric {
  protected readonly template = instanceRubricsPrompt;

  constructor(options: RubricJudgeOptions) {
    super(options, "instance_rubrics", ["userInput", "response"], ["rubrics"]);
  }

  protected validate(sample: Sample, row: number | undefined): RubricRow {
    const levels = rubricLevels(sample.rubrics as Rubric, {
      field: "rubrics",
      ...(row !== undefined ? { row } : {}),
    });
    const rubrics = Object.fromEntries(levels.map((l) => [`score${l.score}_description`, l.description]));
    return { input: { ...readJudgeInputs(sample, this.inputs, [], row), rubrics }, levels };
  }

  /** Prompt version, inputs, sampling and the judge (the rubrics are part of each row). */
  config(): MetricConfig {
    return {
      name: this.name,
      promptVersions: { [this.template.name]: this.template.version },
      options: { kind: "instance_rubrics", ...this.baseOptions() },
      models: [this.llm.provenance()],
    };
  }
}
