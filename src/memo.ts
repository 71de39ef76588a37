import { LRUCache } from "lru-cache";

interface Running<V> {
  promise: Promise<V>;
  signal: AbortSignal | undefined;
}

/**
 * Computes each key once: a call whose key is being computed waits for that computation, and the
 * `maxEntries` most recently used finished values answer later calls at once. Failures are not
 * kept. With `maxEntries` 0 nothing is shared or kept (every call computes).
 *
 * @example
 * const memo = new Memo<string>(1024);
 * const { value, hit } = await memo.get(key, () => slowWork(), signal);
 */
export class Memo<V extends {}> {
  /** Calls answered by a finished or running computation instead of their own. */
  hits = 0;
  private readonly finished: LRUCache<string, V> | undefined;
  private readonly running = new Map<string, Running<V>>();

  constructor(readonly maxEntries: number) {
    this.finished = maxEntries > 0 ? new LRUCache<string, V>({ max: maxEntries }) : undefined;
  }

  /**
   * The value for `key`, computed by `compute` unless known or being computed. `signal` is the
   * signal `compute` obeys: when a shared computation is aborted by its own caller's signal, a
   * waiting caller computes the value itself instead of failing.
   */
  async get(
    key: string,
    compute: () => Promise<V>,
    signal?: AbortSignal,
  ): Promise<{ value: V; hit: boolean }> {
    if (!this.finished) return { value: await compute(), hit: false };
    if (signal?.aborted) throw signal.reason;
    const known = this.finished.get(key);
    if (known !== undefined) {
      this.hits += 1;
      return { value: known, hit: true };
    }
    const running = this.running.get(key);
    if (running) {
      try {
        const value = await untilAborted(running.promise, signal);
        this.hits += 1;
        return { value, hit: true };
      } catch (err) {
        if (signal?.aborted || !running.signal?.aborted) throw err;
        // The computation was stopped by its own caller, not by a problem with the input: look again (another
        // waiting caller may have started it anew), else compute.
        return this.get(key, compute, signal);
      }
    }
    return { value: await this.compute(key, compute, signal), hit: false };
  }

  private async compute(key: string, compute: () => Promise<V>, signal: AbortSignal | undefined): Promise<V> {
    const promise = compute();
    const entry = { promise, signal };
    this.running.set(key, entry);
    try {
      const value = await promise;
      this.finished?.set(key, value);
      return value;
    } finally {
      if (this.running.get(key) === entry) this.running.delete(key);
    }
  }
}

/** `promise`, or a rejection with the signal's reason as soon as `signal` aborts. */
function untilAborted<V>(promise: Promise<V>, signal: AbortSignal | undefined): Promise<V> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<V>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(err);
      },
    );
  });
}
