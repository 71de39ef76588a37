import type { MetricDescriptor } from "../../descriptor.js";
import type { SampleField } from "../../types.js";

/**
 * The sample fields a user-defined judge reads, from its parsed options: its descriptor's
 * `definable.fields` rule where it has one, else the options' `inputs` list, else the descriptor's
 * `requiredFields`. The metric's `requiredFields` and a metric file's column checks (before any model
 * loads) both come from here.
 *
 * @example
 * definedFields(aspectCriticDescriptor, { inputs: ["userInput", "reference"] }); // ["userInput", "reference"]
 */
export function definedFields(descriptor: MetricDescriptor, options: Record<string, unknown>): SampleField[] {
  const rule = typeof descriptor.definable === "object" ? descriptor.definable.fields : undefined;
  if (rule !== undefined) return [...rule(options)];
  const inputs = options.inputs;
  return [...(Array.isArray(inputs) ? (inputs as SampleField[]) : descriptor.requiredFields)];
}
