// loadVerifier on generated random-weight verifiers of each family (scripts/verifier-fixtures): task detection,
// the score's label read from id2label in either order, HHEM's template, batching, span merging and bad directories.
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type VerifierFamily, writeVerifierFixture } from "../scripts/verifier-fixtures/index.js";
import { ModelIntegrityError, ModelNotFoundError } from "../src/errors.js";
import {
  HHEM_TEMPLATE,
  hhemInput,
  loadVerifier,
  mergeUnsupported,
  type PairVerifier,
  type SpanVerifier,
} from "../src/verifiers/index.js";

let root: string;
const dirOf = (name: string) => path.join(root, name);
const PAIRS = [
  { first: "the capital of france is paris", second: "paris is in europe" },
  { first: "a cat sat", second: "the dog ran far away to the river" },
  { first: "water is hot", second: "ice" },
];

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "airgap-verifiers-"));
  const families: Array<[string, VerifierFamily, Parameters<typeof writeVerifierFixture>[2]]> = [
    ["nli-mnli", "nli", { labelOrder: "mnli" }],
    ["nli-entailment-first", "nli", { labelOrder: "entailment-first" }],
    ["consistency", "consistency", { maxLength: 96 }],
    ["relevance", "relevance", {}],
    ["spans", "spans", {}],
    [
      "unknown-task",
      "relevance",
      { config: { id2label: { "0": "a", "1": "b" }, architectures: ["BertModel"] } },
    ],
  ];
  for (const [name, family, options] of families) await writeVerifierFixture(dirOf(name), family, options);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("loadVerifier", () => {
  it("detects each family's task from config.json and records its identity", async () => {
    const expected = {
      "nli-mnli": "nli",
      consistency: "consistency",
      relevance: "relevance",
      spans: "spans",
    };
    for (const [name, task] of Object.entries(expected)) {
      const v = await loadVerifier(dirOf(name));
      try {
        expect(v.task).toBe(task);
        expect(v.identity.task).toBe(task);
        expect(v.identity.id).toBe(dirOf(name));
        const bytes = readFileSync(path.join(dirOf(name), "onnx", "model.onnx"));
        expect(v.identity.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
      } finally {
        await v.close();
      }
    }
    const nli = await loadVerifier(dirOf("nli-mnli"));
    expect(nli.identity.tokenizer).toBe("Unigram");
    expect(nli.maxTokens).toBe(128);
    await nli.close();
  });

  it("reads the entailment index from id2label: MNLI order and entailment-first give the same P(entailment)", async () => {
    const mnli = (await loadVerifier(dirOf("nli-mnli"))) as PairVerifier;
    const first = (await loadVerifier(dirOf("nli-entailment-first"))) as PairVerifier;
    const a = await mnli.score(PAIRS);
    const b = await first.score(PAIRS);
    for (let i = 0; i < PAIRS.length; i++) {
      expect(a[i]!.probability).toBeGreaterThan(0);
      expect(a[i]!.probability).toBeLessThan(1);
      expect(a[i]!.probability).toBeCloseTo(b[i]!.probability, 6);
    }
    // The two files differ in their logits' order, so a fixed index would give different scores.
    const config = (name: string) => JSON.parse(readFileSync(path.join(dirOf(name), "config.json"), "utf8"));
    expect(config("nli-mnli").id2label["1"]).toBe("entailment");
    expect(config("nli-entailment-first").id2label["0"]).toBe("entailment");
    await mnli.close();
    await first.close();
  });

  it("scores in batches exactly as one at a time, and flags pairs cut to fit", async () => {
    const v = (await loadVerifier(dirOf("relevance"), { threads: 2 })) as PairVerifier;
    const many = Array.from({ length: 20 }, (_, i) => PAIRS[i % PAIRS.length]!);
    const batched = await v.score(many);
    for (const [i, pair] of many.entries()) {
      const [alone] = await v.score([pair]);
      expect(batched[i]!.probability).toBeCloseTo(alone!.probability, 5);
    }
    const long = "the water of the river is hot ".repeat(40);
    const [cut] = await v.score([{ first: long, second: "paris" }]);
    expect(cut!.truncated).toBe(true);
    expect(batched[0]!.truncated).toBe(false);
    expect(v.countTokens("hello world")).toBe(2);
    expect(v.tokenOffsets("hello world")).toEqual([
      [0, 5],
      [6, 11],
    ]);
    await v.close();
    await expect(v.score(PAIRS)).rejects.toThrow(/closed; load it again/);
  });

  it("feeds HHEM-style models its card's template, cutting the premise and never the hypothesis", async () => {
    expect(hhemInput("P {hypothesis}", "H")).toBe(
      "<pad> Determine if the hypothesis is true given the premise?\n\nPremise: P {hypothesis}\n\nHypothesis: H",
    );
    expect(HHEM_TEMPLATE).toContain("{premise}");
    const v = (await loadVerifier(dirOf("consistency"))) as PairVerifier;
    expect(v.maxTokens).toBe(96);
    const [short, long] = await v.score([
      { first: "a cat sat", second: "a cat" },
      { first: "the cat sat on the mat and the dog ran ".repeat(10), second: "a cat" },
    ]);
    expect(short!.truncated).toBe(false);
    expect(long!.truncated).toBe(true);
    expect(long!.probability).toBeGreaterThan(0);
    await expect(v.score([{ first: "a", second: "the hypothesis is long ".repeat(40) }])).rejects.toThrow(
      /hypothesis with the template takes \d+ tokens.*shorten the hypothesis/,
    );
    await v.close();
  });

  it("finds unsupported spans in the response only, merged from adjacent tokens", async () => {
    const v = (await loadVerifier(dirOf("spans"))) as SpanVerifier;
    const response = "paris is the capital";
    const all = await v.unsupportedSpans({ context: "france is in europe", question: "what?", response }, 0);
    expect(all).toEqual({
      spans: [{ start: 0, end: response.length, text: response, probability: expect.any(Number) }],
      truncated: false,
    });
    const none = await v.unsupportedSpans({ context: "x", response }, 1);
    expect(none.spans).toEqual([]);
    const cut = await v.unsupportedSpans({ context: "the cat sat ".repeat(80), response }, 0.5);
    expect(cut.truncated).toBe(true);
    await expect(
      v.unsupportedSpans({ context: "x", response: "the cat sat ".repeat(80) }, 0.5),
    ).rejects.toThrow(/second text alone takes \d+ tokens/);
    await expect(v.unsupportedSpans({ context: "x", response }, 2)).rejects.toThrow(/\[0, 1\]/);
    await v.close();
  });

  it("merges runs of tokens at or above the threshold into character spans", () => {
    const text = "Paris is big and old";
    const offsets: Array<[number, number]> = [
      [0, 5],
      [6, 8],
      [9, 12],
      [12, 12],
      [13, 16],
      [17, 20],
    ];
    expect(mergeUnsupported(text, [0.9, 0.6, 0.1, 0.9, 0.7, 0.8], offsets, 0.5)).toEqual([
      { start: 0, end: 8, text: "Paris is", probability: 0.9 },
      { start: 13, end: 20, text: "and old", probability: 0.8 },
    ]);
    expect(mergeUnsupported(text, [0.1, 0.1, 0.1, 0.1, 0.1, 0.1], offsets, 0.5)).toEqual([]);
  });

  it("takes the task when given, and says how when config.json does not tell", async () => {
    await expect(loadVerifier(dirOf("unknown-task"))).rejects.toThrow(
      /config\.json: cannot tell the verifier's task.*pass task: "nli"/,
    );
    await expect(loadVerifier(dirOf("unknown-task"), { task: "nli" })).rejects.toThrow(
      /id2label \["a","b"\] has no label for the nli score \(entailment\)/,
    );
    const forced = await loadVerifier(dirOf("spans"), { task: "consistency" });
    expect(forced.task).toBe("consistency");
    await forced.close();
    await expect(loadVerifier(dirOf("relevance"), { task: "ranking" as never })).rejects.toThrow(
      /"nli", "consistency"/,
    );
    await expect(loadVerifier(dirOf("relevance"), { threads: 0 })).rejects.toThrow(/positive integer/);
  });

  it("resolves a models.json id in the models directory and enforces the pinned sha256 of its ONNX file", async () => {
    const modelsDir = path.join(root, "models");
    const missing = await loadVerifier("ms-marco-MiniLM-L-4-v2", { modelsDir }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ModelNotFoundError);
    expect((missing as Error).message).toContain("airgap-eval models pull ms-marco-MiniLM-L-4-v2");
    const dir = path.join(modelsDir, "ms-marco-MiniLM-L-4-v2");
    await writeVerifierFixture(dir, "relevance");
    renameSync(path.join(dir, "onnx", "model.onnx"), path.join(dir, "onnx", "model_quantized.onnx"));
    const err = await loadVerifier("ms-marco-MiniLM-L-4-v2", { modelsDir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelIntegrityError);
    expect((err as Error).message).toContain(
      "ff4b58e869a5c4ec0c6691caf045bc0e294b3cc34b9f015d8a5fc8d6aeb3b2d3",
    );
  });

  it("names the missing directory or file and what a verifier directory holds", async () => {
    const missing = path.join(root, "nowhere");
    const err = await loadVerifier(missing).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelNotFoundError);
    expect((err as Error).message).toContain(`no directory at ${missing}`);
    expect((err as Error).message).toContain("tokenizer_config.json");
    const noOnnx = dirOf("relevance");
    const onnxFile = path.join(noOnnx, "onnx", "model.onnx");
    const bytes = readFileSync(onnxFile);
    unlinkSync(onnxFile);
    try {
      await expect(loadVerifier(noOnnx)).rejects.toThrow(`${onnxFile} is missing`);
      writeFileSync(onnxFile, "not a model");
      await expect(loadVerifier(noOnnx)).rejects.toThrow(`${onnxFile}: onnxruntime could not load the model`);
    } finally {
      writeFileSync(onnxFile, bytes);
    }
    writeFileSync(path.join(dirOf("unknown-task"), "config.json"), "{oops");
    await expect(loadVerifier(dirOf("unknown-task"))).rejects.toThrow(/config\.json: not valid JSON/);
  });
});
