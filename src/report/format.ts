/**
 * Formats a score for people: fixed decimals, `-` for null or non-finite, and no `-0.000`.
 *
 * @example
 * formatScore(0.71234); // "0.712"
 * formatScore(null); // "-"
 */
export function formatScore(value: number | null | undefined, digits = 3): string {
  if (typeof value !== "number" || !Number.isFinite(value)) return "-";
  const text = value.toFixed(digits);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}

/**
 * Formats a delta with an explicit sign: `+0.120`, `-0.050`, `0.000`, or `-` for null.
 *
 * @example
 * formatDelta(0.12); // "+0.120"
 */
export function formatDelta(value: number | null | undefined, digits = 3): string {
  const text = formatScore(value, digits);
  if (text === "-" || text.startsWith("-") || Number(text) === 0) return text;
  return `+${text}`;
}

/** Cuts text to at most `max` characters, ending with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  if (max <= 0 || text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max - 1))}…`;
}

/** Rows a metric ran on: scored, no score, errors and skipped. */
export function rowsRun(a: { count: number; nulls?: number; errors: number; skipped: number }): number {
  return a.count + (a.nulls ?? 0) + a.errors + a.skipped;
}

/**
 * "scored n of N": rows with a number out of the rows the metric ran on (no score, errors and skipped count
 * in N), so a mean over few rows shows as such.
 *
 * @example
 * scoredOf({ count: 2, nulls: 1, errors: 1, skipped: 1 }); // "scored 2 of 5"
 */
export function scoredOf(a: { count: number; nulls?: number; errors: number; skipped: number }): string {
  return `scored ${a.count} of ${rowsRun(a)}`;
}

/**
 * Which way a delta reads at `digits` decimals, as {@link formatDelta} shows it: `"up"` for a gain, `"down"` for
 * a drop, and `"same"` for none, for null, and for a delta that rounds to zero (`0.000` is never a drop).
 *
 * @example
 * deltaDirection(-0.0004); // "same"
 * deltaDirection(-0.02); // "down"
 */
export function deltaDirection(value: number | null | undefined, digits = 3): "up" | "down" | "same" {
  const text = formatDelta(value, digits);
  if (text.startsWith("+")) return "up";
  return text.startsWith("-") && text !== "-" ? "down" : "same";
}

/**
 * A run as reports name it: its label, then its results file's name in brackets when given and not the same.
 *
 * @example
 * runName("baseline", "baseline.jsonl"); // "baseline (baseline.jsonl)"
 */
export function runName(label: string, file: string | undefined): string {
  return file === undefined || file === label ? label : `${label} (${file})`;
}

/**
 * The last part of a path (`/data/eval.jsonl` → `eval.jsonl`), for headings that name a file without the folders
 * it sat in on the machine that ran.
 *
 * @example
 * fileName("/home/ci/data/eval.jsonl"); // "eval.jsonl"
 */
export function fileName(path: string): string {
  return path.split(/[\\/]/).filter(Boolean).pop() ?? path;
}
