import type { TextTokenizer } from "../tokenizers/index.js";
import type { ClassifierInput, Logits, OnnxClassifier } from "./onnx-classifier.js";
import type { VerifierIdentity } from "./types.js";

/** Inputs per onnxruntime call. Small batches keep padding low after sorting by length. */
export const VERIFIER_BATCH_SIZE = 16;

/** What every verifier shares: the tokenizer, the session, the limits, and the batched run. */
export abstract class VerifierCore {
  constructor(
    readonly identity: VerifierIdentity,
    readonly maxTokens: number,
    protected readonly tokenizer: TextTokenizer,
    protected readonly classifier: OnnxClassifier,
  ) {}

  countTokens(text: string): number {
    return this.tokenizer.ids(text).length;
  }

  tokenOffsets(text: string): ReadonlyArray<readonly [start: number, end: number]> {
    return this.tokenizer.encode(text).offsets;
  }

  async close(): Promise<void> {
    await this.classifier.close();
  }

  /**
   * Runs `inputs` in batches of {@link VERIFIER_BATCH_SIZE}, sorted by length so a batch holds similar lengths, and
   * hands each input's logits row (its offset in `data` and the dims) back in input order.
   */
  protected async runAll(
    inputs: readonly ClassifierInput[],
    read: (index: number, logits: Logits, row: number) => void,
  ): Promise<void> {
    const order = inputs
      .map((_, i) => i)
      .sort((a, b) => inputs[b]!.ids.length - inputs[a]!.ids.length || a - b);
    for (let start = 0; start < order.length; start += VERIFIER_BATCH_SIZE) {
      const slice = order.slice(start, start + VERIFIER_BATCH_SIZE);
      const logits = await this.classifier.run(
        slice.map((i) => inputs[i]!),
        this.tokenizer.padId,
      );
      for (const [row, index] of slice.entries()) read(index, logits, row);
    }
  }
}
