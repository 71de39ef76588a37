/**
 * Command-line flags shared by the bench scripts: `--name value` pairs and bare `--name` switches.
 *
 * @example
 * const runs = numberFlag("runs", 5);
 * const models = listFlag("gguf") ?? defaults;
 */

/** The value after `--name`, or undefined when the flag is absent. */
export function flag(name: string, argv: readonly string[] = process.argv): string | undefined {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const value = argv[i + 1];
  if (value === undefined || value.startsWith("--")) {
    throw new Error(`--${name} needs a value (e.g. --${name} 3); got nothing`);
  }
  return value;
}

/** True when the bare switch `--name` is given. */
export function hasFlag(name: string, argv: readonly string[] = process.argv): boolean {
  return argv.includes(`--${name}`);
}

/** A comma-separated list after `--name` (empty items dropped), or undefined when absent. */
export function listFlag(name: string, argv: readonly string[] = process.argv): string[] | undefined {
  const value = flag(name, argv);
  return value === undefined
    ? undefined
    : value
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s !== "");
}

/** A finite number after `--name`, else `fallback`. Throws on a value that is not a number. */
export function numberFlag(name: string, fallback: number, argv: readonly string[] = process.argv): number {
  const value = flag(name, argv);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`--${name} must be a number, got "${value}"`);
  return n;
}

/** A comma-separated list of numbers after `--name`, else `fallback`. */
export function numberListFlag(
  name: string,
  fallback: number[],
  argv: readonly string[] = process.argv,
): number[] {
  const list = listFlag(name, argv);
  if (list === undefined) return fallback;
  return list.map((v) => {
    const n = Number(v);
    if (!Number.isFinite(n)) throw new Error(`--${name} must be numbers separated by commas, got "${v}"`);
    return n;
  });
}

/** The rounds options of a section that compares settings in alternation (see `alternate`). */
export interface RoundFlags {
  /** From `--rounds min,max`. */
  minRounds: number | undefined;
  maxRounds: number | undefined;
  /** From `--budget-seconds`, in ms. */
  budgetMs: number;
}

/**
 * `--rounds min,max` (else `rounds`) and `--budget-seconds s` (else `budgetSeconds`), the flags every
 * alternating section takes, as its `minRounds`, `maxRounds` and `budgetMs` options.
 *
 * @example
 * const result = await runLevers({ modelPath, ...roundFlags([3, 5], 15) });
 */
export function roundFlags(
  rounds: [min: number, max: number],
  budgetSeconds: number,
  argv: readonly string[] = process.argv,
): RoundFlags {
  const [minRounds, maxRounds] = numberListFlag("rounds", rounds, argv);
  return { minRounds, maxRounds, budgetMs: numberFlag("budget-seconds", budgetSeconds, argv) * 1000 };
}
