import { canonicalJson } from "./hash.js";

/** A value as a difference line shows it: `(none)` when absent, strings as they are, the rest as canonical JSON. */
export function showValue(value: unknown): string {
  if (value === undefined) return "(none)";
  if (typeof value === "string") return value;
  return canonicalJson(value);
}

/**
 * The keys whose values differ between two records, one line each, in key order:
 * `${label} ${key} ${before} -> ${after}`.
 *
 * @example
 * keyDifferences("setting", { cpuBuild: "haswell" }, { cpuBuild: "zen4" }); // ["setting cpuBuild haswell -> zen4"]
 */
export function keyDifferences(
  label: string,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): string[] {
  const a = before ?? {};
  const b = after ?? {};
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .sort()
    .filter((key) => canonicalJson(a[key]) !== canonicalJson(b[key]))
    .map((key) => `${label} ${key} ${showValue(a[key])} -> ${showValue(b[key])}`);
}
