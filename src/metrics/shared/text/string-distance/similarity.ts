// Ragas' string similarity (`NonLLMStringSimilarity`): 1 - rapidfuzz's normalised distance, with the four
// distance measures. The non-LLM string similarity metric scores with it, and the non-LLM context precision and
// recall compare every pair of contexts with it.
import { unitLevenshtein } from "./levenshtein.js";

/** Ragas `DistanceMeasure` values. */
export type DistanceMeasure = "levenshtein" | "hamming" | "jaro" | "jaro_winkler";

/** The distance measures, in Ragas' order. */
export const distanceMeasures: readonly DistanceMeasure[] = [
  "levenshtein",
  "hamming",
  "jaro",
  "jaro_winkler",
];

/**
 * Levenshtein distance counted in Unicode code points, as rapidfuzz counts Python string characters.
 * The bit-parallel distance compares UTF-16 units, so strings holding surrogate pairs are first mapped to
 * one BMP character per distinct code point (the distance depends on equality only).
 */
export function levenshteinDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!hasSurrogate(a) && !hasSurrogate(b)) return unitLevenshtein(a, b);
  const [x, y] = toUnitStrings(a, b);
  return unitLevenshtein(x, y);
}

/** rapidfuzz `Levenshtein.normalized_distance`: distance / max(length); 0 for two empty strings. */
export function levenshteinNormalizedDistance(a: string, b: string): number {
  if (a === b) return 0;
  const surrogates = hasSurrogate(a) || hasSurrogate(b);
  const max = surrogates ? Math.max(codePointLength(a), codePointLength(b)) : Math.max(a.length, b.length);
  if (max === 0) return 0;
  if (!surrogates) return unitLevenshtein(a, b) / max;
  const [x, y] = toUnitStrings(a, b);
  return unitLevenshtein(x, y) / max;
}

/**
 * rapidfuzz `Hamming.normalized_distance` with its default `pad=True`: positions that differ over the
 * shorter length plus the length difference, divided by the longer length; 0 for two empty strings.
 */
export function hammingNormalizedDistance(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  const max = Math.max(x.length, y.length);
  if (max === 0) return 0;
  const min = Math.min(x.length, y.length);
  let dist = max - min;
  for (let i = 0; i < min; i++) if (x[i] !== y[i]) dist++;
  return dist / max;
}

/**
 * Jaro similarity as rapidfuzz computes it: matches within a window of max(length)/2 - 1 (at least 0),
 * half the transpositions rounded down; 1 for two empty strings, 0 when only one is empty.
 */
export function jaroSimilarity(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  if (x.length === 0 && y.length === 0) return 1;
  if (x.length === 0 || y.length === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(x.length, y.length) / 2) - 1);
  const xMatched = new Uint8Array(x.length);
  const yMatched = new Uint8Array(y.length);
  let matches = 0;
  for (let i = 0; i < x.length; i++) {
    const hi = Math.min(y.length - 1, i + window);
    for (let j = Math.max(0, i - window); j <= hi; j++) {
      if (yMatched[j] === 0 && x[i] === y[j]) {
        xMatched[i] = 1;
        yMatched[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let j = 0;
  for (let i = 0; i < x.length; i++) {
    if (xMatched[i] === 0) continue;
    while (yMatched[j] === 0) j++;
    if (x[i] !== y[j]) transpositions++;
    j++;
  }
  const t = Math.floor(transpositions / 2);
  return (matches / x.length + matches / y.length + (matches - t) / matches) / 3;
}

/**
 * Jaro-Winkler similarity as rapidfuzz computes it (prefix weight 0.1, common prefix of at most 4
 * code points, applied only when the Jaro similarity is above 0.7).
 */
export function jaroWinklerSimilarity(a: string, b: string): number {
  const sim = jaroSimilarity(a, b);
  if (sim <= 0.7) return sim;
  const x = Array.from(a);
  const y = Array.from(b);
  let prefix = 0;
  const limit = Math.min(4, x.length, y.length);
  while (prefix < limit && x[prefix] === y[prefix]) prefix++;
  return sim + prefix * 0.1 * (1 - sim);
}

/** rapidfuzz `normalized_distance` of the chosen measure (Jaro ones are `1 - similarity`). */
export function normalizedDistance(a: string, b: string, measure: DistanceMeasure): number {
  switch (measure) {
    case "levenshtein":
      return levenshteinNormalizedDistance(a, b);
    case "hamming":
      return hammingNormalizedDistance(a, b);
    case "jaro":
      return 1 - jaroSimilarity(a, b);
    case "jaro_winkler":
      return 1 - jaroWinklerSimilarity(a, b);
  }
}

/**
 * Ragas `NonLLMStringSimilarity`: `1 - normalized_distance(reference, response)`, computed in the
 * same floating-point steps as Ragas so the numbers agree to the last bit.
 *
 * @example
 * stringSimilarity("The Eiffel Tower is located in Paris.", "The Eiffel Tower is located in India.", "levenshtein");
 * // 0.8918918918918919
 */
export function stringSimilarity(reference: string, response: string, measure: DistanceMeasure): number {
  return 1 - normalizedDistance(reference, response, measure);
}

function hasSurrogate(text: string): boolean {
  return /[\uD800-\uDFFF]/.test(text);
}

function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Maps each distinct code point of both strings to one BMP character outside the surrogate range. */
function toUnitStrings(a: string, b: string): [string, string] {
  const codes = new Map<string, string>();
  const map = (text: string): string => {
    let out = "";
    for (const ch of text) {
      let unit = codes.get(ch);
      if (unit === undefined) {
        let code = codes.size + 1;
        if (code >= 0xd800) code += 0x800;
        if (code > 0xffff) throw new RangeError("more than 63,000 distinct characters in one comparison");
        unit = String.fromCharCode(code);
        codes.set(ch, unit);
      }
      out += unit;
    }
    return out;
  };
  return [map(a), map(b)];
}
