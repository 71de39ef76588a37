import type { QueryLength, QueryStyle } from "../types.js";

/** The query styles, each with the words the synthesizer prompt uses to ask for it (Ragas' four styles). */
export const QUERY_STYLES: Readonly<Record<QueryStyle, string>> = {
  perfect_grammar: "perfect grammar: a complete, correctly spelled and punctuated question",
  poor_grammar: "poor grammar: a question with grammar mistakes, as typed in a hurry",
  misspelled: "misspelled: a question with a few spelling mistakes",
  web_search_like: "web search like: a few keywords, as typed into a search box, no full sentence",
};

/**
 * The query lengths: the words the prompt asks with, and the longest question in characters the grammar lets the
 * judge write (the bound is enforced while generating, so a long-winded small model is cut off, not rambling).
 */
export const QUERY_LENGTHS: Readonly<Record<QueryLength, { ask: string; maxChars: number }>> = {
  short: { ask: "short: at most 10 words", maxChars: 80 },
  medium: { ask: "medium: 10 to 20 words", maxChars: 160 },
  long: { ask: "long: 20 to 40 words", maxChars: 300 },
};

/** Shortest question accepted, in characters. */
export const MIN_QUESTION_CHARS = 8;
/** Longest reference answer the grammar lets the judge write, in characters. */
export const MAX_REFERENCE_CHARS = 600;

/** The styles in a fixed order (the plan cycles through them). */
export const STYLE_NAMES = Object.keys(QUERY_STYLES) as QueryStyle[];
/** The lengths in a fixed order (the plan cycles through them). */
export const LENGTH_NAMES = Object.keys(QUERY_LENGTHS) as QueryLength[];
