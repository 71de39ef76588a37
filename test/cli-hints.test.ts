// What a new user gets when a name is off: an unknown command, option, metric id or --metric-option, a column no
// metric reads in a run without --metrics, and rows with no score, each said once with its reason or the nearest
// name; all through the spawned CLI on files in a temp dir.
import { writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { cliSandbox, exampleRows, runCli } from "./fixtures/cli/run-cli.js";

const box = cliSandbox("airgap-cli-hints-");
afterAll(() => box.cleanup());

function writeJsonl(name: string, rows: readonly unknown[]): string {
  const file = box.file(name);
  writeFileSync(file, `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);
  return file;
}

describe("the nearest name", { timeout: 120_000 }, () => {
  it("an unknown command suggests the command it starts like, on every level; an unknown option its nearest", async () => {
    const evaluate = await runCli(["evaluate", "data.jsonl"], box.env);
    expect(evaluate.code).toBe(2);
    expect(evaluate.stderr).toContain("error: unknown command 'evaluate'\n(Did you mean eval?)");
    const lst = await runCli(["models", "lst"], box.env);
    expect(lst.code).toBe(2);
    expect(lst.stderr).toContain("error: unknown command 'lst'\n(Did you mean list?)");
    const option = await runCli(["eval", "--exampel"], box.env);
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("error: unknown option '--exampel'\n(Did you mean --example?)");
    const nothing = await runCli(["zzz"], box.env);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).not.toContain("Did you mean");
  });

  it("a misspelt metric id names the nearest id first, in --metrics and in --metric-option", async () => {
    const metrics = await runCli(["eval", "--example", "--metrics", "faithfullness"], box.env);
    expect(metrics.code).toBe(2);
    expect(metrics.stderr).toMatch(
      /^airgap-eval: unknown metric "faithfullness"; did you mean faithfulness\? The metric ids: /,
    );
    const option = await runCli(
      ["eval", "--example", "--metrics", "faithfulness", "--metric-option", "faithfulness.prefil=true"],
      box.env,
    );
    expect(option.code).toBe(2);
    expect(option.stderr).toContain('faithfulness has no option "prefil" (did you mean prefill?)');
  });
});

describe("silent misses made loud", { timeout: 300_000 }, () => {
  it("a run without --metrics names the columns no metric reads, with the --column map for one close to a field", async () => {
    const rows = exampleRows()
      .slice(0, 2)
      .map((r) => ({
        query: r.user_input,
        answer_text: r.response,
        retrieved_contexts: r.retrieved_contexts,
        reference_contexts: r.reference_contexts,
      }));
    const dataset = writeJsonl("renamed.jsonl", rows);
    const run = await runCli(
      ["eval", dataset, "--out", box.file("renamed-results.jsonl"), "--quiet"],
      box.env,
    );
    expect(run.code, run.stderr).toBe(0);
    const notes = run.stderr.split("\n").filter((l) => l.includes("no metric reads"));
    expect(notes).toEqual([
      'airgap-eval: note: no metric reads the columns query, answer_text: no sample field has those names (docs/datasets.md, "Sample fields"). ' +
        "If one holds a field, map it with --column <column>=<field>; close to a field: --column answer_text=response",
    ]);
    // With --metrics the user chose: no note.
    const chosen = await runCli(
      ["eval", dataset, "--metrics", "non_llm_context_recall", "--out", box.file("chosen.jsonl"), "--quiet"],
      box.env,
    );
    expect(chosen.code, chosen.stderr).toBe(0);
    expect(chosen.stderr).not.toContain("no metric reads");
  });

  it("rows with no score get their reason under the summary, grouped as errors are", async () => {
    const rows = [0, 1, 2].map((i) => ({
      user_input: `q${i}`,
      retrieved_context_ids: ["a", "b"],
      reference_context_ids: i === 2 ? ["a"] : [],
    }));
    const dataset = writeJsonl("no-score.jsonl", rows);
    const run = await runCli(
      [
        "eval",
        dataset,
        "--metrics",
        "id_based_context_recall",
        "--out",
        box.file("no-score-results.jsonl"),
        "--quiet",
      ],
      box.env,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/id_based_context_recall +1\.000 .* 1 of 3 +2 +0 +0/);
    expect(run.stdout).toContain(
      "id_based_context_recall: 2 no score on rows 0, 1 (2 rows): referenceContextIds is empty, so recall is undefined (Ragas gives NaN)",
    );
  });
});
