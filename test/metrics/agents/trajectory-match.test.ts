// trajectory_match against vectors worked out by hand from agentevals 0.0.9 (commit 946ad15b),
// python/agentevals/trajectory/{strict,unordered,subset,superset,utils}.py; `valueEquality: "strict"` follows its
// JavaScript package, js/src/trajectory/utils.ts (deep equality without coercion).
import { describe, expect, it } from "vitest";
import { TrajectoryMatch } from "../../../src/metrics/trajectory-match/metric.js";
import {
  type TrajectoryMatchMode,
  type TrajectoryMatchSettings,
  trajectoryMatch,
} from "../../../src/metrics/trajectory-match/score.js";
import type { ConversationMessage, ToolCall } from "../../../src/sample/conversation/messages.js";

const call = (name: string, args: ToolCall["args"] = {}): ToolCall => ({ name, args });
const user = (content = "q"): ConversationMessage => ({ role: "user", content });
const ai = (...toolCalls: ToolCall[]): ConversationMessage => ({ role: "assistant", content: "", toolCalls });
const tool = (content = "r"): ConversationMessage => ({ role: "tool", content });
const settings = (over: Partial<TrajectoryMatchSettings> = {}): TrajectoryMatchSettings => ({
  toolArgsMatchMode: "exact",
  toolArgsMatchOverrides: {},
  valueEquality: "python",
  ...over,
});

describe("trajectory_match (agentevals create_trajectory_match_evaluator)", () => {
  const made = [
    user(),
    ai(call("search", { q: "x", n: 1 })),
    tool(),
    ai(call("fetch", { id: 7 })),
    tool(),
    ai(),
  ];
  /** [what, outputs, reference, mode, settings, expected] */
  const vectors: Array<
    [
      string,
      ConversationMessage[],
      ConversationMessage[],
      TrajectoryMatchMode,
      TrajectoryMatchSettings,
      boolean,
    ]
  > = [
    ["strict: the same trajectory", made, made, "strict", settings(), true],
    ["strict: both empty", [], [], "strict", settings(), true],
    ["strict: a message more", [...made, ai()], made, "strict", settings(), false],
    ["strict: a role differs", [user(), ai()], [user(), user()], "strict", settings(), false],
    [
      "strict: text messages are not compared",
      [user("a"), ai()],
      [user("b"), ai()],
      "strict",
      settings(),
      true,
    ],
    ["strict: tool calls on one side only", [ai(call("a"))], [ai()], "strict", settings(), false],
    [
      "strict: calls of one message in any order",
      [ai(call("a"), call("b"))],
      [ai(call("b"), call("a"))],
      "strict",
      settings(),
      true,
    ],
    [
      "strict: the same calls in other messages",
      [ai(call("a")), ai(call("b"))],
      [ai(call("b")), ai(call("a"))],
      "strict",
      settings(),
      false,
    ],
    [
      "strict: args differ (exact)",
      [ai(call("a", { x: 1 }))],
      [ai(call("a", { x: 2 }))],
      "strict",
      settings(),
      false,
    ],
    [
      "strict: args differ (ignore)",
      [ai(call("a", { x: 1 }))],
      [ai(call("a", { x: 2 }))],
      "strict",
      settings({ toolArgsMatchMode: "ignore" }),
      true,
    ],
    [
      "exact: 10 is not '10'",
      [ai(call("a", { x: 10 }))],
      [ai(call("a", { x: "10" }))],
      "strict",
      settings(),
      false,
    ],
    [
      "exact, python: true == 1",
      [ai(call("a", { x: true }))],
      [ai(call("a", { x: 1 }))],
      "strict",
      settings(),
      true,
    ],
    [
      "exact, strict equality: true is not 1",
      [ai(call("a", { x: true }))],
      [ai(call("a", { x: 1 }))],
      "strict",
      settings({ valueEquality: "strict" }),
      false,
    ],
    [
      "exact: nested keys in another order are equal",
      [ai(call("a", { o: { p: 1, q: 2 } }))],
      [ai(call("a", { o: { q: 2, p: 1 } }))],
      "strict",
      settings(),
      true,
    ],
    [
      "unordered: same calls, other order and messages",
      [ai(call("b")), ai(call("a"))],
      [ai(call("a"), call("b"))],
      "unordered",
      settings(),
      true,
    ],
    [
      "unordered: a duplicated call is not matched",
      [ai(call("a"), call("a"))],
      [ai(call("a"))],
      "unordered",
      settings(),
      false,
    ],
    ["unordered: both without calls", [user()], [user(), ai()], "unordered", settings(), true],
    [
      "superset: an extra call made",
      [ai(call("a"), call("b"))],
      [ai(call("a"))],
      "superset",
      settings(),
      true,
    ],
    [
      "superset: a reference call missing",
      [ai(call("a"))],
      [ai(call("a"), call("b"))],
      "superset",
      settings(),
      false,
    ],
    ["superset: nothing expected", [ai(call("a"))], [], "superset", settings(), true],
    ["subset: fewer calls made", [ai(call("a"))], [ai(call("a"), call("b"))], "subset", settings(), true],
    ["subset: nothing made", [], [ai(call("a"))], "subset", settings(), true],
    ["subset: an extra call", [ai(call("a"), call("c"))], [ai(call("a"))], "subset", settings(), false],
    [
      "superset + args subset: the made call's args are among the reference's",
      [ai(call("a", { x: 1 }))],
      [ai(call("a", { x: 1, y: 2 }))],
      "superset",
      settings({ toolArgsMatchMode: "subset" }),
      true,
    ],
    [
      "subset + args subset: the matcher gets the reference's args first, so the reference's must be among the made's",
      [ai(call("a", { x: 1 }))],
      [ai(call("a", { x: 1, y: 2 }))],
      "subset",
      settings({ toolArgsMatchMode: "subset" }),
      false,
    ],
    [
      "superset + args superset: the reference's args are among the made call's",
      [ai(call("a", { x: 1, y: 2 }))],
      [ai(call("a", { x: 1 }))],
      "superset",
      settings({ toolArgsMatchMode: "superset" }),
      true,
    ],
    [
      "an override mode for one tool",
      [ai(call("a", { x: 1 }), call("b", { y: 1 }))],
      [ai(call("a", { x: 2 }), call("b", { y: 1 }))],
      "unordered",
      settings({ toolArgsMatchOverrides: { a: "ignore" } }),
      true,
    ],
    [
      "an override of key paths: only those must be equal",
      [ai(call("a", { q: { text: "x" }, page: 1 }))],
      [ai(call("a", { q: { text: "x" }, page: 2 }))],
      "strict",
      settings({ toolArgsMatchOverrides: { a: ["q.text"] } }),
      true,
    ],
    [
      "an override of key paths: a missing key and a null are both None",
      [ai(call("a", { q: null }))],
      [ai(call("a", {}))],
      "strict",
      settings({ toolArgsMatchOverrides: { a: ["q"] } }),
      true,
    ],
    [
      "an empty override list is falsy: the default mode applies",
      [ai(call("a", { x: 1 }))],
      [ai(call("a", { x: 2 }))],
      "strict",
      settings({ toolArgsMatchOverrides: { a: [] } }),
      false,
    ],
  ];
  it.each(vectors)("%s", (_what, outputs, reference, mode, s, expected) => {
    expect(trajectoryMatch(outputs, reference, mode, s)).toBe(expected);
  });

  it("scores rows in any format and records its options", async () => {
    const metric = new TrajectoryMatch({
      trajectoryMatchMode: "superset",
      toolArgsMatchOverrides: { search: ["q"] },
    });
    const result = await metric.score({
      messages: [
        { role: "user", content: "q" },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            { id: "1", type: "function", function: { name: "search", arguments: '{"q": "x", "n": 3}' } },
          ],
        },
      ] as never,
      referenceMessages: [
        { type: "ai", content: "", tool_calls: [{ name: "search", args: { q: "x" } }] },
      ] as never,
    });
    expect(result).toMatchObject({ value: 1, status: "ok" });
    expect(metric.config().options).toEqual({
      trajectoryMatchMode: "superset",
      toolArgsMatchMode: "exact",
      toolArgsMatchOverrides: '{"search":["q"]}',
      valueEquality: "python",
    });
    expect(() => new TrajectoryMatch({ trajectoryMatchMode: "loose" as never })).toThrow(
      /trajectoryMatchMode/,
    );
  });
});
