import { AirgapEvalError } from "../errors.js";
import { OnnxModelSession, openModelSession } from "../onnx/model-session.js";

/** A flat `last_hidden_state` `[batch, seqLength, dims]`. */
export interface HiddenStates {
  data: Float32Array;
  seqLength: number;
  dims: number;
}

const SUPPORTED_INPUTS = new Set(["input_ids", "attention_mask", "token_type_ids"]);

/**
 * An onnxruntime session over one encoder file, created from bytes read from disk (never a URL) with explicit
 * thread settings (see src/onnx/session.ts; the open/run/close shell is src/onnx/model-session.ts).
 */
export class OnnxEncoder extends OnnxModelSession {
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
    const opened = await openModelSession(onnxPath, threads, {
      checkDigest,
      refuseInputs: (names) => {
        const unsupported = names.filter((name) => !SUPPORTED_INPUTS.has(name));
        return unsupported.length === 0
          ? undefined
          : `the model needs input(s) ${unsupported.join(", ")}; only text encoders with input_ids, ` +
              "attention_mask and token_type_ids inputs are supported";
      },
    });
    return new OnnxEncoder(onnxPath, opened, { model: "encoder", items: "texts", purpose: "embed" });
  }

  /**
   * Runs one batch of token-id sequences, right-padded with `padId` and masked, and returns the token vectors.
   * Throws if the encoder was closed.
   */
  async run(batch: readonly (readonly number[])[], padId: number): Promise<HiddenStates> {
    const { outputs, outputNames } = await this.runPadded(
      batch.map((ids) => ({ ids })),
      padId,
    );
    // Same output preference as transformers.js's feature-extraction pipeline.
    const output =
      outputs.last_hidden_state ??
      outputs.logits ??
      outputs.token_embeddings ??
      outputs[outputNames[0] ?? ""];
    if (output?.dims.length !== 3 || !(output.data instanceof Float32Array)) {
      throw new AirgapEvalError(
        `${this.onnxPath}: expected a float32 [batch, sequence, hidden] output named last_hidden_state; ` +
          "this is not a text encoder",
      );
    }
    return { data: output.data, seqLength: output.dims[1]!, dims: output.dims[2]! };
  }
}
