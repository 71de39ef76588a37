/**
 * Rows whose metric result carries `details.warnings` (a list of texts: the value was computed, but something
 * about it deserves a look, such as a G-Eval judge that put almost no probability on the allowed scores),
 * counted per metric as `eval` writes the records.
 */
export class RowWarningCounts {
  private readonly byMetric = new Map<string, number>();

  /** Counts one record when its result lists warnings. */
  add(record: { metric: string; result: { details?: Record<string, unknown> } }): void {
    const warnings = record.result.details?.warnings;
    if (!Array.isArray(warnings) || warnings.length === 0) return;
    this.byMetric.set(record.metric, (this.byMetric.get(record.metric) ?? 0) + 1);
  }

  /**
   * The one stderr line `eval` prints when rows carry warnings, or undefined when none does.
   *
   * @example
   * counts.notice(); // "airgap-eval: 3 rows have warnings (g_eval 3); each is in its row's details.warnings ..."
   */
  notice(): string | undefined {
    if (this.byMetric.size === 0) return undefined;
    const total = [...this.byMetric.values()].reduce((a, b) => a + b, 0);
    const per = [...this.byMetric].map(([metric, n]) => `${metric} ${n}`).join(", ");
    return (
      `airgap-eval: ${total === 1 ? "1 row has a warning" : `${total} rows have warnings`} (${per}); ` +
      "each is in its row's details.warnings in the results file and in the HTML report's row details"
    );
  }
}
