import path from "node:path";
import { ModelNotFoundError } from "../errors.js";
import { loadRegistry, type ModelRegistry } from "../models/registry.js";
import { cliCommand } from "../util/cli-command.js";

/**
 * The error for a GGUF path that does not exist. When `registryId` is a judge model of the
 * registry, the message names its exact `airgap-eval models pull` command; otherwise it explains
 * how to get a judge model (naming the registry's default judge) without guessing an id.
 *
 * @param modelPath Absolute path that was looked at.
 * @param registryId The `id` the caller passed, if any (may be a registry id).
 * @param registry Registry to look ids up in. Defaults to the package's `models.json`; when it cannot be read, no id is named.
 * @example
 * if (!existsSync(modelPath)) throw missingGgufError(modelPath, options.id);
 */
export function missingGgufError(
  modelPath: string,
  registryId: string | undefined,
  registry: ModelRegistry | undefined = tryLoadRegistry(),
): ModelNotFoundError {
  const entry = registryId !== undefined ? registry?.get(registryId) : undefined;
  const lines = [`GGUF model file not found: ${modelPath}. airgap-eval never downloads during evaluation.`];
  if (entry && entry.kind === "llm") {
    lines.push(
      `"${entry.id}" is a judge model of the registry. On a machine with internet access run`,
      `  ${cliCommand()} models pull ${entry.id}`,
      `then copy the pulled file to ${modelPath} (or copy the models folder and point AIRGAP_EVAL_MODELS at it).`,
    );
  } else {
    const fallback = registry?.defaults.llm;
    const cli = cliCommand();
    lines.push(
      `Check the path. To get a judge model: on a machine with internet access, \`${cli} models list\` shows the ` +
        `judge models airgap-eval knows and \`${cli} models pull\` followed by one of their ids downloads it` +
        (fallback ? ` (the default judge: ${cli} models pull ${fallback})` : "") +
        "; copy the pulled file here, or copy the models folder and point AIRGAP_EVAL_MODELS at it. Any other " +
        "GGUF file of an instruction-tuned model works too.",
    );
  }
  const modelId = registryId ?? path.basename(modelPath).replace(/\.gguf$/i, "");
  return new ModelNotFoundError(lines.join("\n"), modelId, [modelPath]);
}

function tryLoadRegistry(): ModelRegistry | undefined {
  try {
    return loadRegistry();
  } catch {
    return undefined;
  }
}
