// `airgap-eval datasets` and `airgap-eval calibrate` as a user runs them: real processes, real files.
// The end-to-end run uses stories260K ($AIRGAP_EVAL_TEST_GGUF) on 50 rows of halueval-qa-sample from
// the shared copies; a 260K-parameter story model agrees with people near chance, so the test checks
// that the figures are computed and in range, not their values.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cliSandbox, runCli } from "../fixtures/cli/run-cli.js";

const gguf = process.env.AIRGAP_EVAL_TEST_GGUF;
const sharedDir =
  process.env.AIRGAP_EVAL_TEST_DATASETS ?? path.resolve(import.meta.dirname, "../../../shared/datasets");
const sandbox = cliSandbox("airgap-calibrate-");
afterAll(() => sandbox.cleanup());

describe("calibrate: bad input exits 2 with a clear message", () => {
  it("labels out of scale, unknown metric, missing judge, one-class data", async () => {
    const file = sandbox.file("bad.jsonl");
    writeFileSync(file, `${JSON.stringify({ response: "a", human_score: 9 })}\n`);
    const scale = await runCli(
      ["calibrate", file, "--metric", "faithfulness", "--labels", "graded:1-4", "--llm", "x.gguf"],
      sandbox.env,
    );
    expect(scale.code).toBe(2);
    expect(scale.stderr).toMatch(/no valid row .*human_score: must be a number from 1 to 4/);

    const metric = await runCli(["calibrate", file, "--metric", "nope"], sandbox.env);
    expect(metric.code).toBe(2);
    expect(metric.stderr).toMatch(/unknown metric "nope"/);

    writeFileSync(
      file,
      `${JSON.stringify({ user_input: "q", response: "a", retrieved_contexts: ["c"], human_label: 1 })}\n`,
    );
    const judge = await runCli(["calibrate", file, "--metric", "faithfulness"], sandbox.env);
    expect(judge.code).toBe(2);
    expect(judge.stderr).toMatch(/needs a judge/);

    const labels = await runCli(
      ["calibrate", file, "--metric", "faithfulness", "--labels", "graded:4-1"],
      sandbox.env,
    );
    expect(labels.code).toBe(2);
    expect(labels.stderr).toMatch(/min must be below its max/);
  });

  it("--threshold takes a rubric's scale (issue 29, fail 7): 3 passes the flag check, a word does not", async () => {
    const file = sandbox.file("rubric.jsonl");
    writeFileSync(file, `${JSON.stringify({ user_input: "q", response: "a", human_label: 1 })}\n`);
    const three = await runCli(
      ["calibrate", file, "--metric", "rubrics_score", "--threshold", "3"],
      sandbox.env,
    );
    expect(three.code).toBe(2);
    expect(three.stderr).not.toMatch(/--threshold/);
    expect(three.stderr).toMatch(/rubrics_score needs a judge/);
    const word = await runCli(
      ["calibrate", file, "--metric", "rubrics_score", "--threshold", "high"],
      sandbox.env,
    );
    expect(word.code).toBe(2);
    expect(word.stderr).toMatch(/--threshold must be a number/);
  });

  it("a --threshold outside a built-in metric's range is refused before any judge loads", async () => {
    const file = sandbox.file("binary.jsonl");
    writeFileSync(
      file,
      `${JSON.stringify({ user_input: "q", response: "a", retrieved_contexts: ["c"], human_label: 1 })}\n`,
    );
    const run = await runCli(
      [
        "calibrate",
        file,
        "--metric",
        "faithfulness",
        "--threshold",
        "2",
        "--llm",
        sandbox.file("absent.gguf"),
      ],
      sandbox.env,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /threshold 2 lies outside the score range of faithfulness \(0 to 1\).*--threshold/,
    );
    expect(run.stderr).not.toMatch(/absent\.gguf|not found/);
  });

  it("semantic similarity needs no judge: graded labels against the starter embedder, with a report", async () => {
    const file = sandbox.file("graded.jsonl");
    const rows = [
      ["The capital of France is Paris.", "Paris is the capital of France.", 5],
      ["The cat sat on the mat.", "Paris is the capital of France.", 1],
      ["Water boils at 100 degrees.", "Water boils at one hundred degrees Celsius.", 4],
      ["I like trains.", "The moon orbits the earth.", 2],
    ].map(([response, reference, human_score]) => JSON.stringify({ response, reference, human_score }));
    writeFileSync(file, `${rows.join("\n")}\n`);
    const report = sandbox.file("graded.html");
    const result = await runCli(
      [
        "calibrate",
        file,
        "--metric",
        "semantic_similarity",
        "--labels",
        "graded:1-5",
        "--report",
        report,
        "--json",
        "-q",
      ],
      sandbox.env,
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json.judges[0].scored).toBe(4);
    expect(json.judges[0].figures.spearman.value).toBeGreaterThanOrEqual(-1);
    expect(json.judges[0].figures.spearman.value).toBeLessThanOrEqual(1);
    const html = readFileSync(report, "utf8");
    expect(html).toContain("Spearman");
    expect(html).not.toMatch(/<script/);
  });
});

describe("calibrate --limit on a class-sorted file", () => {
  it("samples both classes (seeded), and names the negative class without calling it unfaithful", async () => {
    const file = sandbox.file("sorted-binary.jsonl");
    // All the 1s first, then all the 0s, as clapnq-dev's answerable then unanswerable files.
    const rows = Array.from({ length: 40 }, (_, i) =>
      JSON.stringify({
        id: `r${i}`,
        response: i < 20 ? `Paris is the capital of France (${i}).` : `The moon is made of rock (${i}).`,
        reference: "Paris is the capital of France.",
        human_label: i < 20 ? 1 : 0,
      }),
    );
    writeFileSync(file, `${rows.join("\n")}\n`);
    const args = [
      "calibrate",
      file,
      "--metric",
      "semantic_similarity",
      "--limit",
      "6",
      "--resamples",
      "50",
      "-q",
    ];
    const json = await runCli([...args, "--json"], sandbox.env);
    expect(json.code, json.stderr).toBe(0);
    const { confusion } = JSON.parse(json.stdout).judges[0].figures;
    // 3 rows of each class: people's 1s are TP + FN, their 0s FP + TN.
    expect(confusion.truePositive + confusion.falseNegative).toBe(3);
    expect(confusion.falsePositive + confusion.trueNegative).toBe(3);
    const again = await runCli([...args, "--json"], sandbox.env);
    expect(JSON.parse(again.stdout).judges[0].figures).toEqual(JSON.parse(json.stdout).judges[0].figures);
    const text = await runCli(args, sandbox.env);
    expect(text.stdout).toMatch(/negative \(human 0\) precision/);
    expect(text.stdout).not.toMatch(/unfaithful/);
  });
});

describe.skipIf(!gguf || !existsSync(path.join(sharedDir, "halueval-qa-sample")))(
  "calibrate on stories260K",
  () => {
    it("datasets convert, then calibrate 50 rows of halueval-qa-sample: figures computed and in range", async () => {
      const labelled = sandbox.file("halueval.jsonl");
      const convert = await runCli(
        [
          "datasets",
          "convert",
          "halueval-qa-sample",
          "--from",
          path.join(sharedDir, "halueval-qa-sample"),
          "--out",
          labelled,
        ],
        sandbox.env,
      );
      expect(convert.code).toBe(0);
      expect(convert.stdout).toContain("1000 labelled rows");
      const report = sandbox.file("calib.html");
      const args = [
        "calibrate",
        labelled,
        "--metric",
        "faithfulness",
        "--llm",
        gguf!,
        "--limit",
        "50",
        "--resamples",
        "200",
        "--json",
        "-q",
        "--report",
        report,
      ];
      const first = await runCli(args, sandbox.env);
      expect(first.code, first.stderr).toBe(0);
      const result = JSON.parse(first.stdout);
      expect(result.rows).toBe(50);
      const judge = result.judges[0];
      expect(judge.scored + judge.unscored.length).toBe(50);
      for (const key of ["accuracy", "balancedAccuracy", "cohensKappa", "auroc"]) {
        const f = judge.figures[key];
        if (f.value === null) expect(f.reason).toMatch(/\w/);
        else {
          expect(f.value).toBeGreaterThanOrEqual(-1);
          expect(f.value).toBeLessThanOrEqual(1);
        }
      }
      expect(readFileSync(report, "utf8")).toContain("stories260K.gguf");
      // Greedy judge, seeded bootstrap: a rerun gives the same figures.
      const second = await runCli(args, sandbox.env);
      expect(JSON.parse(second.stdout).judges[0].figures).toEqual(judge.figures);
    });
  },
);
