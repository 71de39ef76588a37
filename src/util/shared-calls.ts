/** How long a {@link SharedCalls} holds a call's promise. */
export type SharedCallsKeep =
  /** Until it settles: only calls running at the same time share it (an answer cache sits elsewhere). */
  | "while-running"
  /** Until it rejects: a value is computed once per key and for good; a failure lets the next call try again. */
  | "until-failure";

/** What a {@link SharedCalls} can hold its promises in: a `Map`, or a `WeakMap` for object keys. */
export interface PromiseStore<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
  delete(key: K): boolean;
}

interface Held<V> {
  promise: Promise<V>;
  /** The signal the call's own caller started it with. */
  signal: AbortSignal | undefined;
}

/**
 * One call per key at a time: a caller whose key has a call held gets that call's promise instead of
 * starting its own. `keep` says how long a call is held; a rejected call is never held on, so the next
 * caller starts anew. The project's one place for sharing calls in flight (the judge's memo, the cached
 * judge, grammars, file hashes, the llama.cpp runtime, the vitest workers' models).
 *
 * @example
 * const hashes = new SharedCalls<string, string>("until-failure");
 * const digest = await hashes.share(file, () => sha256File(file));
 */
export class SharedCalls<K, V> {
  constructor(
    readonly keep: SharedCallsKeep,
    private readonly store: PromiseStore<K, Held<V>> = new Map<K, Held<V>>(),
  ) {}

  /** The promise of the call held for `key`, or undefined. */
  held(key: K): Promise<V> | undefined {
    return this.store.get(key)?.promise;
  }

  /** The promise of the call held for `key`, else of `start()`, which is then held for later callers. */
  share(key: K, start: () => Promise<V>, signal?: AbortSignal): Promise<V> {
    const held = this.store.get(key);
    if (held !== undefined) return held.promise;
    const promise = start();
    const entry = { promise, signal };
    this.store.set(key, entry);
    // Registered before any caller awaits the promise, so the call is let go before they resume.
    const forget = () => {
      if (this.store.get(key) === entry) this.store.delete(key);
    };
    promise.then(this.keep === "while-running" ? forget : undefined, forget);
    return promise;
  }

  /**
   * Like {@link share}, for calls that obey an abort signal: `signal` is the one `start` obeys. A caller
   * waiting on another's call stops as soon as its own `signal` aborts (the call goes on for the others);
   * when the call is stopped by its own caller's signal, not by a problem with the input, a waiting caller
   * tries again through `again` (by default, joining anew: another waiting caller may have started it).
   * `shared` says whether the value came from another caller's call.
   */
  async join(
    key: K,
    start: () => Promise<V>,
    signal?: AbortSignal,
    again: () => Promise<{ value: V; shared: boolean }> = () => this.join(key, start, signal),
  ): Promise<{ value: V; shared: boolean }> {
    if (signal?.aborted) throw signal.reason;
    const held = this.store.get(key);
    if (held === undefined) return { value: await this.share(key, start, signal), shared: false };
    try {
      return { value: await untilAborted(held.promise, signal), shared: true };
    } catch (err) {
      if (signal?.aborted || !held.signal?.aborted) throw err;
      return again();
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
