import type { MetricResult } from "../metrics/types.js";

const MAX_TEXT = 300;
const clip = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s);
const num = (v: unknown) =>
  typeof v === "number" ? (Number.isInteger(v) ? String(v) : v.toFixed(3)) : String(v);

function verdictLines(verdicts: unknown[]): string[] {
  return verdicts.map((raw) => {
    const v = raw as { statement?: unknown; verdict?: unknown; reason?: unknown; confidence?: unknown };
    const mark =
      v.verdict === 1 ? "✓ supported" : v.verdict === 0 ? "✗ not supported" : `verdict ${num(v.verdict)}`;
    const confidence = typeof v.confidence === "number" ? ` (p=${num(v.confidence)})` : "";
    return `    ${mark}${confidence}: ${clip(String(v.statement ?? ""))}${v.reason ? `\n        because: ${clip(String(v.reason))}` : ""}`;
  });
}

/**
 * What a person needs to see why a metric gave its number: the statements and verdicts, the
 * generated questions and their similarities, the scored context statements, the reason or error,
 * and any other detail in compact JSON. Used by the vitest matchers and `assertScore`.
 *
 * @example
 * console.log(explainResult(await new Faithfulness({ llm }).score(sample)));
 */
export function explainResult(result: MetricResult): string {
  const d = result.details ?? {};
  const lines: string[] = [];
  lines.push(
    `  status: ${result.status}${result.value === null ? " (no value)" : `, value ${num(result.value)}`}`,
  );
  if (result.reason) lines.push(`  reason: ${clip(result.reason)}`);
  if (result.error) lines.push(`  error: ${clip(result.error)}`);
  const shown = new Set(["usage", "promptVersions"]);
  if (Array.isArray(d.verdicts) && d.verdicts.length > 0) {
    lines.push("  statements and verdicts:", ...verdictLines(d.verdicts));
    shown.add("verdicts").add("statements");
  } else if (Array.isArray(d.statements)) {
    const scores = Array.isArray(d.statementScores) ? d.statementScores : [];
    lines.push(
      `  statements (${d.statements.length}):`,
      ...d.statements.map(
        (s, i) => `    ${scores[i] === undefined ? "-" : `[${num(scores[i])}]`} ${clip(String(s))}`,
      ),
    );
    shown.add("statements").add("statementScores");
  }
  if (Array.isArray(d.questions)) {
    lines.push(
      "  generated questions:",
      ...d.questions.map((raw) => {
        const q = raw as { question?: unknown; noncommittal?: unknown; similarity?: unknown };
        return `    ${clip(String(q.question ?? ""))} (similarity ${num(q.similarity)}${q.noncommittal === 1 ? ", noncommittal" : ""})`;
      }),
    );
    shown.add("questions");
  }
  if (Array.isArray(d.longTexts)) {
    lines.push(
      "  texts longer than the embedder's limit:",
      ...d.longTexts.map((raw) => {
        const t = raw as {
          field?: unknown;
          tokens?: unknown;
          limit?: unknown;
          handled?: unknown;
          chunks?: unknown;
        };
        return `    ${String(t.field)}: ${num(t.tokens)} tokens, limit ${num(t.limit)} (${String(t.handled)}, ${num(t.chunks)} chunk(s))`;
      }),
    );
    shown.add("longTexts");
  }
  for (const [key, value] of Object.entries(d)) {
    if (shown.has(key) || value === undefined) continue;
    lines.push(`  ${key}: ${clip(typeof value === "string" ? value : JSON.stringify(value))}`);
  }
  return lines.join("\n");
}
