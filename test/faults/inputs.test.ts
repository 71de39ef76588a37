// Cases of the hostile trial (issue 19) that already passed and had no end-to-end test: a dataset with
// 0 rows, a ragged CSV, and a model id with `../`, each through the real CLI process.
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cliSandbox, runCli } from "../fixtures/cli/run-cli.js";
import { tinyEncoderDir } from "../setup/paths.js";

const box = cliSandbox("airgap-faults-inputs-");
afterAll(() => box.cleanup());
const embed = ["--metrics", "semantic_similarity", "--embeddings", tinyEncoderDir, "--no-cache"];

describe("bad inputs through the CLI", { timeout: 120_000 }, () => {
  it("a dataset with 0 rows is bad input (exit 2), naming the file, and writes nothing", async () => {
    const dataset = box.file("empty.jsonl");
    writeFileSync(dataset, "\n\n");
    const out = box.file("empty-results.jsonl");
    const result = await runCli(["eval", dataset, ...embed, "--out", out], box.env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${dataset}: `);
    expect(result.stderr).toMatch(/no data rows/);
    expect(existsSync(out)).toBe(false);
  });

  it("a ragged CSV: rows with too many or too few cells are reported by line, the others evaluated", async () => {
    const dataset = box.file("ragged.csv");
    writeFileSync(
      dataset,
      [
        "response,reference",
        "Paris is the capital.,Paris.",
        "Berlin.,Berlin.,an extra cell",
        "Rome only",
        "Lyon.,Lyon.",
      ].join("\n"),
    );
    const result = await runCli(
      ["eval", dataset, ...embed, "--out", box.file("ragged.jsonl"), "--json"],
      box.env,
    );
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/line 3, row 1: has 3 cells, but the header has 2/);
    expect(result.stderr).toMatch(/line 4, row 2: has 1 cells, but the header has 2/);
    const json = JSON.parse(result.stdout) as { aggregates: Array<{ count: number }>; invalidRows: number };
    expect(json.invalidRows).toBe(2);
    expect(json.aggregates[0]!.count).toBe(2);
  });

  it("a model id with ../ never reaches outside the models directory", async () => {
    const dataset = box.file("one.jsonl");
    writeFileSync(dataset, `${JSON.stringify({ response: "a", reference: "b" })}\n`);
    const pull = await runCli(["models", "pull", "../../etc/passwd", "--models-dir", box.modelsDir], box.env);
    expect(pull.code).toBe(2);
    expect(pull.stderr).toMatch(/\.\.\/\.\.\/etc\/passwd/);
    const evalRun = await runCli(
      [
        "eval",
        dataset,
        "--metrics",
        "semantic_similarity",
        "--embeddings",
        "../outside-model",
        "--out",
        box.file("x.jsonl"),
      ],
      box.env,
    );
    expect(evalRun.code).toBe(2);
    expect(evalRun.stderr).toContain(path.resolve("../outside-model").split(path.sep).pop()!);
    expect(existsSync(path.join(box.modelsDir, "..", "etc"))).toBe(false);
  });
});
