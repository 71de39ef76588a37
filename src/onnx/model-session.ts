/**
 * The shell around one open ONNX session that embedding encoders and verifiers share: the file's path and sha256,
 * the input-name check at open, padded runs whose failures name the file, the refusal to run once closed, and an
 * idempotent release. Each subclass keeps only its own part: which inputs it accepts and how it reads the outputs.
 */

import { AirgapEvalError } from "../errors.js";
import { yieldToEventLoop } from "../util/event-loop.js";
import { type FeedRow, paddedFeeds } from "./feeds.js";
import {
  type OpenedSession,
  type OrtModule,
  type OrtSession,
  type OrtTensor,
  openOnnxSession,
} from "./session.js";

/** How a session's messages name what it holds. */
export interface SessionWording {
  /** The model's kind, e.g. "encoder" or "verifier". */
  readonly model: string;
  /** What a batch holds, e.g. "texts" or "inputs". */
  readonly items: string;
  /** What a reloaded model would be used for, e.g. "embed" or "score". */
  readonly purpose: string;
}

/** How to open a session: see {@link openOnnxSession} for `checkDigest` and `recovery`. */
export interface OpenModelOptions {
  checkDigest?: ((sha256: string) => void) | undefined;
  recovery?: string;
  /** A message when the graph's input names are not ones the model can feed (the session is released first). */
  refuseInputs(inputNames: readonly string[]): string | undefined;
}

/** Opens `onnxPath` with `threads` intra-op threads and checks its inputs; a refused graph is released first. */
export async function openModelSession(
  onnxPath: string,
  threads: number,
  options: OpenModelOptions,
): Promise<OpenedSession> {
  const opened = await openOnnxSession(onnxPath, threads, options);
  const refusal = options.refuseInputs(opened.session.inputNames);
  if (refusal !== undefined) {
    await opened.session.release();
    throw new AirgapEvalError(`${onnxPath}: ${refusal}`);
  }
  return opened;
}

/** An open session over one ONNX file, fed right-padded batches (see src/onnx/session.ts for its settings). */
export abstract class OnnxModelSession {
  /** sha256 (hex) of the file, computed from the same bytes the session was built from. */
  readonly sha256: string;
  private readonly ort: OrtModule;
  private session: OrtSession | undefined;

  protected constructor(
    readonly onnxPath: string,
    opened: OpenedSession,
    private readonly wording: SessionWording,
  ) {
    this.sha256 = opened.sha256;
    this.ort = opened.ort;
    this.session = opened.session;
  }

  /** Whether {@link close} was called. */
  get closed(): boolean {
    return this.session === undefined;
  }

  /**
   * Runs one batch, right-padded with `padId` and masked; returns the outputs and the graph's output names.
   * Throws once closed, and names the file and the batch's size when onnxruntime fails.
   */
  protected async runPadded(
    rows: readonly FeedRow[],
    padId: number,
  ): Promise<{ outputs: Record<string, OrtTensor>; outputNames: readonly string[] }> {
    // onnxruntime-node runs a batch synchronously: a turn of the event loop before each lets Ctrl-C be handled
    // between the batches of a long row.
    await yieldToEventLoop();
    const session = this.session;
    if (!session) {
      throw new AirgapEvalError(
        `${this.onnxPath}: the ${this.wording.model} was closed; load it again to ${this.wording.purpose}`,
      );
    }
    const { feeds, seqLength } = paddedFeeds(this.ort, session.inputNames, rows, padId);
    try {
      return { outputs: await session.run(feeds), outputNames: session.outputNames };
    } catch (err) {
      throw new AirgapEvalError(
        `${this.onnxPath}: onnxruntime failed on a batch of ${rows.length} ${this.wording.items} of up to ` +
          `${seqLength} tokens (${err instanceof Error ? err.message : String(err)})`,
        { cause: err },
      );
    }
  }

  /** Releases the native session (onnxruntime-node's `release()`); later runs throw. Idempotent. */
  async close(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    await session?.release();
  }
}
