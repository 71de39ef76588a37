import { InvalidInputError } from "../errors.js";
import { modelFilesSha256 } from "../models/model-files-sha256.js";
import { TextTokenizer } from "../tokenizers/index.js";
import { oneOf, positiveInteger } from "../util/option-checks.js";
import { probeVerifier } from "./load-probe.js";
import { checkLogitsShape } from "./logits-check.js";
import {
  detectTask,
  isHhemStyle,
  labelsOf,
  maxTokensOf,
  scoreIndex,
  VERIFIER_TASKS,
} from "./model-config.js";
import { OnnxClassifier } from "./onnx-classifier.js";
import { OnnxPairVerifier } from "./pair-verifier.js";
import { OnnxSpanVerifier } from "./span-verifier.js";
import type { Verifier, VerifierIdentity, VerifierTask } from "./types.js";
import { findVerifierFiles } from "./verifier-files.js";

/** Options of {@link loadVerifier}. */
export interface LoadVerifierOptions {
  /** onnxruntime intra-op threads (one inter-op thread, sequential execution). Defaults to `1`. */
  threads?: number;
  /** What the model predicts. Defaults to the registry entry's task, else what `config.json` says (see docs/verifiers.md). */
  task?: VerifierTask;
  /** Models directory searched first for a models.json id. Defaults to `AIRGAP_EVAL_MODELS`, then the user cache directory. */
  modelsDir?: string;
}

/**
 * Loads a verifier from a model directory (transformers.js layout) or a models.json id; never downloads. The
 * score's label index is always read from `config.json`'s `id2label`, and one short probe input (its second token
 * the tokenizer's highest id, so a graph of another model or task fails here, naming the directory) checks that the
 * graph gives the logits the config names (as many, per input or per token as the task reads). Throws `ModelNotFoundError` for a missing
 * directory or file, `ModelIntegrityError` when a registry model's ONNX file differs from its pinned sha256, and
 * `InvalidInputError` for a bad option or a task the config cannot support.
 *
 * @example
 * const nli = await loadVerifier("nli-deberta-v3-small", { threads: 2 });
 * const [score] = await nli.score([{ first: "Paris is in France.", second: "Paris is in Europe." }]);
 */
export async function loadVerifier(source: string, options: LoadVerifierOptions = {}): Promise<Verifier> {
  if (typeof source !== "string" || source.trim() === "") {
    throw new InvalidInputError("must be a model directory or a verifier id from models.json", {
      field: "source",
    });
  }
  const threads = positiveInteger(options.threads ?? 1, "threads");
  const requested = options.task === undefined ? undefined : oneOf(options.task, VERIFIER_TASKS, "task");
  const files = await findVerifierFiles(source, options.modelsDir);
  const task = requested ?? files.registryTask ?? detectTask(files.config, files.configPath);
  const tokenizer = await TextTokenizer.load(files.dir, files.recovery);
  const classifier = await OnnxClassifier.open(files.onnxPath, threads, files.checkDigest, files.recovery);
  try {
    const labels = labelsOf(files.config, files.configPath);
    const logits = task === "relevance" ? 1 : Math.max(labels.length, task === "nli" ? 3 : 2);
    const index = scoreIndex(task, labels, task === "relevance" ? 1 : logits, files.configPath);
    const probed = await probeVerifier(classifier, tokenizer, files);
    checkLogitsShape(probed.dims, {
      task,
      labels,
      scoreIndex: index,
      configPath: files.configPath,
      onnxPath: files.onnxPath,
    });
    const identity: VerifierIdentity = {
      id: files.id,
      sha256: classifier.sha256,
      filesSha256: modelFilesSha256(files.dir, files.onnxPath, classifier.sha256),
      task,
      tokenizer: tokenizer.kind,
    };
    const maxTokens = maxTokensOf(files.config, tokenizer.modelMaxLength);
    if (task === "spans") return new OnnxSpanVerifier(identity, maxTokens, tokenizer, classifier, index);
    const style = task === "consistency" && isHhemStyle(files.config) ? "hhem-template" : "pair";
    return new OnnxPairVerifier({ ...identity, task }, maxTokens, tokenizer, classifier, index, style);
  } catch (err) {
    await classifier.close();
    throw err;
  }
}
