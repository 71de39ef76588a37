/**
 * Test-set synthesis on a real judge: plans rows over the reference contexts of examples/rag-eval.jsonl (one chunk
 * per context, one document per sample), produces each one through the default stage, and reports the share
 * rejected (by reason) and seconds per planned and per accepted row. Not a section of `npm run bench`: a judge that
 * writes its strings to their bounds (the random-weight proxy) takes minutes per row.
 *
 * Run alone: node --import tsx bench/generate-rows.ts --gguf model.gguf --embeddings models/starter/glove-100d
 *            [--rows 12] [--seed 1] [--max-tokens 256] [--timeout-ms 120000] [--threads 1]
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { TransformersEmbeddings } from "../src/embeddings/index.js";
import { defaultMix } from "../src/generate/defaults.js";
import type { GenerationContext } from "../src/generate/stage.js";
import { defaultStage } from "../src/generate/synth/default-stage.js";
import type { Chunk, TestsetRow } from "../src/generate/types.js";
import { LlamaCppLlm } from "../src/llm/index.js";
import { chunksOf } from "./lib/chunks.js";
import { flag, numberFlag } from "./lib/cli.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** One chunk per reference context; a sample's contexts make one document, in order. */
function exampleChunks(): Chunk[] {
  const lines = readFileSync(path.join(repoRoot, "examples", "rag-eval.jsonl"), "utf8")
    .trim()
    .split("\n");
  return lines.flatMap((line, sample) =>
    chunksOf(`sample-${sample}`, (JSON.parse(line) as { reference_contexts: string[] }).reference_contexts),
  );
}

const gguf = flag("gguf");
const embeddingsDir = flag("embeddings");
if (gguf === undefined || embeddingsDir === undefined) {
  throw new Error("bench/generate-rows.ts needs --gguf <judge.gguf> and --embeddings <encoder directory>");
}
const rows = numberFlag("rows", 12);
const llm = await LlamaCppLlm.load({
  modelPath: gguf,
  threads: numberFlag("threads", 1),
  contextSize: 2048,
  memoSize: 0,
});
const embeddings = await TransformersEmbeddings.load({ model: embeddingsDir });
const ctx: GenerationContext = {
  llm,
  embeddings,
  seed: numberFlag("seed", 1),
  callBudget: { maxTokens: numberFlag("max-tokens", 256), timeoutMs: numberFlag("timeout-ms", 120_000) },
};
const plan = await defaultStage.plan(exampleChunks(), rows, defaultMix, ctx);
const accepted: TestsetRow[] = [];
const outcomes: Record<string, number> = {};
const started = performance.now();
for (const row of plan) {
  const outcome = await defaultStage.produce(row, ctx, accepted);
  const kind = "row" in outcome ? "accepted" : outcome.reason.kind;
  if ("row" in outcome) accepted.push(outcome.row);
  outcomes[kind] = (outcomes[kind] ?? 0) + 1;
  console.log(
    `${row.request.synthesizer} ${kind}: ${JSON.stringify("row" in outcome ? outcome.row.user_input : (outcome.rejected?.question ?? null))}`,
  );
}
const seconds = (performance.now() - started) / 1000;
console.log(
  JSON.stringify({
    gguf: path.basename(gguf),
    rows,
    outcomes,
    rejectedShare: Number((1 - accepted.length / rows).toFixed(3)),
    secondsPerPlannedRow: Number((seconds / rows).toFixed(2)),
    secondsPerAcceptedRow: accepted.length > 0 ? Number((seconds / accepted.length).toFixed(2)) : null,
  }),
);
await llm.dispose();
