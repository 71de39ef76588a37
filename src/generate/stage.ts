// The seam between the run (pipeline.ts: input, chunks, resume, files) and the synthesizers and filters that write
// and judge each row (`defaultStage`). Kept exactly as agreed on both sides: change it only together.
import type { Embeddings } from "../embeddings/types.js";
import type { Llm } from "../llm/types.js";
import type { JudgePrompt } from "../prompts/types.js";
import type {
  Candidate,
  Chunk,
  RejectionReason,
  SynthesisRequest,
  SynthesizerName,
  TestsetRow,
} from "./types.js";

/** The judge's window as the plan sees it: its size and the judge's own token counts (see synth/window.ts). */
export interface JudgeWindow {
  /** The judge's context in tokens (per sequence). */
  contextSize: number;
  /** Tokens of a whole rendered prompt (template, examples, input) as the judge reads it. */
  countPromptTokens(prompt: JudgePrompt): number;
  /** Tokens of a piece of text. */
  countTokens(text: string): number;
}

/**
 * What a stage works with: the judge, the embedder, the run's seed, each judge call's budget, and the judge's window
 * when the judge reports one (the plan then picks only chunk groups whose calls fit it).
 */
export interface GenerationContext {
  llm: Llm;
  embeddings: Embeddings;
  seed: number;
  signal?: AbortSignal;
  callBudget: { maxTokens: number; timeoutMs: number };
  window?: JudgeWindow;
}

/** One row of the plan: its place in the test set and what to ask for. */
export interface PlannedRow {
  index: number;
  request: SynthesisRequest;
} // the plan is deterministic from seed

/**
 * The synthesizers and filters, as the run sees them: `plan` decides every row from the chunks (deterministic from
 * `ctx.seed`), `produce` writes and checks one row, given the rows accepted before it.
 */
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
