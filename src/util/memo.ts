import { LRUCache } from "lru-cache";
import { SharedCalls } from "./shared-calls.js";

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
  private readonly running = new SharedCalls<string, V>("while-running");

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
    const finished = this.finished;
    if (!finished) return { value: await compute(), hit: false };
    if (signal?.aborted) throw signal.reason;
    const known = finished.get(key);
    if (known !== undefined) {
      this.hits += 1;
      return { value: known, hit: true };
    }
    const store = async () => {
      const value = await compute();
      finished.set(key, value);
      return value;
    };
    // After a computation stopped by its own caller, look again: another waiting caller may have finished it.
    let lookedAgain = false;
    const again = async () => {
      lookedAgain = true;
      const { value, hit } = await this.get(key, compute, signal);
      return { value, shared: hit };
    };
    const { value, shared } = await this.running.join(key, store, signal, again);
    if (shared && !lookedAgain) this.hits += 1; // a second look counted its own hit
    return { value, hit: shared };
  }
}
