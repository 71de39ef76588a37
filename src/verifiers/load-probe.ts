// The first run of a verifier, at load: one short pair whose second token is the tokenizer's highest id, so a graph
// that does not go with the directory's tokenizer (another model's, or another task's graph) fails here, once, with
// the directory named, instead of on every row with onnxruntime's own words.
import { AirgapEvalError } from "../errors.js";
import type { TextTokenizer } from "../tokenizers/index.js";
import type { Logits, OnnxClassifier } from "./onnx-classifier.js";
import { VERIFIER_LAYOUT } from "./verifier-files.js";

/**
 * Runs the load probe and returns its logits. Throws an {@link AirgapEvalError} naming the directory, the ONNX file,
 * the highest token id and what the directory must hold when onnxruntime fails on it.
 *
 * @example
 * const { dims } = await probeVerifier(classifier, tokenizer, { dir, onnxPath });
 */
export async function probeVerifier(
  classifier: OnnxClassifier,
  tokenizer: TextTokenizer,
  where: { dir: string; onnxPath: string },
): Promise<Logits> {
  const probe = tokenizer.encodePair("probe", "probe", { maxLength: 16 });
  const ids = [...probe.ids];
  ids[Math.min(1, ids.length - 1)] = tokenizer.maxId;
  try {
    return await classifier.run([{ ids, tokenTypeIds: probe.tokenTypeIds }], tokenizer.padId);
  } catch (err) {
    const cause = err instanceof Error ? err.message : String(err);
    throw new AirgapEvalError(
      `verifier directory ${where.dir}: ${where.onnxPath} does not run on the token ids of the directory's ` +
        `tokenizer.json (ids up to ${tokenizer.maxId}): the graph and the tokenizer are from different models, ` +
        `or the graph is another task's. Put one model's files together: ${VERIFIER_LAYOUT}. onnxruntime said: ${cause}`,
      { cause: err },
    );
  }
}
