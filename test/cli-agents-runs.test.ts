// The run machinery on conversations, as a user meets it: evaluate() and `airgap-eval eval` on
// examples/agent-eval.jsonl with the rule-based agent metrics, resumed after a cut-off results file, split in
// shards and merged, answered from the cache, and `calibrate` on a labelled conversation file. Each must give the
// results of one whole run, conversations and their call matching included.
import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { evaluate } from "../src/evaluate/evaluate.js";
import { ToolCallAccuracy } from "../src/metrics/tool-call-accuracy/metric.js";
import { ToolCallF1 } from "../src/metrics/tool-call-f1/metric.js";
import { ToolCorrectness } from "../src/metrics/tool-correctness/metric.js";
import { TrajectoryMatch } from "../src/metrics/trajectory-match/metric.js";
import { loadResults } from "../src/results/load.js";
import { cliSandbox, runCli } from "./fixtures/cli/run-cli.js";

const example = "examples/agent-eval.jsonl";
const labelled = "test/fixtures/agents/labelled-conversations.jsonl";
const box = cliSandbox("airgap-cli-agents-runs-");
afterAll(() => box.cleanup());

type Results = ReturnType<typeof loadResults>;
/** Each row × metric result, durations aside, in row and metric order. */
const outcomes = (data: Results) =>
  data.records
    .map((r) => ({ row: r.row, metric: r.metric, rowHash: r.rowHash, result: r.result }))
    .sort((a, b) => a.row - b.row || a.metric.localeCompare(b.metric));
/** The sample of each row, as the results file keeps it. */
const samples = (data: Results) => Object.fromEntries(data.records.map((r) => [r.row, r.sample] as const));

describe("evaluate() on conversations", () => {
  it("keeps each row's conversation and the call matching, and a resumed run scores only the rows left", async () => {
    const metrics = () => [
      new ToolCallAccuracy(),
      new ToolCallF1(),
      new TrajectoryMatch(),
      new ToolCorrectness(),
    ];
    const out = box.file("api.jsonl");
    const first = await evaluate(example, metrics(), { out, progress: "none" });
    expect(first.aggregated().find((a) => a.metric === "tool_call_f1")?.mean).toBeCloseTo(0.8333, 4);
    const data = loadResults(out);
    expect(samples(data)[1]?.messages).toHaveLength(5);
    const f1 = data.records.find((r) => r.row === 1 && r.metric === "tool_call_f1")!;
    expect(f1.result.details?.callMatching).toMatchObject({
      referenceField: "referenceToolCalls",
      pairs: [
        { made: 1, reference: 0, status: "matched" },
        { made: 0, reference: 1, status: "argsMismatch" },
      ],
    });
    // Cut the file after the header and the first row's lines, then resume.
    const lines = readFileSync(out, "utf8").trim().split("\n");
    const kept = lines.filter((line, i) => i === 0 || (JSON.parse(line) as { row?: number }).row === 0);
    writeFileSync(out, `${kept.join("\n")}\n`);
    const resumed = await evaluate(example, metrics(), { out, resume: true, progress: "none" });
    expect(resumed.aggregated()).toEqual(first.aggregated());
    expect(outcomes(loadResults(out))).toEqual(outcomes(data));

    // A conversation edited since the run (party_size "4" made 4) has a new row hash: resume scores it again.
    const edited = box.file("edited.jsonl");
    writeFileSync(
      edited,
      readFileSync(example, "utf8").replace('\\"party_size\\": \\"4\\"', '\\"party_size\\": 4'),
    );
    expect(readFileSync(edited, "utf8")).not.toEqual(readFileSync(example, "utf8"));
    await evaluate(edited, metrics(), { out, resume: true, progress: "none" });
    const after = loadResults(out);
    const f1After = after.records.find((r) => r.row === 1 && r.metric === "tool_call_f1")!;
    expect(f1After.rowHash).not.toBe(f1.rowHash);
    expect(f1After.result.value).toBe(1);
    expect(after.records.find((r) => r.row === 0 && r.metric === "tool_call_f1")?.rowHash).toBe(
      data.records.find((r) => r.row === 0 && r.metric === "tool_call_f1")?.rowHash,
    );
  });
});

describe("airgap-eval on conversations", () => {
  const cacheFile = box.file("cache.sqlite");
  const evalRun = async (name: string, extra: string[] = []) => {
    const out = box.file(`${name}.jsonl`);
    const result = await runCli(["eval", example, "--json", "--quiet", "--out", out, ...extra], box.env);
    expect(result.code, result.stderr).toBe(0);
    return { json: JSON.parse(result.stdout) as { cache: { hits: number; misses: number } | null }, out };
  };

  it("answers a second run from the cache, resumes a cut-off file, and merges shards into the whole run", async () => {
    const whole = await evalRun("whole", ["--cache-file", cacheFile]);
    const wholeData = loadResults(whole.out);
    const cached = await evalRun("cached", ["--cache-file", cacheFile]);
    expect(outcomes(loadResults(cached.out))).toEqual(outcomes(wholeData));
    expect(cached.json.cache?.misses).toBe(0);

    const lines = readFileSync(whole.out, "utf8").trim().split("\n");
    const cut = box.file("cut.jsonl");
    writeFileSync(
      cut,
      `${lines.filter((line, i) => i === 0 || (JSON.parse(line) as { row?: number }).row! < 2).join("\n")}\n`,
    );
    const resumed = await runCli(
      ["eval", example, "--quiet", "--out", cut, "--resume", "--no-cache"],
      box.env,
    );
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(outcomes(loadResults(cut))).toEqual(outcomes(wholeData));
    expect(samples(loadResults(cut))).toEqual(samples(wholeData));

    for (const shard of ["0/2", "1/2"]) {
      const result = await runCli(
        [
          "eval",
          example,
          "--quiet",
          "--shard",
          shard,
          "--out",
          box.file(`shard-${shard[0]}.jsonl`),
          "--no-cache",
        ],
        box.env,
      );
      expect(result.code, result.stderr).toBe(0);
    }
    const merged = await runCli(
      ["merge", box.file("shard-0.jsonl"), box.file("shard-1.jsonl"), "--out", box.file("merged.jsonl")],
      box.env,
    );
    expect(merged.code, merged.stderr).toBe(0);
    const mergedData = loadResults(box.file("merged.jsonl"));
    expect(outcomes(mergedData)).toEqual(outcomes(wholeData));
    expect(samples(mergedData)).toEqual(samples(wholeData));
  }, 480_000); // six CLI runs, each 10–25 s on a busy 2-core machine

  it("calibrates a rule-based agent metric against human labels on conversations", async () => {
    const result = await runCli(["calibrate", labelled, "--metric", "tool_call_f1", "--json"], box.env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('"scored": 10');
    const report = await runCli(
      ["calibrate", labelled, "--metric", "tool_call_accuracy", "--report", box.file("calibration.html")],
      box.env,
    );
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toMatch(/tool_call_accuracy against 10 labelled rows \(binary\)/);
    expect(report.stdout).toMatch(/accuracy +1\.000/);
    expect(readFileSync(box.file("calibration.html"), "utf8")).toContain("tool_call_accuracy");
  }, 240_000); // two CLI runs
});
