// A verifier directory whose config.json does not describe its ONNX graph, as a user meets it through `eval`: an
// entailment label past the graph's logits, another task's graph in an NLI directory, a label named twice. Each is
// refused naming the file and what to fix; no row is scored from the wrong logits.
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeVerifierFixture } from "../scripts/verifier-fixtures/index.js";
import { cliSandbox, recordLines, runCli } from "./fixtures/cli/run-cli.js";
import { repoRoot } from "./setup/paths.js";

const sandbox = cliSandbox("airgap-cli-verifier-mismatch-");
afterAll(() => sandbox.cleanup());

const nliConfig = (id2label: Record<string, string>) => ({
  architectures: ["DebertaV2ForSequenceClassification"],
  model_type: "deberta-v2",
  id2label,
  label2id: Object.fromEntries(Object.entries(id2label).map(([i, l]) => [l, Number(i)])),
});

async function evalWith(dir: string) {
  const rows = readFileSync(path.join(repoRoot, "examples", "rag-eval.jsonl"), "utf8")
    .split("\n")
    .slice(0, 2);
  const data = sandbox.file(`${path.basename(dir)}-data.jsonl`);
  writeFileSync(data, `${rows.join("\n")}\n`);
  const out = sandbox.file(`${path.basename(dir)}-out.jsonl`);
  const run = await runCli(
    [
      "eval",
      data,
      "--metrics",
      "verifier_faithfulness",
      "--metric-option",
      `verifier_faithfulness.verifier=${dir}`,
      "--out",
      out,
      "--no-cache",
    ],
    sandbox.env,
  );
  const statuses = recordLines(out).map((r) => (r.result as { status: string }).status);
  return { ...run, statuses };
}

describe("a verifier whose config.json does not describe its graph", () => {
  it.each([
    [
      "entailment past the logits",
      "nli" as const,
      nliConfig({ "0": "contradiction", "1": "neutral", "2": "other", "3": "entailment" }),
      /config\.json: id2label names 4 labels .* but .*model\.onnx gives 3 logits/,
    ],
    [
      "a token classifier in an NLI directory",
      "spans" as const,
      nliConfig({ "0": "entailment", "1": "not_entailment" }),
      /model\.onnx: gives per-token logits \(a token classifier\), shape \[1, \d+, 2\], but the nli task reads per-input logits/,
    ],
    [
      "a 2-logit consistency graph in an NLI directory",
      "consistency" as const,
      nliConfig({ "0": "contradiction", "1": "entailment", "2": "neutral" }),
      /config\.json: id2label names 3 labels .* but .*model\.onnx gives 2 logits/,
    ],
    [
      "entailment named twice",
      "nli" as const,
      nliConfig({ "0": "entailment", "1": "neutral", "2": "entailment" }),
      /config\.json: id2label names "entailment" at both 0 and 2/,
    ],
  ])(
    "refuses %s, naming the file",
    async (name, family, config, message) => {
      const dir = sandbox.file(name.replaceAll(" ", "-"));
      await writeVerifierFixture(dir, family, { config });
      // The family's own keys (HHEM's foundation, ...) are left as they are; the NLI config is what is read.
      const result = await evalWith(dir);
      expect(result.stdout + result.stderr).toMatch(message);
      expect(result.statuses).not.toContain("ok");
    },
    120_000,
  );

  it("refuses another task's relevance graph in an NLI directory once, naming the directory, without onnxruntime's own log", async () => {
    const dir = sandbox.file("nli-with-a-relevance-graph");
    await writeVerifierFixture(dir, "nli");
    const relevance = sandbox.file("relevance-graph");
    await writeVerifierFixture(relevance, "relevance");
    copyFileSync(path.join(relevance, "onnx", "model.onnx"), path.join(dir, "onnx", "model.onnx"));
    const result = await evalWith(dir);
    expect(result.stderr).not.toContain("onnxruntime:");
    expect(result.stderr).not.toContain("\u001b[");
    const text = result.stdout + result.stderr;
    expect(text).toContain(`verifier directory ${dir}: ${path.join(dir, "onnx", "model.onnx")} does not run`);
    expect(text).toMatch(
      /on the token ids of the directory's tokenizer\.json \(ids up to \d+\): the graph and the tokenizer are from different models, or the graph is another task's\. Put one model's files together: config\.json, tokenizer\.json/,
    );
    expect(result.statuses).not.toContain("ok");
  }, 120_000);
});
