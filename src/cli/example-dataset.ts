import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { InvalidInputError } from "../errors.js";

/**
 * The 20-row example dataset shipped in the package (`examples/rag-eval.jsonl`), found from this file's place in
 * `dist/cli/` (or `src/cli/` in a checkout).
 */
export function exampleDatasetPath(): string {
  return fileURLToPath(new URL("../../examples/rag-eval.jsonl", import.meta.url));
}

/**
 * The example metric file shipped in the package (`examples/quality.yaml`), as the help and errors show it: relative
 * to the working folder when it lies below it (`node_modules/airgap-eval/examples/quality.yaml` in a project,
 * `examples/quality.yaml` in a checkout), else absolute (a global install), so the path works as printed.
 */
export function shownExampleMetricFile(cwd: string = process.cwd()): string {
  const file = fileURLToPath(new URL("../../examples/quality.yaml", import.meta.url));
  const relative = path.relative(cwd, file);
  return relative.startsWith("..") || path.isAbsolute(relative) ? file : relative;
}

/**
 * The dataset `eval` reads: the `<dataset>` argument, or the shipped example with `--example`. Exactly one of them
 * must be given.
 *
 * @example
 * resolveDatasetArgument(undefined, true); // ".../node_modules/airgap-eval/examples/rag-eval.jsonl"
 */
export function resolveDatasetArgument(dataset: string | undefined, example: boolean | undefined): string {
  if (dataset !== undefined && example) {
    throw new InvalidInputError(`give either a dataset (${dataset}) or --example, not both`);
  }
  if (example) {
    const file = exampleDatasetPath();
    if (!existsSync(file)) {
      throw new InvalidInputError(
        `--example: ${file} is missing; reinstall airgap-eval (the package ships it)`,
      );
    }
    return file;
  }
  if (dataset === undefined) {
    throw new InvalidInputError(
      "missing dataset: give a .jsonl, .json or .csv file, or --example for the example dataset shipped in the package",
    );
  }
  return dataset;
}
