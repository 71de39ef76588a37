/**
 * Markdown tables and number formatting for the bench output (pasted into the README as is).
 *
 * @example
 * console.log(markdownTable(["model", "tok/s"], [["tiny", num(1234.5)]], ["l", "r"]));
 */

/** A Markdown table; `align` holds "l" or "r" per column (numbers right-aligned). Defaults to all "l". */
export function markdownTable(
  headers: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string>>,
  align: ReadonlyArray<"l" | "r"> = [],
): string {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  const rule = headers.map((_, i) => (align[i] === "r" ? "---:" : "---"));
  return [line(headers), line(rule), ...rows.map((r) => line(r))].join("\n");
}

/** A number with thousands separators and `digits` decimals (fewer significant digits are not forced); "n/a" for NaN. */
export function num(value: number | undefined, digits = 0): string {
  if (value === undefined || !Number.isFinite(value)) return "n/a";
  return value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A ratio as `0.93×`; "n/a" for NaN. */
export function times(value: number | undefined): string {
  return value === undefined || !Number.isFinite(value) ? "n/a" : `${value.toFixed(2)}×`;
}

/** A fraction as a percentage, e.g. `0.734` → `73.4%`; "n/a" for NaN. */
export function percent(value: number | undefined): string {
  return value === undefined || !Number.isFinite(value) ? "n/a" : `${(value * 100).toFixed(1)}%`;
}

/**
 * The "fastest for" cell of a thread count in a judge threads table: "prompt", "generation", both, or "–".
 *
 * @example
 * fastestForCell(2, { fastestPrompt: 2, fastestGeneration: 1 }); // "prompt"
 */
export function fastestForCell(
  threads: number,
  result: { fastestPrompt: number; fastestGeneration: number },
): string {
  return (
    [
      threads === result.fastestPrompt ? "prompt" : "",
      threads === result.fastestGeneration ? "generation" : "",
    ]
      .filter((s) => s !== "")
      .join(", ") || "–"
  );
}
