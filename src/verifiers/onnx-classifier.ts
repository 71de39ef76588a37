import { AirgapEvalError } from "../errors.js";
import type { FeedRow } from "../onnx/feeds.js";
import { OnnxModelSession, openModelSession } from "../onnx/model-session.js";

/** One model input: token ids with the special tokens, and their token_type_ids when the model takes them. */
export type ClassifierInput = FeedRow;

/** Logits of one batch: `[batch, labels]`, or `[batch, seq, labels]` for token classification. */
export interface Logits {
  data: Float32Array;
  dims: readonly number[];
}

const KNOWN_INPUTS = new Set(["input_ids", "attention_mask", "token_type_ids"]);

/**
 * An onnxruntime session over a classifier, fed right-padded batches (see src/onnx/session.ts for its settings; the
 * open/run/close shell is src/onnx/model-session.ts).
 */
export class OnnxClassifier extends OnnxModelSession {
  /** Opens `onnxPath` with `threads` intra-op threads; refuses a graph with inputs other than the three text ones. */
  static async open(
    onnxPath: string,
    threads: number,
    checkDigest: ((sha256: string) => void) | undefined,
    recovery: string,
  ): Promise<OnnxClassifier> {
    const opened = await openModelSession(onnxPath, threads, {
      checkDigest,
      recovery,
      refuseInputs: (names) =>
        names.some((name) => !KNOWN_INPUTS.has(name)) || !names.includes("input_ids")
          ? `the model's inputs are ${names.join(", ")}; a verifier takes input_ids, attention_mask and ` +
            "optionally token_type_ids (export it as a text classifier)"
          : undefined,
    });
    return new OnnxClassifier(onnxPath, opened, { model: "verifier", items: "inputs", purpose: "score" });
  }

  /** Runs one batch, right-padded with `padId` and masked. Throws once closed. */
  async run(batch: readonly ClassifierInput[], padId: number): Promise<Logits> {
    const { outputs, outputNames } = await this.runPadded(batch, padId);
    const output = outputs.logits ?? outputs[outputNames[0] ?? ""];
    if (
      !output ||
      !(output.data instanceof Float32Array) ||
      (output.dims.length !== 2 && output.dims.length !== 3)
    ) {
      throw new AirgapEvalError(
        `${this.onnxPath}: expected a float32 output named logits, [batch, labels] or [batch, sequence, labels]; ` +
          "this is not a text classifier",
      );
    }
    return { data: output.data, dims: output.dims };
  }
}

/** Softmax probability of `index` over `count` logits starting at `offset`; one logit is a sigmoid. */
export function probabilityAt(data: Float32Array, offset: number, count: number, index: number): number {
  if (count === 1) return 1 / (1 + Math.exp(-data[offset]!));
  let max = -Infinity;
  for (let k = 0; k < count; k++) max = Math.max(max, data[offset + k]!);
  let sum = 0;
  for (let k = 0; k < count; k++) sum += Math.exp(data[offset + k]! - max);
  return Math.exp(data[offset + index]! - max) / sum;
}
