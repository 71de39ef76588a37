import { AirgapEvalError } from "../errors.js";
import { paddedFeeds } from "../onnx/feeds.js";
import { type OrtModule, type OrtSession, type OrtTensor, openOnnxSession } from "../onnx/session.js";

/** A flat `last_hidden_state` `[batch, seqLength, dims]`. */
export interface HiddenStates {
  data: Float32Array;
  seqLength: number;
  dims: number;
}

const SUPPORTED_INPUTS = new Set(["input_ids", "attention_mask", "token_type_ids"]);

/**
 * An onnxruntime session over one encoder file, created from bytes read from disk (never a URL) with explicit
 * thread settings (see src/onnx/session.ts).
 */
export class OnnxEncoder {
  private constructor(
    readonly onnxPath: string,
    /** sha256 (hex) of the file, computed from the same bytes the session was built from. */
    readonly sha256: string,
    private readonly ort: OrtModule,
    private session: OrtSession | undefined,
  ) {}

  /**
   * Reads `onnxPath` and creates the session with `threads` intra-op threads. The file is hashed once, from the
   * bytes the session is built from; `checkDigest` (when given) sees that sha256 before the session is created
   * and throws to refuse the file (e.g. when it differs from a pinned digest).
   */
  static async open(
    onnxPath: string,
    threads: number,
    checkDigest?: (sha256: string) => void,
  ): Promise<OnnxEncoder> {
    const { ort, session, sha256 } = await openOnnxSession(onnxPath, threads, { checkDigest });
    const unsupported = session.inputNames.filter((name) => !SUPPORTED_INPUTS.has(name));
    if (unsupported.length > 0) {
      throw new AirgapEvalError(
        `${onnxPath}: the model needs input(s) ${unsupported.join(", ")}; only text encoders with input_ids, ` +
          "attention_mask and token_type_ids inputs are supported",
      );
    }
    return new OnnxEncoder(onnxPath, sha256, ort, session);
  }

  /** Whether {@link close} was called. */
  get closed(): boolean {
    return this.session === undefined;
  }

  /**
   * Runs one batch of token-id sequences, right-padded with `padId` and masked, and returns the token vectors.
   * Throws if the encoder was closed.
   */
  async run(batch: readonly (readonly number[])[], padId: number): Promise<HiddenStates> {
    const session = this.session;
    if (!session)
      throw new AirgapEvalError(`${this.onnxPath}: the encoder was disposed; load it again to embed`);
    const { feeds, seqLength } = paddedFeeds(
      this.ort,
      session.inputNames,
      batch.map((ids) => ({ ids })),
      padId,
    );
    let outputs: Record<string, OrtTensor>;
    try {
      outputs = await session.run(feeds);
    } catch (err) {
      throw new AirgapEvalError(
        `${this.onnxPath}: onnxruntime failed on a batch of ${batch.length} texts of up to ${seqLength} tokens`,
        { cause: err },
      );
    }
    // Same output preference as transformers.js's feature-extraction pipeline.
    const output =
      outputs.last_hidden_state ??
      outputs.logits ??
      outputs.token_embeddings ??
      outputs[session.outputNames[0] ?? ""];
    if (output?.dims.length !== 3 || !(output.data instanceof Float32Array)) {
      throw new AirgapEvalError(
        `${this.onnxPath}: expected a float32 [batch, sequence, hidden] output named last_hidden_state; ` +
          "this is not a text encoder",
      );
    }
    return { data: output.data, seqLength: output.dims[1]!, dims: output.dims[2]! };
  }

  /** Releases the native session (onnxruntime-node's `release()`); later runs throw. Idempotent. */
  async close(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    await session?.release();
  }
}
