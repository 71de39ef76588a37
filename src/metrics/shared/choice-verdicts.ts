// Verdicts read from the judge's token probabilities: the JSON answer up to each verdict slot is forced text
// (the statements are known, the reasons were generated or left out), and the verdict is the judge's
// next-token distribution over the allowed values at that slot (`Llm.scoreChoices`).
import { z } from "zod";
import { InvalidInputError } from "../../errors.js";
import type { ChoiceProbabilities, Llm } from "../../llm/types.js";
import type { JudgePrompt } from "../../prompts/types.js";
import type { JudgeUsage } from "./judge.js";

/**
 * How a verdict is decided:
 * - `"greedy"`: the judge writes the whole answer under the grammar (temperature 0 by default) and its written
 *   verdict counts;
 * - `"argmax"`: the verdict is the allowed value with the highest next-token probability at the verdict slot,
 *   its probability recorded as `confidence`;
 * - `"expected"`: like argmax, and the score uses the probability-weighted verdict (for 0/1 verdicts, the
 *   probability of 1), so an unsure judge moves the score less.
 */
export type Scoring = "greedy" | "argmax" | "expected";

/** The `scoring` option of a metric whose verdicts can be read from probabilities. */
export const scoringOption = z
  .enum(["greedy", "argmax", "expected"])
  .default("greedy")
  .describe(
    'How verdicts are decided: "greedy" (the judge writes them), "argmax" (the most probable allowed value at the verdict slot) or "expected" (probability-weighted verdicts and scores). argmax and expected need a judge with scoreChoices.',
  );

/** The `reasons` option of a metric whose verdicts carry a reason. */
export const reasonsOption = z
  .boolean()
  .default(true)
  .describe(
    "Ask the judge for a one-sentence reason before each verdict; false drops the reason from the answer schema, so a probability-read verdict step generates nothing.",
  );

/** The scoring and reasons options of a verdict metric, to spread into its options schema. */
export const verdictOptionsShape = { scoring: scoringOption, reasons: reasonsOption };

/**
 * The scoring and reasons settings for a metric's `config().options`, left out at their defaults ("greedy", with
 * reasons) so configs, hashes and cache entries made before these options existed stay valid.
 */
export function verdictModeConfig(mode: {
  scoring: Scoring;
  reasons: boolean;
}): Record<string, string | boolean> {
  return {
    ...(mode.scoring !== "greedy" ? { scoring: mode.scoring } : {}),
    ...(mode.reasons ? {} : { reasons: false }),
  };
}

/** What a probability read of one verdict slot gave. */
export interface ChoiceVerdict {
  /** The most probable allowed value, as the judge would write it (e.g. `"1"`). */
  choice: string;
  /** Its probability among the allowed values (0..1). */
  confidence: number;
  /** Every allowed value's probability among the allowed values (they sum to 1). */
  probabilities: Record<string, number>;
}

/** One verdict slot: the forced answer text before it and the allowed values. */
export interface VerdictSlot {
  prefix: string;
  choices: readonly string[];
  suffix?: string;
}

/**
 * Checks that `llm` can read probabilities when `scoring` needs them; throws `InvalidInputError` naming the
 * metric and option otherwise (a third-party Llm without `scoreChoices`).
 */
export function requireScoreChoices(llm: Llm, scoring: Scoring, metric: string): void {
  if (scoring !== "greedy" && llm.scoreChoices === undefined) {
    throw new InvalidInputError(
      `scoring "${scoring}" reads verdicts from token probabilities, but the judge "${llm.id}" has no scoreChoices; use scoring "greedy" or a judge that implements Llm.scoreChoices (LlamaCppLlm does)`,
      { field: `${metric}.scoring` },
    );
  }
}

/** The value with the highest probability (the first of equals, in the choices' order). */
export function argmaxChoice(choices: readonly string[], probabilities: Record<string, number>): string {
  let best = choices[0]!;
  for (const c of choices) if ((probabilities[c] ?? 0) > (probabilities[best] ?? 0)) best = c;
  return best;
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

/** Reads one slot with `llm.scoreChoices`, adding the call to `usage`. */
export async function readVerdictSlot(
  llm: Llm,
  prompt: JudgePrompt,
  slot: VerdictSlot,
  usage: JudgeUsage,
  signal: AbortSignal | undefined,
): Promise<ChoiceVerdict> {
  if (llm.scoreChoices === undefined) throw new Error(`judge "${llm.id}" has no scoreChoices`);
  const read: ChoiceProbabilities = await llm.scoreChoices(
    prompt,
    {
      prefix: slot.prefix,
      choices: slot.choices,
      ...(slot.suffix !== undefined ? { suffix: slot.suffix } : {}),
    },
    signal !== undefined ? { signal } : {},
  );
  usage.calls += 1;
  usage.promptTokens += read.usage.promptTokens;
  usage.completionTokens += read.usage.completionTokens;
  const choice = argmaxChoice(slot.choices, read.probabilities);
  return { choice, confidence: read.probabilities[choice] ?? 0, probabilities: read.probabilities };
}

/**
 * The forced answer text up to the verdict of item `index` of a JSON list answer `{"<listKey>":[...]}`: the
 * earlier items whole (each with its decided verdict), then item `index`'s known fields and the verdict key.
 * Compact JSON with the keys in the schema's order, as the few-shot examples are rendered.
 *
 * @example
 * listVerdictPrefix("verdicts", [{ statement: "A" }, { statement: "B" }], [1], "verdict", 1);
 * // '{"verdicts":[{"statement":"A","verdict":1},{"statement":"B","verdict":'
 */
export function listVerdictPrefix(
  listKey: string,
  items: readonly Record<string, unknown>[],
  decided: readonly unknown[],
  verdictKey: string,
  index: number,
): string {
  const earlier = items
    .slice(0, index)
    .map((item, i) => JSON.stringify({ ...item, [verdictKey]: decided[i] }));
  const open = JSON.stringify(items[index]);
  const head = open === "{}" ? "{" : `${open.slice(0, -1)},`;
  return `{${JSON.stringify(listKey)}:[${earlier.map((e) => `${e},`).join("")}${head}${JSON.stringify(verdictKey)}:`;
}

/**
 * Reads the verdicts of a JSON list answer one slot after another: `items` are the fields each item holds
 * before its verdict (statement text, generated reason), in the schema's key order; every earlier item is
 * written with its most probable verdict. `choices` are the allowed verdicts as JSON text (e.g. `["0","1"]`).
 * The slots are read in order because each prefix holds the verdicts before it.
 */
export async function readListVerdicts(
  llm: Llm,
  prompt: JudgePrompt,
  list: {
    listKey: string;
    items: readonly Record<string, unknown>[];
    verdictKey: string;
    choices: readonly string[];
  },
  usage: JudgeUsage,
  signal: AbortSignal | undefined,
): Promise<ChoiceVerdict[]> {
  const reads: ChoiceVerdict[] = [];
  const decided: unknown[] = [];
  for (let i = 0; i < list.items.length; i++) {
    const prefix = listVerdictPrefix(list.listKey, list.items, decided, list.verdictKey, i);
    const read = await readVerdictSlot(llm, prompt, { prefix, choices: list.choices }, usage, signal);
    reads.push(read);
    decided.push(JSON.parse(read.choice));
  }
  return reads;
}

/**
 * The examples of a list-answer prompt with the `reason` field removed from every item, for the prompt variant
 * without reasons (the few-shot answers must look like the answers the schema allows).
 */
export function withoutReasonField<O>(output: O, listKey: string): O {
  const record = output as Record<string, unknown>;
  const list = record[listKey];
  if (!Array.isArray(list)) return output;
  return {
    ...record,
    [listKey]: list.map((item: Record<string, unknown>) => {
      const { reason: _drop, ...rest } = item;
      return rest;
    }),
  } as O;
}
