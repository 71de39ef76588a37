// `airgap-eval eval` on a dataset written the DeepEval way (LLMTestCase fields, snake_case, as DeepEval's
// EvaluationDataset saves them): the columns read without a --column map, judge-free metrics scored, and a row that
// also gives a Ragas name for one field refused naming both columns.
import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { cliSandbox, runCli } from "./fixtures/cli/run-cli.js";

const box = cliSandbox("airgap-cli-deepeval-fields-");
afterAll(() => box.cleanup());

const rows = [
  {
    input: "What if these shoes don't fit?",
    actual_output: "We offer a 30-day full refund at no extra cost.",
    expected_output: "We offer a 30-day full refund at no extra cost.",
    context: ["All customers are eligible for a 30 day full refund at no extra cost."],
    retrieval_context: ["All customers are eligible for a 30 day full refund at no extra cost."],
    tools_called: [{ name: "WebSearch", input_parameters: { query: "refund policy" }, output: "30 days" }],
    expected_tools: [{ name: "WebSearch", input_parameters: { query: "refund policy" } }],
  },
  {
    input: "Where is my parcel?",
    actual_output: "It left the depot this morning.",
    expected_output: "Your parcel is out for delivery.",
    context: ["Parcel 42 is out for delivery."],
    retrieval_context: ["Opening hours are 9 to 5."],
    tools_called: [{ name: "OpeningHours" }],
    expected_tools: [{ name: "TrackParcel" }],
  },
];

describe("airgap-eval eval on DeepEval's test-case fields", () => {
  it("reads input, actual_output, expected_output, context, retrieval_context, tools_called, expected_tools", async () => {
    const data = box.file("deepeval.jsonl");
    writeFileSync(data, `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);
    const out = box.file("deepeval-results.jsonl");
    const metrics = "exact_match,non_llm_context_recall,tool_correctness";
    const result = await runCli(["eval", data, "--metrics", metrics, "--out", out, "--no-cache"], box.env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^exact_match +0\.500 .* 2 of 2 /m);
    expect(result.stdout).toMatch(/^non_llm_context_recall +0\.500 .* 2 of 2 /m);
    expect(result.stdout).toMatch(/^tool_correctness +0\.500 .* 2 of 2 /m);
    // The records keep the inputs as read: the tool call's arguments came through tools_called.
    expect(readFileSync(out, "utf8")).toContain('"args":{"query":"refund policy"}');
  });

  it("refuses a row that gives the question as both user_input and input, naming both columns", async () => {
    const data = box.file("both.jsonl");
    writeFileSync(data, `${JSON.stringify({ ...rows[0], user_input: "Shoes?" })}\n`);
    const result = await runCli(
      ["eval", data, "--metrics", "exact_match", "--out", box.file("both-results.jsonl"), "--no-cache"],
      box.env,
    );
    expect(`${result.stdout}${result.stderr}`).toContain(
      'columns "input" and "user_input" both give userInput',
    );
  });
});
