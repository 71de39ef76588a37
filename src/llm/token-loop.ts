import {
  type LlamaContextSequence,
  type LlamaGrammar,
  LlamaGrammarEvaluationState,
  type LlamaModel,
  type Token,
} from "node-llama-cpp";

/** What one run of the token loop produced. */
export interface Generation {
  text: string;
  tokens: number;
  finished: boolean;
  /** Prompt tokens run through the model (the rest came from the sequence's kept state). */
  evaluatedPromptTokens: number;
}

/** Sampling settings of one call. */
export interface TokenLoopSettings {
  maxTokens: number;
  /** The budget of the one continuation after `maxTokens` is reached. */
  retryBudget: number;
  temperature: number;
  seed: number;
  signal: AbortSignal;
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
  const grammarEvaluationState = new LlamaGrammarEvaluationState({ model, grammar });
  const out: Token[] = [];
  let limit = opts.maxTokens;
  let finished = false;
  const iterator = sequence.evaluate(keep === 0 ? tokens : tokens.slice(keep), {
    temperature: opts.temperature,
    seed: opts.seed,
    grammarEvaluationState,
    yieldEogToken: true,
  });
  try {
    for await (const token of iterator) {
      if (opts.signal.aborted) throw opts.signal.reason;
      if (model.isEogToken(token)) {
        finished = true;
        break;
      }
      out.push(token);
      // A JSON grammar lets the model pad a finished value with whitespace; stop at the first
      // whitespace after a complete value instead of letting it run to maxTokens.
      if (model.detokenize([token]).trim() === "" && isCompleteJson(model.detokenize(out))) {
        out.pop();
        finished = true;
        break;
      }
      if (out.length >= limit) {
        if (limit < opts.retryBudget) limit = opts.retryBudget;
        else break;
      }
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
  };
}

function isCompleteJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
