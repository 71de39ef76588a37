import { sentenceSpans } from "../judge/split.js";

/** A sentence of a text, trimmed, with its character offsets in the text. */
export interface TextSentence {
  start: number;
  end: number;
  text: string;
}

/**
 * The sentences of a text (the project's sentence splitter, `sentenceSpans`), trimmed of surrounding whitespace,
 * blank ones left out, with offsets into `text`.
 *
 * @example
 * textSentences("Paris is in France. It is big. "); // [{ start: 0, end: 19, text: "Paris is in France." }, { start: 20, end: 30, text: "It is big." }]
 */
export function textSentences(text: string): TextSentence[] {
  const sentences: TextSentence[] = [];
  for (const { start, end } of sentenceSpans(text)) {
    const raw = text.slice(start, end);
    const trimmed = raw.trim();
    if (trimmed === "") continue;
    const from = start + raw.indexOf(trimmed);
    sentences.push({ start: from, end: from + trimmed.length, text: trimmed });
  }
  return sentences;
}
