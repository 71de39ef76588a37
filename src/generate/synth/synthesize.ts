import type { GenerationContext, PlannedRow } from "../stage.js";
import type { Candidate, SynthesisRequest } from "../types.js";
import { askWithinBudget } from "./call-budget.js";
import { generatedQuerySchema, SYNTHESIS_PROMPTS, type SynthesisInput } from "./prompts.js";
import { QUERY_LENGTHS, QUERY_STYLES } from "./query-options.js";

/** Sampling temperature of the synthesizer calls: some variety between rows, still near the judge's best guess. */
export const SYNTHESIS_TEMPERATURE = 0.5;

/** The prompt input of a request. */
export function synthesisInput(request: SynthesisRequest): SynthesisInput {
  return {
    ...(request.persona !== undefined
      ? { persona: `${request.persona.name}: ${request.persona.roleDescription}` }
      : {}),
    themes: [...request.themes],
    style: QUERY_STYLES[request.style],
    length: QUERY_LENGTHS[request.length].ask,
    contexts: request.chunks.map((c) => c.text),
  };
}

/**
 * The sampling seed of a row: the run's seed and the row's index mixed (so rows differ, and a row written again,
 * after a resume or on another shard, is written the same).
 */
export function rowSeed(seed: number, index: number): number {
  return (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(index + 1, 0xc2b2ae35)) >>> 0;
}

/** Asks the judge to write the row's question and reference answer under the request's length bounds. */
export async function synthesize(row: PlannedRow, ctx: GenerationContext): Promise<Candidate> {
  const { request } = row;
  const { query, answer } = await askWithinBudget(
    ctx,
    SYNTHESIS_PROMPTS[request.synthesizer],
    synthesisInput(request),
    { temperature: SYNTHESIS_TEMPERATURE, seed: rowSeed(ctx.seed, row.index) },
    generatedQuerySchema(request.length),
  );
  return { request, question: query.trim(), reference: answer.trim() };
}
