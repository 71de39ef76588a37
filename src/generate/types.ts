/**
 * Offline test-set generation (`airgap-eval generate`, `generateTestset()`): the contracts between reading and
 * chunking documents, the synthesizers that write questions from chunks, the filters, and the run that writes rows
 * with resume and shards.
 */

/** One input document, as read from a `.txt`, `.md`, `.html` file or one line of a `.jsonl` of `{id, text}`. */
export interface SourceDocument {
  /** The file path relative to the input root, or the `id` of a JSONL line. */
  readonly id: string;
  /** The text (HTML read as its text, Markdown kept as written). */
  readonly text: string;
}

/** A piece of one document, sized in the judge's tokens, cut at headings and sentence ends. */
export interface Chunk {
  /** Stable id: `<document id>#<index>`. */
  readonly id: string;
  readonly documentId: string;
  /** Offset of the first character in the document's text. */
  readonly start: number;
  /** Offset after the last character in the document's text. */
  readonly end: number;
  /** `document.text.slice(start, end)`. */
  readonly text: string;
  /** The headings above the chunk, outermost first (Markdown `#` headings, HTML `h1`–`h6`). */
  readonly headings: readonly string[];
  /** Tokens the text takes under the judge's tokenizer. */
  readonly tokens: number;
}

/** The question types, named as Ragas' synthesizers are. */
export type SynthesizerName =
  | "single_hop_specific_query_synthesizer"
  | "multi_hop_specific_query_synthesizer"
  | "multi_hop_abstract_query_synthesizer";

/** How a generated question is worded (Ragas' query styles). */
export type QueryStyle = "perfect_grammar" | "poor_grammar" | "misspelled" | "web_search_like";

/** How long a generated question is (Ragas' query lengths). */
export type QueryLength = "short" | "medium" | "long";

/** Who is asking (Ragas' persona: a name and a one-line role description). */
export interface Persona {
  readonly name: string;
  readonly roleDescription: string;
}

/** What one synthesizer call is asked to write. */
export interface SynthesisRequest {
  readonly synthesizer: SynthesizerName;
  /** One chunk for single-hop; two or more related chunks for the multi-hop kinds. */
  readonly chunks: readonly Chunk[];
  readonly persona?: Persona;
  readonly style: QueryStyle;
  readonly length: QueryLength;
  /** Keyphrases or entities the chunks share (multi-hop) or the chunk's theme (single-hop), when found. */
  readonly themes: readonly string[];
}

/** A question and reference answer a synthesizer wrote, before the filters. */
export interface Candidate {
  readonly request: SynthesisRequest;
  readonly question: string;
  readonly reference: string;
}

/** Why a filter rejected a candidate; rejected candidates go to a side file with this reason. */
export type RejectionReason =
  | { readonly kind: "unanswerable"; readonly explanation: string }
  | { readonly kind: "not_standalone"; readonly explanation: string }
  | { readonly kind: "near_duplicate"; readonly of: string; readonly similarity: number }
  | { readonly kind: "over_quota"; readonly synthesizer: SynthesizerName; readonly documentId: string }
  | { readonly kind: "failed"; readonly error: string };

/** One row of the generated test set: the columns `eval` reads, plus where it came from. */
export interface TestsetRow {
  readonly user_input: string;
  readonly reference: string;
  readonly reference_contexts: readonly string[];
  readonly reference_context_ids: readonly string[];
  readonly synthesizer_name: SynthesizerName;
  /** Each reference context's document and character offsets, in `reference_contexts` order. */
  readonly source_offsets: ReadonlyArray<{ documentId: string; start: number; end: number }>;
  readonly persona_name?: string;
  readonly query_style: QueryStyle;
  readonly query_length: QueryLength;
}
