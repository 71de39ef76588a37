// DeepEval ToolCorrectnessMetric, the part without a judge (deepeval 4.1.10,
// deepeval/metrics/tool_correctness/tool_correctness.py), rewritten from its rules. DeepEval's tool `type` is not
// read: every call here is a function call.
import { type CallMatching, callMatching, type DecidedPair } from "../shared/conversation/call-pairing.js";
import type { JsonValue, MadeToolCall, ReferenceToolCall } from "../shared/conversation/messages.js";
import { valuesEqual } from "../shared/python-value.js";

/** DeepEval's settings of the formula. */
export interface ToolCorrectnessSettings {
  shouldConsiderOrdering: boolean;
  shouldExactMatch: boolean;
  evaluationParams: ReadonlyArray<"input_parameters" | "output">;
  strictMode: boolean;
}

type Args = Record<string, JsonValue>;

const eq = (a: JsonValue | undefined, b: JsonValue | undefined) =>
  valuesEqual(a ?? null, b ?? null, "python");

/** Whether two calls are equal as DeepEval's `ToolCall.__eq__` says: name, input parameters and output. */
function sameToolCall(a: MadeToolCall, b: MadeToolCall): boolean {
  return a.name === b.name && eq(a.args, b.args) && eq(a.output, b.output);
}

/**
 * DeepEval's `_compare_dicts(expected, called)`: 1 when equal; else each key both have scores 1 / |keys of
 * either| when the values are equal, or that share of the nested comparison when both values are objects.
 *
 * @example
 * compareArgs({ a: 1, b: 2 }, { a: 1, b: 3 }, false); // 0.5
 */
export function compareArgs(expected: Args, called: Args, shouldExactMatch: boolean): number {
  if (eq(expected, called)) return 1;
  if (shouldExactMatch) return 0;
  const total = new Set([...Object.keys(expected), ...Object.keys(called)]).size;
  let score = 0;
  for (const key of Object.keys(expected)) {
    if (!Object.hasOwn(called, key)) continue;
    const e = expected[key]!;
    const c = called[key]!;
    if (eq(e, c)) score += 1 / total;
    else if (isObject(e) && isObject(c)) score += compareArgs(e, c, shouldExactMatch) / total;
  }
  return score;
}

function isObject(value: JsonValue): value is Args {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The score of one expected / called pair with the same name (DeepEval's per-pair match score). */
function pairScore(expected: ReferenceToolCall, called: MadeToolCall, s: ToolCorrectnessSettings): number {
  let score = 1;
  if (s.evaluationParams.includes("input_parameters"))
    score *= compareArgs(expected.args, called.args, s.shouldExactMatch);
  if (s.evaluationParams.includes("output") && !eq(expected.output, called.output)) score = 0;
  return score;
}

/** A scored pair: reference index, made index, the pair's score. */
type ScoredPairs = Array<{ reference: number; made: number; score: number }>;

/** The pairs of the exact match: at each index both lists have, the calls when they have the same name. */
function exactMatchPairs(
  called: readonly MadeToolCall[],
  expected: readonly ReferenceToolCall[],
  s: ToolCorrectnessSettings,
): ScoredPairs {
  const pairs: ScoredPairs = [];
  for (let i = 0; i < Math.min(called.length, expected.length); i++) {
    const c = called[i]!;
    const e = expected[i]!;
    if (c.name !== e.name) continue;
    const argsDiffer = s.evaluationParams.includes("input_parameters") && !eq(c.args, e.args);
    const outputDiffers = s.evaluationParams.includes("output") && !eq(c.output, e.output);
    pairs.push({ reference: i, made: i, score: argsDiffer || outputDiffers ? 0 : 1 });
  }
  return pairs;
}

/** DeepEval's exact match score: same length, and at each index the same name (and parameters, output when asked). */
export function exactMatchScore(
  called: readonly MadeToolCall[],
  expected: readonly ReferenceToolCall[],
  s: ToolCorrectnessSettings,
): number {
  if (called.length !== expected.length) return 0;
  if (expected.length === 0) return 1;
  const pairs = exactMatchPairs(called, expected, s);
  return pairs.length === expected.length && pairs.every((p) => p.score === 1) ? 1 : 0;
}

/**
 * DeepEval's score without ordering: each expected tool, in order, takes the best-scoring called tool (first on
 * ties) not equal to one already taken (by DeepEval's call equality, so of two identical calls only one can be
 * taken); the sum of the best scores over the number expected (1 when both lists are empty, 0 when only the
 * expected list is).
 */
export function nonExactMatchScore(
  called: readonly MadeToolCall[],
  expected: readonly ReferenceToolCall[],
  s: ToolCorrectnessSettings,
): number {
  if (expected.length === 0) return called.length === 0 ? 1 : 0;
  return sumScores(nonExactMatchPairs(called, expected, s)) / expected.length;
}

const sumScores = (pairs: ScoredPairs) => pairs.reduce((sum, p) => sum + p.score, 0);

/** The pairs {@link nonExactMatchScore} takes, each with its best score. */
function nonExactMatchPairs(
  called: readonly MadeToolCall[],
  expected: readonly ReferenceToolCall[],
  s: ToolCorrectnessSettings,
): ScoredPairs {
  const pairs: ScoredPairs = [];
  expected.forEach((e, r) => {
    let best = 0;
    let bestAt = -1;
    called.forEach((c, m) => {
      if (pairs.some((p) => sameToolCall(called[p.made]!, c))) return;
      if (c.name !== e.name) return;
      const score = pairScore(e, c, s);
      if (score > best) {
        best = score;
        bestAt = m;
      }
    });
    if (best > 0 && bestAt !== -1) pairs.push({ reference: r, made: bestAt, score: best });
  });
  return pairs;
}

/** DeepEval's weighted LCS of expected and called tools: the sum of the pair scores along its backtrack. */
export function weightedLcs(
  called: readonly MadeToolCall[],
  expected: readonly ReferenceToolCall[],
  s: ToolCorrectnessSettings,
): number {
  return sumScores(weightedLcsPairs(called, expected, s));
}

/** The pairs along {@link weightedLcs}'s backtrack, each with the score it adds. */
function weightedLcsPairs(
  called: readonly MadeToolCall[],
  expected: readonly ReferenceToolCall[],
  s: ToolCorrectnessSettings,
): ScoredPairs {
  const m = expected.length;
  const n = called.length;
  const dp: number[][] = Array.from({ length: m + 1 }, () => new Array<number>(n + 1).fill(0));
  for (let i = 1; i <= m; i++) {
    for (let j = 1; j <= n; j++) {
      const e = expected[i - 1]!;
      const c = called[j - 1]!;
      if (e.name !== c.name) {
        dp[i]![j] = Math.max(dp[i - 1]![j]!, dp[i]![j - 1]!);
        continue;
      }
      const score = pairScore(e, c, s);
      dp[i]![j] = Math.max(dp[i - 1]![j]!, dp[i]![j - 1]!, score > 0 ? dp[i - 1]![j - 1]! + score : 0);
    }
  }
  let i = m;
  let j = n;
  const pairs: ScoredPairs = [];
  while (i > 0 && j > 0) {
    if (dp[i]![j] === dp[i - 1]![j]) i -= 1;
    else if (dp[i]![j] === dp[i]![j - 1]) j -= 1;
    else {
      pairs.unshift({ reference: i - 1, made: j - 1, score: dp[i]![j]! - dp[i - 1]![j - 1]! });
      i -= 1;
      j -= 1;
    }
  }
  return pairs;
}

/** The score and the pairs it was made of. */
export interface ToolCorrectnessScore {
  value: number;
  callMatching: CallMatching;
}

/**
 * DeepEval's tool calling score: {@link exactMatchScore} with `shouldExactMatch`, else with
 * `shouldConsiderOrdering` the {@link weightedLcs} over the number expected (1 when both are empty, 0 when only the
 * expected list is), else {@link nonExactMatchScore}; with `strictMode`, 0 below 1.
 *
 * @example
 * toolCorrectness([{ name: "a", args: {} }], [{ name: "a", args: {} }, { name: "b", args: {} }], settings); // 0.5
 */
export function toolCorrectness(
  called: readonly MadeToolCall[],
  expected: readonly ReferenceToolCall[],
  s: ToolCorrectnessSettings,
): number {
  return toolCorrectnessScore(called, expected, s).value;
}

/** {@link toolCorrectness} with the pairs each way of scoring took (by index for the exact match). */
export function toolCorrectnessScore(
  called: readonly MadeToolCall[],
  expected: readonly ReferenceToolCall[],
  s: ToolCorrectnessSettings,
): ToolCorrectnessScore {
  let score: number;
  let pairs: ScoredPairs;
  if (s.shouldExactMatch) {
    score = exactMatchScore(called, expected, s);
    pairs = exactMatchPairs(called, expected, s);
  } else if (s.shouldConsiderOrdering) {
    pairs = weightedLcsPairs(called, expected, s);
    if (expected.length === 0) score = called.length === 0 ? 1 : 0;
    else score = sumScores(pairs) / expected.length;
  } else {
    score = nonExactMatchScore(called, expected, s);
    pairs = nonExactMatchPairs(called, expected, s);
  }
  const decided = pairs
    .filter((p) => p.score > 0)
    .map(
      (p): DecidedPair => ({
        made: p.made,
        reference: p.reference,
        status: p.score >= 1 ? "matched" : "partial",
        score: p.score,
      }),
    );
  return {
    value: s.strictMode && score < 1 ? 0 : score,
    callMatching: callMatching(
      called,
      expected,
      decided,
      { equal: eq, ignored: () => !s.evaluationParams.includes("input_parameters") },
      "referenceToolCalls",
    ),
  };
}

/**
 * The first expected call without arguments that a made call of its name, with arguments, would be compared
 * with: DeepEval's `_compare_dicts` raises on an expected tool without `input_parameters` (None) there, so
 * such a row has no score. Only when `input_parameters` is evaluated and not by exact match (which compares
 * with `==`). Undefined when there is none.
 *
 * @example
 * argumentlessExpectedCall([{ name: "a", args: { x: 1 } }], [{ name: "a", args: {} }], settings); // { index: 0, ... }
 */
export function argumentlessExpectedCall(
  called: readonly MadeToolCall[],
  expected: readonly ReferenceToolCall[],
  s: ToolCorrectnessSettings,
): { index: number; name: string; calledArgs: string[] } | undefined {
  if (s.shouldExactMatch || !s.evaluationParams.includes("input_parameters")) return undefined;
  for (const [index, e] of expected.entries()) {
    if (Object.keys(e.args).length > 0) continue;
    const made = called.find((c) => c.name === e.name && Object.keys(c.args).length > 0);
    if (made !== undefined) return { index, name: e.name, calledArgs: Object.keys(made.args) };
  }
  return undefined;
}
