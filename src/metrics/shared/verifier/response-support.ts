// The verifier step faithfulness and its cascade share: each sentence of the response, and the context window that
// supports it best.
import type { PairVerifier } from "../../../verifiers/types.js";
import { textSentences } from "./sentences.js";
import { hypothesisSupport } from "./support.js";

/** One response sentence and its best support among the premises, as the metrics' details show it. */
export interface SentenceSupport {
  /** The sentence, trimmed. */
  sentence: string;
  /** Its character offsets in the response. */
  start: number;
  end: number;
  /** P(supported) of the best window: P(entailment) for NLI, P(consistent) for HHEM-style models. */
  probability: number;
  /** The best window: premise index (e.g. retrieved context), offsets in it and its text; null with no premise. */
  best: { premise: number; start: number; end: number; text: string } | null;
  /** A pair of this sentence was truncated to fit the verifier's window. */
  truncated?: true;
}

/**
 * Splits `text` into sentences and finds each one's best support among `premises` (contexts cut into windows that
 * fit the verifier beside the longest sentence).
 *
 * @example
 * const sentences = await sentenceSupport(verifier, response, retrievedContexts);
 */
export async function sentenceSupport(
  verifier: PairVerifier,
  text: string,
  premises: readonly string[],
): Promise<SentenceSupport[]> {
  const sentences = textSentences(text);
  const support = await hypothesisSupport(
    verifier,
    sentences.map((s) => s.text),
    premises,
  );
  return sentences.map((s, i) => {
    const found = support[i]!;
    return {
      sentence: s.text,
      start: s.start,
      end: s.end,
      probability: found.probability,
      best: found.best,
      ...(found.truncated ? { truncated: true as const } : {}),
    };
  });
}
