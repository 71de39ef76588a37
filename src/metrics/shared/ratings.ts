import { z } from "zod";
import type { PromptTemplate } from "../../prompts/types.js";
import { askJudge } from "./judge.js";
import { judgeWithSplitting, splitRecord } from "./split.js";
import type { StatementSteps } from "./statements.js";

/** A single rating, the judge's whole answer. */
export interface RatingOutput {
  rating: number;
}

/**
 * The schema of a rating out of `values` (e.g. `[0, 1, 2]`): a literal union, so the llama.cpp
 * grammar lets the judge write only one of those numbers. Ragas' NVIDIA metrics look for the
 * rating in the first tokens of free text and retry up to five times; here the first answer is
 * always a rating.
 */
export function ratingSchema(values: readonly [number, ...number[]]): z.ZodType<RatingOutput> {
  return z.object({ rating: z.literal(values) });
}

/** Where long input may be split: the texts and the field that names them. */
export interface RatingSplit {
  texts: readonly string[];
  field: string;
}

/**
 * Asks each of the two templates for a rating. With `split`, the texts are sent joined with
 * newlines (as Ragas joins the contexts); when they overflow the judge's window they are rated in
 * parts, and a template's rating is the highest over the parts (a part that shows relevance or
 * support is enough). Without `split`, the input is sent whole.
 */
export async function rateWithBoth<I>(
  steps: StatementSteps,
  templates: readonly [PromptTemplate<I, RatingOutput>, PromptTemplate<I, RatingOutput>],
  makeInput: (joined: string) => I,
  split: RatingSplit,
): Promise<[number, number]> {
  const rate = async (template: PromptTemplate<I, RatingOutput>): Promise<number> => {
    const outcome = await judgeWithSplitting(split.texts, split.field, (parts) =>
      askJudge(
        steps.llm,
        template,
        makeInput(parts.map((p) => p.text).join("\n")),
        steps.settings,
        steps.usage,
        steps.signal,
      ),
    );
    const record = splitRecord(`${split.field} (${template.name})`, outcome);
    if (record) steps.splits.push(record);
    return Math.max(...outcome.results.map((r) => r.value.rating));
  };
  return [await rate(templates[0]), await rate(templates[1])];
}

/**
 * Ragas' NVIDIA score: each rating divided by the top of its scale, then the two averaged, so it
 * lies in [0, 1].
 *
 * @example
 * averagedRating(4, 2, 4); // (1 + 0.5) / 2 = 0.75
 */
export function averagedRating(first: number, second: number, top: number): number {
  return (first / top + second / top) / 2;
}

/** The prompt versions of a pair of rating templates. */
export function ratingPromptVersions(
  templates: ReadonlyArray<{ name: string; version: string }>,
): Record<string, string> {
  return Object.fromEntries(templates.map((t) => [t.name, t.version]));
}
