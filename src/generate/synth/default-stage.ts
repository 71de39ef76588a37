/**
 * The default generation stage: plans rows (plan.ts) and produces each one: quota check, the synthesizer call,
 * then the filters from cheapest to dearest (context-referring phrases, near duplicates, the standalone verdict,
 * the answerability verdict). Every judge call runs under `ctx.callBudget`.
 */

import { ContextOverflowError, InvalidInputError } from "../../errors.js";
import { notAnswerable } from "../filters/answerable.js";
import { DEFAULT_DUPLICATE_SIMILARITY, nearDuplicate } from "../filters/dedupe.js";
import { homeDocument, QuotaBook } from "../filters/quota.js";
import { notStandalone } from "../filters/standalone.js";
import type { GenerationContext, GenerationStage, PlannedRow } from "../stage.js";
import type { Candidate, RejectionReason, TestsetRow } from "../types.js";
import { type PlanOptions, planRows } from "./plan.js";
import { synthesize } from "./synthesize.js";

/** Options of {@link createStage}. */
export interface CreateStageOptions extends PlanOptions {
  /** Cosine similarity from which a question is a near duplicate of an accepted one. Defaults to 0.95. */
  duplicateSimilarity?: number;
  /**
   * Spare rows planned after the asked-for ones, as a multiple of the size, to take the place of rejected rows: the
   * run stops as soon as the size is reached, and a spare is only written while its (question type, document) share
   * of the first plan is not full (`over_quota`, decided before any judge call), so the mix holds. 0 plans no spare
   * (a rejected row is then a row short). Defaults to 1 (as many spares as rows).
   */
  spares?: number;
}

/** Spare rows planned per asked-for row (see {@link CreateStageOptions.spares}). */
export const DEFAULT_SPARES = 1;

/** The seed of the spare rows' plan: another stream of the same run seed. */
function spareSeed(seed: number): number {
  return (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) >>> 0) % 2 ** 31;
}

type Produced = { row: TestsetRow } | { rejected: Candidate | null; reason: RejectionReason };

/** The test-set row of an accepted candidate. */
export function rowOf(candidate: Candidate): TestsetRow {
  const { request } = candidate;
  return {
    user_input: candidate.question,
    reference: candidate.reference,
    reference_contexts: request.chunks.map((c) => c.text),
    reference_context_ids: request.chunks.map((c) => c.id),
    synthesizer_name: request.synthesizer,
    source_offsets: request.chunks.map((c) => ({ documentId: c.documentId, start: c.start, end: c.end })),
    ...(request.persona !== undefined ? { persona_name: request.persona.name } : {}),
    query_style: request.style,
    query_length: request.length,
  };
}

async function filtered(
  candidate: Candidate,
  ctx: GenerationContext,
  accepted: readonly TestsetRow[],
  threshold: number,
): Promise<RejectionReason | undefined> {
  const duplicate = await nearDuplicate(candidate.question, accepted, ctx.embeddings, threshold);
  if (duplicate !== undefined) return { kind: "near_duplicate", ...duplicate };
  const standalone = await notStandalone(candidate.question, ctx);
  if (standalone !== undefined) return { kind: "not_standalone", explanation: standalone };
  const unanswerable = await notAnswerable(
    {
      contexts: candidate.request.chunks.map((c) => c.text),
      question: candidate.question,
      answer: candidate.reference,
    },
    ctx,
  );
  if (unanswerable !== undefined) return { kind: "unanswerable", explanation: unanswerable };
  return undefined;
}

function failure(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * A prompt over the judge's context, when the plan could not see the window (a judge that reports none), is the
 * run's settings, not the row: every row like it would fail the same way, so the run stops (no row recorded; nothing
 * is lost) with what to change. With the window the plan picked only rows that fit, so an overflow is the row's own
 * (its written question and answer ran longer than estimated) and rejects it as `failed`.
 */
function overflowAdvice(error: ContextOverflowError, row: PlannedRow): InvalidInputError {
  const chunks = row.request.chunks.map((c) => c.id).join(", ");
  const detail = error.detail.replace(/\.$/, "");
  return new InvalidInputError(
    `generate: plan row ${row.index} (${row.request.synthesizer} on ${chunks}) does not fit the judge's context: ${detail}. ` +
      "Pass a smaller --chunk-tokens, a larger --context-size or a smaller --max-tokens, and start over with --overwrite",
    {},
    { cause: error },
  );
}

function checkSimilarity(value: number | undefined, name: string): void {
  if (value !== undefined && !(Number.isFinite(value) && value >= -1 && value <= 1)) {
    throw new RangeError(`generate: ${name} must be a cosine similarity from -1 to 1, got ${value}`);
  }
}

/** Throws a `RangeError` naming the option for a similarity outside [-1, 1] or a persona without name or role. */
function checkStageOptions(options: CreateStageOptions): void {
  checkSimilarity(options.relatedSimilarity, "relatedSimilarity");
  checkSimilarity(options.duplicateSimilarity, "duplicateSimilarity");
  if (options.spares !== undefined && !(Number.isFinite(options.spares) && options.spares >= 0)) {
    throw new RangeError(
      `generate: spares must be a number >= 0 (a multiple of the size), not ${options.spares}`,
    );
  }
  options.personas?.forEach((persona, i) => {
    if (persona.name.trim() === "" || persona.roleDescription.trim() === "") {
      throw new RangeError(`generate: personas[${i}] needs a non-empty name and roleDescription`);
    }
  });
}

/**
 * A stage with options (personas, thresholds), checked here (a `RangeError` names the bad one). Its `produce` passes on an abort of `ctx.signal` (the run is
 * stopping); any other error of a row (a judge answer that does not parse, a call over its time budget) rejects the
 * row as `failed` with the error's message.
 *
 * @example
 * const stage = createStage({ personas: [{ name: "Nurse", roleDescription: "Asks about dosage and care." }] });
 */
export function createStage(options: CreateStageOptions = {}): GenerationStage {
  checkStageOptions(options);
  const quotas = new QuotaBook();
  const threshold = options.duplicateSimilarity ?? DEFAULT_DUPLICATE_SIMILARITY;
  return {
    async plan(chunks, size, mix, ctx) {
      const rows = await planRows(chunks, size, mix, ctx, options);
      quotas.register(rows.map((r) => r.request));
      const spareCount = Math.ceil(size * (options.spares ?? DEFAULT_SPARES));
      if (spareCount === 0) return rows;
      // The spares: a plan of their own from a seed derived from the run's, numbered after the asked-for rows.
      const spares = await planRows(chunks, spareCount, mix, { ...ctx, seed: spareSeed(ctx.seed) }, options);
      quotas.registerSpares(
        spares.map((r) => r.request),
        rows.map((r) => r.request),
      );
      return [...rows, ...spares.map((r, i) => ({ index: size + i, request: r.request }))];
    },
    async produce(row: PlannedRow, ctx, accepted): Promise<Produced> {
      const { request } = row;
      if (quotas.full(request, accepted)) {
        return {
          rejected: null,
          reason: { kind: "over_quota", synthesizer: request.synthesizer, documentId: homeDocument(request) },
        };
      }
      let candidate: Candidate | null = null;
      try {
        candidate = await synthesize(row, ctx);
        const reason = await filtered(candidate, ctx, accepted, threshold);
        return reason === undefined ? { row: rowOf(candidate) } : { rejected: candidate, reason };
      } catch (error) {
        if (ctx.signal?.aborted === true) throw error;
        if (error instanceof ContextOverflowError && ctx.window === undefined)
          throw overflowAdvice(error, row);
        return { rejected: candidate, reason: { kind: "failed", error: failure(error) } };
      }
    },
  };
}

/** The stage `generate` uses by default: no personas, related-chunk similarity 0.3, duplicates from 0.95. */
export const defaultStage: GenerationStage = createStage();
