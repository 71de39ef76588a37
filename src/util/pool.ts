/**
 * Runs `fn` over `items` with at most `limit` calls in flight, in input order of starting. Before
 * each start `stop()` is asked; once it returns true no new call starts and the calls in flight
 * finish. The first rejection rejects the whole run (calls already started still finish).
 *
 * @returns How many items were started.
 * @example
 * const started = await forEachWithConcurrency(rows, 4, scoreRow, () => signal.aborted);
 * const interrupted = started < rows.length;
 */
export async function forEachWithConcurrency<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
  stop: () => boolean = () => false,
): Promise<number> {
  let next = 0;
  const width = Math.max(1, Math.min(Math.floor(limit) || 1, items.length));
  const worker = async (): Promise<void> => {
    while (!stop() && next < items.length) {
      const i = next++;
      await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return next;
}

/**
 * Maps `items` through `fn` with at most `limit` calls in flight, keeping the input order in the output.
 * The first rejection rejects the whole map (calls already started still finish).
 *
 * @example
 * const verdicts = await mapWithConcurrency(statements, 2, (s) => judge(s));
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  await forEachWithConcurrency(items, limit, async (item, i) => {
    out[i] = await fn(item, i);
  });
  return out;
}

/**
 * Runs `fn` over the items of an async iterable with at most `limit` calls in flight, reading the next
 * item only when a call ends, so only the items in flight are held. Before each start `stop()` is
 * asked; once it returns true no new call starts, the calls in flight finish, and the iterable is
 * closed. The first rejection, of a call or of reading the next item, rejects the whole run (calls already
 * started still finish).
 *
 * @returns True when every item was started; false when `stop()` ended the run with items left.
 * @example
 * const finished = await forEachOfStream(rowsOf(file), 8, scoreRow, () => signal.aborted);
 */
export async function forEachOfStream<T>(
  items: AsyncIterable<T>,
  limit: number,
  fn: (item: T) => Promise<void>,
  stop: () => boolean = () => false,
): Promise<boolean> {
  const iterator = items[Symbol.asyncIterator]();
  let exhausted = false;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (!exhausted && failure === undefined && !stop()) {
      let next: IteratorResult<T>;
      try {
        next = await iterator.next();
      } catch (error) {
        // A failed read ends the run like a failed call: calls in flight still finish.
        failure ??= { error };
        return;
      }
      if (next.done) {
        exhausted = true;
        return;
      }
      try {
        await fn(next.value);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.floor(limit) || 1) }, worker));
    if (failure !== undefined) throw failure.error;
    if (!exhausted) {
      // Stopped: was anything left?
      const next = await iterator.next();
      exhausted = next.done === true;
    }
    return exhausted;
  } finally {
    if (!exhausted) await iterator.return?.();
  }
}
