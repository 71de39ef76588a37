/**
 * Which response mistakes noise sensitivity counts: those backed by a `relevant` context (one that
 * supports some reference statement) or only by `irrelevant` ones.
 */
export type NoiseSensitivityMode = "relevant" | "irrelevant";

/** The verdicts noise sensitivity is computed from (1: the statement can be inferred, 0: it cannot). */
export interface NoiseVerdicts {
  /** `[context][referenceStatement]`: does context c support reference statement r? */
  referenceByContext: ReadonlyArray<ReadonlyArray<0 | 1>>;
  /** `[context][responseStatement]`: does context c support response statement a? */
  responseByContext: ReadonlyArray<ReadonlyArray<0 | 1>>;
  /** `[responseStatement]`: does the reference support response statement a? 0 means it is incorrect. */
  responseByReference: ReadonlyArray<0 | 1>;
}

/** Per-context and per-statement flags behind the score, for `details`. */
export interface NoiseBreakdown {
  /** A context is relevant when it supports at least one reference statement. */
  relevantContexts: boolean[];
  /** The response statement is supported by some relevant context. */
  fromRelevant: boolean[];
  /** The response statement is supported by some irrelevant context and by no relevant one. */
  fromIrrelevantOnly: boolean[];
  /** The reference does not support the response statement. */
  incorrect: boolean[];
}

/** Ragas' relevant/irrelevant split of the contexts and of the response's statements. */
export function noiseBreakdown(v: NoiseVerdicts): NoiseBreakdown {
  const relevantContexts = v.referenceByContext.map((row) => row.some((x) => x === 1));
  const supportedBy = (a: number, relevant: boolean) =>
    v.responseByContext.some((row, c) => relevantContexts[c] === relevant && row[a] === 1);
  const fromRelevant = v.responseByReference.map((_, a) => supportedBy(a, true));
  const fromIrrelevantOnly = v.responseByReference.map((_, a) => !fromRelevant[a] && supportedBy(a, false));
  const incorrect = v.responseByReference.map((x) => x === 0);
  return { relevantContexts, fromRelevant, fromIrrelevantOnly, incorrect };
}

/**
 * Ragas' noise sensitivity: the share of the response's statements that are incorrect (the
 * reference does not support them) and yet supported by a relevant context (`relevant` mode), or
 * supported only by irrelevant contexts (`irrelevant` mode). Lower is better. Null when the response
 * has no statements (Ragas' mean of nothing, NaN), and null when the reference has none: then no
 * context can be relevant or irrelevant (Ragas raises on the empty maximum), in both modes.
 *
 * @example
 * noiseSensitivity({ referenceByContext: [[1], [0]], responseByContext: [[1, 0], [0, 1]], responseByReference: [0, 0] }, "relevant"); // 0.5
 */
export function noiseSensitivity(v: NoiseVerdicts, mode: NoiseSensitivityMode): number | null {
  const count = v.responseByReference.length;
  if (count === 0 || !hasReferenceStatements(v)) return null;
  const b = noiseBreakdown(v);
  const counted = mode === "relevant" ? b.fromRelevant : b.fromIrrelevantOnly;
  return counted.filter((x, a) => x && b.incorrect[a]).length / count;
}

/** Whether the reference has statements to judge the contexts by (each context has one verdict per statement). */
export function hasReferenceStatements(v: NoiseVerdicts): boolean {
  return v.referenceByContext.some((row) => row.length > 0);
}
