// A jury of the two real judges, SmolLM2-135M-Instruct and Gemma 3 270M, through the built CLI at 1 judge thread:
// `eval --llm smollm2 --llm gemma --jury mean` on example rows, the judges loaded together and then one at a time
// (`--jury-loading one-at-a-time`: every row with the first judge, then every row with the second). Every row is
// scored with both judges' values recorded, the judges' agreement is in the results, and the two loadings give the
// same records.
//
// Sized for the CI tier (docs/development.md, "Real-model tier"): JURY_ROWS of the 20 example rows with nv_accuracy
// (two short rating calls a row per judge); the full run (`npm run test:real-judges`) judges eight rows.
import { afterAll, describe, expect, it } from "vitest";
import type { JuryDetails } from "../../src/metrics/jury/jury.js";
import { loadResults } from "../../src/results/load.js";
import { exampleRows } from "../fixtures/cli/run-cli.js";
import { firstRows, tierOrFull } from "../support/real-judge-plan.js";
import {
  comparableRecords,
  expectScoredOrReasoned,
  JUDGE_THREADS,
  resultRecords,
  runBuiltCli,
  runFolder,
} from "../support/real-model-runs.js";
import { realModelPath, skipWithoutRealModels } from "../support/real-models.js";

const JURY_ROWS = tierOrFull([1, 18], firstRows(8));

const skip = skipWithoutRealModels("real-models/jury", ["judge", "gemma"], { cli: true });

describe.skipIf(skip)("a jury of SmolLM2-135M-Instruct and Gemma 3 270M", () => {
  const folder = runFolder("airgap-real-jury-");
  afterAll(() => folder.cleanup());
  const examples = exampleRows();

  const juryRun = async (name: string, loading: "together" | "one-at-a-time") => {
    const dataset = folder.writeRows(
      "jury-rows.jsonl",
      JURY_ROWS.map((i) => examples[i]!),
    );
    const out = folder.file(`${name}.jsonl`);
    const run = await runBuiltCli(folder, [
      ...["eval", dataset, "--metrics", "nv_accuracy", "--jury", "mean", "--jury-loading", loading],
      ...["--llm", realModelPath("judge"), "--llm", realModelPath("gemma")],
      ...["--threads", String(JUDGE_THREADS), "--no-cache", "--out", out],
    ]);
    expect([0, 1], `${name}: exit ${run.code}\n${run.stderr}`).toContain(run.code);
    return { out, stderr: run.stderr };
  };

  it("scores every row with both judges, in either loading, and the two give the same records", async () => {
    const together = await juryRun("together", "together");
    expectScoredOrReasoned(together.out, JURY_ROWS.length, 1);
    for (const record of resultRecords(together.out)) {
      const jury = record.result.details?.jury as JuryDetails;
      expect(jury.members.map((m) => m.status)).toEqual(["ok", "ok"]);
      expect(jury.voters).toBe(2);
    }
    expect(loadResults(together.out).aggregates[0]?.agreement).toMatchObject({
      scale: "interval",
      rows: JURY_ROWS.length,
    });

    const turns = await juryRun("one-at-a-time", "one-at-a-time");
    expect(turns.stderr).toMatch(/nv_accuracy, pass 1 of 2 \(judge SmolLM2[^)]*\)/);
    expect(turns.stderr).toMatch(/nv_accuracy, pass 2 of 2 \(judge gemma[^)]*\)/);
    const before = comparableRecords(together.out);
    const after = comparableRecords(turns.out);
    expect(after.size).toBe(before.size);
    for (const [key, record] of after) expect(record, key).toBe(before.get(key));
  }, 1_200_000);
});
