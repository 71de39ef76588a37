// tool_call_accuracy and tool_call_f1 against vectors worked out by hand from Ragas' source: ragas 0.4.0
// (commit 3e28e9de), src/ragas/metrics/_tool_call_accuracy.py and src/ragas/metrics/_tool_call_f1.py. Each vector
// names the rule of that source it exercises.
import { describe, expect, it } from "vitest";
import { pythonRound } from "../../../src/math/python-round.js";
import { ToolCallAccuracy } from "../../../src/metrics/tool-call-accuracy/metric.js";
import { toolCallAccuracy } from "../../../src/metrics/tool-call-accuracy/score.js";
import { ToolCallF1 } from "../../../src/metrics/tool-call-f1/metric.js";
import { toolCallF1 } from "../../../src/metrics/tool-call-f1/score.js";
import type { ConversationMessage, ToolCall } from "../../../src/sample/conversation/messages.js";
import { pythonStr, valuesEqual } from "../../../src/sample/python-value.js";

const call = (name: string, args: ToolCall["args"] = {}): ToolCall => ({ name, args });
const conversation = (...calls: ToolCall[][]): ConversationMessage[] => [
  { role: "user", content: "q" },
  ...calls.map((toolCalls): ConversationMessage => ({ role: "assistant", content: "", toolCalls })),
];

describe("Python's value rules the references rely on", () => {
  it("round is half to even on the exact binary value", () => {
    expect(pythonRound(0.90625, 4)).toBe(0.9062);
    expect(pythonRound(0.90635, 4)).toBe(0.9063); // 0.90635 is below the half in binary
    expect(pythonRound(2.675, 2)).toBe(2.67);
    expect(pythonRound(2 / 3, 4)).toBe(0.6667);
    expect(pythonRound(0.125, 2)).toBe(0.12);
  });

  it("str gives Python's spelling", () => {
    expect([10, "10", true, null, 1.5, 1e-5, [1, "a"], { b: 1, a: "x" }].map((v) => pythonStr(v))).toEqual([
      "10",
      "10",
      "True",
      "None",
      "1.5",
      "1e-05",
      "[1, 'a']",
      "{'b': 1, 'a': 'x'}",
    ]);
  });

  it("== treats True as 1 and dicts in any key order as equal; strict equality does not", () => {
    expect(valuesEqual({ a: 1, b: { c: true } }, { b: { c: 1 }, a: 1.0 }, "python")).toBe(true);
    expect(valuesEqual(true, 1, "strict")).toBe(false);
    expect(valuesEqual(10, "10", "python")).toBe(false);
  });
});

describe("tool_call_accuracy (Ragas ToolCallAccuracy)", () => {
  /** [what, made, reference, strict_order, expected score] */
  const vectors: Array<[string, ToolCall[], ToolCall[], boolean, number]> = [
    ["both empty: 1.0", [], [], true, 1],
    ["nothing made: 0.0", [], [call("a")], true, 0],
    ["nothing expected: 0.0", [call("a")], [], true, 0],
    [
      "same calls, same args",
      [call("a", { x: 1 }), call("b", { y: "z" })],
      [call("a", { x: 1 }), call("b", { y: "z" })],
      true,
      1,
    ],
    ["10 against '10': str() equal", [call("a", { x: "10" })], [call("a", { x: 10 })], true, 1],
    ["true against 'True': str() equal", [call("a", { x: "True" })], [call("a", { x: true })], true, 1],
    ["true against 'true': str() differs", [call("a", { x: "true" })], [call("a", { x: true })], true, 0],
    [
      "nested keys in another order: str() differs",
      [call("a", { o: { q: 1, p: 2 } })],
      [call("a", { o: { p: 2, q: 1 } })],
      true,
      0,
    ],
    ["half the reference's args match", [call("a", { x: 1, y: 2 })], [call("a", { x: 1, y: 3 })], true, 0.5],
    [
      "an arg only the made call has does not count",
      [call("a", { x: 1, extra: 0 })],
      [call("a", { x: 1 })],
      true,
      1,
    ],
    ["reference without args, made call with args: 0", [call("a", { x: 1 })], [call("a")], true, 0],
    ["both without args: 1", [call("a")], [call("a")], true, 1],
    ["wrong order, strict: 0", [call("b"), call("a")], [call("a"), call("b")], true, 0],
    ["wrong order, flexible: 1", [call("b"), call("a")], [call("a"), call("b")], false, 1],
    [
      "flexible: same names sorted by their args",
      [call("s", { q: "y" }), call("s", { q: "x" })],
      [call("s", { q: "x" }), call("s", { q: "y" })],
      false,
      1,
    ],
    ["a call missing: names differ, 0", [call("a")], [call("a"), call("b")], true, 0],
    ["a duplicated call: names differ, 0", [call("a"), call("a")], [call("a")], true, 0],
    [
      "one of three args wrong in one of two calls: (1 + 2/3) / 2",
      [call("a", { x: 1 }), call("b", { p: 1, q: 2, r: 3 })],
      [call("a", { x: 1 }), call("b", { p: 1, q: 2, r: 4 })],
      true,
      (1 + 2 / 3) / 2,
    ],
  ];
  it.each(vectors)("%s", (_what, made, reference, strictOrder, expected) => {
    expect(toolCallAccuracy(made, reference, strictOrder).value).toBe(expected);
  });

  it("reads the tool calls of every assistant message of the conversation", async () => {
    const metric = new ToolCallAccuracy({ strictOrder: false });
    const result = await metric.score({
      messages: conversation([call("b", { y: 2 })], [call("a", { x: "1" })]),
      referenceToolCalls: [call("a", { x: 1 }), call("b", { y: 2 })],
    });
    expect(result).toMatchObject({ value: 1, status: "ok" });
    expect(metric.config().options).toEqual({ strictOrder: false });
  });

  it("names the row and the place of bad input", () => {
    const metric = new ToolCallAccuracy();
    expect(() => metric.scoreSync({ referenceToolCalls: [] }, 3)).toThrow(
      /messages.*is missing; give the agent's conversation/s,
    );
    expect(() =>
      metric.scoreSync(
        {
          messages: [
            { role: "assistant", tool_calls: [{ function: { name: "f", arguments: "{" } }] },
          ] as never,
          referenceToolCalls: [],
        },
        3,
      ),
    ).toThrow(
      /row 3.*messages\[0\]\.tool_calls\[0\]\.function\.arguments|messages\[0\]\.tool_calls\[0\]\.function\.arguments.*row 3/s,
    );
  });
});

describe("tool_call_f1 (Ragas ToolCallF1)", () => {
  /** [what, made, reference, expected score] */
  const vectors: Array<[string, ToolCall[], ToolCall[], number]> = [
    ["both empty: p = r = 0, so 0", [], [], 0],
    ["nothing made: 0", [], [call("a")], 0],
    ["nothing expected: 0", [call("a")], [], 0],
    ["one of two expected: 2·1·0.5/1.5 = 0.6667", [call("a")], [call("a"), call("b")], 0.6667],
    ["duplicates count once", [call("a"), call("a")], [call("a")], 1],
    ["args by ==: 1 equals true", [call("a", { x: true })], [call("a", { x: 1 })], 1],
    ["args by ==: 10 is not '10'", [call("a", { x: 10 })], [call("a", { x: "10" })], 0],
    ["args in another key order are equal", [call("a", { x: 1, y: 2 })], [call("a", { y: 2, x: 1 })], 1],
    [
      "2 of 3 made right, 2 of 4 expected: p 2/3, r 1/2, F1 4/7",
      [call("a"), call("b"), call("z")],
      [call("a"), call("b"), call("c"), call("d")],
      0.5714,
    ],
  ];
  it.each(vectors)("%s", (_what, made, reference, expected) => {
    expect(toolCallF1(made, reference).value).toBe(expected);
  });

  it("scores a conversation", async () => {
    const result = await new ToolCallF1().score({
      messages: conversation([call("a"), call("c")]),
      referenceToolCalls: [call("a"), call("b")],
    });
    expect(result).toMatchObject({
      value: 0.5,
      details: { truePositives: 1, falsePositives: 1, falseNegatives: 1 },
    });
  });
});
