// Verdicts with their probabilities: the judge writes its JSON answer under the grammar as always, and at every
// verdict slot (the value after `"verdict":` and the like) the same forward pass that chose the written token also
// reports the grammar-allowed distribution (`GenerateObjectOptions.choiceSlots`). The written verdict is therefore
// the most probable allowed token (argmax == greedy decoding, by construction), and the distribution over the allowed
// values gives each verdict's `confidence` and, for `scoring: "expected"`, its probability-weighted value.
import { z } from "zod";
import { InvalidInputError, JudgeOutputError } from "../../../errors.js";
import type { AnswerPart, ChoiceSlot, Llm, SlotProbabilities } from "../../../llm/types.js";
import type { PromptTemplate } from "../../../prompts/types.js";
import { askJudge, type JudgeSettings, type JudgeUsage } from "./judge.js";
import type { prefillShape } from "./verdict-plan.js";
import { checkPrefill } from "./verdict-plan.js";

/**
 * How a verdict counts:
 * - `"argmax"`: the allowed value the judge finds most probable at the verdict slot, which (at temperature 0, under
 *   the grammar) is exactly the value greedy decoding writes;
 * - `"expected"`: the probability-weighted value (for 0/1 verdicts, the probability of 1), so an unsure judge moves
 *   the score less. The written verdicts are still recorded.
 */
export type Scoring = "argmax" | "expected";

/** The `scoring` option: `"greedy"` is accepted as another name for `"argmax"` (its earlier name). */
export const scoringOption = z
  .enum(["argmax", "expected", "greedy"])
  .default("argmax")
  .describe(
    'How verdicts count: "argmax" (the most probable allowed value, which is what greedy decoding writes; "greedy" is the same) or "expected" (probability-weighted verdicts and scores; needs a judge that reads token probabilities).',
  );

/** The `confidence` option: record each verdict's probability. */
export const confidenceOption = z
  .boolean()
  .default(false)
  .describe(
    "Record each verdict's probability among the allowed values (confidence) in the details, read while the judge writes it; needs a judge that reads token probabilities.",
  );

/** The `reasons` option of a metric whose verdicts carry a reason. */
export const reasonsOption = z
  .boolean()
  .default(true)
  .describe(
    "Ask the judge for a free-text reason (or feedback) before each verdict or score; false drops it from the answer schema, the instruction and the examples (prompt version +noreasons), so the verdict step writes no free text.",
  );

/**
 * The scoring and confidence options of a metric whose verdicts are small choices, to spread into its options schema.
 * The doc comments on these keys are the options' documentation ({@link ChoiceOptions} is derived from them).
 */
export const choiceOptionsShape = {
  /**
   * How verdicts count: "argmax" (the most probable allowed value, which is what greedy decoding writes; "greedy" is the same) or "expected" (probability-weighted verdicts and scores; needs a judge that reads token probabilities).
   * Under `"expected"` the score moves less when the judge is unsure; each verdict records `confidence` and `weight`,
   * its expected value (the judge must read token probabilities: `Llm.readsChoiceSlots`). Defaults to "argmax".
   */
  scoring: scoringOption,
  /**
   * Record each verdict's probability among the allowed values (confidence) in the details, read while the judge writes it; needs a judge that reads token probabilities.
   * It does not change the verdicts. Defaults to false.
   */
  confidence: confidenceOption,
};

/** The `reasons` option, to spread into an options schema ({@link ReasonsOptions} is derived from it). */
export const reasonsShape = {
  /**
   * Ask the judge for a free-text reason (or feedback) before each verdict or score; false drops it from the answer schema, the instruction and the examples (prompt version +noreasons), so the verdict step writes no free text.
   * Fewer generated tokens, and the verdict no longer follows a reason. Defaults to true.
   */
  reasons: reasonsOption,
};

/** The scoring, confidence and reasons options of a verdict metric whose verdicts carry a reason. */
export const verdictOptionsShape = { ...choiceOptionsShape, ...reasonsShape };

/** The `reasons` option of a metric whose verdict or score step writes a free-text reason before it. */
export type ReasonsOptions = z.input<z.ZodObject<typeof reasonsShape>>;

/** The `prefill` option of a metric whose verdict step judges statements known before the call. */
export type PrefillOptions = z.input<z.ZodObject<typeof prefillShape>>;

/** The `scoring` and `confidence` options of a metric whose verdicts or ratings are small choices. */
export type ChoiceOptions = z.input<z.ZodObject<typeof choiceOptionsShape>>;

/** How a metric reads its verdicts (the `scoring` and `confidence` options, resolved). */
export interface VerdictReading {
  scoring: Scoring;
  /** Record each verdict's `confidence`; always true with `"expected"`. */
  confidence: boolean;
  /** false: the verdict step asks for no free-text reason (`reasons: false`); unset or true asks for it. */
  reasons?: boolean;
  /** true: the verdict step's answer is written from a plan (`prefill: true`); unset or false generates it. */
  prefill?: boolean;
}

/** The reading of written verdicts only: argmax, no probabilities (the default). */
export const WRITTEN_VERDICTS: VerdictReading = { scoring: "argmax", confidence: false };

/**
 * Resolves the parsed `scoring`, `confidence` and `reasons` options (their types are checked by the metric's
 * descriptor): `"greedy"` becomes `"argmax"`, `"expected"` records confidences, and `reasons: false` is kept (left
 * out when true, so default readings keep their shape). Throws `InvalidInputError` naming `<metric>.scoring` /
 * `.confidence` when probabilities are needed and the judge cannot read them (`Llm.readsChoiceSlots`).
 *
 * @example
 * const reading = verdictReading({ scoring: "expected", confidence: false }, llm, "Faithfulness");
 */
export function verdictReading(
  options: ChoiceOptions & ReasonsOptions & PrefillOptions & { temperature?: number },
  llm: Llm,
  metric: string,
): VerdictReading {
  checkPrefill(options.prefill, options.temperature ?? 0, llm, metric);
  const scoring: Scoring = options.scoring === "expected" ? "expected" : "argmax";
  const reading: VerdictReading = {
    scoring,
    confidence: options.confidence === true || scoring === "expected",
    ...(options.reasons === false ? { reasons: false } : {}),
    ...(options.prefill === true ? { prefill: true } : {}),
  };
  if (reading.confidence && llm.readsChoiceSlots !== true) {
    const field = scoring === "expected" ? "scoring" : "confidence";
    throw new InvalidInputError(
      `${field === "scoring" ? 'scoring "expected"' : "confidence: true"} reads verdict probabilities, but the judge "${llm.id}" does not report them; use the default (scoring "argmax", no confidence) or a judge whose generateObject reads choiceSlots (LlamaCppLlm does)`,
      { field: `${metric}.${field}` },
    );
  }
  return reading;
}

/**
 * The reading settings for a metric's `config().options`: left out at the defaults (argmax without confidences,
 * with reasons), so configs, hashes and cache entries made before these options existed stay valid.
 */
export function verdictModeConfig(
  mode: VerdictReading & { reasons?: boolean; prefill?: boolean },
): Record<string, string | boolean> {
  return {
    ...(mode.scoring === "expected" ? { scoring: "expected" } : {}),
    ...(mode.confidence && mode.scoring !== "expected" ? { confidence: true } : {}),
    ...(mode.reasons === false ? { reasons: false } : {}),
    ...(mode.prefill === true ? { prefill: true } : {}),
  };
}

/** What the judge's distribution said about one written verdict. */
export interface ChoiceVerdict {
  /** The value the judge wrote, as JSON text (e.g. `"1"`): the most probable allowed token at the slot. */
  choice: string;
  /** The probability of `choice` among the allowed values (0..1). */
  confidence: number;
  /** Every allowed value's probability among the allowed values (they sum to 1). */
  probabilities: Record<string, number>;
}

/**
 * The probability-weighted value of numeric choices: Σ value × probability.
 *
 * @example
 * expectedValue({ "0": 0.25, "1": 0.75 }); // 0.75
 */
export function expectedValue(probabilities: Record<string, number>): number {
  let sum = 0;
  for (const [choice, p] of Object.entries(probabilities)) sum += Number(choice) * p;
  return sum;
}

/**
 * The fields a verdict gains from its read: `confidence` when confidences are recorded, and `weight` (the expected
 * value, for 0/1 verdicts the probability of 1) with `"expected"`. Nothing without a read, so default results keep
 * their exact shape.
 */
export function readFields(
  read: ChoiceVerdict | undefined,
  reading: VerdictReading,
): { confidence?: number; weight?: number } {
  if (read === undefined || !reading.confidence) return {};
  return {
    confidence: read.confidence,
    ...(reading.scoring === "expected" ? { weight: expectedValue(read.probabilities) } : {}),
  };
}

/** One judge call of a verdict step: the arguments of `askJudge`, as an object. */
export interface VerdictCall<I, O> {
  llm: Llm;
  template: PromptTemplate<I, O>;
  input: I;
  settings: JudgeSettings;
  usage: JudgeUsage;
  signal: AbortSignal | undefined;
  /** The answer schema; defaults to the template's. */
  schema?: z.ZodType<O>;
  /** Write the answer from this plan (the `prefill` option); the verdicts are its choices, read when confidences are. */
  plan?: readonly AnswerPart[];
}

/**
 * Asks the judge for an answer holding verdicts at `slot` (every value after `"<slot.key>":`) and, when `reading`
 * records confidences, reads each verdict's distribution while it is written. `written` lists the verdict values of
 * the parsed answer in answer order; each read is checked against it (same count, same value), so a read can never be
 * attached to the wrong verdict. Returns the answer and, when read, one {@link ChoiceVerdict} per verdict.
 * Throws `JudgeOutputError` when the reads do not match the written verdicts.
 *
 * @example
 * const { value, reads } = await askJudgeForVerdicts({ llm, template, input, settings, usage, signal },
 *   { key: "verdict", values: ["0", "1"] }, reading, (v) => v.verdicts.map((x) => x.verdict));
 */
export async function askJudgeForVerdicts<I, O>(
  call: VerdictCall<I, O>,
  slot: ChoiceSlot,
  reading: VerdictReading,
  written: (value: O) => readonly unknown[],
): Promise<{ value: O; reads: ChoiceVerdict[] | undefined }> {
  let slots: SlotProbabilities[] | undefined;
  // A plan's choices are written greedily either way; their distribution is read only when it is recorded.
  const request =
    reading.confidence || call.plan !== undefined
      ? {
          choiceSlots: reading.confidence ? [slot] : [],
          receive: (s: typeof slots) => (slots = s),
          ...(call.plan !== undefined ? { plan: call.plan } : {}),
        }
      : undefined;
  const { llm, template, input, settings, usage, signal } = call;
  const value = await askJudge(llm, template, input, settings, usage, signal, call.schema, request);
  if (!reading.confidence) return { value, reads: undefined };
  return { value, reads: matchReads(template.name, slot, written(value), slots ?? []) };
}

/** Pairs the slot reads with the written verdicts, checking that they are the same values in the same order. */
function matchReads(
  promptName: string,
  slot: ChoiceSlot,
  written: readonly unknown[],
  slots: readonly SlotProbabilities[],
): ChoiceVerdict[] {
  const reads = slots.filter((s) => s.key === slot.key);
  const texts = written.map((w) => JSON.stringify(w));
  if (reads.length !== texts.length || reads.some((r, i) => r.written !== texts[i])) {
    throw new JudgeOutputError(
      `Judge answer for prompt "${promptName}": the probabilities read at the "${slot.key}" slots (${reads.map((r) => r.written).join(", ") || "none"}) do not match the verdicts written (${texts.join(", ")}); the judge must report one read per verdict, in answer order (Llm.readsChoiceSlots).`,
      texts.join(","),
    );
  }
  return reads.map((r) => ({
    choice: r.written,
    confidence: r.probabilities[r.written] ?? 0,
    probabilities: r.probabilities,
  }));
}

/** How the reason-free variant of a prompt differs from it (see {@link promptWithoutReasons}). */
export interface ReasonFreeVariant<O> {
  /** The answer schema without the free-text field. */
  outputSchema: z.ZodType<O>;
  /** The instruction's words that ask for the free text, and the words that replace them. */
  ask: readonly [from: string, to: string];
  /** The free-text field the answers drop. Defaults to "reason". */
  field?: string;
  /** The answer's lists whose items hold the field (e.g. `["verdicts"]`); empty when the answer itself holds it. Defaults to []. */
  lists?: readonly string[];
}

/** `output` without `field`, in the answer itself or in every item of each of `lists`. */
function withoutField<O>(output: O, field: string, lists: readonly string[]): O {
  const drop = (item: unknown): unknown => {
    if (item === null || typeof item !== "object" || Array.isArray(item)) return item;
    const { [field]: _dropped, ...rest } = item as Record<string, unknown>;
    return rest;
  };
  if (lists.length === 0) return drop(output) as O;
  const record = { ...(output as Record<string, unknown>) };
  for (const key of lists) {
    const list = record[key];
    if (Array.isArray(list)) record[key] = list.map(drop);
  }
  return record as O;
}

/**
 * The variant of a verdict prompt that asks for no free text (`reasons: false`): the instruction no longer asks for
 * it, the few-shot answers hold none (so they look like the answers the schema allows), the schema has no such
 * field, and the version ends in `+noreasons` (config hash, cache keys).
 *
 * @example
 * const bare = promptWithoutReasons(contextPrecisionPrompt, {
 *   outputSchema: z.object({ verdict: z.literal([0, 1]) }),
 *   ask: [" Give a one-sentence reason before the verdict.", ""],
 * });
 */
export function promptWithoutReasons<I, O>(
  template: PromptTemplate<I, O>,
  variant: ReasonFreeVariant<O>,
): PromptTemplate<I, O> {
  const [from, to] = variant.ask;
  const field = variant.field ?? "reason";
  const lists = variant.lists ?? [];
  return {
    ...template,
    version: `${template.version}+noreasons`,
    instruction: template.instruction.replace(from, () => to),
    outputSchema: variant.outputSchema,
    examples: template.examples.map((ex) => ({ ...ex, output: withoutField(ex.output, field, lists) })),
  };
}
