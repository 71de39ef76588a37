/**
 * Measures node-llama-cpp speed on this machine for the choice of LlamaCppLlm defaults:
 *   1. raw greedy generation tokens/s for threads 1, 2, 4 (prompt reading and generation apart);
 *   2. judge calls per second with LlamaCppLlm for sequences 1 and 2 (threads 1).
 *
 * Usage: node --import tsx bench/llm-threads.ts [--models a.gguf,b.gguf] [--threads 1,2,4]
 *        [--tokens 48] [--runs 3] [--budget-seconds 20] [--json]
 * A configuration that is still running after the time budget stops early (fewer tokens, fewer runs).
 * Models default to the generated tiny GGUF (.test-models/tiny-llama.gguf, written if missing)
 * and ../shared/models/stories260K.gguf when it exists.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Token } from "node-llama-cpp";
import { z } from "zod";
import { writeTinyGguf } from "../scripts/tiny-gguf.js";
import { LlamaCppLlm } from "../src/llm/index.js";
import { getSharedLlama } from "../src/llm/llama-instance.js";
import type { JudgePrompt } from "../src/prompts/types.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

interface ThreadResult {
  model: string;
  threads: number;
  promptTokens: number;
  promptTokensPerSecond: number;
  generatedTokens: number;
  generatedTokensPerSecond: number;
}

interface SequenceResult {
  model: string;
  sequences: number;
  calls: number;
  callsPerSecond: number;
}

const PROMPT_TEXT =
  "Once upon a time, there was a little girl named Lily. She loved to play outside in the park with her friends.";

async function measureThreads(
  modelPath: string,
  threads: number,
  tokens: number,
  runs: number,
  budgetMs: number,
): Promise<ThreadResult> {
  const llama = await getSharedLlama();
  const model = await llama.loadModel({ modelPath });
  const context = await model.createContext({
    contextSize: 512,
    batchSize: 512,
    threads,
    flashAttention: false,
  });
  const sequence = context.getSequence();
  const bos = model.tokens.bos;
  const promptTokens: Token[] = [...(bos !== null ? [bos] : []), ...model.tokenize(PROMPT_TEXT)];
  const promptRates: number[] = [];
  const genRates: number[] = [];
  let generated = 0;
  const started = performance.now();
  try {
    // Warm-up: read the prompt once.
    await sequence.evaluateWithoutGeneratingNewTokens(promptTokens);
    for (let run = 0; run < runs; run++) {
      await sequence.clearHistory();
      const t0 = performance.now();
      const iterator = sequence.evaluate(promptTokens, { temperature: 0 });
      const first = await iterator.next(); // the prompt is read, and the first token sampled
      const t1 = performance.now();
      let count = first.done ? 0 : 1;
      // Slow configurations (more threads than free cores) stop at the time budget.
      while (count < tokens && performance.now() - started < budgetMs) {
        if ((await iterator.next()).done) break;
        count++;
      }
      await iterator.return();
      const t2 = performance.now();
      generated = count;
      promptRates.push(promptTokens.length / ((t1 - t0) / 1000));
      if (count > 1) genRates.push((count - 1) / ((t2 - t1) / 1000));
      if (performance.now() - started >= budgetMs) break;
    }
  } finally {
    await context.dispose();
    await model.dispose();
  }
  return {
    model: path.basename(modelPath),
    threads,
    promptTokens: promptTokens.length,
    promptTokensPerSecond: median(promptRates),
    generatedTokens: generated,
    generatedTokensPerSecond: median(genRates),
  };
}

async function measureSequences(
  modelPath: string,
  sequences: number,
  calls: number,
): Promise<SequenceResult> {
  const llm = await LlamaCppLlm.load({ modelPath, threads: 1, contextSize: 512, sequences, maxTokens: 64 });
  const schema = z.object({ claim: z.string().max(40), verdict: z.literal([0, 1]) });
  const prompt = (i: number): JudgePrompt => ({
    name: "bench",
    version: "1",
    system: "Judge the statement. Answer in JSON.",
    examples: [{ input: "The sun is hot.", output: '{"claim":"The sun is hot.","verdict":1}' }],
    input: `Statement number ${i}: ${PROMPT_TEXT}`,
  });
  try {
    await llm.generateObject(prompt(-1), schema); // warm-up
    const t0 = performance.now();
    await Promise.all(Array.from({ length: calls }, (_, i) => llm.generateObject(prompt(i), schema)));
    const seconds = (performance.now() - t0) / 1000;
    return { model: path.basename(modelPath), sequences, calls, callsPerSecond: calls / seconds };
  } finally {
    await llm.dispose();
  }
}

async function main(): Promise<void> {
  const tinyPath = path.join(repoRoot, ".test-models", "tiny-llama.gguf");
  const storiesPath = path.resolve(repoRoot, "..", "shared", "models", "stories260K.gguf");
  let models = arg("models")?.split(",");
  if (!models) {
    await writeTinyGguf(tinyPath);
    models = [tinyPath, ...(existsSync(storiesPath) ? [storiesPath] : [])];
  }
  const threadCounts = (arg("threads") ?? "1,2,4").split(",").map(Number);
  const tokens = Number(arg("tokens") ?? 48);
  const runs = Number(arg("runs") ?? 3);
  const budgetMs = Number(arg("budget-seconds") ?? 20) * 1000;

  const threadResults: ThreadResult[] = [];
  for (const modelPath of models) {
    for (const threads of threadCounts) {
      const result = await measureThreads(modelPath, threads, tokens, runs, budgetMs);
      threadResults.push(result);
      if (!process.argv.includes("--json")) {
        console.log(
          `${result.model.padEnd(22)} threads=${threads}  prompt ${result.promptTokensPerSecond.toFixed(0).padStart(7)} tok/s` +
            `  generate ${result.generatedTokensPerSecond.toFixed(1).padStart(8)} tok/s (${result.generatedTokens} tokens, median of <= ${runs} runs)`,
        );
      }
    }
  }
  const sequenceResults: SequenceResult[] = [];
  for (const modelPath of models) {
    for (const sequences of [1, 2]) {
      const result = await measureSequences(modelPath, sequences, 8);
      sequenceResults.push(result);
      if (!process.argv.includes("--json")) {
        console.log(
          `${result.model.padEnd(22)} threads=1 sequences=${sequences}  ${result.callsPerSecond.toFixed(1)} judge calls/s (${result.calls} parallel calls)`,
        );
      }
    }
  }
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify({ threads: threadResults, sequences: sequenceResults }, null, 2));
  }
}

await main();
