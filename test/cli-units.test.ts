// The CLI's small pieces, without spawning: flag parsers, the resume command, the Ctrl-C handler,
// the metric catalog and the messages for invalid rows and missing models.
import { EventEmitter } from "node:events";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { parseColumnMap } from "../src/cli/column-map.js";
import { defaultMetricsFor, withoutMissingModels } from "../src/cli/default-metrics.js";
import { missingModelReason } from "../src/cli/eval-models.js";
import { ExitCode } from "../src/cli/exit-codes.js";
import { checkFailUnder, parseFailUnder } from "../src/cli/fail-under.js";
import { InterruptHandler, resumeCommand } from "../src/cli/interrupt.js";
import { createMetric, defaultMetricIds, parseMetricIds } from "../src/cli/metric-factory.js";
import { invalidRowLines } from "../src/cli/preflight.js";
import { InvalidInputError, ModelNotFoundError } from "../src/errors.js";
import { metricDescriptor, metricDescriptors } from "../src/metrics/catalog.js";
import type { MetricAggregate } from "../src/results/types.js";
import { stubEmbeddings, stubLlm } from "./support/stub-models.js";

class Capture extends Writable {
  text = "";
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: () => void): void {
    this.text += chunk.toString();
    cb();
  }
}

function aggregate(metric: string, mean: number | null): MetricAggregate {
  return {
    metric,
    mean,
    count: mean === null ? 0 : 3,
    errors: 0,
    skipped: 0,
    nulls: 0,
    std: 0,
    min: mean,
    max: mean,
  };
}

describe("--fail-under", () => {
  it("parses metric=value and rejects anything else", () => {
    expect(parseFailUnder("faithfulness=0.8")).toEqual({ metric: "faithfulness", min: 0.8 });
    expect(parseFailUnder(" answer_relevancy=1 ")).toEqual({ metric: "answer_relevancy", min: 1 });
    for (const bad of ["faithfulness", "faithfulness=", "=0.5", "faithfulness=high", "a=0.5=1"]) {
      expect(() => parseFailUnder(bad)).toThrow(/must look like <metric>=<number>/);
    }
  });

  it("reports each bar not met, and a metric without any score as not met", () => {
    const aggs = [
      aggregate("faithfulness", 0.75),
      aggregate("semantic_similarity", 0.9),
      aggregate("context_relevance", null),
    ];
    const failures = checkFailUnder(aggs, [
      { metric: "faithfulness", min: 0.8 },
      { metric: "semantic_similarity", min: 0.9 },
      { metric: "context_relevance", min: 0.1 },
    ]);
    expect(failures).toEqual([
      "faithfulness: mean 0.7500 is below --fail-under 0.8",
      "context_relevance: no score to compare with --fail-under 0.1 (every row failed or was skipped)",
    ]);
  });
});

describe("--metrics and --column", () => {
  it("parses metric ids, dropping blanks and duplicates, and names the choices for an unknown one", () => {
    expect(parseMetricIds("faithfulness, semantic_similarity,,faithfulness")).toEqual([
      "faithfulness",
      "semantic_similarity",
    ]);
    expect(() => parseMetricIds("bleu")).toThrow(
      /unknown metric "bleu"; did you mean bleu_score\? The metric ids: answer_relevancy/,
    );
    expect(() => parseMetricIds("bleux")).toThrow(/unknown metric "bleux"; choose from answer_relevancy/);
    expect(() => parseMetricIds(" , ")).toThrow(/--metrics is empty/);
  });

  it("parses column maps and rejects malformed pairs, unknown fields and a column given twice", () => {
    expect(parseColumnMap(["question_text=user_input", "docs = retrieved_contexts"])).toEqual({
      question_text: "user_input",
      docs: "retrieved_contexts",
    });
    expect(() => parseColumnMap(["question_text"])).toThrow(InvalidInputError);
    expect(() => parseColumnMap(["=user_input"])).toThrow(/must look like <dataset column>=<field>/);
    expect(() => parseColumnMap(["q="])).toThrow(/must look like/);
    expect(() => parseColumnMap(["q=title"])).toThrow(/maps to "title", which is not a sample field/);
    expect(() => parseColumnMap(["q=user_input", "q=response"])).toThrow(/maps "q" twice/);
    // A dataset column named like an inherited property is mapped, not lost (issue 29, prototype keys).
    const inherited = parseColumnMap(["__proto__=user_input", "constructor=response"]);
    expect(Object.entries(inherited)).toEqual([
      ["__proto__", "user_input"],
      ["constructor", "response"],
    ]);
    expect(Object.getPrototypeOf(inherited)).toBe(Object.prototype);
    expect(() => parseColumnMap(["constructor=user_input", "constructor=response"])).toThrow(
      /maps "constructor" twice/,
    );
  });
});

const llm = stubLlm;
const embeddings = stubEmbeddings;

describe("the metric catalog", () => {
  // Metrics whose options have defaults build from the id alone; the others (opt-in custom judges) need a
  // definition, which the CLI takes from --metric-file, so building one bare names the missing option.
  const buildable = metricDescriptors.filter((d) => d.options.safeParse({}).success).map((d) => d.id);
  const needDefinition = metricDescriptors.filter((d) => !buildable.includes(d.id));

  it.each(buildable)("%s: the catalog's fields and models match the metric", (id) => {
    const metric = createMetric(id, { llm, embeddings });
    const descriptor = metricDescriptor(id);
    expect(metric.name).toBe(id);
    expect([...metric.requiredFields].sort()).toEqual([...descriptor.requiredFields].sort());
    expect(metric.needsLlm).toBe(descriptor.needsLlm);
    expect(metric.needsEmbeddings).toBe(descriptor.needsEmbeddings);
  });

  it.each(needDefinition.map((d) => [d.id, d] as const))(
    "%s: needs a definition, so it is opt-in and building it bare names the missing option",
    (id, descriptor) => {
      expect(descriptor.optIn).toBe(true);
      expect(() => createMetric(id, { llm, embeddings })).toThrow(/field "\w+": \w+: is missing or invalid/);
    },
  );

  it("a metric whose model is missing becomes a skipped metric carrying the reason", async () => {
    const metric = createMetric("faithfulness", { embeddings, llmMissing: "judge is not here: run X" });
    expect(await metric.score({ userInput: "q", response: "r", retrievedContexts: ["c"] })).toEqual({
      value: null,
      status: "skipped",
      reason: "judge is not here: run X",
    });
  });
});

describe("the default metric set", () => {
  const full = { userInput: "q", response: "r", retrievedContexts: ["c"], reference: "ref" };
  /** What the catalog says the default set is for rows with these fields: every non-opt-in metric they cover. */
  const defaultsFor = (fields: readonly string[]) =>
    metricDescriptors
      .filter((d) => d.optIn !== true && d.requiredFields.every((f) => fields.includes(f)))
      .map((d) => d.id);

  it("holds every metric whose columns some row has, plus the metrics --fail-under names", () => {
    const all = defaultMetricsFor([full], []);
    expect(all).toEqual(defaultsFor(Object.keys(full)));
    // Judge, embedding and judge-free metrics alike; never an opt-in one, nor one whose columns no row has.
    expect(all).toEqual(
      expect.arrayContaining(["faithfulness", "semantic_similarity", "bleu_score", "exact_match"]),
    );
    expect(all).not.toContain("aspect_critic");
    expect(all).not.toContain("document_mrr");
    const partial = [
      { userInput: "q", response: "r" },
      { response: "r", reference: "x" },
    ];
    const fromPartial = defaultMetricsFor(partial, []);
    const [asked, referenced] = [
      defaultsFor(["userInput", "response"]),
      defaultsFor(["response", "reference"]),
    ];
    expect(fromPartial).toEqual(
      defaultMetricIds.filter((id) => asked.includes(id) || referenced.includes(id)),
    );
    expect(fromPartial).toEqual(
      expect.arrayContaining(["answer_relevancy", "semantic_similarity", "rouge_score"]),
    );
    expect(fromPartial).not.toContain("faithfulness");
    expect(defaultMetricsFor([{ userInput: "q", response: "r" }], ["faithfulness"])).toEqual(
      defaultMetricIds.filter((id) => asked.includes(id) || id === "faithfulness"),
    );
    expect(() => defaultMetricsFor([{ reference: "x" }], [], "d.jsonl")).toThrow(
      /d\.jsonl: no metric can score any row: .*faithfulness needs user_input, response, retrieved_contexts/,
    );
  });

  it("leaves out the metrics whose model is missing in one line naming them and the reason, unless named", () => {
    const reason = "judge model j is not on this machine: run `airgap-eval models pull j`";
    const models = { embeddings, llmMissing: reason };
    const judged = defaultMetricIds.filter((id) => metricDescriptor(id).needsLlm);
    const judgeFree = defaultMetricIds.filter((id) => !metricDescriptor(id).needsLlm);
    const left = withoutMissingModels(defaultMetricIds, models, []);
    expect(left.run).toEqual(judgeFree);
    expect(left.run).toEqual(expect.arrayContaining(["semantic_similarity", "bleu_score"]));
    expect(left.summary).not.toContain("\n");
    expect(left.summary).toBe(
      `not running ${judged.join(", ")} (ask for them with --metrics to list them as skipped): ${reason}`,
    );
    expect(withoutMissingModels(defaultMetricIds, models, ["faithfulness"]).run).toEqual(
      defaultMetricIds.filter((id) => judgeFree.includes(id) || id === "faithfulness"),
    );
    expect(withoutMissingModels(defaultMetricIds, { llm, embeddings }, [])).toEqual({
      run: defaultMetricIds,
    });
  });
});

describe("messages", () => {
  it("names file, line, row and field of each invalid row", () => {
    expect(
      invalidRowLines({
        file: "data.jsonl",
        invalid: [
          { row: 2, line: 3, field: "response", message: "expected a string, got a number" },
          { row: 4, line: 5, message: "is not valid JSON (Unexpected end)" },
        ],
      }),
    ).toEqual([
      'airgap-eval: invalid row: data.jsonl, line 3, row 2, field "response": expected a string, got a number; row not evaluated',
      "airgap-eval: invalid row: data.jsonl, line 5, row 4: is not valid JSON (Unexpected end); row not evaluated",
    ]);
  });

  it("a missing default model's skip reason is one line with the exact pull command", () => {
    const err = new ModelNotFoundError("long text", "qwen2.5-0.5b-instruct", ["/m/qwen2.5-0.5b-instruct"]);
    const reason = missingModelReason("judge", err);
    expect(reason).not.toContain("\n");
    expect(reason).toContain("`airgap-eval models pull qwen2.5-0.5b-instruct`");
    expect(reason).toContain("/m/qwen2.5-0.5b-instruct");
    expect(reason).toContain("--llm <file.gguf>");
  });

  it("the resume command keeps every argument, adds --resume once, drops --overwrite and quotes for a shell", () => {
    expect(resumeCommand(["eval", "data.jsonl", "--out", "r.jsonl", "--overwrite"])).toBe(
      "airgap-eval eval data.jsonl --out r.jsonl --resume",
    );
    expect(resumeCommand(["eval", "my data.jsonl", "--resume", "--column", "it's=user_input"])).toBe(
      "airgap-eval eval 'my data.jsonl' --column 'it'\\''s=user_input' --resume",
    );
  });
});

describe("Ctrl-C handler", () => {
  it("first SIGINT aborts the signal, second exits 130; dispose stops listening", () => {
    const target = new EventEmitter();
    const stderr = new Capture();
    const exits: number[] = [];
    const handler = new InterruptHandler({
      target: target as unknown as NodeJS.Process,
      stderr,
      exit: (code) => exits.push(code),
    });
    expect(handler.signal.aborted).toBe(false);
    target.emit("SIGINT");
    expect(handler.signal.aborted).toBe(true);
    expect(handler.interrupted).toBe(true);
    expect(exits).toEqual([]);
    expect(stderr.text).toContain("finishing the rows in flight");
    target.emit("SIGINT");
    expect(exits).toEqual([ExitCode.interrupted]);
    expect(stderr.text).toContain("quitting at once");
    handler.dispose();
    expect(target.listenerCount("SIGINT")).toBe(0);
  });
});
