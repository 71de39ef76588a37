// The tool-call metrics group calls by a key (name, arguments by Python ==, output) instead of comparing every pair.
// The pair-by-pair versions they replaced are kept here as oracles: on seeded random conversations the results
// (value, counts and every pair of details.callMatching) must be the same.
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../../src/math/prng.js";
import {
  type ArgumentRule,
  type CallMatching,
  type CallPair,
  compareArguments,
  type DecidedPair,
} from "../../../src/metrics/shared/conversation/call-pairing.js";
import { toolCallF1 } from "../../../src/metrics/tool-call-f1/score.js";
import {
  compareArgs,
  type ToolCorrectnessSettings,
  toolCorrectnessScore,
} from "../../../src/metrics/tool-correctness/score.js";
import {
  type ConversationMessage,
  type JsonValue,
  type MadeToolCall,
  madeToolCalls,
  type ReferenceToolCall,
  type ToolCall,
} from "../../../src/sample/conversation/messages.js";
import { pythonValueKey, valuesEqual } from "../../../src/sample/python-value.js";

const eq = (a: JsonValue | undefined, b: JsonValue | undefined) =>
  valuesEqual(a ?? null, b ?? null, "python");

/** The former callMatching: leftovers found by scanning every made call. */
function oracleCallMatching(
  made: readonly ToolCall[],
  reference: readonly ToolCall[],
  decided: readonly DecidedPair[],
  rule: ArgumentRule,
  listed?: { made: readonly number[]; reference: readonly number[] },
): CallMatching {
  const madeTaken = new Set(decided.map((p) => p.made));
  const refTaken = new Set(decided.map((p) => p.reference));
  if (listed !== undefined) {
    for (let i = 0; i < made.length; i++) if (!listed.made.includes(i)) madeTaken.add(i);
    for (let i = 0; i < reference.length; i++) if (!listed.reference.includes(i)) refTaken.add(i);
  }
  const pair = (m: number, r: number, status: CallPair["status"], score?: number): CallPair => ({
    made: m,
    reference: r,
    name: reference[r]!.name,
    status,
    ...(score !== undefined ? { score } : {}),
    args: compareArguments(made[m]!.args, reference[r]!.args, rule),
  });
  const pairs: CallPair[] = decided.map((p) => pair(p.made, p.reference, p.status, p.score));
  reference.forEach((call, r) => {
    if (refTaken.has(r)) return;
    const m = made.findIndex((c, i) => !madeTaken.has(i) && c.name === call.name);
    if (m === -1) {
      pairs.push({ made: null, reference: r, name: call.name, status: "missing" });
      return;
    }
    madeTaken.add(m);
    const shown = pair(m, r, "argsMismatch");
    if (shown.args!.every((a) => a.result === "equal" || a.result === "ignored")) shown.status = "outOfOrder";
    pairs.push(shown);
  });
  made.forEach((call, m) => {
    if (!madeTaken.has(m)) pairs.push({ made: m, reference: null, name: call.name, status: "extra" });
  });
  const order = (p: CallPair) => p.reference ?? reference.length + (p.made ?? 0);
  return { referenceField: "referenceToolCalls", pairs: pairs.sort((a, b) => order(a) - order(b)) };
}

/** The former toolCallF1: distinct calls and matches found by comparing every pair. */
function oracleToolCallF1(made: readonly ToolCall[], reference: readonly ToolCall[]) {
  const same = (a: ToolCall, b: ToolCall) => a.name === b.name && valuesEqual(a.args, b.args, "python");
  const distinct = (calls: readonly ToolCall[]) => {
    const out: number[] = [];
    calls.forEach((call, i) => {
      if (!out.some((j) => same(calls[j]!, call))) out.push(i);
    });
    return out;
  };
  const actual = distinct(made);
  const expected = distinct(reference);
  const decided: DecidedPair[] = [];
  for (const a of actual) {
    const e = expected.find((j) => same(made[a]!, reference[j]!));
    if (e !== undefined) decided.push({ made: a, reference: e, status: "matched" });
  }
  const fn = expected.filter((e) => !actual.some((a) => same(made[a]!, reference[e]!))).length;
  const rule = { equal: (x: JsonValue, y: JsonValue) => valuesEqual(x, y, "python") };
  return {
    truePositives: decided.length,
    falsePositives: actual.length - decided.length,
    falseNegatives: fn,
    callMatching: oracleCallMatching(made, reference, decided, rule, { made: actual, reference: expected }),
  };
}

/** The former greedy of tool_correctness without ordering: every expected call against every called one. */
function oracleToolCorrectness(
  called: readonly MadeToolCall[],
  expected: readonly ReferenceToolCall[],
  s: ToolCorrectnessSettings,
) {
  const sameCall = (a: MadeToolCall, b: MadeToolCall) =>
    a.name === b.name && eq(a.args, b.args) && eq(a.output, b.output);
  const pairs: Array<{ reference: number; made: number; score: number }> = [];
  expected.forEach((e, r) => {
    let best = 0;
    let bestAt = -1;
    called.forEach((c, m) => {
      if (pairs.some((p) => sameCall(called[p.made]!, c)) || c.name !== e.name) return;
      let score = 1;
      if (s.evaluationParams.includes("input_parameters"))
        score *= compareArgs(e.args, c.args, s.shouldExactMatch);
      if (s.evaluationParams.includes("output") && !eq(e.output, c.output)) score = 0;
      if (score > best) [best, bestAt] = [score, m];
    });
    if (best > 0 && bestAt !== -1) pairs.push({ reference: r, made: bestAt, score: best });
  });
  const sum = pairs.reduce((total, p) => total + p.score, 0);
  const score = expected.length === 0 ? (called.length === 0 ? 1 : 0) : sum / expected.length;
  const decided = pairs.map((p): DecidedPair => ({ ...p, status: p.score >= 1 ? "matched" : "partial" }));
  const rule = { equal: eq, ignored: () => !s.evaluationParams.includes("input_parameters") };
  return {
    value: s.strictMode && score < 1 ? 0 : score,
    callMatching: oracleCallMatching(called, expected, decided, rule),
  };
}

/** The former madeToolCalls: the waiting calls searched and spliced per tool message. */
function oracleMadeToolCalls(messages: readonly ConversationMessage[]): MadeToolCall[] {
  const calls: MadeToolCall[] = [];
  const waiting: MadeToolCall[] = [];
  for (const message of messages) {
    if (message.role === "assistant") {
      for (const call of message.toolCalls) {
        const made: MadeToolCall = { ...call };
        calls.push(made);
        waiting.push(made);
      }
    } else if (message.role === "tool") {
      const id = message.toolCallId;
      const byId = id !== undefined ? waiting.findIndex((c) => c.id === id) : -1;
      const at = byId !== -1 ? byId : waiting.findIndex((c) => c.id === undefined || id === undefined);
      if (at !== -1) {
        waiting[at]!.output = message.content;
        waiting.splice(at, 1);
      }
    }
  }
  return calls;
}

// Argument values that Python's == finds equal in some pairs and not in others.
const argValues: JsonValue[] = [
  1,
  true,
  "1",
  0,
  false,
  null,
  -0,
  2.5,
  [1, 2],
  [1, true],
  [2, 1],
  { z: 1 },
  { z: true },
];
const argKeys = ["x", "y", "z"];

function randomCalls(next: () => number, count: number): ReferenceToolCall[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  return Array.from({ length: count }, () => {
    const args: Record<string, JsonValue> = {};
    for (const key of argKeys) if (next() < 0.5) args[key] = pick(argValues);
    const output = pick([undefined, "r1", "r2"]);
    return { name: pick(["a", "b", "c"]), args, ...(output !== undefined ? { output } : {}) };
  });
}

function randomConversation(next: () => number, count: number): ConversationMessage[] {
  const ids = [undefined, "c1", "c2", "c3"];
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  return randomCalls(next, count).flatMap(({ name, args }): ConversationMessage[] => {
    const id = pick(ids);
    const call = { name, args, ...(id !== undefined ? { id } : {}) };
    const message: ConversationMessage = { role: "assistant", content: "", toolCalls: [call] };
    if (next() < 0.4) return [message];
    const answer = pick(ids);
    const result = { role: "tool" as const, content: pick(["r1", "r2"]) };
    return [message, answer !== undefined ? { ...result, toolCallId: answer } : result];
  });
}

const settingsList: ToolCorrectnessSettings[] = [
  [],
  ["output"],
  ["input_parameters"],
  ["input_parameters", "output"],
]
  .flatMap((evaluationParams) => [false, true].map((strictMode) => ({ evaluationParams, strictMode })))
  .map((s) => ({
    shouldConsiderOrdering: false,
    shouldExactMatch: false,
    evaluationParams: s.evaluationParams as ToolCorrectnessSettings["evaluationParams"],
    strictMode: s.strictMode,
  }));

describe("grouped matching gives what pair-by-pair matching gave", () => {
  const cases = 1000;

  it("pythonValueKey agrees with Python == on every pair of the argument values", () => {
    for (const a of argValues)
      for (const b of argValues) expect(pythonValueKey(a) === pythonValueKey(b), `${a} ${b}`).toBe(eq(a, b));
  });

  it(`madeToolCalls pairs results with calls as before (${cases} seeded conversations)`, () => {
    const next = mulberry32(41);
    for (let i = 0; i < cases; i++) {
      const messages = randomConversation(next, Math.floor(next() * 12));
      expect(madeToolCalls(messages)).toEqual(oracleMadeToolCalls(messages));
    }
  });

  it(`tool_call_f1: the same counts, score and pairs (${cases} seeded cases)`, () => {
    const next = mulberry32(4101);
    for (let i = 0; i < cases; i++) {
      const made = randomCalls(next, Math.floor(next() * 10));
      const reference = randomCalls(next, Math.floor(next() * 10));
      const { value: _, ...got } = toolCallF1(made, reference);
      expect(got).toEqual(oracleToolCallF1(made, reference));
    }
  });

  it(`tool_correctness without ordering: the same score and pairs under every setting (${cases} seeded cases each)`, () => {
    const next = mulberry32(4102);
    for (const s of settingsList) {
      for (let i = 0; i < cases; i++) {
        const called = madeToolCalls(randomConversation(next, Math.floor(next() * 10)));
        const expected = randomCalls(next, Math.floor(next() * 10));
        expect(toolCorrectnessScore(called, expected, s), JSON.stringify(s)).toEqual(
          oracleToolCorrectness(called, expected, s),
        );
      }
    }
  });
});
