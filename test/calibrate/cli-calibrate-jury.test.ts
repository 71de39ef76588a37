// `calibrate --jury` as a user runs it: two GGUF judges (stories260K where AIRGAP_EVAL_TEST_GGUF names it, else the
// generated chat judge, and the generated tiny judge) calibrated side by side and as a jury of the two, on a binary
// labelled set with a judge from a metric file. The tiny judges' figures are not checked, only that each judge and
// the jury scored every row, and that the judges loaded one at a time (--jury-loading) give the same figures.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { CalibrationResult } from "../../src/calibrate/calibrate.js";
import { cliSandbox, runCli } from "../fixtures/cli/run-cli.js";
import { extraGgufPath, tinyChatGgufPath, tinyGgufPath } from "../setup/paths.js";

const box = cliSandbox("airgap-calibrate-jury-");
afterAll(() => box.cleanup());

const judges = [extraGgufPath ?? tinyChatGgufPath, tinyGgufPath];
const rows = [
  { user_input: "Which planet is the largest?", response: "Jupiter is the largest planet.", human_label: 1 },
  { user_input: "Which planet is the largest?", response: "Bananas are yellow.", human_label: 0 },
  { user_input: "Who painted the Mona Lisa?", response: "Leonardo da Vinci painted it.", human_label: 1 },
  { user_input: "Who painted the Mona Lisa?", response: "Tuesday.", human_label: 0 },
];

function files(): string[] {
  const labelled = box.file("set.jsonl");
  writeFileSync(labelled, `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);
  const metrics = box.file("judges.yaml");
  writeFileSync(
    metrics,
    "metrics:\n  - kind: aspect_critic\n    id: on_topic\n    definition: Does the response answer the question?\n    inputs: [user_input, response]\n",
  );
  return ["calibrate", labelled, "--metric-file", metrics, "--resamples", "0", "--no-cache", "--quiet"];
}

describe("calibrate --jury", { timeout: 600_000 }, () => {
  it("calibrates each judge and the jury of them, side by side", async () => {
    const run = await runCli(
      [...files(), ...judges.flatMap((j) => ["--llm", j]), "--jury", "majority", "--json"],
      box.env,
    );
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as CalibrationResult;
    const names = judges.map((j) => j.split("/").pop()!);
    expect(result.judges.map((j) => j.name)).toEqual([...names, "jury (majority of 2)"]);
    for (const judge of result.judges) expect(judge.scored).toBe(rows.length);

    // The judges one at a time (each loaded in turn, the jury in one pass per judge): the same figures.
    const shelved = await runCli(
      [
        ...files(),
        ...judges.flatMap((j) => ["--llm", j]),
        "--jury",
        "majority",
        "--jury-loading",
        "one-at-a-time",
        "--json",
      ],
      box.env,
    );
    expect(shelved.code, shelved.stderr).toBe(0);
    const again = JSON.parse(shelved.stdout) as CalibrationResult;
    expect(again.judges).toEqual(result.judges);
  });

  it("tells apart two judges of the same file name, alone and in a jury", async () => {
    const [first, second] = ["one", "two"].map((folder) => {
      mkdirSync(box.file(folder), { recursive: true });
      const link = box.file(`${folder}/judge.gguf`);
      symlinkSync(tinyGgufPath, link);
      return link;
    });
    const alone = await runCli([...files(), "--llm", first!, "--llm", second!, "--json"], box.env);
    expect(alone.code, alone.stderr).toBe(0);
    expect((JSON.parse(alone.stdout) as CalibrationResult).judges.map((j) => j.name)).toEqual([
      "judge.gguf",
      "judge.gguf#2",
    ]);
    const jury = await runCli(
      [...files(), "--llm", first!, "--llm", second!, "--jury", "mean", "--json"],
      box.env,
    );
    expect(jury.code, jury.stderr).toBe(0);
    expect((JSON.parse(jury.stdout) as CalibrationResult).judges.map((j) => j.name)).toEqual([
      "judge.gguf",
      "judge.gguf#2",
      "jury (mean of 2)",
    ]);
  });

  it("refuses --jury with one judge before any model loads", async () => {
    const run = await runCli([...files(), "--llm", tinyGgufPath, "--jury", "mean"], box.env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--jury mean needs two or more judges/);
  });
});
