// `airgap-eval eval` with DeepEval's multi-turn judges as a user meets it: the shipped agent example scored on a GGUF
// judge (stories260K where AIRGAP_EVAL_TEST_GGUF names it, else the tiny test model), every row scored with its
// per-turn verdicts in the results file, and a dataset without the chatbot_role column refused before any model loads.
import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { cliSandbox, resultsLines, runCli } from "./fixtures/cli/run-cli.js";
import { extraGgufPath, tinyGgufPath } from "./setup/paths.js";

const example = "examples/agent-eval.jsonl";
const judge = extraGgufPath ?? tinyGgufPath;
const ids = ["knowledge_retention", "conversation_completeness", "role_adherence", "turn_relevancy"];
const box = cliSandbox("airgap-cli-deepeval-");
afterAll(() => box.cleanup());

describe("airgap-eval eval with DeepEval's multi-turn judges", () => {
  it("scores every row of the agent example, with the verdicts in the results file", async () => {
    const out = box.file("deepeval.jsonl");
    const result = await runCli(
      // The whole conversation goes into each verdict call: a window of 4,096 tokens leaves room for what a random-weight
      // test judge writes into the intentions (byte-level tokens) before the answer budget.
      [
        "eval",
        example,
        "--metrics",
        ids.join(","),
        "--llm",
        judge,
        "--context-size",
        "4096",
        "--out",
        out,
        "--no-cache",
      ],
      box.env,
    );
    expect(result.code, result.stderr).toBe(0);
    for (const id of ids)
      expect(result.stdout).toMatch(new RegExp(`^${id} +[01]\\.\\d{3} .* 5 of 5 +0 +0 +0$`, "m"));
    const records = resultsLines(out).filter((l) => l.type === "record") as Array<{
      row: number;
      metric: string;
      result: { status: string; details: { verdicts: unknown[] } };
    }>;
    expect(records).toHaveLength(5 * ids.length);
    for (const r of records) {
      expect(r.result.status).toBe("ok");
      expect(Array.isArray(r.result.details.verdicts)).toBe(true);
      // Every row holds one exchange (one turn relevancy verdict); row 2's assistant writes text twice ("Let me look
      // that up." before its tool call, then the answer), so role adherence judges two replies there.
      if (r.metric === "turn_relevancy") expect(r.result.details.verdicts).toHaveLength(1);
      if (r.metric === "role_adherence") expect(r.result.details.verdicts).toHaveLength(r.row === 2 ? 2 : 1);
    }
  }, 600_000);

  it("refuses role_adherence on a dataset without chatbot_role, saying which column to add", async () => {
    const rows = readFileSync(example, "utf8").trim().split("\n");
    const file = box.file("no-role.jsonl");
    writeFileSync(
      file,
      `${rows.map((r) => JSON.stringify({ ...JSON.parse(r), chatbot_role: undefined })).join("\n")}\n`,
    );
    const result = await runCli(
      [
        "eval",
        file,
        "--metrics",
        "role_adherence",
        "--llm",
        judge,
        "--out",
        box.file("r.jsonl"),
        "--no-cache",
      ],
      box.env,
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/role_adherence needs chatbot_role \(chatbotRole\)/);
  });
});
