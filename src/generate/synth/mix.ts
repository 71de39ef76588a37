import { synthesizerNames } from "../defaults.js";
import type { SynthesizerName } from "../types.js";

/**
 * Splits `size` rows among the question types in proportion to `mix` (weights need not sum to 1), exactly, by the
 * largest remainder method: each type gets the floor of its share, and the rows left go to the largest fractional
 * parts (ties to the earlier type in `synthesizerNames` (Ragas' order)). Types not in `available` get none; their weight is
 * shared among the others in proportion. Throws a `RangeError` for a size that is not a positive integer, a weight
 * that is negative or not finite, or when no available type has weight.
 *
 * @example
 * mixCounts(10, defaultMix); // { single_hop…: 4, multi_hop_abstract…: 3, multi_hop_specific…: 3 }
 */
export function mixCounts(
  size: number,
  mix: Readonly<Record<SynthesizerName, number>>,
  available: ReadonlySet<SynthesizerName> = new Set(synthesizerNames),
): Record<SynthesizerName, number> {
  if (!Number.isInteger(size) || size < 1) {
    throw new RangeError(`generate: size must be a positive integer of rows, got ${size}`);
  }
  for (const name of synthesizerNames) {
    const weight = mix[name] ?? 0;
    if (!Number.isFinite(weight) || weight < 0) {
      throw new RangeError(`generate: the mix weight of ${name} must be a finite number >= 0, got ${weight}`);
    }
  }
  const used = synthesizerNames.filter((name) => available.has(name) && (mix[name] ?? 0) > 0);
  const total = used.reduce((sum, name) => sum + mix[name], 0);
  if (used.length === 0) {
    const missing = synthesizerNames.filter((name) => (mix[name] ?? 0) > 0 && !available.has(name));
    throw new RangeError(
      missing.length > 0
        ? `generate: the mix asks only for ${missing.join(", ")}, and the chunks hold no related chunks to write them from; add single_hop_specific_query_synthesizer to the mix or give more documents`
        : "generate: the mix gives every question type weight 0; give at least one a positive weight",
    );
  }
  const counts = Object.fromEntries(synthesizerNames.map((name) => [name, 0])) as Record<
    SynthesizerName,
    number
  >;
  const shares = used.map((name) => ({ name, exact: (size * mix[name]) / total }));
  let left = size;
  for (const share of shares) {
    counts[share.name] = Math.floor(share.exact);
    left -= counts[share.name];
  }
  const byRemainder = [...shares].sort(
    (a, b) =>
      b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)) ||
      synthesizerNames.indexOf(a.name) - synthesizerNames.indexOf(b.name),
  );
  for (let i = 0; i < left; i++) counts[byRemainder[i % byRemainder.length]!.name] += 1;
  return counts;
}
