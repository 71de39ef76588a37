/**
 * Balancing quotas: the plan gives each (question type, document) its share of rows; a row whose share is already
 * filled by accepted rows is rejected as `over_quota` before any judge call (a run that retries or adds rows never
 * lets one document or type crowd out the others).
 */
import type { SynthesisRequest, SynthesizerName, TestsetRow } from "../types.js";

/** The document a row counts against: its first chunk's. */
export function homeDocument(request: SynthesisRequest): string {
  return request.chunks[0]!.documentId;
}

function key(synthesizer: SynthesizerName, documentId: string): string {
  return JSON.stringify([synthesizer, documentId]);
}

/** The quotas of the plans made by one stage, looked up by the planned request. */
export class QuotaBook {
  private readonly limits = new WeakMap<SynthesisRequest, number>();

  /** Records the quotas of a plan: per (type, home document), the rows it planned. */
  register(requests: readonly SynthesisRequest[]): void {
    const counts = new Map<string, number>();
    for (const r of requests)
      counts.set(
        key(r.synthesizer, homeDocument(r)),
        (counts.get(key(r.synthesizer, homeDocument(r))) ?? 0) + 1,
      );
    for (const r of requests) this.limits.set(r, counts.get(key(r.synthesizer, homeDocument(r)))!);
  }

  /**
   * Records spare rows: each counts against the quota its (type, home document) has in `planned`, and one whose key
   * `planned` does not hold has a quota of 0 (it would only unbalance the mix).
   */
  registerSpares(spares: readonly SynthesisRequest[], planned: readonly SynthesisRequest[]): void {
    for (const r of spares) {
      const same = planned.find(
        (p) => key(p.synthesizer, homeDocument(p)) === key(r.synthesizer, homeDocument(r)),
      );
      this.limits.set(r, same === undefined ? 0 : this.limits.get(same)!);
    }
  }

  /**
   * True when the accepted rows already fill the request's quota. A request this book did not plan has no quota
   * (it is never over).
   */
  full(request: SynthesisRequest, accepted: readonly TestsetRow[]): boolean {
    const limit = this.limits.get(request);
    if (limit === undefined) return false;
    const home = homeDocument(request);
    const taken = accepted.filter(
      (row) => row.synthesizer_name === request.synthesizer && row.source_offsets[0]?.documentId === home,
    ).length;
    return taken >= limit;
  }
}
