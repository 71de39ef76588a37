// A stage for testing the generate run without the built-in synthesizers: a fixed plan (one single-hop row per
// chunk, round the chunks, twice the size), rows written from the chunk text or, with `judge`, by the real judge
// under the run's call budget; every `rejectEvery`-th plan row is rejected. Its default export is the factory
// `generate --stage` loads.
import { z } from "zod";
import type { GenerationContext, GenerationStage, PlannedRow } from "../../src/generate/stage.js";
import type { Chunk, TestsetRow } from "../../src/generate/types.js";

/** Options of {@link scriptedStage}. */
export interface ScriptedStageOptions {
  /** Reject plan rows whose index is a multiple of this (not 0). Defaults to 3. */
  rejectEvery?: number;
  /** Ask the judge for each question. Defaults to false (questions made from the chunk text). */
  judge?: boolean;
  /** Called as each row starts (tests hold or count rows here). */
  onProduce?: (row: PlannedRow) => Promise<void> | void;
}

function rowOf(chunk: Chunk, question: string, planned: PlannedRow): TestsetRow {
  return {
    user_input: question,
    reference: chunk.text.split(/(?<=[.!?])\s/)[0]!,
    reference_contexts: [chunk.text],
    reference_context_ids: [chunk.id],
    synthesizer_name: planned.request.synthesizer,
    source_offsets: [{ documentId: chunk.documentId, start: chunk.start, end: chunk.end }],
    query_style: planned.request.style,
    query_length: planned.request.length,
  };
}

/** The scripted stage. */
export function scriptedStage(options: ScriptedStageOptions = {}): GenerationStage & { produced: number[] } {
  const rejectEvery = options.rejectEvery ?? 3;
  const produced: number[] = [];
  return {
    produced,
    async plan(chunks, size, _mix, ctx: GenerationContext) {
      return Array.from({ length: size * 2 }, (_, index) => ({
        index,
        request: {
          synthesizer: "single_hop_specific_query_synthesizer" as const,
          chunks: [chunks[(index + ctx.seed) % chunks.length]!],
          style: "perfect_grammar" as const,
          length: "short" as const,
          themes: [],
        },
      }));
    },
    async produce(planned, ctx, accepted) {
      produced.push(planned.index);
      await options.onProduce?.(planned);
      const chunk = planned.request.chunks[0]!;
      let question = `What does ${chunk.id} say (after ${accepted.length} rows)?`;
      if (options.judge) {
        const { value } = await ctx.llm.generateObject(
          {
            name: "scripted-question",
            version: "1",
            system: "Write a question.",
            examples: [],
            input: chunk.text,
          },
          z.object({ question: z.string() }),
          { maxTokens: 24, temperature: 0 },
        );
        question = `${value.question} (${chunk.id})`;
      }
      if (planned.index % rejectEvery === 0 && planned.index > 0) {
        return {
          rejected: { request: planned.request, question, reference: "" },
          reason: {
            kind: "unanswerable" as const,
            explanation: `scripted rejection of row ${planned.index}`,
          },
        };
      }
      return { row: rowOf(chunk, question, planned) };
    },
  };
}

/**
 * `generate --stage test/support/scripted-stage.ts`: the scripted stage asking the judge; `SCRIPTED_STAGE_DELAY_MS`
 * holds each row that long first (so a test can kill the run between rows).
 */
export default function stageForCli(): GenerationStage {
  const delay = Number(process.env.SCRIPTED_STAGE_DELAY_MS ?? 0);
  return scriptedStage({
    judge: true,
    ...(delay > 0 ? { onProduce: () => new Promise<void>((resolve) => setTimeout(resolve, delay)) } : {}),
  });
}
