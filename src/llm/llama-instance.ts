import { getLlama, type Llama, LlamaLogLevel } from "node-llama-cpp";
import { AirgapEvalError } from "../errors.js";

let shared: Promise<Llama> | undefined;

/**
 * The one node-llama-cpp `Llama` instance of this process: the prebuilt CPU binary, never a
 * build and never a download. Warnings and errors of llama.cpp are logged; info output is not.
 * When no prebuilt binary can be used, throws an `AirgapEvalError` saying which binaries exist and
 * how to install the right one; a later call tries again.
 *
 * @example
 * const llama = await getSharedLlama();
 */
export function getSharedLlama(): Promise<Llama> {
  if (!shared) {
    shared = getLlama({
      gpu: false,
      build: "never",
      skipDownload: true,
      progressLogs: false,
      logLevel: LlamaLogLevel.error,
    }).catch((err: unknown) => {
      shared = undefined;
      throw runtimeUnavailable(err);
    });
  }
  return shared;
}

/** Prebuilt CPU binary packages of node-llama-cpp 3.21.1, by `${process.platform}-${process.arch}`. */
const PREBUILT_PACKAGES: Record<string, string> = {
  "linux-x64": "@node-llama-cpp/linux-x64",
  "linux-arm64": "@node-llama-cpp/linux-arm64",
  "linux-arm": "@node-llama-cpp/linux-armv7l",
  "linux-riscv64": "@node-llama-cpp/linux-riscv64",
  "darwin-arm64": "@node-llama-cpp/mac-arm64-metal",
  "darwin-x64": "@node-llama-cpp/mac-x64",
  "win32-x64": "@node-llama-cpp/win-x64",
  "win32-arm64": "@node-llama-cpp/win-arm64",
};

function runtimeUnavailable(cause: unknown): AirgapEvalError {
  const platform = `${process.platform}-${process.arch}`;
  const pkg = PREBUILT_PACKAGES[platform];
  const reason = cause instanceof Error ? cause.message : String(cause);
  const lines = [
    `The llama.cpp runtime (node-llama-cpp) could not start on this machine (${platform}): ${reason}`,
    "airgap-eval only uses the prebuilt llama.cpp binaries that npm installs with node-llama-cpp; it never builds " +
      "llama.cpp from source and never downloads anything at run time.",
    "Prebuilt CPU binaries exist for Linux x64, arm64, armv7l and riscv64 (glibc distributions; not Alpine/musl), " +
      "macOS arm64 and x64, and Windows x64 and arm64.",
  ];
  if (pkg) {
    lines.push(
      `This platform's binary is the optional npm package ${pkg}. Run "npm ci" (or "npm install") on a machine with ` +
        "the same operating system and CPU architecture, with optional dependencies enabled (no --omit=optional or " +
        `--no-optional), and check that node_modules/${pkg} exists. Do not copy node_modules from a machine of ` +
        "another platform; on Linux, use a glibc distribution (e.g. Debian or Ubuntu), not Alpine.",
    );
  } else {
    lines.push(
      `No prebuilt binary exists for ${platform}; run airgap-eval's judge metrics on one of the platforms above ` +
        "(embedding metrics do not need llama.cpp).",
    );
  }
  return new AirgapEvalError(lines.join("\n"), { cause });
}
