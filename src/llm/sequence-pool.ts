/** Scores a free item for a caller; the highest score wins, ties go to the item free the longest. */
export type Preference<T> = (item: T) => number;

interface Waiter<T> {
  prefer: Preference<T> | undefined;
  resolve: (item: T) => void;
  reject: (err: unknown) => void;
}

/**
 * A fixed set of resources (here: context sequences) of which at most `maxInUse` are handed out at
 * once, first come, first served. A caller may say which free item it prefers (e.g. the sequence
 * that already holds the longest part of its prompt); without a preference, or on a tie, it gets
 * the item that has been free the longest.
 *
 * @example
 * const pool = new SequencePool([a, b, c, d], 2);
 * const seq = await pool.acquire(signal, (s) => sharedPrefixLength(s));
 * try { ... } finally { pool.release(seq); }
 */
export class SequencePool<T> {
  /** Free items, the one free the longest first. */
  private readonly free: T[];
  private readonly waiters: Waiter<T>[] = [];
  private readonly maxInUse: number;
  private inUse = 0;
  private closedError: Error | undefined;

  /** `maxInUse` defaults to every item. */
  constructor(items: readonly T[], maxInUse = items.length) {
    this.free = [...items];
    this.maxInUse = Math.min(maxInUse, items.length);
  }

  /** Callers currently waiting. */
  get queued(): number {
    return this.waiters.length;
  }

  /**
   * Resolves with a free item (the one `prefer` scores highest); waits (FIFO) while `maxInUse`
   * items are out. Rejects if aborted or closed.
   */
  acquire(signal?: AbortSignal, prefer?: Preference<T>): Promise<T> {
    if (this.closedError) return Promise.reject(this.closedError);
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.inUse < this.maxInUse && this.waiters.length === 0) return Promise.resolve(this.take(prefer));
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter<T> = {
        prefer,
        resolve: (value: T) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(value);
        },
        reject: (err: unknown) => {
          signal?.removeEventListener("abort", onAbort);
          reject(err);
        },
      };
      const onAbort = () => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** Returns an item; the longest-waiting caller then gets its preferred free item. */
  release(item: T): void {
    this.inUse -= 1;
    this.free.push(item);
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(this.take(waiter.prefer));
  }

  /** Rejects every waiting and future `acquire()` with `error`. */
  close(error: Error): void {
    this.closedError = error;
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
  }

  private take(prefer: Preference<T> | undefined): T {
    let best = 0;
    if (prefer) {
      let bestScore = Number.NEGATIVE_INFINITY;
      this.free.forEach((item, index) => {
        const score = prefer(item);
        if (score > bestScore) {
          bestScore = score;
          best = index;
        }
      });
    }
    const [item] = this.free.splice(best, 1) as [T];
    this.inUse += 1;
    return item;
  }
}
