// Verdict slots read inside the grammar-constrained token loop: while the judge writes its JSON answer, the
// tracker says when the next token starts (or continues) the value of a slot key, the loop then asks llama.cpp for
// that step's distribution (after the grammar), and the tracker turns the distributions into per-value
// probabilities when the value is complete. Pure: no model here, only token texts and numbers.
import type { ChoiceSlot, SlotProbabilities } from "./types.js";

/** One candidate token of a read step: its text (as it continues the answer) and its probability under the grammar. */
export interface StepCandidate {
  text: string;
  probability: number;
  /** True for the token the judge wrote at this step. */
  taken: boolean;
}

interface OpenSlot {
  slot: ChoiceSlot;
  /** Index in the answer text just after the key's colon. */
  start: number;
  /** Read steps so far: the value text before the step, and the candidates. */
  steps: Array<{ partial: string; candidates: StepCandidate[] }>;
}

/** A JSON string written so far: its opening quote, its characters (escapes whole) and, once written, its closing quote. */
const STRING_SO_FAR = String.raw`"(?:[^"\\]|\\.)*"?`;

/** Characters that end a JSON value written at a slot. */
const TERMINATOR = /^[\s,}\]]/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Whether position `end` of `text` is outside every JSON string (quotes not escaped by a backslash). */
export function outsideString(text: string, end: number): boolean {
  let inString = false;
  for (let i = 0; i < end; i++) {
    const c = text[i];
    if (inString && c === "\\") i++;
    else if (c === '"') inString = !inString;
  }
  return !inString;
}

/**
 * Follows the answer text of one generation and collects {@link SlotProbabilities} for every slot written.
 *
 * @example
 * const tracker = new SlotTracker([{ key: "verdict", values: ["0", "1"] }]);
 * tracker.wantsRead('{"verdict":'); // true: the next token starts the value
 */
export class SlotTracker {
  private readonly patterns: Array<{ slot: ChoiceSlot; pattern: RegExp }>;
  private open: OpenSlot | undefined;
  private readonly done: SlotProbabilities[] = [];

  constructor(slots: readonly ChoiceSlot[]) {
    this.patterns = slots.map((slot) => ({
      slot,
      // The value so far: a JSON string (which may hold spaces, commas and brackets) or a bare value.
      pattern: new RegExp(`"${escapeRegExp(slot.key)}"\\s*:(\\s*)(${STRING_SO_FAR}|[^\\s,}\\]"]*)$`),
    }));
  }

  /** The slot whose value the next token would start or continue, given the answer so far; undefined when none. */
  private slotAt(text: string): { slot: ChoiceSlot; start: number; partial: string } | undefined {
    for (const { slot, pattern } of this.patterns) {
      const m = pattern.exec(text);
      if (m === null || !outsideString(text, m.index)) continue;
      const partial = m[2]!;
      const start = text.length - m[1]!.length - partial.length;
      const needsMore = partial === "" || slot.values.some((v) => v !== partial && v.startsWith(partial));
      if (needsMore) return { slot, start, partial };
    }
    return undefined;
  }

  /**
   * Call after every token with the answer so far: closes a slot whose value is complete, and says whether the next
   * step's distribution must be read.
   */
  wantsRead(text: string): boolean {
    const at = this.slotAt(text);
    if (this.open !== undefined && (at === undefined || at.start !== this.open.start)) this.close(text);
    if (at === undefined) return false;
    if (this.open === undefined) this.open = { slot: at.slot, start: at.start, steps: [] };
    return true;
  }

  /** Records a read step: the candidates (tokens with probability > 0) at the step after `text`. */
  record(text: string, candidates: StepCandidate[]): void {
    const at = this.slotAt(text);
    if (this.open === undefined || at === undefined) return;
    // Whitespace written before the value: the read that chose it is replaced by the next one, so the distribution
    // is conditioned on the layout the judge wrote.
    const last = this.open.steps.at(-1);
    if (last !== undefined && last.partial === "" && at.partial === "") this.open.steps.pop();
    this.open.steps.push({ partial: at.partial, candidates });
  }

  /** Closes an open slot at the end of the answer and returns every slot read, in answer order. */
  finish(text: string): SlotProbabilities[] {
    if (this.open !== undefined) this.close(text);
    return this.done;
  }

  private close(text: string): void {
    const open = this.open!;
    this.open = undefined;
    const rest = text.slice(open.start).trimStart();
    const string = rest.startsWith('"') ? new RegExp(`^${STRING_SO_FAR}`).exec(rest) : null;
    const end = rest.search(/[\s,}\]]/);
    const written = string !== null ? string[0] : end === -1 ? rest : rest.slice(0, end);
    this.done.push({ key: open.slot.key, written, ...valueProbabilities(open.slot.values, open.steps) });
  }
}

/**
 * Per-value probabilities of a slot from its read steps, by the chain rule along the written path: a token that
 * completes one value gives it its probability; a token that starts exactly one value does too (the grammar allows
 * only that completion); a written token that starts several values passes its probability to the next step. A token
 * not written that starts several values is split equally between them (`approximate`). Whitespace-only tokens at
 * the first step do not write a value; they lower `mass`.
 *
 * @example
 * valueProbabilities(["0", "1"], [{ partial: "", candidates: [
 *   { text: "1", probability: 0.6, taken: true }, { text: "0", probability: 0.2, taken: false },
 *   { text: " ", probability: 0.2, taken: false } ] }]);
 * // { probabilities: { "0": 0.25, "1": 0.75 }, mass: 0.8, approximate: false }
 */
export function valueProbabilities(
  values: readonly string[],
  steps: ReadonlyArray<{ partial: string; candidates: readonly StepCandidate[] }>,
): { probabilities: Record<string, number>; mass: number; approximate: boolean } {
  const raw: Record<string, number> = Object.fromEntries(values.map((v) => [v, 0]));
  let approximate = false;
  let path = 1;
  for (const [j, step] of steps.entries()) {
    let next: number | undefined;
    for (const c of step.candidates) {
      if (c.probability <= 0) continue;
      const piece = j === 0 ? c.text.trimStart() : c.text;
      if (piece === "") continue;
      const ext = step.partial + piece;
      const complete = values.filter(
        (v) => ext === v || (ext.startsWith(v) && TERMINATOR.test(ext.slice(v.length))),
      );
      const started = values.filter((v) => v !== ext && v.startsWith(ext));
      const reach = [...complete, ...started];
      if (reach.length === 0) continue;
      if (reach.length === 1) raw[reach[0]!]! += path * c.probability;
      else if (c.taken && j + 1 < steps.length) next = c.probability;
      else {
        approximate = true;
        for (const v of reach) raw[v]! += (path * c.probability) / reach.length;
      }
    }
    if (next === undefined) break;
    path *= next;
  }
  const mass = values.reduce((sum, v) => sum + raw[v]!, 0);
  const probabilities: Record<string, number> = {};
  for (const v of values) probabilities[v] = mass > 0 ? raw[v]! / mass : 1 / values.length;
  return { probabilities, mass: Math.min(1, mass), approximate };
}
