// Noise sensitivity, Ragas-style: score.ts (the relevant/irrelevant counting), judge.ts (statements and
// verdicts, all with the statement steps of ../shared/judge/statements/), descriptor.ts. Haystack has no
// counterpart.

import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { JudgeMetric } from "../shared/base/judge-metric.js";
import { statementPromptVersions, statementSteps } from "../shared/judge/statements/steps.js";
import type { MetricResult } from "../types.js";
import { noiseSensitivityDescriptor } from "./descriptor.js";
import { judgeNoiseSensitivity } from "./judge.js";
import { type NoiseSensitivityMode, noiseBreakdown, noiseSensitivity } from "./score.js";

/** Options of {@link NoiseSensitivity}. */
export type NoiseSensitivityOptions = MetricOptionsOf<typeof noiseSensitivityDescriptor>;

/** Why a row has no score: the response, or else the reference, has no statements. */
function noScoreReason(j: { responseStatements: readonly string[] }): string {
  return j.responseStatements.length === 0
    ? "the judge found no statements in the response, so there is nothing to check (Ragas gives NaN here)"
    : "the judge found no statements in the reference, so no context can be told relevant or irrelevant and " +
        "the score is undefined in both modes (Ragas raises here)";
}

/**
 * Ragas `noise_sensitivity` (lower is better): how often the response states something incorrect
 * that the retrieved contexts led it to. A context is relevant when it supports a reference
 * statement. In `relevant` mode the score is the share of response statements that the reference
 * does not support but a relevant context does; in `irrelevant` mode, those supported only by
 * irrelevant contexts. A response or a reference without statements gives `value: null` with a reason
 * (no verdict is asked), in both modes.
 *
 * @example
 * const metric = new NoiseSensitivity({ llm, mode: "irrelevant" });
 * const { value } = await metric.score({ userInput, response, reference, retrievedContexts });
 */
export class NoiseSensitivity extends JudgeMetric<
  MetricInput<typeof noiseSensitivityDescriptor>,
  typeof noiseSensitivityDescriptor
> {
  static readonly descriptor = noiseSensitivityDescriptor;

  readonly mode: NoiseSensitivityMode;

  constructor(options: NoiseSensitivityOptions) {
    super(options);
    this.mode = this.options.mode;
  }

  protected async compute(
    input: MetricInput<typeof noiseSensitivityDescriptor>,
    signal: AbortSignal | undefined,
  ): Promise<MetricResult> {
    const steps = statementSteps(this.llm, this.settings, signal, this.reading);
    const { userInput: question, response, reference, retrievedContexts: contexts } = input;
    const j = await judgeNoiseSensitivity(steps, { question, response, reference, contexts });
    const common = {
      mode: this.mode,
      referenceStatements: j.referenceStatements,
      responseStatements: j.responseStatements,
    };
    const tail = { usage: steps.usage, ...(steps.splits.length > 0 ? { splits: steps.splits } : {}) };
    const value = j.verdicts === undefined ? null : noiseSensitivity(j.verdicts, this.mode);
    if (j.verdicts === undefined || value === null) {
      return { value: null, status: "ok", reason: noScoreReason(j), details: { ...common, ...tail } };
    }
    const breakdown = noiseBreakdown(j.verdicts);
    const counted = Math.round(value * j.responseStatements.length);
    return {
      value,
      status: "ok",
      reason: `${counted} of ${j.responseStatements.length} response statements are incorrect and supported by ${
        this.mode === "relevant" ? "a relevant context" : "irrelevant contexts only"
      }`,
      details: { ...common, ...breakdown, verdicts: j.evidence, ...tail },
    };
  }

  protected override promptVersions(): Record<string, string> {
    return statementPromptVersions({ statements: true, verdicts: true, reasons: this.reading.reasons });
  }
}
