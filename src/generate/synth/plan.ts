/**
 * The plan: which question type, chunks, persona, style and length each row gets, deterministic from the seed.
 * Counts per type are exact (largest remainder); within a type, rows go to the least-used documents first, then the
 * least-used chunk groups; styles, lengths and personas are dealt evenly in a seeded order.
 */
import { InvalidInputError } from "../../errors.js";
import { mulberry32 } from "../../math/prng.js";
import { synthesizerNames } from "../defaults.js";
import type { GenerationContext, PlannedRow } from "../stage.js";
import type { Chunk, Persona, QueryLength, QueryStyle, SynthesisRequest, SynthesizerName } from "../types.js";
import { fittingGroups, MAX_THEMES } from "./fit-groups.js";
import { extractKeyphrases } from "./keyphrases.js";
import { mixCounts } from "./mix.js";
import { LENGTH_NAMES, STYLE_NAMES } from "./query-options.js";
import { DEFAULT_RELATED_SIMILARITY, type RelatedGroup, relatedPairs, themeClusters } from "./relations.js";
import { WindowFit } from "./window.js";

/** Options of the plan. */
export interface PlanOptions {
  /** Who asks: dealt evenly over the rows. Defaults to none (questions are written without a persona). */
  personas?: readonly Persona[];
  /** Least cosine similarity of chunks joined by a multi-hop question. Defaults to {@link DEFAULT_RELATED_SIMILARITY}. */
  relatedSimilarity?: number;
  /** The query styles dealt evenly over the rows. Defaults to all four of Ragas' styles. */
  queryStyles?: readonly QueryStyle[];
  /** The query lengths dealt evenly over the rows. Defaults to all three (short, medium, long). */
  queryLengths?: readonly QueryLength[];
  /**
   * A question type of the mix that the chunks cannot serve (no related chunks, or none that fit the judge's window)
   * is an error, instead of its share going to the other types: set when the user chose the mix. Defaults to false.
   */
  strictMix?: boolean;
}

function nonEmpty<T>(values: readonly T[] | undefined): readonly T[] | undefined {
  return values !== undefined && values.length > 0 ? values : undefined;
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** `n` values dealt evenly: each block of `values.length` holds every value once, in a seeded order. */
function dealt<T>(values: readonly T[], n: number, random: () => number): T[] {
  const out: T[] = [];
  while (out.length < n) out.push(...shuffle([...values], random));
  return out.slice(0, n);
}

/** Picks groups for `n` rows of one type: least-used documents first, then least-used groups, then rank. */
function pickGroups(groups: readonly RelatedGroup[], chunks: readonly Chunk[], n: number): RelatedGroup[] {
  const documentUses = new Map<string, number>();
  const groupUses = groups.map(() => 0);
  const picks: RelatedGroup[] = [];
  const documentsOf = groups.map((g) => [...new Set(g.members.map((m) => chunks[m]!.documentId))]);
  const load = (g: number): number =>
    documentsOf[g]!.reduce((sum, d) => sum + (documentUses.get(d) ?? 0), 0) / documentsOf[g]!.length;
  for (let row = 0; row < n; row++) {
    let best = 0;
    for (let g = 1; g < groups.length; g++) {
      if (load(g) < load(best) || (load(g) === load(best) && groupUses[g]! < groupUses[best]!)) best = g;
    }
    picks.push(groups[best]!);
    groupUses[best]! += 1;
    for (const d of documentsOf[best]!) documentUses.set(d, (documentUses.get(d) ?? 0) + 1);
  }
  return picks;
}

function themesFor(group: RelatedGroup, use: number): string[] {
  if (group.members.length === 1) {
    // A single-hop question is about one term; a chunk asked again gets its next keyphrase.
    return group.themes.length === 0 ? [] : [group.themes[use % group.themes.length]!];
  }
  return group.themes.slice(0, MAX_THEMES);
}

const sizeAdvice = "pass a smaller --chunk-tokens, a larger --context-size or a smaller --max-tokens";

/** Why the chunks serve no row of `name`, and what to do. */
function unservedReason(
  name: SynthesizerName,
  related: readonly RelatedGroup[],
  chunks: readonly Chunk[],
  fit: WindowFit | undefined,
  minSimilarity: number,
): string {
  if (name === "single_hop_specific_query_synthesizer") {
    const largest = Math.max(...chunks.map((c) => c.tokens));
    return `no chunk fits ${fit?.describe() ?? "the judge's context"} (the largest has ${largest} tokens): ${sizeAdvice}`;
  }
  if (related.length === 0) {
    return (
      `the documents hold no related chunks to write ${name} rows from (chunks that share a keyphrase and whose ` +
      `embeddings have a cosine similarity of at least ${minSimilarity}): give documents with more passages on shared topics`
    );
  }
  return `none of the ${related.length} groups of related chunks for ${name} fits ${fit?.describe() ?? "the judge's context"}, not even trimmed to two chunks: ${sizeAdvice}`;
}

/**
 * Refuses a mix the chunks cannot serve: a type of a `strict` mix without a group to write it from, or a mix none of
 * whose types has one; else the unserved types' shares go to the others.
 */
function checkServed(
  mix: Readonly<Record<SynthesizerName, number>>,
  groups: Readonly<Record<SynthesizerName, readonly RelatedGroup[]>>,
  reason: (name: SynthesizerName) => string,
  strict: boolean,
): void {
  const asked = synthesizerNames.filter((name) => (mix[name] ?? 0) > 0);
  const unserved = asked.filter((name) => groups[name].length === 0);
  if (unserved.length === 0 || (!strict && unserved.length < asked.length)) return;
  const total = asked.reduce((sum, name) => sum + mix[name], 0);
  const share = (name: SynthesizerName) => `${Math.round((100 * mix[name]) / total)}% of the rows`;
  const served = asked.filter((name) => !unserved.includes(name));
  throw new InvalidInputError(
    `generate: the mix asks for ${unserved.map((name) => `${name} (${share(name)})`).join(" and ")}, but ` +
      `${unserved.map(reason).join("; and ")}. ` +
      (served.length > 0
        ? `Or leave ${unserved.length > 1 ? "them" : "it"} out of --mix (the other types can be written).`
        : "Or ask for another question type in --mix, e.g. --mix single=1."),
  );
}

/**
 * Plans `size` rows over `chunks` in the proportions of `mix`. Multi-hop types need related chunks (see
 * relations.ts); with the judge's window in `ctx`, only chunk groups whose calls fit it are planned (trimmed where
 * that helps, see fit-groups.ts). A type the chunks cannot serve gives its share to the other types, unless
 * `options.strictMix`. Throws `InvalidInputError` for no chunks or a mix the chunks cannot serve (saying why), and a
 * `RangeError` for a bad size or mix.
 */
export async function planRows(
  chunks: readonly Chunk[],
  size: number,
  mix: Readonly<Record<SynthesizerName, number>>,
  ctx: GenerationContext,
  options: PlanOptions = {},
): Promise<PlannedRow[]> {
  if (chunks.length === 0)
    throw new InvalidInputError("generate: no chunks to write questions from; check the input documents");
  const texts = chunks.map((c) => c.text);
  const keyphrases = extractKeyphrases(texts);
  const needsVectors =
    (mix.multi_hop_specific_query_synthesizer ?? 0) > 0 ||
    (mix.multi_hop_abstract_query_synthesizer ?? 0) > 0;
  const vectors = needsVectors && chunks.length > 1 ? await ctx.embeddings.embed(texts) : [];
  const minSimilarity = options.relatedSimilarity ?? DEFAULT_RELATED_SIMILARITY;
  const random = mulberry32(ctx.seed);
  const related: Record<SynthesizerName, RelatedGroup[]> = {
    single_hop_specific_query_synthesizer: shuffle(
      chunks.map((_, i) => ({ members: [i], themes: keyphrases[i]!, similarity: 1 })),
      random,
    ),
    multi_hop_specific_query_synthesizer:
      vectors.length > 0 ? relatedPairs(keyphrases, vectors, minSimilarity) : [],
    multi_hop_abstract_query_synthesizer:
      vectors.length > 0 ? themeClusters(keyphrases, vectors, minSimilarity) : [],
  };
  const fit =
    ctx.window !== undefined ? new WindowFit(ctx.window, ctx.callBudget.maxTokens, options) : undefined;
  const groups = Object.fromEntries(
    synthesizerNames.map((name) => [name, fittingGroups(name, related[name], chunks, fit)]),
  ) as Record<SynthesizerName, RelatedGroup[]>;
  checkServed(
    mix,
    groups,
    (name) => unservedReason(name, related[name], chunks, fit, minSimilarity),
    options.strictMix === true,
  );
  const available = new Set(synthesizerNames.filter((name) => groups[name].length > 0));
  const counts = mixCounts(size, mix, available);
  const picked = new Map<SynthesizerName, RelatedGroup[]>(
    synthesizerNames.map((name) => [name, pickGroups(groups[name], chunks, counts[name])]),
  );
  const order = shuffle(
    synthesizerNames.flatMap((name) => Array.from({ length: counts[name] }, () => name)),
    random,
  );
  const styles = dealt(nonEmpty(options.queryStyles) ?? STYLE_NAMES, size, random);
  const lengths = dealt(nonEmpty(options.queryLengths) ?? LENGTH_NAMES, size, random);
  const personas =
    options.personas !== undefined && options.personas.length > 0
      ? dealt(options.personas, size, random)
      : undefined;
  const taken = new Map<SynthesizerName, number>();
  const groupUses = new Map<RelatedGroup, number>();
  return order.map((synthesizer, index) => {
    const n = taken.get(synthesizer) ?? 0;
    taken.set(synthesizer, n + 1);
    const group = picked.get(synthesizer)![n]!;
    const use = groupUses.get(group) ?? 0;
    groupUses.set(group, use + 1);
    const request: SynthesisRequest = {
      synthesizer,
      chunks: group.members.map((m) => chunks[m]!),
      ...(personas !== undefined ? { persona: personas[index]! } : {}),
      style: styles[index]!,
      length: lengths[index]!,
      themes: themesFor(group, use),
    };
    return { index, request };
  });
}
