// A model directory is identified by every file that changes its numbers, as a user meets it through `eval`: after
// a cached run, a reordered id2label or a replaced tokenizer.json is a new model. The cache misses (no old number is
// served), and the same command run again stops naming the changed digest instead of continuing its file.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeVerifierFixture } from "../scripts/verifier-fixtures/index.js";
import { cliSandbox, recordLines, runCli } from "./fixtures/cli/run-cli.js";
import { repoRoot, tinyEncoderDir } from "./setup/paths.js";

const sandbox = cliSandbox("airgap-cli-model-files-");
afterAll(() => sandbox.cleanup());

const data = sandbox.file("data.jsonl");
writeFileSync(
  data,
  `${readFileSync(path.join(repoRoot, "examples", "rag-eval.jsonl"), "utf8")
    .split("\n")
    .slice(0, 2)
    .join("\n")}\n`,
);

function editJson(file: string, change: (value: Record<string, unknown>) => void): void {
  const value = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  change(value);
  writeFileSync(file, JSON.stringify(value));
}

/** Reverses the ids of every vocabulary entry after the first `keep` (special tokens keep theirs). */
function reverseVocabulary(dir: string, keep: number): void {
  editJson(path.join(dir, "tokenizer.json"), (tokenizer) => {
    const model = tokenizer.model as { vocab: unknown };
    if (Array.isArray(model.vocab)) {
      model.vocab = [...model.vocab.slice(0, keep), ...model.vocab.slice(keep).reverse()];
    } else {
      const entries = Object.entries(model.vocab as Record<string, number>).sort((a, b) => a[1] - b[1]);
      const ids = entries.map(([, id]) => id);
      const moved = [...entries.slice(0, keep), ...entries.slice(keep).reverse()];
      model.vocab = Object.fromEntries(moved.map(([token], i) => [token, ids[i]]));
    }
  });
}

/** `eval` with one metric into `out`, on the sandbox's cache file. */
async function evalInto(out: string, metricArgs: readonly string[]) {
  const run = await runCli(
    ["eval", data, ...metricArgs, "--out", out, "--cache-file", sandbox.file("cache.sqlite")],
    sandbox.env,
  );
  return { ...run, text: run.stdout + run.stderr, values: () => recordLines(out).map(resultValue) };
}

function resultValue(record: Record<string, unknown>): unknown {
  return (record.result as { value: unknown }).value;
}

describe("a model directory changed after a cached run", () => {
  it.each([
    [
      "id2label reordered",
      (dir: string) =>
        editJson(path.join(dir, "config.json"), (config) => {
          config.id2label = { "0": "entailment", "1": "contradiction", "2": "neutral" };
          config.label2id = { entailment: 0, contradiction: 1, neutral: 2 };
        }),
    ],
    ["tokenizer.json replaced", (dir: string) => reverseVocabulary(dir, 4)],
  ])("a verifier with %s is a new verifier", async (name, change) => {
    const dir = sandbox.file(`nli-${name.replaceAll(" ", "-")}`);
    await writeVerifierFixture(dir, "nli");
    const metric = [
      "--metrics",
      "verifier_faithfulness",
      "--metric-option",
      `verifier_faithfulness.verifier=${dir}`,
      "--metric-option",
      "verifier_faithfulness.aggregate=mean",
    ];
    const out = sandbox.file(`${path.basename(dir)}.jsonl`);
    const first = await evalInto(out, metric);
    expect(first.code, first.text).toBe(0);
    const before = first.values();

    change(dir);
    const again = await evalInto(out, metric);
    expect(again.code, again.text).toBe(2);
    expect(again.text).toMatch(
      /verifier_faithfulness: option verifierFilesSha256 [0-9a-f]{64} -> [0-9a-f]{64}/,
    );
    expect(recordLines(out).map(resultValue)).toEqual(before);

    const fresh = await evalInto(sandbox.file(`${path.basename(dir)}-fresh.jsonl`), metric);
    expect(fresh.code, fresh.text).toBe(0);
    expect(fresh.text).toMatch(/Cache: +0 hits, [1-9]\d* misses/);
    expect(fresh.values()).not.toEqual(before);
  });

  it("an embedding directory with tokenizer.json replaced is a new model", async () => {
    const dir = sandbox.file("encoder");
    cpSync(tinyEncoderDir, dir, { recursive: true });
    const metric = ["--metrics", "semantic_similarity", "--embeddings", dir];
    const out = sandbox.file("encoder.jsonl");
    const first = await evalInto(out, metric);
    expect(first.code, first.text).toBe(0);
    const before = first.values();

    reverseVocabulary(dir, 5);
    const again = await evalInto(out, metric);
    expect(again.code, again.text).toBe(2);
    expect(again.text).toMatch(/filesSha256 [0-9a-f]{64} -> [0-9a-f]{64}/);

    const fresh = await evalInto(sandbox.file("encoder-fresh.jsonl"), metric);
    expect(fresh.code, fresh.text).toBe(0);
    expect(fresh.text).toMatch(/Cache: +0 hits, [1-9]\d* misses/);
    expect(fresh.values()).not.toEqual(before);
  });
});
