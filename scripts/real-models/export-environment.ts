// The export environment: a virtualenv at <cache>/venv with exactly the wheels of requirements-export.txt
// (torch 2.13.0+cpu, transformers), in which export_bert_onnx.py turns PyTorch weights into an ONNX encoder.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sha256File } from "../../src/models/hash.js";
import { realModelsDir } from "./manifest.js";
import { run } from "./subprocess.js";

/** The virtualenv's python; creates the venv and installs the pinned wheels when the requirements changed. */
export async function ensureExportEnvironment(
  cacheDir: string,
  requirementsFile: string,
  python: string,
  log: (line: string) => void,
): Promise<string> {
  const venv = path.join(cacheDir, "venv");
  const venvPython = path.join(venv, "bin", "python");
  const requirements = path.join(realModelsDir, requirementsFile);
  const wanted = await sha256File(requirements);
  const marker = path.join(venv, "airgap-eval-requirements.sha256");
  if (existsSync(venvPython) && existsSync(marker) && readFileSync(marker, "utf8").trim() === wanted) {
    return venvPython;
  }
  log(`creating the export environment ${venv} from ${requirements}`);
  rmSync(venv, { recursive: true, force: true });
  await run(python, ["-m", "venv", venv]);
  // --no-deps with every package pinned by hash: pip installs these exact files and resolves nothing else.
  await run(venvPython, [
    "-m",
    "pip",
    "install",
    "--no-deps",
    "--require-hashes",
    "--only-binary=:all:",
    "--progress-bar=off",
    "-r",
    requirements,
  ]);
  writeFileSync(marker, `${wanted}\n`);
  return venvPython;
}

/** Exports the PyTorch model directory `modelDir` to the ONNX file `target` (written whole, then moved). */
export async function exportOnnx(venvPython: string, modelDir: string, target: string): Promise<void> {
  mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  try {
    await run(venvPython, [path.join(realModelsDir, "export_bert_onnx.py"), modelDir, partial], {
      ...process.env,
      // No telemetry or hub lookups from transformers: everything it reads is local.
      HF_HUB_OFFLINE: "1",
      TRANSFORMERS_OFFLINE: "1",
      PYTHONHASHSEED: "0",
    });
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
}
