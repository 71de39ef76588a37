// `eval --metric-option <metric>.<option>=<value>`: options of built-in metrics from the command line, checked
// against the metric's descriptor before any model loads, recorded in the config (so --resume refuses a change).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { metricOptionsById, parseMetricOption } from "../src/cli/metric-options.js";
import { InvalidInputError } from "../src/errors.js";
import { cliSandbox, runCli } from "./fixtures/cli/run-cli.js";
import { tinyGgufPath } from "./setup/paths.js";

describe("--metric-option parsing", () => {
  it("reads JSON values and plain text", () => {
    expect(parseMetricOption("faithfulness.reasons=false")).toEqual({
      metric: "faithfulness",
      option: "reasons",
      value: false,
    });
    expect(parseMetricOption("answer_correctness.weights=[0.5,0.5]").value).toEqual([0.5, 0.5]);
    expect(parseMetricOption("factual_correctness.mode=recall").value).toBe("recall");
    expect(() => parseMetricOption("faithfulness=true")).toThrow(/<metric>\.<option>=<value>/);
  });

  it("checks the metric, the option and the value against the descriptor", () => {
    const flag = (text: string) => parseMetricOption(text);
    expect(
      metricOptionsById(
        [flag("faithfulness.prefill=true"), flag("faithfulness.reasons=false")],
        ["faithfulness"],
      ),
    ).toEqual(new Map([["faithfulness", { prefill: true, reasons: false }]]));
    expect(
      metricOptionsById(
        [flag("context_relevance.prefill=true"), flag("answer_relevancy.prefill=true")],
        ["context_relevance", "answer_relevancy"],
      ),
    ).toEqual(
      new Map([
        ["context_relevance", { prefill: true }],
        ["answer_relevancy", { prefill: true }],
      ]),
    );
    const cases: Array<[string, RegExp]> = [
      ["faithfulness.prefill=true", /not among the metrics of this run/],
      [
        "context_recall.nope=1",
        /has no option "nope"; its options are temperature, maxTokens, scoring, confidence, reasons, prefill/,
      ],
      ["context_recall.prefill=yes", /context_recall\.prefill/],
    ];
    for (const [text, message] of cases) {
      let error: unknown;
      try {
        metricOptionsById([flag(text)], ["context_recall"]);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(String(error)).toMatch(message);
    }
  });
});

describe("eval --metric-option end to end", { timeout: 300_000 }, () => {
  const box = cliSandbox("metric-option-");
  afterAll(() => box.cleanup());
  const base = ["eval", "examples/rag-eval.jsonl", "--metrics", "faithfulness", "--llm", tinyGgufPath];

  it("a bad value exits 2 naming the flag, before any model loads", async () => {
    const r = await runCli(
      [...base, "--metric-option", "faithfulness.prefill=yes", "--out", box.file("bad.jsonl")],
      box.env,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--metric-option faithfulness\.prefill/);
    expect(existsSync(box.file("bad.jsonl"))).toBe(false);
  });

  it("without --metrics, a metric named by --metric-option runs: here its columns are missing, so exit 2", async () => {
    const data = box.file("no-reference.jsonl");
    writeFileSync(data, `${JSON.stringify({ user_input: "Where is Rome?", response: "In Italy." })}\n`);
    const r = await runCli(
      ["eval", data, "--metric-option", "context_recall.prefill=true", "--out", box.file("named.jsonl")],
      box.env,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/context_recall needs reference/);
  });

  it("prefill and reasons reach faithfulness: recorded in the config, every row scored", async () => {
    const out = box.file("ok.jsonl");
    const r = await runCli(
      [
        ...base,
        "--metric-option",
        "faithfulness.prefill=true",
        "--metric-option",
        "faithfulness.reasons=false",
        "--cache-file",
        box.file("cache.sqlite"),
        "--out",
        out,
      ],
      box.env,
    );
    expect(r.stderr).not.toMatch(/unexpected error/);
    expect(r.code).toBe(0);
    const lines = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(JSON.stringify(lines[0])).toMatch(/"prefill":true/);
    expect(JSON.stringify(lines[0])).toMatch(/"reasons":false/);
    const records = lines.filter((l) => l.metric === "faithfulness");
    expect(records).toHaveLength(20);
    expect(records.every((l) => l.result.status !== "error")).toBe(true);
  });
});
