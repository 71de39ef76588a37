import { InvalidInputError } from "../errors.js";
import type { TextTokenizer } from "../tokenizers/index.js";
import { mapYielding } from "../util/event-loop.js";
import { hhemInput } from "./hhem-template.js";
import { type ClassifierInput, type OnnxClassifier, probabilityAt } from "./onnx-classifier.js";
import type { PairVerifier, VerifierIdentity, VerifierPair, VerifierScore } from "./types.js";
import { VerifierCore } from "./verifier-base.js";

/** How a pair becomes one model input: a tokenizer pair, or HHEM's one-text template. */
export type PairInputStyle = "pair" | "hhem-template";

/** NLI, consistency and relevance verifiers: one probability per pair, read at `scoreIndex` of the logits. */
export class OnnxPairVerifier extends VerifierCore implements PairVerifier {
  constructor(
    identity: VerifierIdentity & { task: PairVerifier["task"] },
    maxTokens: number,
    tokenizer: TextTokenizer,
    classifier: OnnxClassifier,
    private readonly scoreIndex: number,
    private readonly inputStyle: PairInputStyle,
  ) {
    super(identity, maxTokens, tokenizer, classifier);
  }

  get task(): PairVerifier["task"] {
    return this.identity.task as PairVerifier["task"];
  }

  async score(pairs: readonly VerifierPair[]): Promise<VerifierScore[]> {
    pairs.forEach((pair, i) => {
      if (typeof pair?.first !== "string" || typeof pair.second !== "string") {
        throw new InvalidInputError(`pair ${i}: first and second must be strings`, { field: "pairs" });
      }
    });
    const encoded = await mapYielding(pairs, (pair) => this.encode(pair));
    const scores = new Array<VerifierScore>(pairs.length);
    await this.runAll(encoded, (index, logits, row) => {
      const labels = logits.dims[logits.dims.length - 1]!;
      // [batch, labels], or [batch, seq, labels] read at the first token (as HHEM's code does).
      const rowSize = logits.dims.length === 3 ? logits.dims[1]! * labels : labels;
      scores[index] = {
        probability: probabilityAt(logits.data, row * rowSize, labels, this.scoreIndex),
        truncated: encoded[index]!.truncated,
      };
    });
    return scores;
  }

  private encode(pair: VerifierPair): ClassifierInput & { truncated: boolean } {
    if (this.inputStyle === "pair") {
      const encoded = this.tokenizer.encodePair(pair.first, pair.second, {
        maxLength: this.maxTokens,
        truncation: "longest_first",
      });
      return { ids: encoded.ids, tokenTypeIds: encoded.tokenTypeIds, truncated: encoded.truncated };
    }
    return this.encodeTemplate(pair);
  }

  /** HHEM's template as one text; a premise that does not fit is cut at a token boundary, the hypothesis never. */
  private encodeTemplate(pair: VerifierPair): ClassifierInput & { truncated: boolean } {
    const { prefix, suffix } = this.tokenizer.special.single;
    const room = this.maxTokens - prefix.length - suffix.length;
    let premise = pair.first;
    let truncated = false;
    for (;;) {
      const ids = this.tokenizer.ids(hhemInput(premise, pair.second));
      if (ids.length <= room) return { ids: [...prefix, ...ids, ...suffix], truncated };
      const offsets = this.tokenizer.encode(premise).offsets;
      if (offsets.length === 0) {
        throw new InvalidInputError(
          `the hypothesis with the template takes ${ids.length} tokens, more than the ${room} the model takes ` +
            `(${this.identity.id}); shorten the hypothesis`,
          { field: "second" },
        );
      }
      // Drop the overflow plus a small margin (tokens at the cut may merge differently), at least one token.
      const keep = Math.max(0, offsets.length - Math.max(1, ids.length - room + 2));
      premise = keep === 0 ? "" : premise.slice(0, offsets[keep - 1]![1]);
      truncated = true;
    }
  }
}
