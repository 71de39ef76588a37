// The grader's options, as promptfoo passes them (a provider entry's `config`): one zod schema, its defaults, and
// the check that turns a wrong option into an error naming the option and what to write instead.
import path from "node:path";
import { z } from "zod";
import { InvalidInputError } from "../errors.js";
import { parseOptions } from "../errors-zod.js";
import { loadRegistry } from "../models/registry.js";

/**
 * Options of {@link PromptfooGrader}: the `config` of its promptfoo provider entry.
 *
 * @example
 * // promptfooconfig.yaml
 * // defaultTest:
 * //   options:
 * //     provider:
 * //       id: package:airgap-eval/promptfoo:PromptfooGrader
 * //       config: { llm: ./models/judge.gguf, threads: 2 }
 */
export interface PromptfooGraderOptions {
  /**
   * The judge: a registry id (`airgap-eval models list`) or the path of a `.gguf` file, relative to the promptfoo
   * config's folder. Defaults to the registry's default judge (`qwen2.5-0.5b-instruct`).
   */
  llm?: string;
  /**
   * The embedder for `answer-relevance` and `similar`: a registry id or an ONNX model directory (transformers.js
   * layout), relative to the promptfoo config's folder. Defaults to the registry's default embedder
   * (`starter/glove-100d`, shipped in the package).
   */
  embeddings?: string;
  /** Where registry ids are looked up. Defaults to `$AIRGAP_EVAL_MODELS`, else the user cache directory. */
  modelsDir?: string;
  /**
   * CPU threads of the judge, always passed to llama.cpp explicitly. Defaults to 1 for judges under 400M parameters
   * and to the cores llama.cpp counts for math for larger ones (as `LlamaCppLlm`).
   */
  threads?: number;
  /** The judge's context window in tokens. Defaults to the model's training context, at most 4096. */
  contextSize?: number;
  /** Token budget of one answer (of its free-text parts, for the verdict lists). Defaults to 512. */
  maxTokens?: number;
}

/** How errors name the thing configured. */
const WHERE =
  "airgap-eval's promptfoo grader config (it takes llm, embeddings, modelsDir, threads, contextSize, maxTokens; docs/integrations.md)";

const optionsSchema = z.strictObject({
  llm: z.string().min(1).optional(),
  embeddings: z.string().min(1).optional(),
  modelsDir: z.string().min(1).optional(),
  threads: z.number().int().positive().optional(),
  contextSize: z.number().int().positive().optional(),
  maxTokens: z.number().int().positive().optional(),
});

/** Keys promptfoo itself puts into every provider's `config`. */
const PROMPTFOO_KEYS = new Set(["basePath"]);

/** A registry id as given; anything else is a path, read from the promptfoo config's folder. */
function resolveFrom(basePath: string, value: string | undefined): string | undefined {
  if (value === undefined || loadRegistry().get(value) !== undefined) return value;
  return path.resolve(basePath, value);
}

/**
 * Checks a provider entry's `config`; model paths are read from the promptfoo config's folder (`config.basePath`,
 * which promptfoo sets; else the working directory). Throws `InvalidInputError` naming the option.
 *
 * @example
 * checkGraderOptions({ llm: "judge.gguf", basePath: "/evals" }); // { llm: "/evals/judge.gguf" }
 */
export function checkGraderOptions(config: unknown): PromptfooGraderOptions {
  const given = config ?? {};
  if (typeof given !== "object" || Array.isArray(given)) {
    throw new InvalidInputError(
      `airgap-eval's promptfoo grader takes an object as its config (e.g. { llm: "./judge.gguf" }), got ${JSON.stringify(given)}`,
      { field: "config" },
    );
  }
  const record = given as Record<string, unknown>;
  const basePath = typeof record.basePath === "string" ? record.basePath : process.cwd();
  const own = Object.fromEntries(Object.entries(record).filter(([key]) => !PROMPTFOO_KEYS.has(key)));
  const options = parseOptions(optionsSchema, own, WHERE);
  const llm = resolveFrom(basePath, options.llm);
  const embeddings = resolveFrom(basePath, options.embeddings);
  return {
    ...options,
    ...(llm !== undefined ? { llm } : {}),
    ...(embeddings !== undefined ? { embeddings } : {}),
    ...(options.modelsDir !== undefined ? { modelsDir: path.resolve(basePath, options.modelsDir) } : {}),
  };
}
