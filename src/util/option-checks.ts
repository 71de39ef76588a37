import { InvalidInputError } from "../errors.js";

/** Largest sampling seed: llama.cpp keeps seeds as unsigned 32-bit integers. */
export const MAX_SEED = 0xffff_ffff;

/**
 * Checks that an option is a positive integer; throws `InvalidInputError` with the option name as
 * `field` otherwise.
 *
 * @example
 * const threads = positiveInteger(options.threads ?? 1, "threads");
 */
export function positiveInteger(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
    throw new InvalidInputError(`must be a positive integer, got ${show(value)}`, { field });
  }
  return value;
}

/**
 * Checks that an option is an integer >= 0 (0 usually turns a feature off).
 *
 * @example
 * const memoSize = nonNegativeInteger(options.memoSize ?? 1024, "memoSize");
 */
export function nonNegativeInteger(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw new InvalidInputError(`must be an integer >= 0, got ${show(value)}`, { field });
  }
  return value;
}

/**
 * Checks that an option is `true` or `false`.
 *
 * @example
 * const reuse = booleanOption(options.reusePromptPrefix ?? true, "reusePromptPrefix");
 */
export function booleanOption(value: unknown, field: string): boolean {
  if (typeof value !== "boolean")
    throw new InvalidInputError(`must be true or false, got ${show(value)}`, { field });
  return value;
}

/**
 * Checks a sampling temperature: a finite number >= 0 (0 is greedy decoding).
 *
 * @example
 * const temperature = checkTemperature(options.temperature ?? 0, "temperature");
 */
export function checkTemperature(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new InvalidInputError(`must be a finite number >= 0 (0 is greedy decoding), got ${show(value)}`, {
      field,
    });
  }
  return value;
}

/**
 * Checks a sampling seed: an integer from 0 to {@link MAX_SEED}. Fractions are refused rather than
 * rounded, so two different seeds never silently sample the same output.
 *
 * @example
 * const seed = checkSeed(options.seed ?? 0, "seed");
 */
export function checkSeed(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > MAX_SEED) {
    throw new InvalidInputError(`must be an integer from 0 to ${MAX_SEED}, got ${show(value)}`, { field });
  }
  return value;
}

/**
 * Checks a finite number no smaller than `min`.
 *
 * @example
 * const factor = numberAtLeast(options.retryBudgetFactor ?? 4, 1, "retryBudgetFactor");
 */
export function numberAtLeast(value: unknown, min: number, field: string): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < min) {
    throw new InvalidInputError(`must be a finite number >= ${min}, got ${show(value)}`, { field });
  }
  return value;
}

/**
 * Checks that a value is one of a few allowed strings.
 *
 * @example
 * const format = oneOf(options.promptFormat ?? "auto", ["auto", "chat", "completion"], "promptFormat");
 */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    throw new InvalidInputError(
      `must be one of ${allowed.map((a) => `"${a}"`).join(", ")}, got ${show(value)}`,
      {
        field,
      },
    );
  }
  return value as T;
}

/**
 * Checks a non-empty string (after trimming).
 *
 * @example
 * const modelPath = nonEmptyString(options.modelPath, "modelPath");
 */
export function nonEmptyString(value: unknown, field: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new InvalidInputError(`must be a non-empty string, got ${show(value)}`, { field });
  }
  return value;
}

/**
 * Checks a sha256 digest: 64 hexadecimal characters. Returns it in lower case.
 *
 * @example
 * const digest = sha256DigestOption(options.sha256, "sha256");
 */
export function sha256DigestOption(value: unknown, field: string): string {
  if (typeof value !== "string" || !/^[0-9a-f]{64}$/i.test(value)) {
    throw new InvalidInputError(`must be a sha256 digest (64 hexadecimal characters), got ${show(value)}`, {
      field,
    });
  }
  return value.toLowerCase();
}

function show(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "bigint") return `${value}n`;
  if (value === undefined || value === null || typeof value !== "object") return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
