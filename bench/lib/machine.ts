/**
 * The machine and runtime versions the bench numbers come from, for the JSON output and the header
 * line of the Markdown.
 *
 * @example
 * const m = machineInfo(); // { cpus: 2, cpuModel: "AMD EPYC", memoryMb: 7963, ... }
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { version as airgapEvalVersion } from "../../src/version.js";
import { repoRoot } from "./models.js";

/** The machine. */
export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memoryMb: number;
  platform: string;
  arch: string;
  osRelease: string;
  node: string;
  /** 1-minute load average when the bench started (other work on the machine). */
  loadAverage: number;
}

/** Facts about this machine. */
export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    memoryMb: Math.round(os.totalmem() / 2 ** 20),
    platform: os.platform(),
    arch: os.arch(),
    osRelease: os.release(),
    node: process.versions.node,
    loadAverage: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
  };
}

function packageVersion(name: string): string {
  try {
    const pkg = JSON.parse(
      readFileSync(path.join(repoRoot, "node_modules", name, "package.json"), "utf8"),
    ) as {
      version?: string;
    };
    return pkg.version ?? "unknown";
  } catch {
    return "not installed";
  }
}

/** Versions of node and of the runtimes the library wraps. */
export function runtimeVersions(): Record<string, string> {
  return {
    node: process.versions.node,
    airgapEval: airgapEvalVersion,
    "node-llama-cpp": packageVersion("node-llama-cpp"),
    "onnxruntime-node": packageVersion("onnxruntime-node"),
    "@huggingface/tokenizers": packageVersion("@huggingface/tokenizers"),
  };
}
