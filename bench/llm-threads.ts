/**
 * Section "threads" (judge side): prompt processing and greedy generation tokens/s of one GGUF model
 * at each thread count, on raw node-llama-cpp contexts of the same model, thread counts in
 * alternation (1, 2, 1, 2…) after a warm-up. Says which count is faster and whether it is the
 * library default (`DEFAULT_THREADS`).
 *
 * Run alone: node --import tsx bench/llm-threads.ts [--gguf a.gguf] [--threads 1,2] [--tokens 48]
 *            [--rounds 3,7] [--budget-seconds 15] [--cpu-build portable|fastest|name] [--json out.json]
 *            [--save-prompt tokens.json (the prompt's token ids, for peers/decode_rate.py)]
 * A thread count far slower than the others (more threads than free cores) stops generating at a
 * per-run time cap, so a bad setting cannot stall the bench; its rate is still measured.
 */
import { writeFileSync } from "node:fs";
import type { LlamaModel, Token } from "node-llama-cpp";
import type { CpuBuildOption } from "../src/llm/cpu-build.js";
import { cpuBuildOf, getSharedLlama } from "../src/llm/llama-instance.js";
import { defaultThreadsFor } from "../src/llm/load-options.js";
import { flag, numberFlag, numberListFlag, roundFlags } from "./lib/cli.js";
import { exampleRows } from "./lib/dataset.js";
import { fastestForCell, markdownTable, num, times } from "./lib/markdown.js";
import { modelName, tinyGgufPath } from "./lib/models.js";
import { finishSection, isMain, note } from "./lib/section.js";
import { alternate, fastestThreads, median } from "./lib/stats.js";
import { disposeThreadSlots, openThreadSlots, type ThreadSlot } from "./lib/thread-slots.js";

/** Options of {@link runLlmThreads}. */
export interface LlmThreadsOptions {
  /** GGUF file. Required. */
  modelPath: string;
  /** Thread counts compared. Defaults to `[1, 2]`. */
  threads?: number[];
  /** Prompt length in tokens (text from the example dataset). Defaults to 256. */
  promptTokens?: number;
  /** Tokens generated per run. Defaults to 48. */
  tokens?: number;
  /** Fewest timed rounds. Defaults to 3. */
  minRounds?: number;
  /** Most timed rounds. Defaults to 7. */
  maxRounds?: number;
  /** No new round after this many ms once `minRounds` are done. Defaults to 15,000. */
  budgetMs?: number;
  /** Longest time one generation may run before it stops early (rate still measured). Defaults to 3,000 ms. */
  runCapMs?: number;
  /** Which llama.cpp CPU build runs (see `LlamaCppLlmOptions.cpuBuild`). Defaults to `"portable"`. */
  cpuBuild?: CpuBuildOption;
  /** A file to write the prompt's token ids to (JSON), so another runtime can read the very same prompt. */
  savePromptTo?: string;
}

/** One thread count's medians. */
export interface ThreadsRow {
  threads: number;
  promptTokensPerSecond: number;
  generatedTokensPerSecond: number;
  /** Median tokens generated per run (fewer than asked when the run cap stopped it). */
  generatedTokens: number;
}

/** One model's result of the threads section. */
export interface LlmThreadsResult {
  section: "threads";
  model: string;
  promptTokens: number;
  rows: ThreadsRow[];
  /** Thread count with the best generation rate, and with the best prompt rate. */
  fastestGeneration: number;
  fastestPrompt: number;
  /** The library default. */
  defaultThreads: number;
  /** Parameters of the model (elements of all its tensors, from the GGUF header). */
  parameters: number;
  /** Best / second best generation rate. */
  generationMargin: number;
  rounds: number;
  /** The llama.cpp CPU build that ran. */
  cpuBuild: string;
}

/** Prompt tokens cut from the example dataset's texts, `count` of them after BOS. */
function promptTokens(model: LlamaModel, count: number): Token[] {
  const text = exampleRows()
    .flatMap((r) => [r.user_input, r.response, ...r.retrieved_contexts])
    .join("\n");
  const bos = model.tokens.bos;
  return [...(bos !== null ? [bos] : []), ...model.tokenize(text, false).slice(0, count)];
}

/**
 * Measures one model at each thread count.
 *
 * @example
 * const r = await runLlmThreads({ modelPath: "judge.gguf", threads: [1, 2] });
 * console.log(r.fastestGeneration === r.defaultThreads);
 */
export async function runLlmThreads(options: LlmThreadsOptions): Promise<LlmThreadsResult> {
  const threadCounts = options.threads ?? [1, 2];
  const wantTokens = options.tokens ?? 48;
  const runCapMs = options.runCapMs ?? 3000;
  const llama = await getSharedLlama(false, options.cpuBuild ?? "portable");
  const model = await llama.loadModel({ modelPath: options.modelPath, gpuLayers: 0 });
  const slots = new Map<number, ThreadSlot>();
  try {
    const prompt = promptTokens(model, options.promptTokens ?? 256);
    if (options.savePromptTo !== undefined) writeFileSync(options.savePromptTo, JSON.stringify(prompt));
    await openThreadSlots(slots, model, threadCounts, 1024);
    const promptRates = new Map<number, number[]>(threadCounts.map((t) => [t, []]));
    const generated = new Map<number, number[]>(threadCounts.map((t) => [t, []]));
    const labels = threadCounts.map(String);
    const genRates = await alternate(
      labels,
      async (label, round) => {
        const threads = Number(label);
        const { sequence } = slots.get(threads)!;
        await sequence.clearHistory();
        const t0 = performance.now();
        // An end-of-generation token does not stop the run: every step is one forward pass all the same.
        const iterator = sequence.evaluate(prompt, { temperature: 0, yieldEogToken: true });
        const first = await iterator.next(); // reads the prompt and samples the first token
        const t1 = performance.now();
        let count = first.done ? 0 : 1;
        while (count < wantTokens && performance.now() - t1 < runCapMs) {
          if ((await iterator.next()).done) break;
          count++;
        }
        await iterator.return(undefined);
        const t2 = performance.now();
        if (round >= 0) {
          promptRates.get(threads)!.push(prompt.length / ((t1 - t0) / 1000));
          generated.get(threads)!.push(count);
        }
        return count > 1 ? (count - 1) / ((t2 - t1) / 1000) : Number.NaN;
      },
      { minRounds: options.minRounds, maxRounds: options.maxRounds, budgetMs: options.budgetMs ?? 15_000 },
    );
    const rows: ThreadsRow[] = threadCounts.map((threads) => ({
      threads,
      promptTokensPerSecond: median(promptRates.get(threads)!),
      generatedTokensPerSecond: median(genRates[String(threads)] ?? []),
      generatedTokens: median(generated.get(threads)!),
    }));
    const generation = fastestThreads(rows, (r) => r.generatedTokensPerSecond);
    return {
      section: "threads",
      model: modelName(options.modelPath),
      promptTokens: prompt.length,
      rows,
      fastestGeneration: generation.threads,
      fastestPrompt: fastestThreads(rows, (r) => r.promptTokensPerSecond).threads,
      defaultThreads: defaultThreadsFor(model.fileInsights.totalParameters, llama.cpuMathCores),
      parameters: model.fileInsights.totalParameters,
      generationMargin: generation.margin,
      rounds: genRates[labels[0]!]?.length ?? 0,
      cpuBuild: cpuBuildOf(llama),
    };
  } finally {
    await disposeThreadSlots(slots);
    await model.dispose();
  }
}

/** The judge threads section as Markdown: one line per model and thread count. */
export function formatLlmThreads(results: ReadonlyArray<LlmThreadsResult & { peakRssMb?: number }>): string {
  const rows = results.flatMap((r) =>
    r.rows.map((row) => [
      r.model,
      String(row.threads),
      num(row.promptTokensPerSecond, 0),
      num(row.generatedTokensPerSecond, 1),
      fastestForCell(row.threads, r),
      row.threads === r.defaultThreads ? "yes" : "",
      num(r.peakRssMb, 0),
    ]),
  );
  const verdicts = results.map(
    (r) =>
      `- ${r.model}: ${r.fastestGeneration} thread(s) generate fastest (${times(r.generationMargin)} the next), ` +
      `${r.fastestPrompt} read the prompt (${r.promptTokens} tokens) fastest; the library default (${r.defaultThreads}) ` +
      `${r.fastestGeneration === r.defaultThreads && r.fastestPrompt === r.defaultThreads ? "is the faster setting" : "is NOT the fastest here"}.`,
  );
  return [
    markdownTable(
      [
        "model",
        "threads",
        "prompt tok/s",
        "generation tok/s",
        "fastest for",
        "library default",
        "peak RSS MB",
      ],
      rows,
      ["l", "r", "r", "r", "l", "l", "r"],
    ),
    "",
    ...verdicts,
  ].join("\n");
}

if (isMain(import.meta.url)) {
  const result = await runLlmThreads({
    modelPath: flag("gguf") ?? tinyGgufPath,
    threads: numberListFlag("threads", [1, 2]),
    tokens: numberFlag("tokens", 48),
    cpuBuild: flag("cpu-build") ?? "portable",
    savePromptTo: flag("save-prompt"),
    ...roundFlags([3, 7], 15),
  });
  note(`threads: ${result.model} fastest generation at ${result.fastestGeneration} thread(s)`);
  finishSection(result, (r) => formatLlmThreads([r]));
}
