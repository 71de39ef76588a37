import { formatRowList, problemStatusLabel } from "../results/problem-groups.js";
import type { EvaluationResultData, MetricAggregate } from "../results/types.js";
import { cascadeSentences } from "./cascade-lines.js";
import type { CompareKey, Comparison } from "./compare.js";
import { fileName, formatDelta, formatScore, rowsRun, runName, truncate } from "./format.js";
import * as intervalText from "./interval-text.js";
import { jurySentences } from "./jury-lines.js";
import { type ReportParts, reportPartsOf } from "./parts.js";
import { positionFlipSentences } from "./position-flip-lines.js";
import { unmatchedCalls } from "./unmatched-calls.js";
import { type ReportInput, runModels } from "./views.js";

/** How the comparison says which rows it paired. */
const pairedByLabel: Record<CompareKey, string> = {
  userInput: "question (user_input)",
  row: "row position",
  rowHash: "row content hash",
};

/** Options for {@link toMarkdownReport}. */
export interface MarkdownReportOptions {
  /** Heading of the report. Defaults to `"airgap-eval report"`. */
  title?: string;
  /** Longest text shown in a table cell before it is cut with an ellipsis; 0 keeps all. Defaults to `160`. */
  maxCellLength?: number;
  /** Adds the per-row table. Defaults to `true`. */
  includeRows?: boolean;
}

/**
 * Escapes text for one Markdown table cell: HTML-significant characters become entities (so dataset text
 * can never be raw HTML), Markdown punctuation gets a backslash, pipes are escaped and line breaks
 * become `<br>`.
 *
 * @example
 * escapeMarkdownCell("a | b\n<script>"); // "a \\| b<br>&lt;script&gt;"
 */
export function escapeMarkdownCell(text: string): string {
  return escapeInline(text)
    .replace(/\r\n|\r|\n/g, "<br>")
    .replace(/\t/g, " ");
}

/**
 * Escapes text for Markdown outside tables (headings, list items): like {@link escapeMarkdownCell} but line
 * breaks become spaces.
 *
 * @example
 * escapeMarkdownText("*not bold*"); // "\\*not bold\\*"
 */
export function escapeMarkdownText(text: string): string {
  return escapeInline(text).replace(/\r\n|\r|\n/g, " ");
}

function escapeInline(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/([\\`*_[\]|~#])/g, "\\$1");
}

/** An identifier (metric id, hash) as inline code, safe inside a table cell. */
function code(text: string): string {
  return `\`${text
    .replace(/`/g, "'")
    .replace(/\|/g, "\\|")
    .replace(/[\r\n]+/g, " ")}\``;
}

function table(header: string[], rows: string[][], align?: Array<"l" | "r">): string {
  return [...tableLines(header, align), ...rows.map(tableLine)].join("\n");
}

/** A table's header and separator lines. */
function tableLines(header: string[], align?: Array<"l" | "r">): string[] {
  const sep = header.map((_, i) => (align?.[i] === "r" ? "---:" : "---"));
  return [tableLine(header), tableLine(sep)];
}

function tableLine(cells: string[]): string {
  return `| ${cells.join(" | ")} |`;
}

function aggregateTable(aggregates: MetricAggregate[]): string {
  const note = intervalText.intervalNote(aggregates);
  const ci = intervalText.intervalTitle(aggregates);
  return `${table(
    ["Metric", "Mean", ci, "Std", "Min", "Max", "Scored", "No score", "Errors", "Skipped"],
    aggregates.map((a) => [
      code(a.metric),
      formatScore(a.mean),
      intervalText.formatInterval(a.interval),
      formatScore(a.std),
      formatScore(a.min),
      formatScore(a.max),
      `${a.count} of ${rowsRun(a)}`,
      String(a.nulls ?? 0),
      String(a.errors),
      String(a.skipped),
    ]),
    ["l", "r", "r", "r", "r", "r", "r", "r", "r", "r"],
  )}${note === "" ? "" : `\n\n${note}`}`;
}

/**
 * The run as Markdown: run facts, models, the aggregate table, a per-row table (question, response, each
 * metric's value or status), the distinct error and skip reasons with their rows, and the invalid rows.
 * All dataset text is escaped.
 *
 * @example
 * await writeFile("report.md", toMarkdownReport(result, { maxCellLength: 80 }));
 */
export function toMarkdownReport(input: ReportInput, options: MarkdownReportOptions = {}): string {
  return [...markdownReportChunks(reportPartsOf(input), options)].join("");
}

/**
 * The Markdown report in pieces, the row table row by row: {@link toMarkdownReport} is their
 * concatenation, and a report written from a results file writes them as they come.
 *
 * @example
 * for (const piece of markdownReportChunks(reportPartsOf(result))) out.write(piece);
 */
export function* markdownReportChunks(
  parts: ReportParts,
  options: MarkdownReportOptions = {},
): Generator<string> {
  let first = true;
  for (const line of markdownLines(parts, options)) {
    yield first ? line : `\n${line}`;
    first = false;
  }
}

/** The report's lines (some hold several), to be joined with newlines. */
function* markdownLines(parts: ReportParts, options: MarkdownReportOptions): Generator<string> {
  const max = options.maxCellLength ?? 160;
  const cell = (text: string | undefined) => escapeMarkdownCell(truncate(text ?? "", max));
  const { metadata, metrics } = parts;
  const out: string[] = [`# ${escapeMarkdownText(options.title ?? "airgap-eval report")}`, ""];

  const facts: Array<[string, string | undefined]> = [
    ["Dataset", metadata?.dataset],
    ["airgap-eval", metadata?.version],
    ["Started", metadata?.startedAt],
    ["Finished", metadata?.finishedAt],
    ["Rows evaluated", String(parts.rowCount)],
    ["Invalid rows", String(parts.invalidRows?.length ?? 0)],
  ];
  for (const [label, value] of facts) {
    if (value !== undefined && value !== "") out.push(`- **${label}:** ${escapeMarkdownText(value)}`);
  }
  out.push("", "## Aggregates", "", aggregateTable(parts.aggregates), "");
  const cascades = [
    ...cascadeSentences(parts.aggregates),
    ...positionFlipSentences(parts.aggregates),
    ...jurySentences(parts.aggregates),
  ];
  if (cascades.length > 0) out.push(...cascades.map((c) => `- ${escapeMarkdownText(c)}`), "");

  const models = runModels({ metadata } as EvaluationResultData);
  if (models.length > 0) {
    out.push(
      "## Models",
      "",
      table(
        ["Model", "Kind", "sha256", "Runtime", "Settings", "Speed settings"],
        models.map((m) => [
          cell(m.id),
          m.kind,
          m.sha256 ? code(m.sha256) : "-",
          cell(`${m.runtime?.name ?? "?"} ${m.runtime?.version ?? ""}`.trim()),
          cell(keyValues(m.settings)),
          cell(keyValues(m.performance)),
        ]),
      ),
      "",
    );
  }
  yield* out;
  out.length = 0;

  if (options.includeRows ?? true) {
    yield* ["## Rows", ""];
    const header = ["Row", "Question", "Response", ...metrics.map((m) => code(m))];
    yield* tableLines(header, ["r", "l", "l", ...metrics.map(() => "r" as const)]);
    for (const row of parts.rows()) {
      yield tableLine([
        String(row.row),
        cell(row.sample.userInput),
        cell(row.sample.response),
        ...metrics.map((m) => {
          const c = row.metrics[m];
          if (!c) return "";
          if (c.status === "ok") return c.value === null ? "no score" : formatScore(c.value);
          return c.status;
        }),
      ]);
    }
    yield "";
  }

  if (options.includeRows ?? true) yield* unmatchedCallsSection(parts, metrics);

  const problems = parts.problems;
  if (problems.length > 0) {
    out.push("## Errors and skipped rows", "");
    for (const p of problems) {
      out.push(
        `- ${code(p.metric)} ${problemStatusLabel(p.status)} on ${formatRowList(p.rows, p.count)}: ${escapeMarkdownText(truncate(p.text, 600))}`,
      );
    }
    out.push("");
  }

  if (parts.invalidRows?.length) {
    out.push("## Invalid rows", "");
    for (const bad of parts.invalidRows) {
      const where = [`row ${bad.row}`, bad.line !== undefined ? `line ${bad.line}` : "", bad.field ?? ""]
        .filter(Boolean)
        .join(", ");
      out.push(`- ${escapeMarkdownText(where)}: ${escapeMarkdownText(bad.message)}`);
    }
    out.push("");
  }
  yield* out;
}

/** Options for {@link comparisonToMarkdown}. */
export interface ComparisonMarkdownOptions {
  /** Heading of the report. Defaults to `"airgap-eval comparison: <run a> → <run b>"`, each run named by its label and results file. */
  title?: string;
  /** Longest question or response shown before it is cut. Defaults to `80`. */
  maxCellLength?: number;
  /** Lists only paired rows where some metric changed or a status differs. Defaults to `true`. */
  changedRowsOnly?: boolean;
}

/**
 * Two runs side by side as Markdown: aggregate means with deltas (`b - a`), the changed rows with their question,
 * response (both runs' when they differ) and per-metric scores and deltas, and the rows found in only one run.
 *
 * @example
 * console.log(comparisonToMarkdown(compareRuns(before, after, { labelA: "before", labelB: "after" })));
 */
export function comparisonToMarkdown(
  comparison: Comparison,
  options: ComparisonMarkdownOptions = {},
): string {
  const max = options.maxCellLength ?? 80;
  const changedOnly = options.changedRowsOnly ?? true;
  const { a: la, b: lb } = comparison.labels;
  const A = escapeMarkdownCell(la);
  const B = escapeMarkdownCell(lb);
  const nameA = escapeMarkdownText(runName(la, comparison.files?.a));
  const nameB = escapeMarkdownText(runName(lb, comparison.files?.b));
  const out: string[] = [
    `# ${escapeMarkdownText(options.title ?? `airgap-eval comparison: ${runName(la, comparison.files?.a)} → ${runName(lb, comparison.files?.b)}`)}`,
    "",
  ];
  const run = (meta: Comparison["metadata"]["a"]) =>
    escapeMarkdownText(
      [meta?.dataset ? `dataset ${fileName(meta.dataset)}` : undefined, `run ${meta?.startedAt ?? "?"}`]
        .filter(Boolean)
        .join(", "),
    );
  out.push(
    `- **${nameA}:** ${run(comparison.metadata.a)}`,
    `- **${nameB}:** ${run(comparison.metadata.b)}`,
    `- **Rows paired by:** ${pairedByLabel[comparison.matchedBy]}; ${comparison.rows.length} paired, ${comparison.onlyInA.length} only in ${A}, ${comparison.onlyInB.length} only in ${B}`,
    "",
    "## Aggregates",
    "",
  );
  out.push(
    table(
      [
        "Metric",
        `Mean ${A}`,
        `Mean ${B}`,
        `Scored ${A}`,
        `Scored ${B}`,
        "Delta",
        "Paired rows",
        "Paired mean delta",
        intervalText.differenceTitle(comparison),
        "p",
        "Significant",
        intervalText.detectableTitle(comparison),
        "Up",
        "Down",
        "Same",
        `Errors ${A}`,
        `Errors ${B}`,
        "Config changed",
      ],
      comparison.metrics.map((m) => [
        code(m.metric),
        formatScore(m.a?.mean),
        formatScore(m.b?.mean),
        m.a ? `${m.a.count} of ${rowsRun(m.a)}` : "-",
        m.b ? `${m.b.count} of ${rowsRun(m.b)}` : "-",
        formatDelta(m.meanDelta),
        String(m.pairedCount),
        formatDelta(m.pairedMeanDelta),
        ...intervalText.differenceCells(m),
        String(m.improved),
        String(m.regressed),
        String(m.unchanged),
        m.a ? String(m.a.errors) : "-",
        m.b ? String(m.b.errors) : "-",
        m.configChanged ? "yes" : "no",
      ]),
      ["l", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "l"],
    ),
    "",
  );
  const note = intervalText.differenceNote(comparison.metrics);
  if (note !== "") out.push(note, "");

  out.push("## How the runs differ", "");
  if (comparison.runDifferences.length === 0)
    out.push("Made alike: the same machine, runtimes, models and settings.", "");
  else out.push(...comparison.runDifferences.map((d) => `- ${escapeMarkdownText(d)}`), "");

  const metrics = comparison.metrics.map((m) => m.metric);
  const rows = comparison.rows.filter(
    (row) =>
      !changedOnly ||
      Object.values(row.metrics).some(
        (c) => (c.delta !== null && Math.abs(c.delta) > 1e-9) || c.statusA !== c.statusB,
      ),
  );
  out.push(changedOnly ? "## Changed rows" : "## Rows", "");
  if (rows.length === 0) {
    out.push(changedOnly ? "No paired row changed." : "No paired rows.", "");
  } else {
    const side = (value: number | null, status: string | undefined) =>
      status === undefined ? "-" : status === "ok" ? formatScore(value) : status;
    const text = (t: string | undefined) => escapeMarkdownCell(truncate(t ?? "", max));
    const response = (row: Comparison["rows"][number]) =>
      row.responseA === row.responseB
        ? text(row.responseA)
        : `**${A}:** ${text(row.responseA ?? "(none)")}<br>**${B}:** ${text(row.responseB ?? "(none)")}`;
    out.push(
      table(
        [`Row ${A}`, `Row ${B}`, "Question", "Response", ...metrics.map((m) => `${code(m)} ${A} → ${B} (Δ)`)],
        rows.map((row) => [
          String(row.rowA),
          String(row.rowB),
          text(row.userInput),
          response(row),
          ...metrics.map((m) => {
            const c = row.metrics[m];
            if (!c) return "";
            return `${side(c.a, c.statusA)} → ${side(c.b, c.statusB)} (${formatDelta(c.delta)})`;
          }),
        ]),
        ["r", "r", "l", "l", ...metrics.map(() => "r" as const)],
      ),
      "",
    );
  }
  for (const [label, list] of [
    [A, comparison.onlyInA],
    [B, comparison.onlyInB],
  ] as const) {
    if (list.length === 0) continue;
    out.push(`## Only in ${label}`, "");
    for (const row of list) {
      out.push(`- row ${row.row}: ${escapeMarkdownText(truncate(row.userInput ?? "", max))}`);
    }
    out.push("");
  }
  return out.join("\n");
}

/** `k=v, k=v`, or "-" for none. */
function keyValues(record: Record<string, unknown> | undefined): string {
  const entries = Object.entries(record ?? {});
  return entries.length === 0 ? "-" : entries.map(([k, v]) => `${k}=${String(v)}`).join(", ");
}

/**
 * "Tool calls not matched": per row and tool-call metric, each call its details.callMatching does not count as a
 * full match (missing, extra, out of order, in another message, argument mismatch). Nothing when no row has one.
 */
function* unmatchedCallsSection(parts: ReportParts, metrics: readonly string[]): Generator<string> {
  let started = false;
  for (const { row, metric, text } of unmatchedCalls(parts, metrics)) {
    if (!started) yield* ["## Tool calls not matched", ""];
    started = true;
    yield `- row ${row}, ${code(metric)}: ${escapeMarkdownText(truncate(text, 600))}`;
  }
  if (started) yield "";
}
