/**
 * A fixed set of resources (here: context sequences) handed out first come, first served.
 * `acquire()` resolves with a free item, or waits in a FIFO queue until one is released.
 *
 * @example
 * const pool = new SequencePool([a, b]);
 * const seq = await pool.acquire();
 * try { ... } finally { pool.release(seq); }
 */
export class SequencePool<T> {
  private readonly free: T[];
  private readonly waiters: Array<{ resolve: (item: T) => void; reject: (err: unknown) => void }> = [];
  private closedError: Error | undefined;

  constructor(items: readonly T[]) {
    this.free = [...items];
  }

  /** Items currently waiting callers. */
  get queued(): number {
    return this.waiters.length;
  }

  /** Resolves with a free item; waits (FIFO) when all are in use. Rejects if aborted or closed. */
  acquire(signal?: AbortSignal): Promise<T> {
    if (this.closedError) return Promise.reject(this.closedError);
    if (signal?.aborted) return Promise.reject(signal.reason);
    const item = this.free.shift();
    if (item !== undefined) return Promise.resolve(item);
    return new Promise<T>((resolve, reject) => {
      const waiter = {
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

  /** Returns an item: the longest-waiting caller gets it, else it becomes free. */
  release(item: T): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(item);
    else this.free.push(item);
  }

  /** Rejects every waiting and future `acquire()` with `error`. */
  close(error: Error): void {
    this.closedError = error;
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
  }
}
