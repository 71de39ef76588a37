// A verifier's graph checked against its config.json when it loads: the logits of one short probe input (onnxruntime
// 1.17 gives no output shapes before a run) must be what the task reads (per pair for nli and relevance, per token
// for spans, either for consistency, whose HHEM-style graphs give per-token logits read at the first token) and as
// many as id2label names. Else the score would be read from the wrong logits, or past them, without a word.
import { AirgapEvalError } from "../errors.js";
import type { VerifierTask } from "./types.js";

/** What the config says the graph gives. */
export interface ExpectedLogits {
  task: VerifierTask;
  /** id2label by index (`[]` when the config names none). */
  labels: readonly string[];
  /** The logit the score is read at. */
  scoreIndex: number;
  configPath: string;
  onnxPath: string;
}

const ranks: Record<VerifierTask, readonly number[]> = {
  nli: [2],
  relevance: [2],
  spans: [3],
  consistency: [2, 3],
};

/** Throws naming both files when logits of shape `dims` are not what `expected` reads. */
export function checkLogitsShape(dims: readonly number[], expected: ExpectedLogits): void {
  const { task, labels, scoreIndex, configPath, onnxPath } = expected;
  const fix = `put the ${task} model's own config.json and ONNX file together, or pass the task this graph was trained for`;
  if (!ranks[task].includes(dims.length)) {
    const kind =
      dims.length === 3
        ? "per-token logits (a token classifier)"
        : "per-input logits (a sequence classifier)";
    throw new AirgapEvalError(
      `${onnxPath}: gives ${kind}, shape [${dims.join(", ")}], but the ${task} task reads ` +
        `${task === "spans" ? "per-token" : "per-input"} logits; ${fix}`,
    );
  }
  const count = dims[dims.length - 1]!;
  if (labels.length > 0 && count !== labels.length) {
    throw new AirgapEvalError(
      `${configPath}: id2label names ${labels.length} labels ${JSON.stringify(labels)}, but ${onnxPath} gives ` +
        `${count} logits; ${fix}`,
    );
  }
  if (scoreIndex >= count) {
    throw new AirgapEvalError(
      `${configPath}: the ${task} score is read at logit ${scoreIndex}, but ${onnxPath} gives ${count} logits; ${fix}`,
    );
  }
}
