// The one place error, skip and no-score texts are grouped, for the terminal summary, the interrupted summary and the
// HTML and Markdown reports alike: rows of one metric whose texts differ only in row-specific parts (numbers
// such as "812 characters" or "row 3", and long hex strings such as hashes) form one group.
import { pasteableAdviceValues } from "../llm/overflow-advice.js";
import type { MetricStatus } from "../metrics/types.js";
import type { ProblemGroup, RowMetricRecord } from "./types.js";

/** Rows listed per problem group; the group's `count` counts them all. */
export const problemRowsKept = 1000;

/**
 * The parts of an error text that may change from row to row: a run of 16 or more hex digits (a hash), or a
 * number (digits, with an optional decimal part), standing as a word of its own: `stories260K` and `a3f9`
 * are not numbers.
 */
const VARYING_PART = /\b(?:[0-9a-f]{16,}|\d+(?:\.\d+)?)\b/gi;

/** One row-specific part of a group's text: the value it had first and the range it took. */
interface Slot {
  first: string;
  same: boolean;
  numeric: boolean;
  min: number;
  max: number;
}

interface OpenGroup {
  group: ProblemGroup;
  /** The text around the slots: `fixed.length === slots.length + 1`. */
  fixed: string[];
  slots: Slot[];
}

/**
 * The text a record's problem is shown and grouped by: the error text for an error (its reason when it has no
 * error), the reason for a skip or for an ok row with no score (`value: null`, e.g. faithfulness of a response
 * with no statements), `(no reason given)` for neither. Undefined for a scored row.
 */
export function problemText(result: RowMetricRecord["result"]): string | undefined {
  const { status, error, reason, value } = result;
  if (status === "ok" && typeof value === "number") return undefined;
  return (status === "error" ? (error ?? reason) : reason) ?? "(no reason given)";
}

/**
 * A problem group's status in words: `error`, `skipped`, or `no score` for the ok rows without a value.
 *
 * @example
 * problemStatusLabel("ok"); // "no score"
 */
export function problemStatusLabel(status: MetricStatus): string {
  return status === "ok" ? "no score" : status;
}

/**
 * Groups error, skip and no-score texts by metric, status and text with its row-specific parts set aside, keeping each
 * group's rows (the first {@link problemRowsKept}, each once) and its count, in memory that does not grow with
 * the rows. A group's text shows each row-specific part as its one value when every row had the same, as
 * `min–max` when it was a number that varied (but as the one value that fixes every row when it is a value of
 * overflow advice to paste: `--metric-option x.maxTokens=475`), and as `…` otherwise:
 * `the response (812–2301 characters) does not fit the context size 2048`.
 *
 * @example
 * const grouper = new ProblemGrouper();
 * grouper.add("faithfulness", "error", "row 3: judge wrote 2 statements", 3);
 * grouper.add("faithfulness", "error", "row 5: judge wrote 4 statements", 5);
 * grouper.groups(); // [{ metric: "faithfulness", status: "error", text: "row 3–5: judge wrote 2–4 statements", rows: [3, 5], count: 2 }]
 */
export class ProblemGrouper {
  private readonly open = new Map<string, OpenGroup>();

  /** Counts one row's problem. A listed row already in its group (a record written again) counts once. */
  add(metric: string, status: MetricStatus, text: string, row: number): void {
    const fixed = text.split(VARYING_PART);
    const parts = text.match(VARYING_PART) ?? [];
    const key = JSON.stringify([metric, status, fixed]);
    let entry = this.open.get(key);
    if (entry === undefined) {
      entry = {
        group: { metric, status, text, rows: [], count: 0 },
        fixed,
        slots: parts.map((p) => {
          const n = Number(p);
          const numeric = /^\d/.test(p) && Number.isFinite(n);
          return { first: p, same: true, numeric, min: n, max: n };
        }),
      };
      this.open.set(key, entry);
    } else {
      parts.forEach((p, i) => {
        const slot = entry!.slots[i]!;
        if (p !== slot.first) slot.same = false;
        const n = Number(p);
        if (!/^\d/.test(p) || !Number.isFinite(n)) slot.numeric = false;
        else {
          slot.min = Math.min(slot.min, n);
          slot.max = Math.max(slot.max, n);
        }
      });
    }
    const { group } = entry;
    if (group.rows.length < problemRowsKept) {
      if (group.rows.includes(row)) return;
      group.rows.push(row);
    } else if (group.rows[group.rows.length - 1] === row) return;
    group.count++;
  }

  /** Counts one record's problem, if it has one. */
  addRecord(record: Pick<RowMetricRecord, "row" | "metric" | "result">): void {
    const text = problemText(record.result);
    if (text !== undefined) this.add(record.metric, record.result.status, text, record.row);
  }

  /** The groups so far, in first-seen order, each with its text showing how its row-specific parts varied. */
  groups(): ProblemGroup[] {
    return [...this.open.values()].map(({ group, fixed, slots }) => ({
      ...group,
      rows: [...group.rows],
      text: fixed.map((f, i) => (i < slots.length ? f + slotText(slots[i]!, f) : f)).join(""),
    }));
  }
}

/** A slot's text; a value of pasteable advice (after `before`) shows the one value that fixes every row. */
function slotText(slot: Slot, before: string): string {
  if (slot.same) return slot.first;
  if (!slot.numeric) return "…";
  if (slot.min === slot.max) return slot.first;
  const pasteable = pasteableAdviceValues.find((value) => value.before.test(before));
  if (pasteable !== undefined) return String(pasteable.fixesAll === "min" ? slot.min : slot.max);
  return `${slot.min}–${slot.max}`;
}

/**
 * The problem groups of some records (see {@link ProblemGrouper}).
 *
 * @example
 * for (const p of groupProblems(result.records)) console.log(p.metric, p.count, p.text);
 */
export function groupProblems(
  records: Iterable<Pick<RowMetricRecord, "row" | "metric" | "result">>,
): ProblemGroup[] {
  const grouper = new ProblemGrouper();
  for (const record of records) grouper.addRecord(record);
  return grouper.groups();
}

/**
 * A group's rows for people, in row order with runs as ranges and the count: `rows 3, 5, 8–12 (7 rows)`, `row 4`.
 * Rows beyond the listed ones (a group keeps the first {@link problemRowsKept}) show as `, …`; at most `max`
 * items (numbers or ranges) are listed.
 *
 * @example
 * formatRowList([12, 3, 5, 8, 9, 10, 11], 7); // "rows 3, 5, 8–12 (7 rows)"
 */
export function formatRowList(rows: readonly number[], count = rows.length, max = 12): string {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  if (count <= 1 && sorted.length === 1) return `row ${sorted[0]}`;
  const items: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    // Two neighbours read better as "3, 4" than "3–4".
    if (j - i >= 2) items.push(`${sorted[i]}–${sorted[j]}`);
    else for (let k = i; k <= j; k++) items.push(String(sorted[k]));
    i = j + 1;
  }
  const cut = items.length > max || count > sorted.length;
  const shown = items.slice(0, max).join(", ");
  return `rows ${shown}${cut ? ", …" : ""} (${count} rows)`;
}
