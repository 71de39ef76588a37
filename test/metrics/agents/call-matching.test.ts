// details.callMatching of the tool-call metrics: which made call each metric paired with which expected call, from
// the pairs its own formula took, and the leftovers named as missing, extra or an argument mismatch.
import { describe, expect, it } from "vitest";
import { toolCallAccuracy } from "../../../src/metrics/tool-call-accuracy/score.js";
import { ToolCallF1 } from "../../../src/metrics/tool-call-f1/metric.js";
import { toolCorrectnessScore } from "../../../src/metrics/tool-correctness/score.js";
import { TrajectoryMatch } from "../../../src/metrics/trajectory-match/metric.js";
import { trajectoryMatchPairs } from "../../../src/metrics/trajectory-match/score.js";
import type { ConversationMessage, ToolCall } from "../../../src/sample/conversation/messages.js";

const call = (name: string, args: ToolCall["args"] = {}): ToolCall => ({ name, args });
const assistant = (...toolCalls: ToolCall[]): ConversationMessage => ({
  role: "assistant",
  content: "",
  toolCalls,
});
const settings = { toolArgsMatchMode: "exact", toolArgsMatchOverrides: {}, valueEquality: "python" } as const;

describe("tool_call_accuracy pairs", () => {
  it("pairs by position, scores each pair and names each argument", () => {
    const made = [call("search", { q: "oslo", n: 3 }), call("book", { id: 1 })];
    const reference = [call("search", { q: "oslo", n: 5 }), call("book", { id: "1" })];
    const { pairs } = toolCallAccuracy(made, reference, true).callMatching;
    expect(pairs).toEqual([
      {
        made: 0,
        reference: 0,
        name: "search",
        status: "partial",
        score: 0.5,
        args: [
          { key: "q", result: "equal" },
          { key: "n", result: "different" },
        ],
      },
      {
        made: 1,
        reference: 1,
        name: "book",
        status: "matched",
        score: 1,
        args: [{ key: "id", result: "equal" }],
      },
    ]);
  });

  it("keeps the sample's indexes when strictOrder is false sorts the calls", () => {
    const made = [call("b"), call("a")];
    const reference = [call("a"), call("b")];
    const result = toolCallAccuracy(made, reference, false);
    expect(result.value).toBe(1);
    expect(result.callMatching.pairs.map((p) => [p.made, p.reference, p.status])).toEqual([
      [1, 0, "matched"],
      [0, 1, "matched"],
    ]);
  });

  it("names a missing call, an extra call and a call of another tool at the same position", () => {
    const made = [call("lookup"), call("weather", { city: "Oslo" })];
    const reference = [call("weather", { city: "Bergen" }), call("notify")];
    const { pairs } = toolCallAccuracy(made, reference, true).callMatching;
    expect(pairs.map((p) => [p.made, p.reference, p.name, p.status])).toEqual([
      [1, 0, "weather", "argsMismatch"],
      [null, 1, "notify", "missing"],
      [0, null, "lookup", "extra"],
    ]);
    expect(pairs[0]!.args).toEqual([{ key: "city", result: "different" }]);
  });
});

describe("tool_call_f1 pairs", () => {
  it("pairs equal calls, lists a repeated call once and shows a same-tool leftover as an argument mismatch", async () => {
    const result = await new ToolCallF1().score({
      messages: [assistant(call("a", { x: 1 }), call("a", { x: 1 }), call("b", { y: 2 }))],
      referenceToolCalls: [
        { name: "a", args: { x: 1 } },
        { name: "b", args: { y: 3, z: 0 } },
        { name: "c", args: {} },
      ],
    });
    const pairs = (result.details as { callMatching: { pairs: unknown[] } }).callMatching.pairs;
    expect(pairs).toEqual([
      { made: 0, reference: 0, name: "a", status: "matched", args: [{ key: "x", result: "equal" }] },
      {
        made: 2,
        reference: 1,
        name: "b",
        status: "argsMismatch",
        args: [
          { key: "y", result: "different" },
          { key: "z", result: "missing" },
        ],
      },
      { made: null, reference: 2, name: "c", status: "missing" },
    ]);
  });
});

describe("tool_correctness pairs", () => {
  const base = { evaluationParams: ["input_parameters"] as const, strictMode: false };
  it("takes the weighted LCS's pairs with ordering, and the best-scoring pairs without", () => {
    const called = [call("a", { x: 1, y: 1 }), call("b")];
    const expected = [call("b"), call("a", { x: 1, y: 2 })];
    const ordered = toolCorrectnessScore(called, expected, {
      ...base,
      shouldConsiderOrdering: true,
      shouldExactMatch: false,
    });
    // The LCS keeps b; the call of a, out of order, is left over and shown beside the expected a.
    expect(ordered.value).toBe(0.5);
    expect(ordered.callMatching.pairs.map((p) => [p.made, p.reference, p.status, p.score])).toEqual([
      [1, 0, "matched", 1],
      [0, 1, "argsMismatch", undefined],
    ]);
    const sameArgs = toolCorrectnessScore([call("a"), call("b")], [call("b"), call("a")], {
      ...base,
      shouldConsiderOrdering: true,
      shouldExactMatch: false,
    });
    expect(sameArgs.callMatching.pairs.map((p) => [p.made, p.reference, p.status])).toEqual([
      [1, 0, "matched"],
      [0, 1, "outOfOrder"],
    ]);
    const unordered = toolCorrectnessScore(called, expected, {
      ...base,
      shouldConsiderOrdering: false,
      shouldExactMatch: false,
    });
    expect(unordered.value).toBeCloseTo(0.75);
    expect(unordered.callMatching.pairs.map((p) => [p.made, p.reference, p.status, p.score])).toEqual([
      [1, 0, "matched", 1],
      [0, 1, "partial", 0.5],
    ]);
  });
});

describe("trajectory_match pairs", () => {
  it("strict: pairs the calls of each assistant message and names the call whose arguments differ", () => {
    const outputs = [assistant(call("search", { q: "x" })), assistant(call("fetch", { id: 1 }))];
    const reference = [assistant(call("search", { q: "x" })), assistant(call("fetch", { id: 2 }))];
    const result = trajectoryMatchPairs(outputs, reference, "strict", settings);
    expect(result.match).toBe(false);
    expect(result.callMatching).toEqual({
      referenceField: "referenceMessages",
      pairs: [
        { made: 0, reference: 0, name: "search", status: "matched", args: [{ key: "q", result: "equal" }] },
        {
          made: 1,
          reference: 1,
          name: "fetch",
          status: "argsMismatch",
          args: [{ key: "id", result: "different" }],
        },
      ],
    });
  });

  it("strict: a call made in another message is shown as such, never as out of order; the score is unchanged", async () => {
    // The agent called lookup where search was expected, then search one message later: the messages differ.
    const messages = [assistant(call("lookup", { q: "x" })), assistant(call("search", { q: "x" }))];
    const referenceMessages = [assistant(call("search", { q: "x" }))];
    const result = await new TrajectoryMatch({ trajectoryMatchMode: "strict" }).score({
      messages,
      referenceMessages,
    });
    expect(result.value).toBe(0);
    expect(result.details?.callMatching).toEqual({
      referenceField: "referenceMessages",
      pairs: [
        {
          made: 1,
          reference: 0,
          name: "search",
          status: "otherMessage",
          args: [{ key: "q", result: "equal" }],
        },
        { made: 0, reference: null, name: "lookup", status: "extra" },
      ],
    });
    // A call of the expected tool in the same message is preferred, and differs in its arguments there.
    const sameMessage = trajectoryMatchPairs(
      [assistant(call("fetch", { id: 1 })), assistant(call("fetch", { id: 2 }))],
      [assistant(call("search")), assistant(call("fetch", { id: 3 }))],
      "strict",
      settings,
    );
    expect(sameMessage.match).toBe(false);
    expect(sameMessage.callMatching.pairs.map((p) => [p.made, p.reference, p.status])).toEqual([
      [null, 0, "missing"],
      [1, 1, "argsMismatch"],
      [0, null, "extra"],
    ]);
    // The other modes keep showing a leftover of the same tool beside its expected call by its arguments.
    const superset = trajectoryMatchPairs(
      messages,
      [assistant(call("search", { q: "y" }))],
      "superset",
      settings,
    );
    expect(superset.callMatching.pairs.map((p) => [p.made, p.reference, p.status])).toEqual([
      [1, 0, "argsMismatch"],
      [0, null, "extra"],
    ]);
  });

  it("superset: an extra call is listed and the trajectory still matches; ignore marks arguments ignored", async () => {
    const result = await new TrajectoryMatch({
      trajectoryMatchMode: "superset",
      toolArgsMatchMode: "ignore",
    }).score({
      messages: [assistant(call("search", { q: "x" }), call("log"))],
      referenceMessages: [assistant(call("search", { q: "y" }))],
    });
    expect(result.value).toBe(1);
    expect(result.details?.callMatching).toEqual({
      referenceField: "referenceMessages",
      pairs: [
        { made: 0, reference: 0, name: "search", status: "matched", args: [{ key: "q", result: "ignored" }] },
        { made: 1, reference: null, name: "log", status: "extra" },
      ],
    });
  });

  it("subset and unordered give the same verdicts as before, from the pairs they took", () => {
    const outputs = [assistant(call("a"), call("b"))];
    const reference = [assistant(call("b"), call("a"), call("c"))];
    expect(trajectoryMatchPairs(outputs, reference, "subset", settings).match).toBe(true);
    const unordered = trajectoryMatchPairs(outputs, reference, "unordered", settings);
    expect(unordered.match).toBe(false);
    expect(unordered.callMatching.pairs.map((p) => [p.made, p.reference, p.status])).toEqual([
      [1, 0, "matched"],
      [0, 1, "matched"],
      [null, 2, "missing"],
    ]);
  });
});
