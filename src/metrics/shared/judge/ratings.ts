import { z } from "zod";
import type { PromptTemplate } from "../../../prompts/types.js";
import { askJudgeForVerdicts, expectedValue } from "./choice-verdicts.js";
import { judgeWithSplitting, splitRecord } from "./split.js";
import type { StatementSteps } from "./statements/steps.js";

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
  const schema = z.object({ rating: z.literal(values) });
  ratingValues.set(schema, values);
  return schema;
}

/** The allowed ratings of each schema {@link ratingSchema} made, for reading their probabilities. */
const ratingValues = new WeakMap<z.ZodType, readonly number[]>();

/** The two ratings of a pair of templates. */
export interface RatingPair {
  /** The ratings the judge wrote (the highest over split parts). */
  written: [number, number];
  /** The ratings the score uses: the written ones, or with scoring "expected" the expected ratings. */
  scored: [number, number];
  /** Each written rating's probability among the allowed ratings, when read. */
  confidences?: [number, number];
}

/** The details a {@link RatingPair} adds besides `ratings`: confidences and expected ratings, when read. */
export function ratingReadDetails(pair: RatingPair): Record<string, [number, number]> {
  if (pair.confidences === undefined) return {};
  if (pair.scored === pair.written) return { confidences: pair.confidences };
  return { confidences: pair.confidences, expectedRatings: pair.scored };
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
 * support is enough). Without `split`, the input is sent whole. With `steps.reading`, each rating's probability is
 * read while it is written (`confidences`), and scoring "expected" scores the expected ratings (the highest over
 * parts).
 */
export async function rateWithBoth<I>(
  steps: StatementSteps,
  templates: readonly [PromptTemplate<I, RatingOutput>, PromptTemplate<I, RatingOutput>],
  makeInput: (joined: string) => I,
  split: RatingSplit,
): Promise<RatingPair> {
  const { reading } = steps;
  const rate = async (template: PromptTemplate<I, RatingOutput>) => {
    const values = ratingValues.get(template.outputSchema) ?? [];
    const outcome = await judgeWithSplitting(split.texts, split.field, (parts) =>
      askJudgeForVerdicts(
        {
          llm: steps.llm,
          template,
          input: makeInput(parts.map((p) => p.text).join("\n")),
          settings: steps.settings,
          usage: steps.usage,
          signal: steps.signal,
        },
        { key: "rating", values: values.map(String) },
        reading,
        (answer) => [answer.rating],
      ),
    );
    const record = splitRecord(`${split.field} (${template.name})`, outcome);
    if (record) steps.splits.push(record);
    const parts = outcome.results.map((r) => r.value);
    const written = Math.max(...parts.map((p) => p.value.rating));
    const read = parts.find((p) => p.value.rating === written)?.reads?.[0];
    const expected = Math.max(...parts.map((p) => (p.reads ? expectedValue(p.reads[0]!.probabilities) : 0)));
    return { written, read, expected };
  };
  const a = await rate(templates[0]);
  const b = await rate(templates[1]);
  const written: [number, number] = [a.written, b.written];
  if (a.read === undefined || b.read === undefined) return { written, scored: written };
  return {
    written,
    scored: reading.scoring === "expected" ? [a.expected, b.expected] : written,
    confidences: [a.read.confidence, b.read.confidence],
  };
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
