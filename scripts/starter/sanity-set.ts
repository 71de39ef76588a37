// Loads and scores test/fixtures/sanity-triples.json (shared by the bench and the tests).
import { readFileSync } from "node:fs";
import { cosine } from "./reference-encoder.js";

/** One sanity triple: `closer` should be more similar to `anchor` than `farther` is. */
export interface SanityTriple {
  /** Stable id, e.g. "question-03". */
  id: string;
  /** Group: seed, question, answer, passage or hard. */
  kind: string;
  /** The reference text. */
  anchor: string;
  /** A paraphrase or fuller answer. */
  closer: string;
  /** An unrelated or less related text. */
  farther: string;
}

/** Reads the triples from the fixture file. */
export function loadSanityTriples(file: string): SanityTriple[] {
  const parsed = JSON.parse(readFileSync(file, "utf8")) as { triples?: SanityTriple[] };
  if (!Array.isArray(parsed.triples) || parsed.triples.length === 0) {
    throw new Error(
      `${file} has no "triples" array; expected {"triples": [{anchor, closer, farther}, ...]}.`,
    );
  }
  return parsed.triples;
}

/** Outcome of scoring a set of triples. */
export interface SanityScore {
  /** Triples ordered correctly. */
  correct: number;
  /** All triples. */
  total: number;
  /** correct / total. */
  accuracy: number;
  /** Mean of cos(anchor, closer) - cos(anchor, farther). */
  meanMargin: number;
  /** Mean cosine between the anchors of different triples (unrelated texts). */
  unrelatedMean: number;
  /** Standard deviation of those cosines. */
  unrelatedSd: number;
  /** meanMargin / unrelatedSd: a scale-free separation (comparable across weighting variants). */
  separation: number;
  /** Ids of the triples ordered wrongly. */
  failures: string[];
}

/** Scores triples given an embedding for every distinct text. */
export function scoreTriples(
  triples: readonly SanityTriple[],
  embeddingOf: (text: string) => Float32Array,
): SanityScore {
  let correct = 0;
  let margin = 0;
  const failures: string[] = [];
  for (const t of triples) {
    const a = embeddingOf(t.anchor);
    const diff = cosine(a, embeddingOf(t.closer)) - cosine(a, embeddingOf(t.farther));
    margin += diff;
    if (diff > 0) correct++;
    else failures.push(t.id);
  }
  const unrelated: number[] = [];
  for (let i = 0; i < triples.length; i++) {
    for (let j = i + 1; j < triples.length; j++) {
      unrelated.push(cosine(embeddingOf(triples[i]!.anchor), embeddingOf(triples[j]!.anchor)));
    }
  }
  const unrelatedMean = unrelated.reduce((a, b) => a + b, 0) / Math.max(1, unrelated.length);
  const unrelatedSd = Math.sqrt(
    unrelated.reduce((a, b) => a + (b - unrelatedMean) ** 2, 0) / Math.max(1, unrelated.length),
  );
  const meanMargin = margin / triples.length;
  return {
    correct,
    total: triples.length,
    accuracy: correct / triples.length,
    meanMargin,
    unrelatedMean,
    unrelatedSd,
    separation: unrelatedSd > 0 ? meanMargin / unrelatedSd : 0,
    failures,
  };
}
