// DeepEval `PatternMatchMetric`. Files: descriptor.ts (catalog entry: reads the response; options pattern and
// ignoreCase), score.ts (the formula and the pattern check), metric.ts (this class). No judge.
import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { JudgeFreeMetric } from "../shared/base/judge-free-metric.js";
import type { MetricResult } from "../types.js";
import { patternMatchDescriptor } from "./descriptor.js";
import { compilePattern, patternMatch } from "./score.js";

/** Options of {@link PatternMatch}. */
export type PatternMatchOptions = MetricOptionsOf<typeof patternMatchDescriptor>;

/**
 * DeepEval `PatternMatchMetric` (`pattern_match`): 1 when the whole response, stripped of whitespace at both ends,
 * matches `pattern` (Python `re.fullmatch`), else 0. A pattern whose meaning differs between Python and
 * JavaScript is refused when the metric is built.
 *
 * @example
 * const { value } = await new PatternMatch({ pattern: "\\d{4}-\\d{2}-\\d{2}" }).score({ response: "2024-05-01" }); // 1
 */
export class PatternMatch extends JudgeFreeMetric<
  MetricInput<typeof patternMatchDescriptor>,
  typeof patternMatchDescriptor
> {
  static readonly descriptor = patternMatchDescriptor;

  private readonly compiled: RegExp;

  constructor(options: PatternMatchOptions) {
    super(options);
    this.compiled = compilePattern(this.options.pattern, this.options.ignoreCase);
  }

  protected scoreInput({ response }: MetricInput<typeof patternMatchDescriptor>): MetricResult {
    const value = patternMatch(this.compiled, response);
    return {
      value,
      status: "ok",
      reason:
        value === 1 ? "the response fully matches the pattern" : "the response does not match the pattern",
    };
  }
}
