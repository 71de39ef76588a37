import path from "node:path";
import { type ModelsDirOptions, userCacheModelsDir } from "../models/models-dir.js";

/** Environment variable naming the data sets directory. */
export const DATASETS_DIR_ENV = "AIRGAP_EVAL_DATASETS";

/** Where data sets live. */
export interface DatasetsDirOptions extends Omit<ModelsDirOptions, "modelsDir"> {
  /** Explicit data sets directory (`--datasets-dir`). Defaults to `$AIRGAP_EVAL_DATASETS`, else the user cache directory's `datasets` folder. */
  datasetsDir?: string;
}

/**
 * The data sets directory: the option, then `$AIRGAP_EVAL_DATASETS`, then `datasets` beside the
 * user cache's `models` folder (e.g. `~/.cache/airgap-eval/datasets`).
 *
 * @example
 * datasetsDir({ datasetsDir: "./datasets" }); // "/abs/path/datasets"
 */
export function datasetsDir(options: DatasetsDirOptions = {}): string {
  const env = options.env ?? process.env;
  const chosen = options.datasetsDir ?? env[DATASETS_DIR_ENV];
  if (chosen !== undefined && chosen !== "") {
    const home = options.homeDir;
    return path.resolve(chosen.startsWith("~/") && home ? path.join(home, chosen.slice(2)) : chosen);
  }
  return path.join(path.dirname(userCacheModelsDir(options)), "datasets");
}

/** The folder of one data set inside the data sets directory. */
export function datasetDirIn(dir: string, id: string): string {
  return path.join(dir, id);
}
