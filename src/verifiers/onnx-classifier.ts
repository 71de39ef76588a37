import { AirgapEvalError } from "../errors.js";
import { type FeedRow, paddedFeeds } from "../onnx/feeds.js";
import { type OrtModule, type OrtSession, type OrtTensor, openOnnxSession } from "../onnx/session.js";

/** One model input: token ids with the special tokens, and their token_type_ids when the model takes them. */
export type ClassifierInput = FeedRow;

/** Logits of one batch: `[batch, labels]`, or `[batch, seq, labels]` for token classification. */
export interface Logits {
  data: Float32Array;
  dims: readonly number[];
}

const KNOWN_INPUTS = new Set(["input_ids", "attention_mask", "token_type_ids"]);

/** An onnxruntime session over a classifier, fed right-padded batches (see src/onnx/session.ts for its settings). */
export class OnnxClassifier {
  private constructor(
    readonly onnxPath: string,
    readonly sha256: string,
    private readonly ort: OrtModule,
    private session: OrtSession | undefined,
  ) {}

  /** Opens `onnxPath` with `threads` intra-op threads; refuses a graph with inputs other than the three text ones. */
  static async open(
    onnxPath: string,
    threads: number,
    checkDigest: ((sha256: string) => void) | undefined,
    recovery: string,
  ): Promise<OnnxClassifier> {
    const { ort, session, sha256 } = await openOnnxSession(onnxPath, threads, { checkDigest, recovery });
    const unknown = session.inputNames.filter((name) => !KNOWN_INPUTS.has(name));
    if (unknown.length > 0 || !session.inputNames.includes("input_ids")) {
      await session.release();
      throw new AirgapEvalError(
        `${onnxPath}: the model's inputs are ${session.inputNames.join(", ")}; a verifier takes input_ids, ` +
          "attention_mask and optionally token_type_ids (export it as a text classifier)",
      );
    }
    return new OnnxClassifier(onnxPath, sha256, ort, session);
  }

  get closed(): boolean {
    return this.session === undefined;
  }

  /** Runs one batch, right-padded with `padId` and masked. Throws once closed. */
  async run(batch: readonly ClassifierInput[], padId: number): Promise<Logits> {
    const session = this.session;
    if (!session)
      throw new AirgapEvalError(`${this.onnxPath}: the verifier was closed; load it again to score`);
    const { feeds, seqLength: seq } = paddedFeeds(this.ort, session.inputNames, batch, padId);
    let outputs: Record<string, OrtTensor>;
    try {
      outputs = await session.run(feeds);
    } catch (err) {
      throw new AirgapEvalError(
        `${this.onnxPath}: onnxruntime failed on a batch of ${batch.length} inputs of up to ${seq} tokens ` +
          `(${err instanceof Error ? err.message : String(err)})`,
        { cause: err },
      );
    }
    const output = outputs.logits ?? outputs[session.outputNames[0] ?? ""];
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

  /** Releases the native session. Idempotent. */
  async close(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    await session?.release();
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
