// `airgap-eval eval` on conversations as a user meets it: the shipped agent example with the rule-based agent
// metrics (the numbers docs/agents.md shows), an assertion defined by --metric-option, and a bad row named by line,
// message index and field.
import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { cliSandbox, runCli } from "./fixtures/cli/run-cli.js";

const example = "examples/agent-eval.jsonl";
const box = cliSandbox("airgap-cli-agents-");
afterAll(() => box.cleanup());

describe("airgap-eval eval on an agent dataset", () => {
  it("scores the example with the rule-based agent metrics, as docs/agents.md shows, with no model", async () => {
    const out = box.file("agents.jsonl");
    const result = await runCli(["eval", example, "--out", out, "--no-cache"], box.env);
    expect(result.code, result.stderr).toBe(0);
    for (const line of [
      /^tool_call_accuracy +0\.600 .* 5 of 5 /m,
      /^tool_call_f1 +0\.833 .* 5 of 5 /m,
      /^trajectory_match +0\.500 .* 2 of 5 /m,
      /^tool_correctness +1\.000 .* 5 of 5 /m,
    ]) {
      expect(result.stdout).toMatch(line);
    }
    const doc = readFileSync("docs/agents.md", "utf8");
    for (const row of result.stdout.split("\n").filter((l) => /^[a-z_]+ +\d\.\d{3} /.test(l))) {
      expect(doc, "docs/agents.md shows the summary the example gives").toContain(row);
    }
  });

  it("runs a promptfoo-style assertion defined by --metric-option", async () => {
    const result = await runCli(
      [
        "eval",
        example,
        "--metrics",
        "trajectory_tool_used",
        "--metric-option",
        'trajectory_tool_used.value=["get_forecast"]',
        "--out",
        box.file("used.jsonl"),
        "--no-cache",
      ],
      box.env,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^trajectory_tool_used +0\.200 .* 5 of 5 /m);
  });

  it("names the line, the message index and the field of a bad conversation", async () => {
    const rows = readFileSync(example, "utf8").trim().split("\n");
    const bad = {
      messages: [
        { role: "user", content: "q" },
        {
          role: "assistant",
          tool_calls: [{ id: "x", type: "function", function: { name: "f", arguments: "{oops" } }],
        },
      ],
      reference_tool_calls: [],
    };
    const file = box.file("bad-agents.jsonl");
    writeFileSync(file, `${[rows[0], JSON.stringify(bad)].join("\n")}\n`);
    const result = await runCli(["eval", file, "--out", box.file("bad.jsonl"), "--no-cache"], box.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /bad-agents\.jsonl, line 2, row 1, field "messages\[1\]\.tool_calls\[0\]\.function\.arguments": the arguments are not valid JSON/,
    );
  });
});
