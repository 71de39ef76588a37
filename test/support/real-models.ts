// The real small models of the real-model tier (test/real-models/): paths from the environment variables that
// `npm run -s real-models -- --format env` prints (docs/development.md, "Real models"). Outside CI a file whose
// models are missing is skipped with one line saying how to fetch them; in CI (CI set) it fails instead.
import { existsSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../setup/paths.js";

/** The environment variable of each real model, and of the Python environment the reference scripts run in. */
export const REAL_MODEL_ENV = {
  /** SmolLM2-135M-Instruct Q4_1 GGUF (ChatML template). */
  judge: "AIRGAP_EVAL_REAL_JUDGE",
  /** Gemma 3 270M Q4_K_M GGUF: the base model, no chat template. */
  gemma: "AIRGAP_EVAL_REAL_JUDGE_GEMMA",
  /** all-MiniLM-L6-v2 int8 ONNX directory (transformers.js layout, onnx/model_quantized.onnx). */
  minilmInt8: "AIRGAP_EVAL_REAL_MINILM_INT8",
  /** all-MiniLM-L6-v2 fp32 ONNX directory (onnx/model.onnx), exported from the PyTorch weights. */
  minilmFp32: "AIRGAP_EVAL_REAL_MINILM_FP32",
  /** The real-models virtualenv (.real-models/venv): torch, tokenizers, onnxruntime, sentence-transformers. */
  venv: "AIRGAP_EVAL_REAL_MODELS_VENV",
  /**
   * all-MiniLM-L6-v2's PyTorch weights (config.json, model.safetensors, tokenizer.json), which the fp32 export is
   * made from. Defaults to where `npm run real-models` lays them out: <venv>/../build/all-MiniLM-L6-v2-fp32.
   */
  minilmTorch: "AIRGAP_EVAL_REAL_MINILM_TORCH",
} as const;

/** A real model (or the Python environment) a test file needs. */
export type RealModel = keyof typeof REAL_MODEL_ENV;

/** The built CLI the tier runs, as a user runs it (`npm run build` writes it). */
export const builtCli = path.join(repoRoot, "dist", "cli", "main.js");

const inCi = Boolean(process.env.CI);

/** Why `name` cannot be used here, or undefined when its path is set and exists. */
function missingReason(name: RealModel): string | undefined {
  const variable = REAL_MODEL_ENV[name];
  const value = envPath(name);
  if (value === undefined) return `${variable} is unset`;
  if (!existsSync(value)) return `${variable}=${value} does not exist`;
  return undefined;
}

/** The path the environment gives `name`, or its default. */
function envPath(name: RealModel): string | undefined {
  const value = process.env[REAL_MODEL_ENV[name]];
  if (value !== undefined && value !== "") return value;
  const venv = process.env[REAL_MODEL_ENV.venv];
  if (name === "minilmTorch" && venv !== undefined && venv !== "") {
    return path.join(venv, "..", "build", "all-MiniLM-L6-v2-fp32");
  }
  return undefined;
}

function missingAll(needs: readonly RealModel[], cli: boolean): string[] {
  const reasons = needs.map(missingReason).filter((r): r is string => r !== undefined);
  if (cli && !existsSync(builtCli))
    reasons.push(`${path.relative(repoRoot, builtCli)} is not built (npm run build)`);
  return reasons;
}

/**
 * Whether a real-model test file is skipped: one of `needs` (or, with `cli`, the built CLI) is missing and this is
 * not CI. When it skips it says so in one line, with how to fetch the models; in CI it never skips, and
 * {@link realModelPath} throws for what is missing, so the file fails.
 *
 * @example
 * const skip = skipWithoutRealModels("real-models/judge-metrics", ["judge", "minilmInt8"], { cli: true });
 * describe.skipIf(skip)("judge metrics on SmolLM2", () => { ... });
 */
export function skipWithoutRealModels(
  suite: string,
  needs: readonly RealModel[],
  options: { cli?: boolean } = {},
): boolean {
  const reasons = missingAll(needs, options.cli === true);
  const skip = reasons.length > 0 && !inCi;
  if (skip) {
    const variables = needs.map((n) => REAL_MODEL_ENV[n]).join(", ");
    console.warn(
      `${suite}: skipped because ${reasons.join("; ")}; fetch the real models with \`npm run -s real-models -- ` +
        `--format env\`, export the NAME=path lines it prints${venvHint(needs)} (${variables}; docs/development.md, ` +
        `"Real models") (in CI this test fails instead).`,
    );
  }
  return skip;
}

function venvHint(needs: readonly RealModel[]): string {
  return needs.includes("venv")
    ? ` and ${REAL_MODEL_ENV.venv}=<cache>/venv (default cache: .real-models)`
    : "";
}

/** The path of a real model; throws naming the variable when it is unset or missing (what fails a CI run). */
export function realModelPath(name: RealModel): string {
  const reason = missingReason(name);
  if (reason !== undefined) {
    throw new Error(
      `${reason}: CI must export it from \`npm run -s real-models -- --format env\` (see .ci/run)`,
    );
  }
  return envPath(name) as string;
}

/** The built CLI's path; throws when it is not built (what fails a CI run). */
export function requireBuiltCli(): string {
  if (!existsSync(builtCli)) throw new Error(`${builtCli} is missing: run npm run build before the tests`);
  return builtCli;
}
