/**
 * The only place that touches transformers.js globals. Everything here keeps the runtime on local files:
 * remote loading is switched off in code before every load, and the ONNX session is created from bytes we
 * read from disk ourselves.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { AirgapEvalError } from "../errors.js";
import { AutoTokenizer, env, type LocalTokenizer } from "./transformers-runtime.js";

/**
 * Switches transformers.js to local files only. Called before every load (a user's own code could have
 * flipped the globals in between): remote models off, local models on, no browser cache, no file-system
 * cache (which could serve a stale copy), and `localModelPath` set to the directory that holds the model.
 */
export function lockToLocalFiles(modelsParentDir: string): void {
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.useBrowserCache = false;
  env.useFSCache = false;
  env.localModelPath = modelsParentDir.endsWith("/") ? modelsParentDir : `${modelsParentDir}/`;
  env.cacheDir = modelsParentDir;
}

// transformers.js reads its globals across awaits, so two loads from different parent directories must
// not interleave: loads run one at a time through this chain.
let loadChain: Promise<unknown> = Promise.resolve();

/** The tokenizer files transformers.js parses, in the order it reads them. */
const tokenizerFiles = ["tokenizer.json", "tokenizer_config.json"] as const;

/**
 * Explains a failed tokenizer load: names the file that is not valid JSON (transformers.js throws a bare
 * `SyntaxError` without the path), or else the directory, and says what to do (`recovery`).
 */
function tokenizerLoadError(dir: string, err: unknown, recovery: string): AirgapEvalError {
  for (const file of tokenizerFiles) {
    const full = path.join(dir, file);
    try {
      JSON.parse(readFileSync(full, "utf8"));
    } catch (parseError) {
      if (parseError instanceof SyntaxError) {
        return new AirgapEvalError(
          `${full}: not valid JSON (${parseError.message}); the model directory is damaged: ${recovery}`,
          { cause: err },
        );
      }
    }
  }
  return new AirgapEvalError(
    `${dir}: transformers.js could not load the tokenizer (${err instanceof Error ? err.message : String(err)}); ` +
      `check tokenizer.json and tokenizer_config.json, or ${recovery}`,
    { cause: err },
  );
}

/**
 * Loads the tokenizer of the model directory `parentDir/name` (which holds `tokenizer.json` and
 * `tokenizer_config.json`) through transformers.js with remote loading switched off. A damaged file is an
 * {@link AirgapEvalError} naming it and ending with `recovery` (what the user should do).
 */
export function loadLocalTokenizer(
  parentDir: string,
  name: string,
  recovery: string,
): Promise<LocalTokenizer> {
  const run = async (): Promise<LocalTokenizer> => {
    lockToLocalFiles(parentDir);
    try {
      return await AutoTokenizer.from_pretrained(name, { local_files_only: true });
    } catch (err) {
      throw tokenizerLoadError(path.join(parentDir, name), err, recovery);
    }
  };
  const result = loadChain.then(run, run);
  loadChain = result.catch(() => undefined);
  return result;
}

let versions: { transformers: string; onnxruntime: string } | undefined;

/** Versions of transformers.js (bundled in the published package) and of the installed `onnxruntime-node`. */
export function runtimeVersions(): { transformers: string; onnxruntime: string } {
  if (versions) return versions;
  let onnxruntime = "unknown";
  try {
    const require = createRequire(import.meta.url);
    const json = JSON.parse(readFileSync(require.resolve("onnxruntime-node/package.json"), "utf8")) as {
      version?: string;
    };
    onnxruntime = json.version ?? "unknown";
  } catch {
    // left as "unknown": provenance only
  }
  versions = { transformers: env.version, onnxruntime };
  return versions;
}
