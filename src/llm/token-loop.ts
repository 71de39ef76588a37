import type { LlamaContextSequence, LlamaGrammar, LlamaModel, Token } from "node-llama-cpp";
import { importNodeLlamaCpp } from "./node-llama-cpp.js";
import { SlotTracker, type StepCandidate } from "./slot-tracker.js";
import type { ChoiceSlot, SlotProbabilities } from "./types.js";

/** What one run of the token loop produced. */
export interface Generation {
  text: string;
  tokens: number;
  finished: boolean;
  /** Prompt tokens run through the model (the rest came from the sequence's kept state). */
  evaluatedPromptTokens: number;
  /** The probabilities at the requested choice slots, in answer order; absent when none were requested. */
  slots?: SlotProbabilities[];
}

/** Sampling settings of one call. */
export interface TokenLoopSettings {
  maxTokens: number;
  /** The budget of the one continuation after `maxTokens` is reached. */
  retryBudget: number;
  temperature: number;
  seed: number;
  signal: AbortSignal;
  /** Slots whose next-token distributions are read while the answer is written. Defaults to none. */
  choiceSlots?: readonly ChoiceSlot[];
  /**
   * The text is a whole JSON answer: stop as soon as it is a complete object or array, before the forward pass that
   * would only let the grammar end it (after the root value it allows nothing but whitespace and the end). The last
   * token is then not evaluated into the sequence, so a caller that goes on writing after this text (a plan's string
   * part) leaves it off. Defaults to false.
   */
  endsAtCompleteJson?: boolean;
}

/**
 * Greedy or seeded sampling under the grammar. The sequence keeps its first `keep` tokens (the start
 * it shares with the prompt) and forgets everything else, so a result depends only on the prompt, not
 * on earlier calls. When `maxTokens` is reached, generation continues once up to `retryBudget`: at
 * temperature 0 this equals a retry with the larger budget, without recomputing the tokens produced.
 *
 * @example
 * const out = await generateUnderGrammar(model, sequence, tokens, 0, grammar, settings);
 */
export async function generateUnderGrammar(
  model: LlamaModel,
  sequence: LlamaContextSequence,
  tokens: Token[],
  keep: number,
  grammar: LlamaGrammar,
  opts: TokenLoopSettings,
): Promise<Generation> {
  if (keep === 0) await sequence.clearHistory();
  else if (sequence.nextTokenIndex > keep) {
    await sequence.eraseContextTokenRanges([{ start: keep, end: sequence.nextTokenIndex }]);
  }
  const { LlamaGrammarEvaluationState } = await importNodeLlamaCpp();
  const grammarEvaluationState = new LlamaGrammarEvaluationState({ model, grammar });
  const tracker = opts.choiceSlots?.length ? new SlotTracker(opts.choiceSlots) : undefined;
  const out: Token[] = [];
  let limit = opts.maxTokens;
  let finished = false;
  let pending: Token[] = keep === 0 ? tokens : tokens.slice(keep);
  let read = false;
  const sampling = {
    temperature: opts.temperature,
    seed: opts.seed,
    grammarEvaluationState,
    yieldEogToken: true,
  } as const;
  try {
    // One generator per stretch of steps with the same need for probabilities: reading them makes llama.cpp apply
    // the grammar to the whole vocabulary and return every token's probability, so only slot steps pay for it. A
    // stretch ends after a token is sampled and before it is evaluated; the next stretch evaluates it (the grammar
    // already accepted it when it was sampled), so the tokens and their order are those of one uninterrupted loop.
    generation: while (true) {
      const iterator = sequence.evaluateWithMetadata(pending, { probabilities: read }, sampling);
      for await (const step of iterator) {
        if (opts.signal.aborted) throw opts.signal.reason;
        const token = step.token;
        const probabilities = (step as { probabilities?: Map<Token, number> }).probabilities;
        if (read && probabilities !== undefined) {
          tracker!.record(model.detokenize(out), candidatesOf(model, probabilities, token, out));
        }
        if (model.isEogToken(token)) {
          finished = true;
          break generation;
        }
        out.push(token);
        // A JSON grammar lets the model pad a finished value with whitespace; stop at the first
        // whitespace after a complete value instead of letting it run to maxTokens.
        if (model.detokenize([token]).trim() === "" && isCompleteJson(model.detokenize(out))) {
          out.pop();
          finished = true;
          break generation;
        }
        if (out.length >= limit) {
          if (limit < opts.retryBudget) limit = opts.retryBudget;
          else break generation;
        }
        if (
          opts.endsAtCompleteJson &&
          /[}\]]/.test(model.detokenize([token])) &&
          isCompleteJson(model.detokenize(out))
        ) {
          finished = true;
          break generation;
        }
        if (tracker !== undefined && tracker.wantsRead(model.detokenize(out)) !== read) {
          read = !read;
          pending = [token];
          continue generation;
        }
      }
      break;
    }
  } catch (err) {
    if (opts.signal.aborted) throw opts.signal.reason;
    throw err;
  }
  return {
    text: model.detokenize(out).trimEnd(),
    tokens: out.length,
    finished,
    evaluatedPromptTokens: tokens.length - keep,
    ...(tracker !== undefined ? { slots: tracker.finish(model.detokenize(out)) } : {}),
  };
}

/** The tokens a read step allowed (probability > 0 under the grammar), with their text after the answer so far. */
export function candidatesOf(
  model: LlamaModel,
  probabilities: Map<Token, number>,
  taken: Token,
  before: readonly Token[],
): StepCandidate[] {
  const candidates: StepCandidate[] = [];
  const context = before.slice(-4);
  for (const [token, probability] of probabilities) {
    if (probability <= 0) break; // the map is sorted by probability, highest first
    if (model.isEogToken(token)) continue;
    candidates.push({ text: model.detokenize([token], false, context), probability, taken: token === taken });
  }
  return candidates;
}

function isCompleteJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
