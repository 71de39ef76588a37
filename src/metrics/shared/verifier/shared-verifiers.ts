// Verifiers that metrics load by id or directory are loaded once per process and (source, threads): several metrics
// naming the same verifier share one ONNX session.
import { loadVerifier } from "../../../verifiers/load-verifier.js";
import type { Verifier } from "../../../verifiers/types.js";

const loaded = new Map<string, Promise<Verifier>>();

function keyOf(source: string, threads: number | undefined): string {
  return `${source}\u0000${threads ?? ""}`;
}

/**
 * The verifier of `source` with `threads`, loaded on the first call and shared by every later call with the same
 * pair. A failed load is forgotten, so the next call tries again (after `models pull`, say).
 *
 * @example
 * const verifier = await sharedVerifier("nli-deberta-v3-small", undefined);
 */
export function sharedVerifier(source: string, threads: number | undefined): Promise<Verifier> {
  const key = keyOf(source, threads);
  let pending = loaded.get(key);
  if (pending === undefined) {
    pending = loadVerifier(source, threads !== undefined ? { threads } : {});
    loaded.set(key, pending);
    pending.catch(() => {
      if (loaded.get(key) === pending) loaded.delete(key);
    });
  }
  return pending;
}

/**
 * Closes every verifier the metrics loaded by id or directory and forgets them (a later metric call loads again).
 * Verifiers passed to a metric as objects are the caller's to close.
 *
 * @example
 * await evaluate(rows, [new VerifierFaithfulness()]);
 * await closeSharedVerifiers();
 */
export async function closeSharedVerifiers(): Promise<void> {
  const pending = [...loaded.values()];
  loaded.clear();
  const settled = await Promise.allSettled(pending);
  await Promise.all(settled.flatMap((s) => (s.status === "fulfilled" ? [s.value.close()] : [])));
}
