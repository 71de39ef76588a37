import { existsSync } from "node:fs";
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
