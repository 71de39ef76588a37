// How a choice's probability is read from the token distributions along its tokens, as a grammar that allows only
// the choices would: the first token's probability is the model's own (so the sum over choices says how much the
// model wanted an allowed value there), and at every later step the distribution is renormalised over the tokens
// some choice allows after the same tokens. A step where only one token is allowed therefore costs nothing, and a
// choice that is the start of another (score "1" against "10") shares its first token's probability with it in
// the ratio the model gives "end the value here" (the suffix's first token) against "go on" ("0").

/** Per choice, its tokens after the part all choices share: value tokens, then the suffix's tokens. */
export type ChoicePaths = ReadonlyArray<readonly number[]>;

/** Per choice, the distribution before each of its tokens (index 0: before its first token); undefined when unread. */
export type ChoiceSteps = ReadonlyArray<ReadonlyArray<ReadonlyMap<number, number> | undefined>>;

/** Whether path `a` starts with the first `length` tokens of path `b`. */
function sameStart(a: readonly number[], b: readonly number[], length: number): boolean {
  if (a.length < length || b.length < length) return false;
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Per choice, its probability under a grammar that allows only the choices (not normalised: the sum over choices
 * is the model's probability of starting an allowed value).
 *
 * @example
 * // "1" and "10" share token 1; after it the model gives "0" 0.6 and the suffix "}" 0.2 (the rest elsewhere).
 * grammarChoiceProbabilities([[1, 9], [1, 0, 9]], [
 *   [new Map([[1, 0.5]]), new Map([[0, 0.6], [9, 0.2]])],
 *   [new Map([[1, 0.5]]), new Map([[0, 0.6], [9, 0.2]]), new Map([[9, 0.9]])],
 * ]); // [0.125, 0.375]
 */
export function grammarChoiceProbabilities(paths: ChoicePaths, steps: ChoiceSteps): number[] {
  return paths.map((path, index) => {
    let probability = 1;
    for (let k = 0; k < path.length && probability > 0; k++) {
      const dist = steps[index]![k];
      if (dist === undefined) return 0;
      const token = path[k]!;
      if (k === 0) {
        probability *= dist.get(token) ?? 0;
        continue;
      }
      const allowed = new Set<number>();
      let endsHere = false;
      for (const other of paths) {
        if (!sameStart(other, path, k)) continue;
        if (other.length > k) allowed.add(other[k]!);
        else endsHere = true;
      }
      // A choice ended here with no token to mark its end (no suffix): the odds of ending are unknown, so the
      // model's own probability of going on is kept, as without a grammar.
      if (endsHere) {
        probability *= dist.get(token) ?? 0;
        continue;
      }
      if (allowed.size === 1) continue;
      let total = 0;
      for (const t of allowed) total += dist.get(t) ?? 0;
      probability *= total > 0 ? (dist.get(token) ?? 0) / total : 0;
    }
    return probability;
  });
}
