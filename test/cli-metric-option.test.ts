// `eval --metric-option <metric>.<option>=<value>`: options of built-in metrics from the command line, checked
// against the metric's descriptor before any model loads, recorded in the config (so --resume refuses a change).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { type MetricOptionRun, metricOptionsById, parseMetricOption } from "../src/cli/metric-options.js";
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
      metricOptionsById([flag("faithfulness.prefill=true"), flag("faithfulness.reasons=false")], {
        requested: ["faithfulness"],
      }),
    ).toEqual(new Map([["faithfulness", { prefill: true, reasons: false }]]));
    expect(
      metricOptionsById([flag("context_relevance.prefill=true"), flag("answer_relevancy.prefill=true")], {
        requested: ["context_relevance", "answer_relevancy"],
      }),
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
      [
        "context_recal.prefill=true",
        /context_recal is not a built-in metric \(did you mean context_recall\?\)/,
      ],
      ["context_recall.prefil=true", /has no option "prefil" \(did you mean prefill\?\); its options are/],
    ];
    for (const [text, message] of cases) {
      let error: unknown;
      try {
        metricOptionsById([flag(text)], { requested: ["context_recall"] });
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(String(error)).toMatch(message);
    }
  });
});

/** The error `metricOptionsById` throws for these flags and this run. */
function optionsError(texts: readonly string[], run: MetricOptionRun): string {
  try {
    metricOptionsById(
      texts.map((t) => parseMetricOption(t)),
      run,
    );
  } catch (err) {
    expect(err).toBeInstanceOf(InvalidInputError);
    return String(err);
  }
  throw new Error(`no error for ${texts.join(" ")}`);
}

describe("--metric-option against metric-file ids, several flags of one metric, definable metrics", () => {
  it("a metric-file id: says it is one, where its options go, and which metrics the run has, never an empty ()", () => {
    const error = optionsError(["stays_on_topic.strictness=5"], {
      requested: [],
      customIds: ["stays_on_topic", "answer_quality"],
    });
    expect(error).not.toMatch(/\(\)/);
    expect(error).toMatch(
      /--metric-option stays_on_topic\.strictness: stays_on_topic is a --metric-file metric/,
    );
    expect(error).toMatch(/set strictness in the metric file, in the entry with id: stays_on_topic/);
    expect(error).toMatch(/docs\/custom-judges\.md/);
  });

  it("a built-in metric that does not run: lists the run's metrics, built-in and from the metric file", () => {
    const error = optionsError(["answer_relevancy.prefill=true"], {
      requested: ["faithfulness"],
      customIds: ["stays_on_topic"],
    });
    expect(error).toMatch(
      /answer_relevancy is not among the metrics of this run: this run's metrics are faithfulness \(--metrics\) and stays_on_topic \(--metric-file\); add answer_relevancy to --metrics/,
    );
    expect(optionsError(["faithfulness.prefill=true"], { requested: [] })).toMatch(/this run has no metrics/);
    expect(optionsError(["no_such_metric.prefill=true"], { requested: undefined })).toMatch(
      /no_such_metric is not a built-in metric .*built-in ids are answer_relevancy, /,
    );
  });

  it("all flags of a metric are checked together: name= then definition= defines aspect_critic", () => {
    const definition = "aspect_critic.definition=Does the response answer the question?";
    expect(
      metricOptionsById([parseMetricOption("aspect_critic.name=on_topic"), parseMetricOption(definition)], {
        requested: ["aspect_critic"],
      }),
    ).toEqual(
      new Map([
        ["aspect_critic", { name: "on_topic", definition: "Does the response answer the question?" }],
      ]),
    );
    // Without --metrics too: a metric named by its flags joins the default set.
    expect(
      metricOptionsById([parseMetricOption(definition), parseMetricOption("aspect_critic.name=on_topic")], {
        requested: undefined,
      }).get("aspect_critic"),
    ).toMatchObject({ name: "on_topic" });
    // A bad value among them still names its own flag.
    expect(
      optionsError(["aspect_critic.name=on_topic", definition, "aspect_critic.strictness=2"], {
        requested: ["aspect_critic"],
      }),
    ).toMatch(/--metric-option aspect_critic\.strictness: strictness: must be odd/);
  });

  it("a definable metric without its definition says so, pointing to --metric-file and to the flags that define it", () => {
    const bare = optionsError([], { requested: ["aspect_critic"] });
    expect(bare).toMatch(
      /--metrics aspect_critic: aspect_critic is a judge you define, and it needs its definition: name, definition not given/,
    );
    expect(bare).toMatch(/--metric-file <file> \(docs\/custom-judges\.md/);
    expect(bare).toMatch(
      /--metric-option aspect_critic\.name=\.\.\. --metric-option aspect_critic\.definition=\.\.\./,
    );
    expect(bare).not.toMatch(/Invalid input/);
    expect(optionsError(["g_eval.name=quality"], { requested: undefined })).toMatch(
      /--metric-option g_eval\.name: g_eval is a judge you define, and it needs its definition: criteria not given.*--metric-option g_eval\.criteria=\.\.\./,
    );
  });
});

/** A line of a results file: the header, or a record (`type: "record"`) of one row and metric. */
interface ResultsLine {
  type?: string;
  metric?: string;
  result: { status: string; value: number | null };
}

describe("eval --metric-option end to end", { timeout: 300_000 }, () => {
  const box = cliSandbox("metric-option-");
  afterAll(() => box.cleanup());
  const base = ["eval", "examples/rag-eval.jsonl", "--metrics", "faithfulness", "--llm", tinyGgufPath];
  let runs = 0;
  /** Runs `eval` with these flags, a shared cache and a fresh results file; expects exit 0 and gives the file's lines. */
  async function evalLines(args: readonly string[]): Promise<ResultsLine[]> {
    const out = box.file(`run-${++runs}.jsonl`);
    const r = await runCli([...args, "--cache-file", box.file("cache.sqlite"), "--out", out], box.env);
    expect(r.stderr).not.toMatch(/unexpected error/);
    expect(r.code).toBe(0);
    return readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as ResultsLine);
  }

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
    const lines = await evalLines([
      ...base,
      "--metric-option",
      "faithfulness.prefill=true",
      "--metric-option",
      "faithfulness.reasons=false",
    ]);
    expect(JSON.stringify(lines[0])).toMatch(/"prefill":true/);
    expect(JSON.stringify(lines[0])).toMatch(/"reasons":false/);
    const records = lines.filter((l) => l.metric === "faithfulness");
    expect(records).toHaveLength(20);
    expect(records.every((l) => l.result.status !== "error")).toBe(true);
  });

  it("a metric-file id in --metric-option exits 2 saying its options go in the metric file", async () => {
    const r = await runCli(
      [
        "eval",
        "examples/rag-eval.jsonl",
        "--metric-file",
        "examples/quality.yaml",
        "--metric-option",
        "stays_on_topic.strictness=5",
        "--out",
        box.file("custom-id.jsonl"),
      ],
      box.env,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(/\(\)/);
    expect(r.stderr).toMatch(/stays_on_topic is a --metric-file metric/);
    expect(r.stderr).toMatch(/set strictness in the metric file/);
  });

  it("--metrics aspect_critic without a definition exits 2 pointing to --metric-file, before any model loads", async () => {
    const r = await runCli(
      [
        "eval",
        "examples/rag-eval.jsonl",
        "--metrics",
        "aspect_critic",
        "--llm",
        tinyGgufPath,
        "--out",
        box.file("bare.jsonl"),
      ],
      box.env,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--metrics aspect_critic: aspect_critic is a judge you define/);
    expect(r.stderr).toMatch(/--metric-file <file> \(docs\/custom-judges\.md/);
    expect(r.stderr).toMatch(/--metric-option aspect_critic\.definition=/);
    expect(existsSync(box.file("bare.jsonl"))).toBe(false);
  });

  it("name= then definition= defines aspect_critic from the command line, and every row is judged", async () => {
    const lines = await evalLines([
      "eval",
      "examples/rag-eval.jsonl",
      "--metrics",
      "aspect_critic",
      "--metric-option",
      "aspect_critic.name=on_topic",
      "--metric-option",
      "aspect_critic.definition=Does the response answer the question that was asked?",
      "--llm",
      tinyGgufPath,
    ]);
    const records = lines.filter((l) => l.type === "record");
    expect(records).toHaveLength(20);
    expect(
      records.every((l) => l.result.status === "ok" && (l.result.value === 0 || l.result.value === 1)),
    ).toBe(true);
  });
});
