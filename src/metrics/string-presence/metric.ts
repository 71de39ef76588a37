// Ragas `StringPresence`. Files: score.ts (the formula), metric.ts (this class), descriptor.ts. No judge.
import type { MetricInput } from "../descriptor.js";
import { JudgeFreeMetric } from "../shared/base/judge-free-metric.js";
import type { MetricResult } from "../types.js";
import { stringPresenceDescriptor } from "./descriptor.js";
import { stringPresence } from "./score.js";

/**
 * Ragas `StringPresence` (`string_present`): 1 when the reference occurs in the response, else 0.
 *
 * @example
 * await new StringPresence().score({ reference: "Eiffel Tower", response: "The Eiffel Tower is located in India." }); // value 1
 */
export class StringPresence extends JudgeFreeMetric<
  MetricInput<typeof stringPresenceDescriptor>,
  typeof stringPresenceDescriptor
> {
  static readonly descriptor = stringPresenceDescriptor;

  protected scoreInput({ reference, response }: MetricInput<typeof stringPresenceDescriptor>): MetricResult {
    const value = stringPresence(reference, response);
    const at = response.indexOf(reference);
    return {
      value,
      status: "ok",
      reason:
        value === 1 ? "the reference occurs in the response" : "the reference does not occur in the response",
      details: { position: at === -1 ? null : at },
    };
  }
}
