// Answer plans for verdict lists whose items are known (the `prefill` option): the JSON structure and each item's
// known text are written for the judge and fed to it in batches, the reason (when asked for) is a string the judge
// writes, and the verdict is written greedily under the grammar of its values (its distribution read for confidences). The plan writes compact JSON, as the few-shot
// answers are rendered, in the schema's field order.
import { z } from "zod";
import { InvalidInputError } from "../../../errors.js";
import type { AnswerPart, Llm } from "../../../llm/types.js";

/** The `prefill` option of a metric whose verdict step judges known statements. */
export const prefillOption = z
  .boolean()
  .default(false)
  .describe(
    "Write the verdict answer's known parts (JSON structure, the statements) for the judge and feed them in batches; the judge writes only the reasons and each verdict greedily under the grammar of its values (needs a judge that follows answer plans, temperature 0).",
  );

/** The `prefill` option, to spread into an options schema (`PrefillOptions` is derived from it). */
export const prefillShape = {
  /**
   * Write the verdict answer's known parts (JSON structure, the statements) for the judge and feed them in batches; the judge writes only the reasons and each verdict greedily under the grammar of its values (needs a judge that follows answer plans, temperature 0).
   * Statements are then copied exactly and the JSON is compact, so a verdict can differ from free generation's where
   * the judge would have laid out or copied its answer differently. The judge must follow answer plans
   * (`Llm.followsPlans`: `LlamaCppLlm`). Measured in docs/judge-speed.md. Defaults to false.
   */
  prefill: prefillOption,
};

/** The shape of a verdict list answer: `{"<listKey>":[{"<textKey>":…,"<reason.key>":…,"<choiceKey>":…},…]}`. */
export interface VerdictListShape {
  listKey: string;
  /** The field holding the known text of each item (e.g. `"statement"`). */
  textKey: string;
  /**
   * The free-text field before the verdict and its longest text in characters (the bound the answer's schema puts
   * on it, `listReasonChars`), or undefined when the answer has none (`reasons: false`).
   */
  reason: { key: string; chars: number } | undefined;
  choiceKey: string;
  /** The verdict's allowed values as JSON text, e.g. `["0","1"]`. */
  values: readonly string[];
}

/**
 * The plan of a verdict list answer over `texts`, one item per text, in order.
 *
 * @example
 * verdictListPlan({ listKey: "verdicts", textKey: "statement", reason: undefined, choiceKey: "verdict",
 *   values: ["0", "1"] }, ["Paris is in France."]);
 * // text {"verdicts":[{"statement":"Paris is in France.","verdict": · choice verdict · text }]}
 */
export function verdictListPlan(shape: VerdictListShape, texts: readonly string[]): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let pending = `{${JSON.stringify(shape.listKey)}:[`;
  for (const [i, text] of texts.entries()) {
    pending += `${i > 0 ? "," : ""}{${JSON.stringify(shape.textKey)}:${JSON.stringify(text)},`;
    if (shape.reason !== undefined) {
      parts.push({ kind: "text", text: `${pending}${JSON.stringify(shape.reason.key)}:` });
      parts.push({ kind: "string", maxLength: shape.reason.chars });
      pending = ",";
    }
    parts.push({ kind: "text", text: `${pending}${JSON.stringify(shape.choiceKey)}:` });
    parts.push({ kind: "choice", key: shape.choiceKey, values: shape.values });
    pending = "}";
  }
  parts.push({ kind: "text", text: `${pending}]}` });
  return parts;
}

/**
 * Checks a `prefill` option: a boolean, and when true a judge that follows answer plans and temperature 0. Throws
 * `InvalidInputError` naming `<metric>.prefill` otherwise.
 */
export function checkPrefill(prefill: unknown, temperature: number, llm: Llm, metric: string): void {
  if (prefill === undefined || prefill === false) return;
  const field = `${metric}.prefill`;
  if (prefill !== true) {
    throw new InvalidInputError(`prefill must be true or false, got ${JSON.stringify(prefill)}`, { field });
  }
  if (llm.followsPlans !== true) {
    throw new InvalidInputError(
      `prefill: true writes the verdict answer from a plan, but the judge "${llm.id}" does not follow answer plans; use prefill: false or a judge whose generateObject takes a plan (LlamaCppLlm does)`,
      { field },
    );
  }
  if (temperature !== 0) {
    throw new InvalidInputError(
      `prefill reads the verdicts greedily: it needs temperature 0, got ${temperature}`,
      { field },
    );
  }
}
