// "Did you mean ...?" for a name the user mistyped: a metric id, a command, a dataset column. One rule for all.
import { distance } from "fastest-levenshtein";

/** At most this many names are suggested. */
const MAX_SUGGESTIONS = 3;

/**
 * The names of `candidates` closest to `word`, nearest first (at most three): those within an edit distance of
 * about a third of the longer name (at least 1, compared without case), and those one is a prefix of the other's
 * (at least 3 characters: `evaluate` suggests `eval`, `bleu` suggests `bleu_score`). None when nothing is close.
 *
 * @example
 * nearestNames("faithfullness", ["faithfulness", "answer_relevancy"]); // ["faithfulness"]
 * nearestNames("evaluate", ["eval", "report"]); // ["eval"]
 */
export function nearestNames(word: string, candidates: Iterable<string>): string[] {
  const typed = word.toLowerCase();
  const close: Array<{ name: string; distance: number }> = [];
  for (const name of new Set(candidates)) {
    const known = name.toLowerCase();
    if (known === typed) continue;
    const d = distance(typed, known);
    const limit = Math.max(1, Math.floor(Math.max(typed.length, known.length) / 3));
    const shorter = typed.length < known.length ? typed : known;
    const longer = shorter === typed ? known : typed;
    if (d <= limit || (shorter.length >= 3 && longer.startsWith(shorter))) close.push({ name, distance: d });
  }
  return close
    .sort((a, b) => a.distance - b.distance)
    .slice(0, MAX_SUGGESTIONS)
    .map((c) => c.name);
}

/**
 * A question naming the nearest names, for the end of an error's first clause, or undefined when none is close.
 *
 * @example
 * didYouMean("faithfullness", metricIds); // "did you mean faithfulness?"
 */
export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  const near = nearestNames(word, candidates);
  if (near.length === 0) return undefined;
  const last = near.at(-1)!;
  return `did you mean ${near.length === 1 ? last : `${near.slice(0, -1).join(", ")} or ${last}`}?`;
}
