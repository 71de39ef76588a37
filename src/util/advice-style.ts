/**
 * Whose words the advice in an error uses: the TypeScript API's option names (`contextSize`, `maxTokens`) or the
 * CLI's flags (`--context-size`, `--metric-option <metric>.maxTokens=...`).
 */
export type AdviceStyle = "typescript" | "cli";

let current: AdviceStyle = "typescript";

/**
 * Sets the advice style of the process. The library never calls it (its default is `"typescript"`); the
 * `airgap-eval` CLI calls it once at start, so a row error recorded by a CLI run names the flag that fixes it.
 *
 * @example
 * setAdviceStyle("cli");
 */
export function setAdviceStyle(style: AdviceStyle): void {
  current = style;
}

/** The advice style of the process (see {@link setAdviceStyle}). */
export function adviceStyle(): AdviceStyle {
  return current;
}
