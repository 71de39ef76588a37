import type { Embeddings } from "../embeddings/types.js";
import type { Llm } from "../llm/types.js";
import type {
  Candidate,
  Chunk,
  RejectionReason,
  SynthesisRequest,
  SynthesizerName,
  TestsetRow,
} from "./types.js";

/** What every generation step may use: the judge, the embedding model, the run's seed, and the per-call budget. */
export interface GenerationContext {
  llm: Llm;
  embeddings: Embeddings;
  seed: number;
  signal?: AbortSignal;
  callBudget: { maxTokens: number; timeoutMs: number };
}

/** One row the plan asks for; the plan is deterministic from the seed. */
export interface PlannedRow {
  index: number;
  request: SynthesisRequest;
}

/** The seam between the run (reading, chunking, resume, shards) and the synthesizers and filters. */
export interface GenerationStage {
  plan(
    chunks: readonly Chunk[],
    size: number,
    mix: Readonly<Record<SynthesizerName, number>>,
    ctx: GenerationContext,
  ): Promise<PlannedRow[]>;
  produce(
    row: PlannedRow,
    ctx: GenerationContext,
    accepted: readonly TestsetRow[],
  ): Promise<{ row: TestsetRow } | { rejected: Candidate | null; reason: RejectionReason }>;
}
