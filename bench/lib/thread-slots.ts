/**
 * One raw node-llama-cpp context per thread count, for the sections that compare thread counts on one
 * loaded model (bench/llm-threads.ts, bench/proxy-model.ts): CPU only, batch 512, no flash attention,
 * one sequence each.
 *
 * @example
 * const slots = new Map<number, ThreadSlot>();
 * try {
 *   await openThreadSlots(slots, model, [1, 2], 1024);
 *   await slots.get(2)!.sequence.evaluateWithoutGeneratingNewTokens(tokens);
 * } finally {
 *   await disposeThreadSlots(slots);
 * }
 */
import type { LlamaContext, LlamaContextSequence, LlamaModel } from "node-llama-cpp";

/** A context at one thread count and its sequence. */
export interface ThreadSlot {
  context: LlamaContext;
  sequence: LlamaContextSequence;
}

/**
 * Creates a context of `contextSize` tokens for each thread count and adds it to `slots` as soon as
 * it exists, so that {@link disposeThreadSlots} frees the ones made before a failure.
 */
export async function openThreadSlots(
  slots: Map<number, ThreadSlot>,
  model: LlamaModel,
  threadCounts: readonly number[],
  contextSize: number,
): Promise<void> {
  for (const threads of threadCounts) {
    const context = await model.createContext({
      contextSize,
      batchSize: 512,
      threads,
      flashAttention: false,
    });
    slots.set(threads, { context, sequence: context.getSequence() });
  }
}

/** Disposes every context in `slots`, one after another. */
export async function disposeThreadSlots(slots: ReadonlyMap<number, ThreadSlot>): Promise<void> {
  for (const { context } of slots.values()) await context.dispose();
}
