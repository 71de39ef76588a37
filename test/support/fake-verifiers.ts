// Scripted verifiers with the shapes of src/verifiers/types.ts: whitespace tokens, a probability from a function of
// the pair, every call recorded. Metrics under test get these in place of ONNX models.
import type {
  PairVerifier,
  SpanInput,
  SpanVerifier,
  UnsupportedSpan,
  VerifierPair,
  VerifierScore,
} from "../../src/verifiers/types.js";

/** Character offsets of the whitespace-separated words of `text`. */
export function wordOffsets(text: string): Array<[number, number]> {
  return [...text.matchAll(/\S+/g)].map((m) => [m.index, m.index + m[0].length]);
}

/** A pair verifier scripted by `probability(pair)`; `calls` holds every batch it was given. */
export interface FakePairVerifier extends PairVerifier {
  readonly calls: VerifierPair[][];
  closed: boolean;
}

/**
 * A pair verifier whose tokens are words and whose score is `probability(pair)`. A pair longer than `maxTokens`
 * (words of both texts, plus 3 special tokens) is marked truncated.
 *
 * @example
 * const verifier = fakePairVerifier((p) => (p.first.includes(p.second) ? 0.9 : 0.1));
 */
export function fakePairVerifier(
  probability: (pair: VerifierPair) => number,
  options: { task?: PairVerifier["task"]; maxTokens?: number; id?: string } = {},
): FakePairVerifier {
  const task = options.task ?? "consistency";
  const calls: VerifierPair[][] = [];
  const maxTokens = options.maxTokens ?? 512;
  const verifier: FakePairVerifier = {
    task,
    calls,
    closed: false,
    identity: { id: options.id ?? `fake-${task}`, sha256: "f".repeat(64), task, tokenizer: "WordPiece" },
    maxTokens,
    countTokens: (text) => wordOffsets(text).length,
    tokenOffsets: (text) => wordOffsets(text),
    async score(pairs): Promise<VerifierScore[]> {
      if (verifier.closed) throw new Error("the verifier is closed");
      calls.push([...pairs]);
      return pairs.map((pair) => ({
        probability: probability(pair),
        truncated: wordOffsets(pair.first).length + wordOffsets(pair.second).length + 3 > maxTokens,
      }));
    },
    async close() {
      verifier.closed = true;
    },
  };
  return verifier;
}

/**
 * A probability scripted by containment: `high` when every word of the hypothesis (second text, lower-cased, without
 * punctuation) appears in the premise (first text), else `low`.
 */
export function wordContainment(high = 0.9, low = 0.1): (pair: VerifierPair) => number {
  const words = (t: string) => t.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return (pair) => {
    const premise = new Set(words(pair.first));
    return words(pair.second).every((w) => premise.has(w)) ? high : low;
  };
}

/** A span verifier scripted by `spans(input, threshold)`; `calls` holds every input. */
export interface FakeSpanVerifier extends SpanVerifier {
  readonly calls: SpanInput[];
}

/**
 * A span verifier whose spans are every occurrence, in the response, of the words `unsupported` lists (probability
 * 0.8), or what `spans` returns.
 */
export function fakeSpanVerifier(
  unsupported: readonly string[],
  options: { maxTokens?: number; spans?: (input: SpanInput) => UnsupportedSpan[] } = {},
): FakeSpanVerifier {
  const calls: SpanInput[] = [];
  return {
    task: "spans",
    calls,
    identity: { id: "fake-spans", sha256: "e".repeat(64), task: "spans", tokenizer: "BPE" },
    maxTokens: options.maxTokens ?? 4096,
    countTokens: (text) => wordOffsets(text).length,
    tokenOffsets: (text) => wordOffsets(text),
    async unsupportedSpans(input, threshold) {
      calls.push(input);
      if (options.spans)
        return { spans: options.spans(input).filter((s) => s.probability >= threshold), truncated: false };
      const spans: UnsupportedSpan[] = [];
      for (const word of unsupported) {
        for (let at = input.response.indexOf(word); at >= 0; at = input.response.indexOf(word, at + 1)) {
          spans.push({ start: at, end: at + word.length, text: word, probability: 0.8 });
        }
      }
      spans.sort((a, b) => a.start - b.start);
      return { spans: spans.filter((s) => s.probability >= threshold), truncated: false };
    },
    async close() {},
  };
}
