// Cutting documents into chunks sized in the judge's tokens: never across a heading, only at sentence ends. Pure:
// the token counter is given (the judge's tokenizer in a run, a fake one in tests).
import { InvalidInputError } from "../errors.js";
import { type Span, splitSentences, trimSpan } from "./sentences.js";
import type { Chunk, SourceDocument } from "./types.js";

/** Tokens a text takes under the judge's tokenizer. */
export type CountTokens = (text: string) => number;

/** Options of {@link chunkDocument}. */
export interface ChunkOptions {
  /** Most tokens in one chunk. */
  maxTokens: number;
  /** The judge's token counter. */
  countTokens: CountTokens;
}

/** A run of text under one heading path. */
interface Section {
  headings: string[];
  start: number;
  end: number;
}

const headingLine = /^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$/;

/**
 * The sections of a document's text: a Markdown ATX heading (`#` to `######`, which HTML headings are read as)
 * starts a new one, and the heading path above each section is kept, outermost first. Headings inside fenced code
 * blocks are text.
 */
export function sections(text: string): Section[] {
  const out: Section[] = [];
  const stack: Array<{ level: number; title: string }> = [];
  let start = 0;
  let offset = 0;
  let fence: string | undefined;
  const close = (end: number) => {
    if (trimSpan(text, start, end) !== undefined)
      out.push({ headings: stack.map((h) => h.title), start, end });
  };
  for (const line of text.split("\n")) {
    const lineEnd = offset + line.length;
    const bare = line.replace(/\r$/, "");
    const fenceMark = /^\s*(```|~~~)/.exec(bare)?.[1];
    if (fenceMark !== undefined)
      fence = fence === undefined ? fenceMark : fence === fenceMark ? undefined : fence;
    const heading = fence === undefined && fenceMark === undefined ? headingLine.exec(bare) : null;
    if (heading !== null) {
      close(offset);
      const level = heading[1]!.length;
      while (stack.length > 0 && stack[stack.length - 1]!.level >= level) stack.pop();
      stack.push({ level, title: heading[2]! });
      start = Math.min(text.length, lineEnd + 1);
    }
    offset = lineEnd + 1;
  }
  close(text.length);
  return out;
}

/**
 * Cuts one document into chunks of at most `maxTokens` tokens: whole sentences packed in order, never across a
 * heading. Throws when one sentence alone is longer than `maxTokens` (naming the document, the offset and the
 * sentence's start), since it cannot be cut at a sentence end.
 *
 * @example
 * chunkDocument({ id: "a.md", text: "# Intro\nOne. Two." }, { maxTokens: 100, countTokens: (t) => t.length });
 * // [{ id: "a.md#0", documentId: "a.md", start: 8, end: 17, text: "One. Two.", headings: ["Intro"], tokens: 9 }]
 */
export function chunkDocument(document: SourceDocument, options: ChunkOptions): Chunk[] {
  const { maxTokens, countTokens } = options;
  const chunks: Chunk[] = [];
  const emit = (spans: readonly Span[], headings: readonly string[], tokens?: number) => {
    const start = spans[0]!.start;
    const end = spans[spans.length - 1]!.end;
    const text = document.text.slice(start, end);
    chunks.push({
      id: `${document.id}#${chunks.length}`,
      documentId: document.id,
      start,
      end,
      text,
      headings: [...headings],
      tokens: tokens ?? countTokens(text),
    });
  };
  for (const section of sections(document.text)) {
    let packed: Span[] = [];
    let packedTokens = 0;
    for (const sentence of splitSentences(document.text, section.start, section.end)) {
      const tokens = countTokens(document.text.slice(sentence.start, sentence.end));
      if (tokens > maxTokens) {
        const shown = document.text.slice(sentence.start, sentence.start + 60).replace(/\s+/g, " ");
        throw new InvalidInputError(
          `document "${document.id}" has a sentence of ${tokens} tokens at character ${sentence.start} ` +
            `("${shown}…"), more than a chunk holds (${maxTokens}); raise --chunk-tokens or break the sentence`,
        );
      }
      if (packed.length > 0) {
        const joined = countTokens(document.text.slice(packed[0]!.start, sentence.end));
        if (joined <= maxTokens) {
          packed.push(sentence);
          packedTokens = joined;
          continue;
        }
        emit(packed, section.headings, packedTokens);
      }
      packed = [sentence];
      packedTokens = tokens;
    }
    if (packed.length > 0) emit(packed, section.headings, packedTokens);
  }
  return chunks;
}

/** Tokens of the longest sentence of the documents: the least chunk size that cuts them at sentence ends. */
export function longestSentenceTokens(
  documents: readonly SourceDocument[],
  countTokens: CountTokens,
): number {
  let longest = 0;
  for (const document of documents) {
    for (const section of sections(document.text)) {
      for (const sentence of splitSentences(document.text, section.start, section.end))
        longest = Math.max(longest, countTokens(document.text.slice(sentence.start, sentence.end)));
    }
  }
  return longest;
}

/** Every document's chunks, documents in the order given. */
export function chunkDocuments(documents: readonly SourceDocument[], options: ChunkOptions): Chunk[] {
  return documents.flatMap((document) => chunkDocument(document, options));
}
