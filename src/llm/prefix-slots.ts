import { LRUCache } from "lru-cache";
import type { LlamaContextSequence, Token } from "node-llama-cpp";
import type { JudgePrompt } from "../prompts/types.js";
import { reusableLength } from "./prefix-reuse.js";
import type { SequencePool } from "./sequence-pool.js";

/** Stands for a row's input when finding where the input starts in a rendered prompt. */
const INPUT_PLACEHOLDER = "\u0001";

/**
 * Chooses the sequence (slot) a call runs on when prompt prefixes are reused: it remembers, per
 * sequence, how many leading tokens of its last prompt were a metric's instruction and examples, and
 * scores free sequences by the tokens a call could skip there against the kept tokens it would erase.
 * With reuse off every score is 0 and nothing is kept.
 *
 * @example
 * const slots = new PrefixSlots(true, 512, (p) => tokenize(p));
 * const seq = await pool.acquire(signal, (s) => slots.score(s, tokens));
 * slots.claim(seq, slots.fixedPartLength(prompt, tokens));
 */
export class PrefixSlots {
  /** Per instruction and examples: the prompt's tokens with a placeholder input, to find where the input starts. */
  private readonly fixedParts = new LRUCache<string, Token[]>({ max: 64 });
  /** Per sequence: how many leading tokens of its last prompt were instruction and examples (worth keeping). */
  private readonly slotValue = new Map<LlamaContextSequence, number>();

  constructor(
    readonly enabled: boolean,
    private readonly batchSize: number,
    private readonly tokenize: (prompt: JudgePrompt) => Token[],
  ) {}

  /**
   * How many leading prompt tokens `sequence` already holds and can keep (see {@link reusableLength}). A
   * sequence whose oldest tokens were dropped (sliding-window models) or whose state cannot be cut
   * (recurrent models) keeps nothing.
   */
  reusableTokens(sequence: LlamaContextSequence, tokens: Token[]): number {
    if (!this.enabled || sequence.stateCellsStartIndex > 0 || sequence.needsCheckpoints) return 0;
    const shared = sequence.compareContextTokens(tokens).firstDifferentIndex;
    return reusableLength(shared, tokens.length, this.batchSize);
  }

  /**
   * Tokens of `tokens` that belong to the prompt's instruction and examples (the same for every row of
   * a metric): the start it shares with the same prompt rendered around a placeholder input.
   */
  fixedPartLength(prompt: JudgePrompt, tokens: Token[]): number {
    if (!this.enabled) return 0;
    const key = JSON.stringify([prompt.system, prompt.examples]);
    let probe = this.fixedParts.get(key);
    if (!probe) {
      probe = this.tokenize({ ...prompt, input: INPUT_PLACEHOLDER });
      this.fixedParts.set(key, probe);
    }
    let shared = 0;
    while (shared < probe.length && shared < tokens.length && probe[shared] === tokens[shared]) shared++;
    return shared;
  }

  /**
   * How good a free sequence is for a prompt: the tokens it lets the call skip, minus the
   * instruction-and-examples tokens of another prompt that running there would erase. An empty sequence
   * scores 0, so a call takes an empty slot rather than evict another metric's prompt for a shared
   * template start.
   */
  score(sequence: LlamaContextSequence, tokens: Token[]): number {
    const shared = this.reusableTokens(sequence, tokens);
    return shared - Math.max(0, (this.slotValue.get(sequence) ?? 0) - shared);
  }

  /** Records that `sequence` now holds a prompt whose first `fixedTokens` are worth keeping. */
  claim(sequence: LlamaContextSequence, fixedTokens: number): void {
    this.slotValue.set(sequence, fixedTokens);
  }

  /**
   * Runs `work` on the free sequence of `pool` that suits `tokens` best (see {@link score}), claimed for the
   * prompt's instruction and examples, with the number of leading tokens the sequence can keep; the sequence
   * goes back to the pool when `work` ends.
   */
  async runOn<T>(
    pool: SequencePool<LlamaContextSequence>,
    prompt: JudgePrompt,
    tokens: Token[],
    signal: AbortSignal,
    work: (sequence: LlamaContextSequence, keep: number) => Promise<T>,
  ): Promise<T> {
    const fixed = this.fixedPartLength(prompt, tokens);
    const sequence = await pool.acquire(signal, (candidate) => this.score(candidate, tokens));
    this.claim(sequence, fixed);
    try {
      return await work(sequence, this.reusableTokens(sequence, tokens));
    } finally {
      pool.release(sequence);
    }
  }
}
