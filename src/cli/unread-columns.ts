// A run without --metrics scores what the dataset's recognised columns allow and nothing else, so a column under a
// name airgap-eval does not know (`query`, `answer_text`) would silently cost the metrics that read it: one note names
// such columns, with the field each one is close to.
import { columnTargets, defaultColumnAliases } from "../dataset/columns.js";
import { columnName } from "../sample/field-table.js";
import { nearestNames } from "../util/did-you-mean.js";

/** The words of a column name: `answer_text`, `answer-text` and `answerText` give `answer` and `text`. */
function words(column: string): string[] {
  return column
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_\-.]+/)
    .map((w) => w.toLowerCase())
    .filter((w) => w.length >= 3);
}

/**
 * The field a column name is close to, as its column name (`response`): the nearest known column name or alias
 * (`contexs` gives `retrieved_contexts`), else a word of the column that is one (`answer_text` gives `response`,
 * from Ragas 0.1's `answer`). Undefined when none is close.
 *
 * @example
 * closeField("answer_text"); // "response"
 */
export function closeField(column: string): string | undefined {
  const names = Object.keys(defaultColumnAliases);
  const near =
    nearestNames(column, names)[0] ?? words(column).find((w) => Object.hasOwn(defaultColumnAliases, w));
  return near === undefined ? undefined : columnName(defaultColumnAliases[near]!);
}

/**
 * The note for a run without `--metrics` whose rows have columns no sample field is read from (`ignore`: columns the
 * run reads otherwise, such as `--row-key`'s), naming them and suggesting the `--column` map for those close to a
 * field. Undefined when there are none.
 *
 * @example
 * unreadColumnsNote(new Set(["query", "answer_text"]));
 * // "note: no metric reads the columns query, answer_text: ... e.g. --column answer_text=response"
 */
export function unreadColumnsNote(
  extraColumns: ReadonlySet<string>,
  ignore: readonly string[] = [],
): string | undefined {
  const unread = [...extraColumns].filter((c) => !ignore.includes(c) && !Object.hasOwn(columnTargets, c));
  if (unread.length === 0) return undefined;
  const maps = unread.flatMap((c) => {
    const field = closeField(c);
    return field === undefined ? [] : [`--column ${c}=${field}`];
  });
  const plural = unread.length === 1 ? "column" : "columns";
  return (
    `note: no metric reads the ${plural} ${unread.join(", ")}: no sample field has ${unread.length === 1 ? "that name" : "those names"} ` +
    `(docs/datasets.md, "Sample fields"). If one holds a field, map it with --column <column>=<field>` +
    (maps.length > 0 ? `; close to a field: ${maps.join(" ")}` : "")
  );
}
