// `calibrate` with a judge you define, as a user meets it: --metric-file on a labelled set, the "next:" command of
// `datasets convert llmbar-natural` run as printed, why rows were not scored, and CLI advice (never the library's
// option names, never a schema dump) when a column or a judge's definition is missing. The tiny random-weight judge
// makes the run fast; its figures are not checked, only that the rows were scored or why not.
import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { metricOptionsById } from "../../src/cli/metric-options.js";
import { converterFor } from "../../src/datasets/convert.js";
import { loadDatasetRegistry } from "../../src/datasets/registry.js";
import { type CliResult, cliSandbox, runCli } from "../fixtures/cli/run-cli.js";
import { repoRoot, tinyGgufPath } from "../setup/paths.js";

const sharedDir =
  process.env.AIRGAP_EVAL_TEST_DATASETS ?? path.resolve(import.meta.dirname, "../../../shared/datasets");
const box = cliSandbox("airgap-calibrate-judges-");
afterAll(() => box.cleanup());

const rows = [
  {
    user_input: "What is the capital of France?",
    response: "Paris is the capital of France.",
    human_label: 1,
  },
  { user_input: "What is the capital of France?", response: "I like turtles.", human_label: 0 },
  { user_input: "How many legs has a spider?", response: "A spider has eight legs.", human_label: 1 },
];

function labelledFile(name: string, records: readonly object[] = rows): string {
  const file = box.file(name);
  writeFileSync(file, `${records.map((r) => JSON.stringify(r)).join("\n")}\n`);
  return file;
}

function metricFile(): string {
  const file = box.file("judges.yaml");
  writeFileSync(
    file,
    [
      "metrics:",
      "  - kind: aspect_critic",
      "    id: on_topic",
      "    definition: Does the response answer the question that was asked?",
      "    inputs: [user_input, response]",
      "  - kind: aspect_critic",
      "    id: polite",
      "    definition: Is the response polite?",
      "    inputs: [response]",
      "",
    ].join("\n"),
  );
  return file;
}

/** Runs a printed command line in bash, `airgap-eval` being this checkout's CLI. */
function runPrinted(line: string): Promise<CliResult> {
  const cli =
    'airgap-eval() { node --import tsx --import ./test/fixtures/cli/no-network.ts src/cli/main.ts "$@"; }';
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", `${cli}\n${line}`], { cwd: repoRoot, env: box.env });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

const quick = ["--resamples", "0", "--no-cache", "--quiet"];

/** `calibrate` on a fresh copy of the labelled rows with the metric file's on_topic judge, plus `extra` flags. */
function calibrateOnTopic(name: string, extra: readonly string[]): Promise<CliResult> {
  const args = ["calibrate", labelledFile(name), "--metric-file", metricFile(), "--metric", "on_topic"];
  return runCli([...args, ...extra], box.env);
}

describe("calibrate --metric-file", () => {
  it("calibrates a judge the metric file defines, chosen with --metric", async () => {
    const run = await calibrateOnTopic("set.jsonl", ["--llm", tinyGgufPath, ...quick]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^on_topic against 3 labelled rows \(binary\)/);
    expect(run.stdout).toMatch(/tiny-llama\.gguf: scored \d of 3/);
  });

  it("two judges in the files and no --metric, or a --metric-option on a file's judge, is a CLI message", async () => {
    const two = await runCli(
      ["calibrate", labelledFile("set2.jsonl"), "--metric-file", metricFile(), "--llm", "x.gguf"],
      box.env,
    );
    expect(two.code).toBe(2);
    expect(two.stderr).toMatch(
      /the metric files define on_topic, polite; choose the one to calibrate with --metric <id>/,
    );
    const option = await calibrateOnTopic("set3.jsonl", ["--metric-option", "on_topic.strictness=3"]);
    expect(option.code).toBe(2);
    expect(option.stderr).toMatch(/on_topic is a --metric-file metric.*set strictness in the metric file/);
  });

  it("rows left unscored are counted with their reason: here each prompt overflows a 768-token window", async () => {
    const run = await calibrateOnTopic("set4.jsonl", [
      "--llm",
      tinyGgufPath,
      "--context-size",
      "768",
      ...quick,
    ]);
    expect(run.stdout).toContain("scored 0 of 3");
    expect(run.stdout).toMatch(
      /not scored: 3 rows \(rows 0, 1, 2\), e\.g\. row 0: ContextOverflowError: .*To fix it: pass --context-size \d+/,
    );
    expect(run.stdout).toMatch(/in the definition of on_topic \(its --metric-file entry/);
  });
});

describe("calibrate's errors give CLI advice", () => {
  it("a missing column names --column, not the library's columnMap", async () => {
    const file = labelledFile("no-response.jsonl", [
      { question_text: "q", answer_text: "a", human_label: 1 },
    ]);
    const run = await runCli(["calibrate", file, "--metric", "answer_relevancy", "--llm", "x.gguf"], box.env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/answer_relevancy needs .*--column <your column>=<field>/);
    expect(run.stderr).not.toMatch(/columnMap/);
  });

  it("a judge you define without its definition names --metric-file and --metric-option, with no schema dump", async () => {
    const run = await runCli(
      ["calibrate", labelledFile("set5.jsonl"), "--metric", "aspect_critic", "--llm", "x.gguf"],
      box.env,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /--metric aspect_critic: aspect_critic is a judge you define.*--metric-file <file>.*--metric-option aspect_critic\.definition=\.\.\./,
    );
    expect(run.stderr).not.toMatch(/invalid_type|expected string|"path"/);
  });
});

describe("every registry set's suggested metric", () => {
  it("runs with the set's own options: a judge you define (aspect_critic) gets its definition from the set", () => {
    for (const entry of loadDatasetRegistry()) {
      const converter = converterFor(entry.id);
      const given = new Map([[converter.metric, converter.metricOptions ?? {}]]);
      expect(
        () => metricOptionsById([], { requested: [converter.metric], metricsFlag: "--metric", given }),
        entry.id,
      ).not.toThrow();
    }
  });
});

describe.skipIf(!existsSync(path.join(sharedDir, "llmbar-natural")))(
  "datasets convert llmbar-natural",
  () => {
    it("prints a next command that runs as printed", async () => {
      const out = box.file("llmbar.jsonl");
      const convert = await runCli(
        [
          "datasets",
          "convert",
          "llmbar-natural",
          "--from",
          path.join(sharedDir, "llmbar-natural"),
          "--out",
          out,
        ],
        box.env,
      );
      expect(convert.code, convert.stderr).toBe(0);
      const next = /^next: (.+)$/m.exec(convert.stderr)?.[1];
      expect(next).toMatch(
        /^airgap-eval calibrate .* --metric aspect_critic --labels pairwise --metric-option .* --llm <judge\.gguf>$/,
      );
      const line = `${next!.replace("<judge.gguf>", tinyGgufPath)} --limit 2 ${quick.join(" ")}`;
      const run = await runPrinted(line);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^follows_instruction against 2 labelled rows \(pairwise\)/);
    });
  },
);
