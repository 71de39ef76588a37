import { InvalidArgumentError } from "commander";
import { type CpuBuildOption, cpuBuildProblem } from "../llm/cpu-build.js";
import { GPU_BACKENDS, type GpuOption } from "../llm/load-options.js";

/** The `--gpu <backend>` flag's help text, the same in every command that loads a judge. */
export const GPU_FLAG_HELP =
  "run the judge on a GPU: auto (first GPU backend that starts, else the CPU), cuda, vulkan or metal (default: the CPU, byte-identical reruns)";

/** A commander parser for `--gpu`: auto, cuda, vulkan, metal, or off / false / cpu for the CPU. */
export function gpuFlag(value: string): GpuOption {
  if (["off", "false", "cpu"].includes(value)) return false;
  if (value === "auto" || (GPU_BACKENDS as readonly string[]).includes(value)) return value as GpuOption;
  throw new InvalidArgumentError(
    `--gpu must be one of auto, ${GPU_BACKENDS.join(", ")} or off, got "${value}".`,
  );
}

/** The `--context-size <tokens>` flag's help text, the same in every command that loads a judge. */
export const CONTEXT_SIZE_FLAG_HELP =
  "the judge's context window in tokens, per sequence; a prompt plus its answer budget must fit in it, and more tokens take more memory (default: the model's training context, at most 4096)";

/** The `--cpu-build <build>` flag's help text, the same in every command that loads a judge. */
export const CPU_BUILD_FLAG_HELP =
  "which llama.cpp CPU build runs the judge: portable (the same numbers on every machine of an architecture: haswell on x86-64), fastest (the build ggml picks for this CPU; numbers may differ between CPUs) or a build name such as skylakex (default: portable)";

/** A commander parser for `--cpu-build`: portable, fastest or a build name (checked when the judge loads). */
export function cpuBuildFlag(value: string): CpuBuildOption {
  const problem = cpuBuildProblem(value);
  if (problem !== undefined) throw new InvalidArgumentError(`--cpu-build ${problem}.`);
  return value;
}

/** A number as the CLI reads one: an optional sign, then digits with an optional fraction; blanks around it. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * The number a CLI value writes in decimal digits, or undefined when it is not one: empty or blank text, hex, an
 * exponent, `Infinity`, a value too large to be finite, or a non-zero value too small to be told from 0 are all
 * refused (Number() would read `""` and `" "` as 0, `0x1` as 1 and `1e-400` as 0). The one reader of every number
 * a flag takes.
 *
 * @example
 * parseDecimal(" 0.25 "); // 0.25
 * parseDecimal("0x1"); // undefined
 */
export function parseDecimal(text: string): number | undefined {
  const written = text.trim();
  if (!DECIMAL.test(written)) return undefined;
  const n = Number(written);
  if (!Number.isFinite(n) || (n === 0 && /[1-9]/.test(written))) return undefined;
  return n;
}

/**
 * A commander parser for a number from `min` to `max` written in decimal digits ({@link parseDecimal}), a whole
 * one when `whole` is set, naming the flag, the range and the value given when it is not one.
 *
 * @example
 * new Option("--band-target <agreement>").argParser(numberFlag("--band-target", 0, 1));
 */
export function numberFlag(name: string, min: number, max: number, whole = false) {
  return (value: string): number => {
    const n = parseDecimal(value);
    if (n === undefined || n < min || n > max || (whole && !Number.isInteger(n))) {
      const range = min === -Number.MAX_VALUE ? "" : ` from ${min} to ${max}`;
      throw new InvalidArgumentError(
        `${name} must be a ${whole ? "whole number" : "number"}${range} written in decimal digits (got "${value}").`,
      );
    }
    return n;
  };
}

/**
 * A commander parser for a whole number >= 1 (and at most `max` when given), naming the flag when the value is not
 * one.
 */
export function positiveInt(name: string, max?: number) {
  return (value: string): number => {
    // Digits only: Number() also reads "1e3", "0x10" and "2.0" as whole numbers.
    const n = /^\s*\d+\s*$/.test(value) ? (parseDecimal(value) ?? Number.NaN) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < 1)
      throw new InvalidArgumentError(
        `${name} must be a whole number >= 1 written in digits (got "${value}").`,
      );
    if (max !== undefined && n > max)
      throw new InvalidArgumentError(
        `${name} must be at most ${max.toLocaleString("en-US")} (got ${value.trim()}).`,
      );
    return n;
  };
}

/** A commander parser for a comma-separated list of whole numbers >= 1 (e.g. `1,2`). */
export function positiveIntList(name: string) {
  const one = positiveInt(name);
  return (value: string): number[] => value.split(",").map((part) => one(part.trim()));
}

/** A commander parser that collects a repeatable flag's values. */
export function collect<T>(parse: (v: string) => T) {
  return (value: string, previous: T[] = []): T[] => [...previous, parse(value)];
}
