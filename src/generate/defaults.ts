// The defaults of a generate run, in one place: the API, the CLI help and docs/generate.md read them from here.
import type { QueryLength, QueryStyle, SynthesizerName } from "./types.js";

/** Every synthesizer, in Ragas' order. */
export const synthesizerNames: readonly SynthesizerName[] = [
  "single_hop_specific_query_synthesizer",
  "multi_hop_abstract_query_synthesizer",
  "multi_hop_specific_query_synthesizer",
];

/** Short names for `--mix`. */
export const synthesizerShortNames: Readonly<Record<string, SynthesizerName>> = {
  single: "single_hop_specific_query_synthesizer",
  multi: "multi_hop_specific_query_synthesizer",
  abstract: "multi_hop_abstract_query_synthesizer",
};

/**
 * The question mix when none is given: Ragas' `default_query_distribution`, an equal share for each of its three
 * synthesizers (Ragas 0.2 gave single-hop 0.5 and each multi-hop kind 0.25; `--mix single=0.5,multi=0.25,abstract=0.25`).
 */
export const defaultMix: Readonly<Record<SynthesizerName, number>> = {
  single_hop_specific_query_synthesizer: 1 / 3,
  multi_hop_abstract_query_synthesizer: 1 / 3,
  multi_hop_specific_query_synthesizer: 1 / 3,
};

/** Every query style (Ragas' `QueryStyle`); all are used unless narrowed. */
export const queryStyles: readonly QueryStyle[] = [
  "perfect_grammar",
  "poor_grammar",
  "misspelled",
  "web_search_like",
];

/** Every query length (Ragas' `QueryLength`); all are used unless narrowed. */
export const queryLengths: readonly QueryLength[] = ["short", "medium", "long"];

/**
 * The most rows one test set may be planned with: the plan of every row is built, in memory, before the first judge
 * call, and each row takes the judge seconds, so 100,000 rows are days of work already.
 */
export const maxGenerateSize = 100_000;

/** The seed when none is given. */
export const defaultSeed = 42;

/** Most judge tokens in one chunk when not given: less when two chunks and a prompt would not fit the judge's context. */
export const defaultChunkTokens = 384;

/** Each judge call's answer budget in tokens when not given. */
export const defaultCallMaxTokens = 512;

/** Each judge call's wall-clock budget in milliseconds when not given. */
export const defaultCallTimeoutMs = 120_000;
