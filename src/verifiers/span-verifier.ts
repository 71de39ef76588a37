import { InvalidInputError } from "../errors.js";
import type { TextTokenizer } from "../tokenizers/index.js";
import { type OnnxClassifier, probabilityAt } from "./onnx-classifier.js";
import { mergeUnsupported } from "./span-merge.js";
import type { SpanInput, SpanVerifier, UnsupportedSpan, VerifierIdentity } from "./types.js";
import { VerifierCore } from "./verifier-base.js";

/** The first segment of a span verifier's input: the context, then the question on its own line when given. */
export function spanFirstSegment(input: SpanInput): string {
  return input.question ? `${input.context}\n${input.question}` : input.context;
}

/** A token-classification verifier (LettuceDetect-style): per-token P(unsupported) over the response. */
export class OnnxSpanVerifier extends VerifierCore implements SpanVerifier {
  readonly task = "spans" as const;

  constructor(
    identity: VerifierIdentity,
    maxTokens: number,
    tokenizer: TextTokenizer,
    classifier: OnnxClassifier,
    private readonly scoreIndex: number,
  ) {
    super(identity, maxTokens, tokenizer, classifier);
  }

  async unsupportedSpans(
    input: SpanInput,
    threshold: number,
  ): Promise<{ spans: UnsupportedSpan[]; truncated: boolean }> {
    if (typeof input?.context !== "string" || typeof input.response !== "string") {
      throw new InvalidInputError("context and response must be strings", { field: "input" });
    }
    if (typeof threshold !== "number" || !(threshold >= 0 && threshold <= 1)) {
      throw new InvalidInputError(`must be a number in [0, 1], got ${String(threshold)}`, {
        field: "threshold",
      });
    }
    const pair = this.tokenizer.encodePair(spanFirstSegment(input), input.response, {
      maxLength: this.maxTokens,
      truncation: "only_first",
    });
    const offsets = this.tokenizer.encode(input.response).offsets;
    const probabilities: number[] = [];
    await this.runAll([{ ids: pair.ids, tokenTypeIds: pair.tokenTypeIds }], (_, logits) => {
      const labels = logits.dims[2];
      if (logits.dims.length !== 3 || labels === undefined) {
        throw new InvalidInputError(
          `${this.identity.id}: a span verifier needs per-token logits [batch, sequence, labels]; got [${logits.dims.join(", ")}]`,
          { field: "task" },
        );
      }
      for (let k = 0; k < pair.second.kept; k++) {
        probabilities.push(
          probabilityAt(logits.data, (pair.second.start + k) * labels, labels, this.scoreIndex),
        );
      }
    });
    return {
      spans: mergeUnsupported(input.response, probabilities, offsets, threshold),
      truncated: pair.truncated,
    };
  }
}
