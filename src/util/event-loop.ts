// Long synchronous work on the main thread (tokenizing thousands of pairs, one ONNX batch after another: the
// onnxruntime-node 1.17 binding runs each batch synchronously behind process.nextTick) never lets Node's event loop
// turn, so a Ctrl-C handler does not run until the work ends. These give the loop a turn between slices of work.

/**
 * Resolves on the event loop's next turn (after pending I/O and signal handlers), not as a microtask.
 *
 * @example
 * for (const batch of batches) { await yieldToEventLoop(); run(batch); }
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Items mapped between two turns of the event loop by {@link mapYielding}. */
export const ITEMS_PER_TURN = 256;

/**
 * `items.map(fn)`, giving the event loop a turn after every {@link ITEMS_PER_TURN} items, so a signal handler runs
 * while a long list is worked through.
 *
 * @example
 * const encoded = await mapYielding(pairs, (pair) => tokenizer.encodePair(pair.first, pair.second));
 */
export async function mapYielding<T, U>(
  items: readonly T[],
  fn: (item: T, index: number) => U,
): Promise<U[]> {
  const out = new Array<U>(items.length);
  for (let i = 0; i < items.length; i += 1) {
    if (i > 0 && i % ITEMS_PER_TURN === 0) await yieldToEventLoop();
    out[i] = fn(items[i]!, i);
  }
  return out;
}
