// tool_correctness against vectors worked out by hand from DeepEval 4.1.10 (commit a2e0d4cf),
// deepeval/metrics/tool_correctness/tool_correctness.py (_calculate_score and its helpers) and
// deepeval/test_case/llm_test_case.py (ToolCall.__eq__: name, input_parameters, output).
import { describe, expect, it } from "vitest";
import { ToolCorrectness } from "../../../src/metrics/tool-correctness/metric.js";
import {
  compareArgs,
  type ToolCorrectnessSettings,
  toolCorrectness,
} from "../../../src/metrics/tool-correctness/score.js";
import type { MadeToolCall, ReferenceToolCall } from "../../../src/sample/conversation/messages.js";

const call = (name: string, args: MadeToolCall["args"] = {}, output?: string): MadeToolCall => ({
  name,
  args,
  ...(output !== undefined ? { output } : {}),
});
const settings = (over: Partial<ToolCorrectnessSettings> = {}): ToolCorrectnessSettings => ({
  shouldConsiderOrdering: false,
  shouldExactMatch: false,
  evaluationParams: [],
  strictMode: false,
  ...over,
});
const params = ["input_parameters"] as const;

describe("tool_correctness (DeepEval ToolCorrectnessMetric, no judge)", () => {
  /** [what, called, expected, settings, score] */
  const vectors: Array<[string, MadeToolCall[], ReferenceToolCall[], ToolCorrectnessSettings, number]> = [
    ["both empty: 1", [], [], settings(), 1],
    ["nothing expected: 0", [call("a")], [], settings(), 0],
    ["nothing called: 0", [], [call("a")], settings(), 0],
    ["one of two expected", [call("a")], [call("a"), call("b")], settings(), 0.5],
    ["names only: args not read", [call("a", { x: 1 })], [call("a", { x: 2 })], settings(), 1],
    [
      "input parameters: half the keys equal",
      [call("a", { x: 1, y: 2 })],
      [call("a", { x: 1, y: 3 })],
      settings({ evaluationParams: [...params] }),
      0.5,
    ],
    [
      "input parameters: keys of either side count",
      [call("a", { x: 1, extra: 0 })],
      [call("a", { x: 1 })],
      settings({ evaluationParams: [...params] }),
      0.5,
    ],
    [
      "input parameters: 10 is not '10'",
      [call("a", { x: 10 })],
      [call("a", { x: "10" })],
      settings({ evaluationParams: [...params] }),
      0,
    ],
    [
      "input parameters: true == 1",
      [call("a", { x: true })],
      [call("a", { x: 1 })],
      settings({ evaluationParams: [...params] }),
      1,
    ],
    [
      "input parameters: nested objects share their credit",
      [call("a", { o: { p: 1, q: 2 }, z: 1 })],
      [call("a", { o: { p: 1, q: 3 }, z: 1 })],
      settings({ evaluationParams: [...params] }),
      0.5 / 2 + 1 / 2,
    ],
    [
      "output compared",
      [call("a", {}, "4°C")],
      [{ name: "a", args: {}, output: "5°C" }],
      settings({ evaluationParams: ["output"] }),
      0,
    ],
    [
      "output equal",
      [call("a", {}, "4°C")],
      [{ name: "a", args: {}, output: "4°C" }],
      settings({ evaluationParams: ["output"] }),
      1,
    ],
    [
      "no output on either side: None == None",
      [call("a")],
      [call("a")],
      settings({ evaluationParams: ["output"] }),
      1,
    ],
    [
      "duplicated identical calls: the second cannot be taken (ToolCall equality)",
      [call("a"), call("a")],
      [call("a"), call("a")],
      settings(),
      0.5,
    ],
    [
      "duplicated calls with different outputs are distinct",
      [call("a", {}, "1"), call("a", {}, "2")],
      [call("a"), call("a")],
      settings(),
      1,
    ],
    [
      "best match wins, not the first",
      [call("a", { x: 9 }), call("a", { x: 1 })],
      [call("a", { x: 1 })],
      settings({ evaluationParams: [...params] }),
      1,
    ],
    [
      "ordering: LCS of 2 over 3 expected",
      [call("b"), call("a"), call("c")],
      [call("a"), call("b"), call("c")],
      settings({ shouldConsiderOrdering: true }),
      2 / 3,
    ],
    ["ordering: both empty", [], [], settings({ shouldConsiderOrdering: true }), 1],
    ["ordering: nothing expected", [call("a")], [], settings({ shouldConsiderOrdering: true }), 0],
    [
      "ordering with parameters: pair scores along the LCS",
      [call("a", { x: 1, y: 2 }), call("b")],
      [call("a", { x: 1, y: 9 }), call("b")],
      settings({ shouldConsiderOrdering: true, evaluationParams: [...params] }),
      (0.5 + 1) / 2,
    ],
    [
      "exact: same list",
      [call("a"), call("b")],
      [call("a"), call("b")],
      settings({ shouldExactMatch: true }),
      1,
    ],
    [
      "exact: other order",
      [call("b"), call("a")],
      [call("a"), call("b")],
      settings({ shouldExactMatch: true }),
      0,
    ],
    ["exact: both empty", [], [], settings({ shouldExactMatch: true }), 1],
    [
      "exact: params must be equal",
      [call("a", { x: 1 })],
      [call("a", { x: 2 })],
      settings({ shouldExactMatch: true, evaluationParams: [...params] }),
      0,
    ],
    [
      "exact wins over ordering",
      [call("b"), call("a")],
      [call("a"), call("b")],
      settings({ shouldExactMatch: true, shouldConsiderOrdering: true }),
      0,
    ],
    ["strict mode: below 1 is 0", [call("a")], [call("a"), call("b")], settings({ strictMode: true }), 0],
  ];
  it.each(vectors)("%s", (_what, called, expected, s, score) => {
    expect(toolCorrectness(called, expected, s)).toBeCloseTo(score, 15);
  });

  it("compares input parameters as DeepEval's _compare_dicts", () => {
    expect(compareArgs({ a: 1, b: 2 }, { a: 1, b: 3 }, false)).toBe(0.5);
    expect(compareArgs({ a: 1 }, { b: 1 }, false)).toBe(0);
    expect(compareArgs({}, {}, false)).toBe(1);
  });

  it("takes each call's result from the conversation as its output", async () => {
    const metric = new ToolCorrectness({ evaluationParams: ["input_parameters", "output"] });
    const result = await metric.score({
      messages: [
        {
          role: "assistant",
          content: "",
          toolCalls: [{ name: "weather", args: { city: "Oslo" }, id: "c1" }],
        },
        { role: "tool", content: "4°C", toolCallId: "c1" },
      ],
      referenceToolCalls: [{ name: "weather", args: { city: "Oslo" }, output: "4°C" }],
    });
    expect(result).toMatchObject({ value: 1, status: "ok" });
    expect(metric.config().options).toMatchObject({ evaluationParams: "input_parameters,output" });
  });

  it("an expected call without arguments against a call with some is a row error naming both (DeepEval raises)", async () => {
    const messages = [
      {
        role: "assistant" as const,
        content: "",
        toolCalls: [{ name: "weather", args: { city: "Oslo", days: 2 } }],
      },
    ];
    const referenceToolCalls = [{ name: "weather", args: {} }];
    for (const options of [
      { evaluationParams: ["input_parameters" as const] },
      { evaluationParams: ["input_parameters" as const], shouldConsiderOrdering: true },
    ]) {
      const result = await new ToolCorrectness(options).score({ messages, referenceToolCalls });
      expect(result).toMatchObject({ value: null, status: "error" });
      expect(result.error).toMatch(
        /referenceToolCalls\[0\] \(weather\) gives no arguments, but weather was called with city, days.*leave input_parameters out of evaluationParams/,
      );
    }
    // Names only, exact match (DeepEval compares with ==), or no arguments on either side: scored as before.
    const namesOnly = await new ToolCorrectness().score({ messages, referenceToolCalls });
    expect(namesOnly).toMatchObject({ value: 1, status: "ok" });
    const exact = await new ToolCorrectness({
      evaluationParams: ["input_parameters"],
      shouldExactMatch: true,
    }).score({
      messages,
      referenceToolCalls,
    });
    expect(exact).toMatchObject({ value: 0, status: "ok" });
    const bothEmpty = await new ToolCorrectness({ evaluationParams: ["input_parameters"] }).score({
      messages: [{ role: "assistant", content: "", toolCalls: [{ name: "weather", args: {} }] }],
      referenceToolCalls,
    });
    expect(bothEmpty).toMatchObject({ value: 1, status: "ok" });
  });
});
