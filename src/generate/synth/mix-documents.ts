/**
 * What the documents alone say about a mix, before any model loads: a multi-hop question joins chunks that share a
 * keyphrase, so documents in which no phrase that can be a keyphrase appears in two sentences cannot give one,
 * whatever the chunk size and the embedder. (Documents that pass may still hold no related chunks: that needs the
 * embedder, and is checked when the plan is made, before any file is written.)
 */
import { InvalidInputError } from "../../errors.js";
import { sections } from "../chunk.js";
import { synthesizerNames } from "../defaults.js";
import { splitSentences } from "../sentences.js";
import type { SourceDocument, SynthesizerName } from "../types.js";
import { phraseCandidates } from "./keyphrases.js";

/** Whether some phrase that can be a keyphrase appears in two sentences of the documents. */
export function sharesAPhrase(documents: readonly SourceDocument[]): boolean {
  const seen = new Set<string>();
  for (const document of documents) {
    for (const section of sections(document.text)) {
      for (const sentence of splitSentences(document.text, section.start, section.end)) {
        const phrases = phraseCandidates(document.text.slice(sentence.start, sentence.end));
        for (const phrase of phrases) if (seen.has(phrase)) return true;
        for (const phrase of phrases) seen.add(phrase);
      }
    }
  }
  return false;
}

/**
 * Refuses a mix that gives a multi-hop type a share when the documents cannot give any multi-hop question (see
 * {@link sharesAPhrase}), naming the types and what to do.
 *
 * @example
 * checkMixAgainstDocuments(documents, { multi_hop_specific_query_synthesizer: 1 });
 */
export function checkMixAgainstDocuments(
  documents: readonly SourceDocument[],
  mix: Partial<Record<SynthesizerName, number>>,
): void {
  const multiHop = synthesizerNames.filter(
    (name) => name !== "single_hop_specific_query_synthesizer" && (mix[name] ?? 0) > 0,
  );
  if (multiHop.length === 0 || sharesAPhrase(documents)) return;
  throw new InvalidInputError(
    `generate: the mix asks for ${multiHop.join(" and ")}, but no phrase appears in two sentences of the ` +
      `${documents.length === 1 ? "document" : `${documents.length} documents`}, so no two chunks can be joined ` +
      "by a multi-hop question: leave the multi-hop types out of --mix (e.g. --mix single=1), or give documents " +
      "with more passages on shared topics",
  );
}
