/**
 * The extrapolation to a real judge: seconds per row for Qwen2.5-0.5B-Instruct on this machine,
 * from a measured model's tokens/s scaled by the ratio of parameter counts, and the measured prompt and
 * answer tokens per row. An estimate, and an upper bound: a tiny model's time per token is mostly fixed
 * per-token work (sampling, grammar, bookkeeping) that does not grow with the parameters, so scaling all
 * of it by the parameter ratio overstates a large model's time.
 *
 * @example
 * const estimates = estimateRealJudge(threadsResults, promptWorkResults);
 */
import type { LlmThreadsResult } from "../llm-threads.js";
import type { PromptWorkResult } from "../prompt-work.js";
import { markdownTable, num } from "./markdown.js";

/** Parameters of Qwen2.5-0.5B(-Instruct): 0.49 billion, as its model card states. */
export const QWEN_05B_PARAMETERS = 0.49e9;

/** One estimate, from one measured model. */
export interface RealJudgeEstimate {
  /** The measured model it is scaled from. */
  basis: string;
  basisParameters: number;
  /** Qwen parameters / basis parameters. */
  scale: number;
  /** Measured at the library's default threads. */
  measuredPromptTokensPerSecond: number;
  measuredGenerationTokensPerSecond: number;
  /** Scaled down by `scale`. */
  promptTokensPerSecond: number;
  generationTokensPerSecond: number;
  /** Per row of the three seed judge metrics together, with prefix reuse (in the basis model's tokens). */
  evaluatedPromptTokensPerRow: number;
  completionTokensPerRow: number;
  secondsPerRow: number;
  hoursFor5000Rows: number;
}

/** An estimate per model that has both a threads and a prompt-work result. */
export function estimateRealJudge(
  threads: readonly LlmThreadsResult[],
  work: readonly PromptWorkResult[],
): RealJudgeEstimate[] {
  const out: RealJudgeEstimate[] = [];
  for (const t of threads) {
    const row = t.rows.find((r) => r.threads === t.defaultThreads);
    const all = work.find((w) => w.model === t.model)?.results.find((r) => r.metric === "all");
    if (!row || !all || !(t.parameters > 0)) continue;
    const scale = QWEN_05B_PARAMETERS / t.parameters;
    const prompt = row.promptTokensPerSecond / scale;
    const generation = row.generatedTokensPerSecond / scale;
    const seconds = all.reuse.evaluatedPerRow / prompt + all.reuse.completionPerRow / generation;
    out.push({
      basis: t.model,
      basisParameters: t.parameters,
      scale,
      measuredPromptTokensPerSecond: row.promptTokensPerSecond,
      measuredGenerationTokensPerSecond: row.generatedTokensPerSecond,
      promptTokensPerSecond: prompt,
      generationTokensPerSecond: generation,
      evaluatedPromptTokensPerRow: all.reuse.evaluatedPerRow,
      completionTokensPerRow: all.reuse.completionPerRow,
      secondsPerRow: seconds,
      hoursFor5000Rows: (seconds * 5000) / 3600,
    });
  }
  return out;
}

/** The estimates as Markdown, with what they assume. */
export function formatRealJudgeEstimate(estimates: readonly RealJudgeEstimate[]): string {
  if (estimates.length === 0) return "No estimate: it needs the threads and prompt-work sections of a model.";
  return [
    markdownTable(
      [
        "scaled from",
        "parameters",
        "× to 0.49B",
        "prompt tok/s measured → scaled",
        "generation tok/s measured → scaled",
        "tokens/row evaluated + generated",
        "est. s/row (3 judge metrics)",
        "est. hours / 5,000 rows",
      ],
      estimates.map((e) => [
        e.basis,
        num(e.basisParameters),
        num(e.scale),
        `${num(e.measuredPromptTokensPerSecond)} → ${num(e.promptTokensPerSecond, 2)}`,
        `${num(e.measuredGenerationTokensPerSecond)} → ${num(e.generationTokensPerSecond, 2)}`,
        `${num(e.evaluatedPromptTokensPerRow)} + ${num(e.completionTokensPerRow)}`,
        num(e.secondsPerRow, 0),
        num(e.hoursFor5000Rows, 1),
      ]),
      ["l", "r", "r", "r", "r", "r", "r", "r"],
    ),
    "",
    "ESTIMATE, an upper bound: s/row = evaluated prompt tokens/row ÷ prompt tok/s + generated tokens/row ÷ generation tok/s, " +
      "with the tiny model's tok/s divided by the parameter ratio. A tiny model's time per token is mostly fixed " +
      "per-token work that does not grow with parameters, and its small vocabulary needs more tokens per row than " +
      "Qwen's, so a real 0.5B judge should be faster than this. Measure it: npm run bench -- --gguf path/to/qwen2.5-0.5b-instruct-q4_k_m.gguf",
  ].join("\n");
}
