// Numbers printed by the Python libraries Ragas calls (sacrebleu 2.6.0, rapidfuzz 3.14.6, NLTK
// 3.10.3's Porter stemmer) on generated inputs with punctuation, digits, entities, NUL, emoji,
// combining marks and Python-only whitespace; scripts/judge-free-oracle.py wrote the fixtures.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ragasBleu } from "../../../src/metrics/bleu-score/score.js";
import { ragasChrf } from "../../../src/metrics/chrf-score/score.js";
import { porterStem } from "../../../src/metrics/rouge-score/porter-stemmer.js";
import { rouge } from "../../../src/metrics/rouge-score/score.js";
import {
  distanceMeasures,
  stringSimilarity,
} from "../../../src/metrics/shared/text/string-distance/similarity.js";

const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`../../fixtures/judge-free/${name}.json`, import.meta.url), "utf8")) as T;

interface SimilarityCase extends Record<string, string | number> {
  reference: string;
  response: string;
}
interface TextCase {
  reference: string;
  response: string;
  bleu: number;
  bleuFloorLowercase: number;
  bleuNoneEffective: number;
  bleuAddK: number;
  chrf: number;
  chrfPlusPlus: number;
  rouge1: [number, number, number];
  rouge2: [number, number, number];
  rougeL: [number, number, number];
}

/** Equal, or within 1e-12 where Python and V8 may round a sum of floats differently. */
const near = (got: number, want: number) => expect(Math.abs(got - want)).toBeLessThan(1e-12);

describe("string similarity equals 1 - rapidfuzz normalized_distance", () => {
  const cases = fixture<SimilarityCase[]>("string-similarity");
  it(`matches on ${cases.length} pairs bit for bit`, () => {
    for (const c of cases) {
      for (const m of distanceMeasures) expect(stringSimilarity(c.reference, c.response, m)).toBe(c[m]);
    }
  });
});

describe("Porter stemmer equals NLTK PorterStemmer()", () => {
  const stems = fixture<Record<string, string>>("porter-stems");
  it(`stems ${Object.keys(stems).length} words as NLTK does`, () => {
    const wrong = Object.entries(stems).filter(([w, s]) => porterStem(w) !== s);
    expect(wrong).toEqual([]);
  });
});

describe("BLEU, chrF and ROUGE equal sacrebleu / rouge_score as Ragas calls them", () => {
  const cases = fixture<TextCase[]>("text-metrics");
  it(`matches on ${cases.length} generated pairs`, () => {
    for (const c of cases) {
      near(ragasBleu(c.reference, c.response).score, c.bleu);
      near(
        ragasBleu(c.reference, c.response, { smoothMethod: "floor", lowercase: true }).score,
        c.bleuFloorLowercase,
      );
      near(
        ragasBleu(c.reference, c.response, { smoothMethod: "none", useEffectiveOrder: true }).score,
        c.bleuNoneEffective,
      );
      near(ragasBleu(c.reference, c.response, { smoothMethod: "add-k" }).score, c.bleuAddK);
      near(ragasChrf(c.reference, c.response).score, c.chrf);
      near(ragasChrf(c.reference, c.response, { wordOrder: 2 }).score, c.chrfPlusPlus);
      for (const kind of ["rouge1", "rouge2", "rougeL"] as const) {
        const r = rouge(c.reference, c.response, kind, true);
        near(r.precision, c[kind][0]);
        near(r.recall, c[kind][1]);
        near(r.fmeasure, c[kind][2]);
      }
    }
  });
});
