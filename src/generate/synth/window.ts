/**
 * What fits the judge's context: every call of a row (the synthesizer prompt, then the answerability check with the
 * question and answer written) must fit the judge's window together with the answer budget. The estimate is
 * additive, so the plan can weigh every chunk group without tokenizing a prompt per group: a prompt's fixed part
 * (instruction, example, the longest persona, style and length the run may deal) is counted once, whole, with the
 * judge's own counter; each chunk adds its own tokens and a separator's; the question and answer the check reads are
 * counted at the question's longest (the grammar's bound) and half the answer's (answers are one to three sentences),
 * at the chunks' own tokens per character. A row whose answer runs longer than that and overflows the check is
 * rejected as `failed` (the stage's produce), and a spare row takes its place.
 */
import type { Llm } from "../../llm/types.js";
import { renderPrompt } from "../../prompts/render.js";
import { defaultChunkTokens, synthesizerNames } from "../defaults.js";
import { answerablePrompt } from "../filters/answerable.js";
import type { JudgeWindow } from "../stage.js";
import type { Chunk, Persona, QueryLength, QueryStyle, SynthesizerName } from "../types.js";
import { SYNTHESIS_PROMPTS } from "./prompts.js";
import {
  LENGTH_NAMES,
  MAX_REFERENCE_CHARS,
  QUERY_LENGTHS,
  QUERY_STYLES,
  STYLE_NAMES,
} from "./query-options.js";

/**
 * The window of a judge that reports one (`contextSize`, `countPromptTokens` and `countTokens`, as `LlamaCppLlm`
 * does), else undefined: the plan then cannot size anything and a prompt over the context stops the run.
 */
export function judgeWindowOf(llm: Llm): JudgeWindow | undefined {
  const judge = llm as Partial<Record<"contextSize" | "countPromptTokens" | "countTokens", unknown>>;
  const { contextSize, countPromptTokens, countTokens } = judge;
  if (typeof contextSize !== "number" || typeof countPromptTokens !== "function") return undefined;
  if (typeof countTokens !== "function") return undefined;
  return {
    contextSize,
    countPromptTokens: (prompt) => (countPromptTokens as JudgeWindow["countPromptTokens"]).call(llm, prompt),
    countTokens: (text) => (countTokens as JudgeWindow["countTokens"]).call(llm, text),
  };
}

/** What a row may be dealt: the run's personas, styles and lengths. */
export interface DealtOptions {
  personas?: readonly Persona[] | undefined;
  queryStyles?: readonly QueryStyle[] | undefined;
  queryLengths?: readonly QueryLength[] | undefined;
}

/** Tokens around each chunk beyond its own: its label line and line breaks, with room for a merge at the joins. */
const JOIN_SLACK = 3;
/** Fewer chunk tokens than this leave too little text to write a question from: the window is then refused. */
export const LEAST_CHUNK_TOKENS = 32;
/** Tokens kept for a row's terms when sizing chunks (each row's own terms are counted when it is planned). */
const THEME_ROOM = 32;

function longest(values: readonly string[], countTokens: (text: string) => number): string {
  let best = values[0] ?? "";
  for (const value of values) if (countTokens(value) > countTokens(best)) best = value;
  return best;
}

/** The fit of chunk groups in one run's judge window. */
export class WindowFit {
  private readonly synthesisBase: Record<SynthesizerName, number>;
  private readonly checkBase: number;
  private readonly perContext: number;
  private readonly checkPerContext: number;
  private readonly answerChars: number;

  /** `maxTokens`: the answer budget every call reserves. */
  constructor(
    readonly window: JudgeWindow,
    readonly maxTokens: number,
    dealt: DealtOptions = {},
  ) {
    const count = (text: string) => window.countTokens(text);
    const persona = dealt.personas?.length
      ? longest(
          dealt.personas.map((p) => `${p.name}: ${p.roleDescription}`),
          count,
        )
      : undefined;
    const styles = dealt.queryStyles?.length ? dealt.queryStyles : STYLE_NAMES;
    const lengths = dealt.queryLengths?.length ? dealt.queryLengths : LENGTH_NAMES;
    const input = {
      ...(persona !== undefined ? { persona } : {}),
      themes: [],
      style: longest(
        styles.map((s) => QUERY_STYLES[s]),
        count,
      ),
      length: longest(
        lengths.map((l) => QUERY_LENGTHS[l].ask),
        count,
      ),
      contexts: [],
    };
    this.synthesisBase = Object.fromEntries(
      synthesizerNames.map((name) => [
        name,
        window.countPromptTokens(renderPrompt(SYNTHESIS_PROMPTS[name], input)),
      ]),
    ) as Record<SynthesizerName, number>;
    this.perContext = count("<9-hop>") + JOIN_SLACK;
    this.checkBase = window.countPromptTokens(
      renderPrompt(answerablePrompt, { contexts: [], question: "", answer: "" }),
    );
    this.checkPerContext = count("Context 9:") + JOIN_SLACK;
    this.answerChars =
      Math.max(...lengths.map((l) => QUERY_LENGTHS[l].maxChars)) + Math.ceil(MAX_REFERENCE_CHARS / 2);
  }

  /** Tokens of the longest question and a long answer, at `tokensPerChar`. */
  private answerTokens(tokensPerChar: number): number {
    return Math.ceil(this.answerChars * tokensPerChar) + 2 * JOIN_SLACK;
  }

  /** The most tokens any call of a row on `chunks` with `themes` takes, its answer budget included. */
  needs(synthesizer: SynthesizerName, chunks: readonly Chunk[], themes: readonly string[]): number {
    const chunkTokens = chunks.reduce((sum, c) => sum + c.tokens, 0);
    const chars = chunks.reduce((sum, c) => sum + c.text.length, 0);
    const themeTokens = themes.length === 0 ? 0 : this.window.countTokens(themes.join("; ")) + JOIN_SLACK;
    const synthesis =
      this.synthesisBase[synthesizer] + themeTokens + chunkTokens + chunks.length * this.perContext;
    const check =
      this.checkBase +
      chunkTokens +
      chunks.length * this.checkPerContext +
      this.answerTokens(chars === 0 ? 1 : chunkTokens / chars);
    return Math.max(synthesis, check) + this.maxTokens;
  }

  /** Whether every call of a row on `chunks` with `themes` fits the window. */
  fits(synthesizer: SynthesizerName, chunks: readonly Chunk[], themes: readonly string[]): boolean {
    return this.needs(synthesizer, chunks, themes) <= this.window.contextSize;
  }

  /**
   * The default chunk size in this window: chunks two of which (a multi-hop pair) fit each call with room for terms,
   * at most {@link defaultChunkTokens}; but never below `longestSentence` (a chunk holds whole sentences) while one
   * chunk of it fits. `tokensPerChar` is the documents' own. Undefined when not even one chunk of
   * {@link LEAST_CHUNK_TOKENS} fits.
   */
  chunkTokens(tokensPerChar: number, longestSentence: number): number | undefined {
    const fixed = Math.max(
      Math.max(...Object.values(this.synthesisBase)) + THEME_ROOM + 2 * this.perContext,
      this.checkBase + 2 * this.checkPerContext + this.answerTokens(tokensPerChar),
    );
    // The room for chunks beside a pair's prompts; one chunk alone has a separator's more.
    const room = this.window.contextSize - this.maxTokens - fixed;
    const single = room + this.perContext;
    if (single < LEAST_CHUNK_TOKENS) return undefined;
    const pairwise = Math.min(defaultChunkTokens, Math.floor(room / 2));
    return Math.min(single, Math.max(pairwise, longestSentence, LEAST_CHUNK_TOKENS));
  }

  /** What the window holds, for messages: `the judge's context of 2048 tokens, with 512 kept for each answer`. */
  describe(): string {
    return `the judge's context of ${this.window.contextSize} tokens, with ${this.maxTokens} kept for each answer`;
  }
}
