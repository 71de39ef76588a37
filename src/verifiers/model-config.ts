import { AirgapEvalError, InvalidInputError } from "../errors.js";
import type { VerifierTask } from "./types.js";

/** The fields of a verifier's `config.json` read here. */
export interface VerifierConfig {
  architectures?: unknown;
  model_type?: unknown;
  id2label?: unknown;
  max_position_embeddings?: unknown;
  n_positions?: unknown;
}

/** The tasks, for option checks. */
export const VERIFIER_TASKS: readonly VerifierTask[] = ["nli", "consistency", "relevance", "spans"];

/** `id2label` as an array of labels by index (`[]` when absent). */
export function labelsOf(config: VerifierConfig, file: string): string[] {
  const raw = config.id2label;
  if (raw === undefined) return [];
  if (!raw || typeof raw !== "object") {
    throw new AirgapEvalError(`${file}: id2label must be an object of index to label; fix config.json`);
  }
  const labels: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const index = Number(key);
    if (!Number.isInteger(index) || index < 0 || typeof value !== "string") {
      throw new AirgapEvalError(
        `${file}: id2label entry ${JSON.stringify(key)}: ${JSON.stringify(value)} is not index: label; fix config.json`,
      );
    }
    const twice = labels.indexOf(value);
    if (twice >= 0) {
      throw new AirgapEvalError(
        `${file}: id2label names ${JSON.stringify(value)} at both ${twice} and ${index}, so which logit it is cannot be ` +
          "told; give each label one index in config.json",
      );
    }
    labels[index] = value;
  }
  return labels;
}

function architectures(config: VerifierConfig): string[] {
  return Array.isArray(config.architectures)
    ? config.architectures.filter((a): a is string => typeof a === "string")
    : [];
}

/** A HHEM-style model: a T5 (FLAN-T5) encoder with a classification head, or HHEM's own config. */
export function isHhemStyle(config: VerifierConfig): boolean {
  const type = typeof config.model_type === "string" ? config.model_type : "";
  return /hhem|t5/i.test(type) || architectures(config).some((a) => /hhem|^T5|^MT5/i.test(a));
}

/**
 * The task a model was trained for, from `config.json`: `*ForTokenClassification` → spans; an `entailment` label
 * → nli; HHEM-style → consistency; one label → relevance. Throws naming the file when nothing matches.
 */
export function detectTask(config: VerifierConfig, file: string): VerifierTask {
  const labels = labelsOf(config, file);
  if (architectures(config).some((a) => a.endsWith("ForTokenClassification"))) return "spans";
  if (labels.some((l) => /entail/i.test(l))) return "nli";
  if (isHhemStyle(config)) return "consistency";
  if (labels.length === 1) return "relevance";
  throw new InvalidInputError(
    `${file}: cannot tell the verifier's task (architectures ${JSON.stringify(config.architectures)}, id2label ` +
      `${JSON.stringify(config.id2label)}); pass task: "nli", "consistency", "relevance" or "spans"`,
    { field: "task", file },
  );
}

/** Whether a label names the negative side (`not_entailment`, `inconsistent`, `unsupported`, ...). */
const NEGATED = /^(not|non|in|un)[-_ ]?/i;

/**
 * The logit index whose probability is the score, read from `id2label` (never a fixed position): nli → the
 * `entailment` label; consistency → a `consistent` / `supported` / `factual` label (HHEM's card: index 1 when the
 * labels are unnamed); spans → a `hallucinated` / `unsupported` label (index 1 when unnamed). Relevance has one
 * logit. Throws naming the file when the label is missing.
 */
export function scoreIndex(
  task: VerifierTask,
  labels: readonly string[],
  logits: number,
  file: string,
): number {
  if (task === "relevance") {
    if (logits !== 1) {
      throw new AirgapEvalError(
        `${file}: a relevance cross-encoder has one logit, this model has ${logits}; pass the task it was trained for`,
      );
    }
    return 0;
  }
  const find = (pattern: RegExp, negatedWanted: boolean) =>
    labels.findIndex((l) => pattern.test(l) && NEGATED.test(l) === negatedWanted);
  let index = -1;
  if (task === "nli") index = find(/entail/i, false);
  else if (task === "consistency") index = find(/consistent|support|factual|faithful/i, false);
  else index = Math.max(find(/hallucinat/i, false), find(/support|consistent/i, true));
  const unnamed = labels.length === 0 || labels.every((l) => /^LABEL_\d+$/.test(l));
  if (index < 0 && task !== "nli" && unnamed && (logits === 2 || (task === "consistency" && logits === 1))) {
    index = logits - 1;
  }
  if (index < 0 || index >= logits) {
    throw new AirgapEvalError(
      `${file}: id2label ${JSON.stringify(labels)} has no label for the ${task} score ` +
        `(${task === "nli" ? "entailment" : task === "consistency" ? "consistent" : "hallucinated"}) among ${logits} logits; ` +
        "fix id2label in config.json or pass the task the model was trained for",
    );
  }
  return index;
}

/** The longest input the model takes: tokenizer_config's limit, else config.json's positions, else 512. */
export function maxTokensOf(config: VerifierConfig, tokenizerLimit: number | undefined): number {
  const positions = [config.max_position_embeddings, config.n_positions].find(
    (v): v is number => typeof v === "number" && Number.isInteger(v) && v > 0,
  );
  return Math.min(
    tokenizerLimit ?? Infinity,
    positions ?? Infinity,
    tokenizerLimit === undefined && positions === undefined ? 512 : Infinity,
  );
}
