// trajectory_tool_used, trajectory_tool_sequence, trajectory_tool_args_match and trajectory_step_count against
// vectors worked out by hand from promptfoo src/assertions/trajectory.ts (commit a5f000dbe3a1), trajectoryUtils.ts
// (step matching) and traceUtils.ts (matchesPattern: `*`, `?`, case-insensitive), over a conversation's steps.
import { describe, expect, it } from "vitest";
import { createMetric } from "../../../src/metrics/catalog.js";
import {
  TrajectoryStepCount,
  TrajectoryToolArgsMatch,
  TrajectoryToolSequence,
  TrajectoryToolUsed,
} from "../../../src/metrics/trajectory-assertions/metric.js";
import type { ConversationMessage, ToolCall } from "../../../src/sample/conversation/messages.js";

const call = (name: string, args: ToolCall["args"] = {}): ToolCall => ({ name, args });
const ai = (content: string, ...toolCalls: ToolCall[]): ConversationMessage => ({
  role: "assistant",
  content,
  toolCalls,
});
/** search, then fetch + fetch together, then an answer in words. */
const messages: ConversationMessage[] = [
  { role: "user", content: "Find the report" },
  ai("", call("search_docs", { q: "report", limit: 10, request_id: "r1" })),
  { role: "tool", content: "2 hits" },
  ai("Fetching both.", call("fetch", { id: 1 }), call("fetch", { id: 2, opts: { raw: true } })),
  { role: "tool", content: "a" },
  { role: "tool", content: "b" },
  ai("Here it is."),
];
const score = (metric: { scoreSync(s: { messages: ConversationMessage[] }): { value: number | null } }) =>
  metric.scoreSync({ messages }).value;

describe("trajectory_tool_used (promptfoo trajectory:tool-used)", () => {
  it.each([
    ["a name", "fetch", false, 1],
    ["a glob, case-insensitive", "SEARCH_*", false, 1],
    ["? is one character", "fetc?", false, 1],
    ["a tool not called", "delete", false, 0],
    ["all of a list", ["fetch", "search_docs"], false, 1],
    ["one of a list missing", ["fetch", "delete"], false, 0],
    ["inverse list: none may be called", ["delete", "drop"], true, 1],
    ["inverse list: one called fails", ["delete", "fetch"], true, 0],
    ["count within min and max", { name: "fetch", min: 2, max: 2 }, false, 1],
    ["count above max", { name: "fetch", max: 1 }, false, 0],
    ["min defaults to 1", { pattern: "delete" }, false, 0],
    ["min 0 passes with no call", { name: "delete", min: 0 }, false, 1],
  ] as const)("%s", (_what, value, inverse, expected) => {
    expect(score(new TrajectoryToolUsed({ value: value as never, inverse }))).toBe(expected);
  });
});

describe("trajectory_tool_sequence (promptfoo trajectory:tool-sequence)", () => {
  it.each([
    ["in order, gaps allowed", ["search_docs", "fetch"], 1],
    ["in order: order matters", ["fetch", "search_docs"], 0],
    ["in order: a step repeated must be called twice", ["fetch", "fetch"], 1],
    ["exact: every call in place", { mode: "exact", steps: ["search_docs", "fetch", "fetch"] }, 1],
    ["exact: a call left out fails", { mode: "exact", steps: ["search_docs", "fetch"] }, 0],
    ["groups: one turn calls both fetches", ["search_docs", ["fetch", "fetch"]], 1],
    [
      "groups exact: turns match one to one",
      { mode: "exact", steps: [["search_*"], [{ name: "fetch" }, "fetch"]] },
      1,
    ],
    ["groups: a turn must be the whole group", [["search_docs", "fetch"]], 0],
  ] as const)("%s", (_what, value, expected) => {
    expect(score(new TrajectoryToolSequence({ value: value as never }))).toBe(expected);
  });

  it("rejects an empty sequence or group when built, as promptfoo does", () => {
    expect(() => new TrajectoryToolSequence({ value: [] })).toThrow(/value/);
    expect(() => new TrajectoryToolSequence({ value: [[]] as never })).toThrow(/value/);
  });
});

describe("trajectory_tool_args_match (promptfoo trajectory:tool-args-match)", () => {
  it.each([
    ["partial: expected keys present", { name: "search_docs", args: { q: "report" } }, 1],
    ["partial: a value differs", { name: "search_docs", args: { q: "other" } }, 0],
    ["partial: 10 is not '10' (deep strict equality)", { name: "search_docs", args: { limit: "10" } }, 0],
    ["partial: any call of the tool may match", { name: "fetch", args: { id: 2 } }, 1],
    ["partial: nested objects partially", { name: "fetch", args: { opts: {} } }, 1],
    ["exact: extra made args fail", { name: "search_docs", args: { q: "report" }, mode: "exact" }, 0],
    [
      "exact: ignore drops keys on both sides",
      { name: "search_docs", args: { q: "report", limit: 10 }, mode: "exact", ignore: "request_id" },
      1,
    ],
    [
      "exact: ignore globs",
      { name: "search_docs", args: { q: "report", limit: 10 }, mode: "exact", ignore: ["*_id"] },
      1,
    ],
    [
      "exact: defaults drop made args equal to their default",
      {
        name: "search_docs",
        args: { q: "report" },
        mode: "exact",
        defaults: { limit: 10 },
        ignore: "request_id",
      },
      1,
    ],
    ["a tool glob", { pattern: "search*", arguments: { q: "report" } }, 1],
    ["no call of the tool", { name: "delete", args: {} }, 0],
  ] as const)("%s", (_what, value, expected) => {
    expect(score(new TrajectoryToolArgsMatch({ value: value as never }))).toBe(expected);
  });

  it("needs a name or pattern and args, as promptfoo", () => {
    expect(() => new TrajectoryToolArgsMatch({ value: { args: {} } as never })).toThrow(/name or a pattern/);
    expect(() => new TrajectoryToolArgsMatch({ value: { name: "x" } as never })).toThrow(/args/);
  });
});

describe("trajectory_step_count (promptfoo trajectory:step-count)", () => {
  it.each([
    ["all steps: 3 tool calls and 2 texts", { min: 5, max: 5 }, 1],
    ["tool steps only", { type: "tool", max: 3, min: 3 }, 1],
    ["message steps only", { type: "message", min: 3 }, 0],
    ["steps of one tool", { name: "fetch", max: 1 }, 0],
    ["messages match the alias message", { pattern: "message", min: 2, max: 2 }, 1],
  ] as const)("%s", (_what, value, expected) => {
    expect(score(new TrajectoryStepCount({ value: value as never }))).toBe(expected);
  });

  it("is opt-in, built by id with its value, and records the value", () => {
    const metric = createMetric("trajectory_step_count", {}, { value: { type: "tool", max: 5 } });
    expect(metric.config().options).toEqual({ value: '{"max":5,"type":"tool"}', inverse: false });
    expect(() => createMetric("trajectory_step_count", {}, { value: {} })).toThrow(/min or max/);
  });
});
