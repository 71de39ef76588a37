// DeepEval ToolCorrectnessMetric, the part without a judge (deepeval 4.1.10,
// deepeval/metrics/tool_correctness/tool_correctness.py), rewritten from its rules. DeepEval's tool `type` is not
// read: every call here is a function call.
import { InvalidInputError } from "../../errors.js";
import type { JsonValue, MadeToolCall, ReferenceToolCall } from "../../sample/conversation/messages.js";
import { pythonValueKey, valuesEqual } from "../../sample/python-value.js";
import { OrderedGroups } from "../../util/ordered-groups.js";
import { type CallMatching, callMatching, type DecidedPair } from "../shared/conversation/call-pairing.js";

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

/** A key two calls share exactly when DeepEval's `ToolCall.__eq__` says they are equal: name, arguments, output. */
function callClass(call: MadeToolCall): string {
  return `${JSON.stringify(call.name)}:${pythonValueKey(call.args)}:${pythonValueKey(call.output ?? null)}`;
}

/**
 * The pairs {@link nonExactMatchScore} takes, each with its best score. DeepEval compares each expected tool with
 * every called one; here the calls are grouped first. Without `input_parameters` a pair scores 1 or 0, so the best
 * is the first free call of the same name (and output, with `output`), found by its group; with `input_parameters`
 * the free calls of the same name are scored one by one, as DeepEval does (partial credit has no shortcut), which
 * {@link toolCorrectnessWork} bounds.
 */
function nonExactMatchPairs(
  called: readonly MadeToolCall[],
  expected: readonly ReferenceToolCall[],
  s: ToolCorrectnessSettings,
): ScoredPairs {
  const byArgs = s.evaluationParams.includes("input_parameters");
  const byOutput = s.evaluationParams.includes("output");
  const classes = called.map(callClass);
  const taken = new Set<string>();
  const free = (m: number) => !taken.has(classes[m]!);
  const fullKey = (call: { name: string; output?: JsonValue | undefined }) =>
    byOutput
      ? `${JSON.stringify(call.name)}:${pythonValueKey(call.output ?? null)}`
      : JSON.stringify(call.name);
  const groups = OrderedGroups.of(called.map((c) => (byArgs ? c.name : fullKey(c))));
  const pairs: ScoredPairs = [];
  expected.forEach((e, r) => {
    let best = 0;
    let bestAt = -1;
    if (!byArgs) {
      bestAt = groups.first(fullKey(e), free);
      if (bestAt !== -1) best = 1;
    } else {
      for (const m of groups.all(e.name)) {
        if (!free(m)) continue;
        const score = pairScore(e, called[m]!, s);
        if (score > best) {
          best = score;
          bestAt = m;
        }
      }
    }
    if (best > 0 && bestAt !== -1) {
      pairs.push({ reference: r, made: bestAt, score: best });
      taken.add(classes[bestAt]!);
    }
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

/**
 * The most pairs of calls {@link toolCorrectnessScore} compares one by one in a row (about a second of work): with
 * `shouldConsiderOrdering` every expected call with every call made, with `input_parameters` every expected call with
 * every call of the same tool. Other settings group the calls and take time linear in their number, with no limit.
 */
export const MAX_COMPARED_CALL_PAIRS = 1_000_000;

/** The pairs of calls {@link toolCorrectnessScore} compares one by one under these settings (0 when it groups them). */
export function comparedCallPairs(
  called: readonly MadeToolCall[],
  expected: readonly ReferenceToolCall[],
  s: ToolCorrectnessSettings,
): number {
  if (s.shouldExactMatch) return 0;
  if (s.shouldConsiderOrdering) return called.length * expected.length;
  if (!s.evaluationParams.includes("input_parameters")) return 0;
  const calledOf = new Map<string, number>();
  for (const c of called) calledOf.set(c.name, (calledOf.get(c.name) ?? 0) + 1);
  return expected.reduce((sum, e) => sum + (calledOf.get(e.name) ?? 0), 0);
}

/**
 * Why the calls are too many to score under these settings ({@link MAX_COMPARED_CALL_PAIRS}), and what to do; or
 * undefined.
 */
export function comparedCallPairsProblem(
  called: readonly MadeToolCall[],
  expected: readonly ReferenceToolCall[],
  s: ToolCorrectnessSettings,
): string | undefined {
  const pairs = comparedCallPairs(called, expected, s);
  if (pairs <= MAX_COMPARED_CALL_PAIRS) return undefined;
  const n = (x: number) => x.toLocaleString("en-US");
  const how = s.shouldConsiderOrdering
    ? "with shouldConsiderOrdering it compares every expected call with every call made"
    : "with evaluationParams input_parameters it compares every expected call with every call of the same tool";
  return (
    `${n(expected.length)} expected and ${n(called.length)} made tool calls are ${n(pairs)} pairs for tool_correctness ` +
    `(${how}), more than the ${n(MAX_COMPARED_CALL_PAIRS)} it compares in a row; split the conversation into ` +
    "smaller rows, or score it without that option"
  );
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

/**
 * {@link toolCorrectness} with the pairs each way of scoring took (by index for the exact match). Throws an
 * `InvalidInputError` when the calls are more than it compares ({@link comparedCallPairsProblem}).
 */
export function toolCorrectnessScore(
  called: readonly MadeToolCall[],
  expected: readonly ReferenceToolCall[],
  s: ToolCorrectnessSettings,
): ToolCorrectnessScore {
  const tooMany = comparedCallPairsProblem(called, expected, s);
  if (tooMany !== undefined) throw new InvalidInputError(tooMany);
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
