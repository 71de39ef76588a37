// `airgap-eval eval` with Ragas' agent judges as a user runs them: the shipped agent example, a GGUF judge named by
// --llm (stories260K where AIRGAP_EVAL_TEST_GGUF names it, else the generated tiny judge), every row scored with no
// error, the judge's readings in the results file; a row without a reference outcome is skipped by the metric that
// needs one; and the default set on the example still loads no judge (the agent judges are opt-in).
import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { loadResults } from "../src/results/load.js";
import { cliSandbox, runCli } from "./fixtures/cli/run-cli.js";
import { extraGgufPath, tinyGgufPath } from "./setup/paths.js";

const example = "examples/agent-eval.jsonl";
const judge = extraGgufPath ?? tinyGgufPath;
const box = cliSandbox("airgap-cli-agent-judges-");
afterAll(() => box.cleanup());

const ids = ["agent_goal_accuracy", "agent_goal_accuracy_without_reference", "topic_adherence"];

describe("airgap-eval eval with the agent judges", { timeout: 600_000 }, () => {
  it("scores every row of the example with each agent judge, no error", async () => {
    const rows = readFileSync(example, "utf8").trim().split("\n");
    const noOutcome = JSON.parse(rows[1]!) as Record<string, unknown>;
    delete noOutcome.reference_outcome;
    const dataset = box.file("agents.jsonl");
    writeFileSync(dataset, `${[...rows, JSON.stringify(noOutcome)].join("\n")}\n`);
    const out = box.file("judged.jsonl");
    const result = await runCli(
      ["eval", dataset, "--metrics", ids.join(","), "--llm", judge, "--out", out, "--no-cache"],
      box.env,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^agent_goal_accuracy +\d\.\d{3} .* 5 of 6 +0 +0 +1$/m);
    expect(result.stdout).toMatch(/^agent_goal_accuracy_without_reference +\d\.\d{3} .* 6 of 6 +0 +0 +0$/m);
    expect(result.stdout).toMatch(/^topic_adherence +\d\.\d{3} .* 6 of 6 +0 +0 +0$/m);

    const records = loadResults(out).records.filter((r) => r.result.status !== "skipped");
    expect(records).toHaveLength(17);
    for (const r of records) {
      expect(r.result.status, r.result.error).toBe("ok");
      const promptVersions = Object.keys((r.result.details as { promptVersions: object }).promptVersions);
      if (r.metric === "topic_adherence") {
        expect(promptVersions).toEqual([
          "topic_adherence/topics",
          "topic_adherence/refused",
          "topic_adherence/classify",
        ]);
      } else {
        expect([0, 1]).toContain(r.result.value);
        expect(r.result.details).toMatchObject({
          userGoal: expect.any(String),
          endState: expect.any(String),
        });
      }
    }
  });

  it("the default set on the example runs the judge-free agent metrics only and loads no judge", async () => {
    const result = await runCli(["eval", example, "--out", box.file("default.jsonl"), "--no-cache"], box.env);
    expect(result.code, result.stderr).toBe(0);
    for (const id of ids) expect(result.stdout).not.toMatch(new RegExp(`^${id} `, "m"));
    expect(result.stdout).toMatch(/^tool_call_accuracy +0\.600 .* 5 of 5 /m);
  });
});
