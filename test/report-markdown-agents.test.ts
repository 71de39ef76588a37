// The Markdown report of a conversation dataset: the tool calls each tool-call metric did not count as a match,
// from its details.callMatching, per row.
import { describe, expect, it } from "vitest";
import { evaluate } from "../src/evaluate/evaluate.js";
import { ToolCallF1 } from "../src/metrics/tool-call-f1/metric.js";
import { TrajectoryMatch } from "../src/metrics/trajectory-match/metric.js";
import { toMarkdownReport } from "../src/report/index.js";

describe("Markdown report of examples/agent-eval.jsonl", () => {
  it("lists, per row and metric, the calls not matched", async () => {
    const result = await evaluate("examples/agent-eval.jsonl", [new ToolCallF1(), new TrajectoryMatch()], {
      progress: "none",
    });
    const markdown = toMarkdownReport(result);
    const section = markdown.slice(markdown.indexOf("## Tool calls not matched"));
    const lines = section.split("\n");
    expect(lines.slice(0, 2)).toEqual(["## Tool calls not matched", ""]);
    // Markdown escapes: \# and \_ show as # and _.
    expect(lines[2]).toBe(
      '- row 1, `tool_call_f1`: argument mismatch: made \\#1 book\\_table({"restaurant":"Nordlys","party\\_size":"4","time":"19:00"}) for expected \\#2 book\\_table({"restaurant":"Nordlys","party\\_size":4,"time":"19:00"}): party\\_size different',
    );
    // Row 2's conversation starts with a system message, so trajectory_match (strict) meets the right call in
    // another message: said as such, not as out of order.
    expect(lines[3]).toBe(
      '- row 2, `trajectory_match`: in another message: made \\#1 find\\_invoice({"number":2291}) for expected \\#1 find\\_invoice({"number":2291})',
    );
    expect(lines[4]).toBe(
      '- row 3, `tool_call_f1`: extra: \\#1 detect\\_language({"text":"good morning"}) was not expected',
    );
    // Matched calls are not listed: row 0 matches everywhere.
    expect(section).not.toContain("row 0,");
  });
});
