/**
 * Section "judge": generated tokens/s of `LlamaCppLlm.generateObject` against raw node-llama-cpp
 * completion of the same prompt tokens under the same grammar, run in alternation (lib, raw, lib,
 * raw…) in one process after a warm-up. The prompts are the seed metrics' real prompts on rows of
 * examples/rag-eval.jsonl. The library runs without its memo and without prompt-prefix reuse (the raw
 * side clears its sequence before every call too), so both do the same work: the same prompt tokens,
 * then the same number of decode steps (the library's answer length plus the one step that ends it).
 *
 * Run alone: node --import tsx bench/judge-vs-raw.ts [--gguf a.gguf] [--threads 1] [--prompts 4]
 *            [--rounds 3,5] [--budget-seconds 20] [--json out.json]
 */
import { isDeepStrictEqual } from "node:util";
import {
  type GbnfJsonSchema,
  type LlamaContext,
  type LlamaContextSequence,
  LlamaGrammarEvaluationState,
  type LlamaModel,
  resolveChatWrapper,
  type Token,
} from "node-llama-cpp";
import type { z } from "zod";
import { toChatHistory } from "../src/llm/chat-prompt.js";
import { formatCompletionPrompt } from "../src/llm/completion-prompt.js";
import { zodToGrammarSchema } from "../src/llm/json-schema.js";
import { LlamaCppLlm, type LlamaCppLlmOptions } from "../src/llm/llama-cpp-llm.js";
import { getSharedLlama } from "../src/llm/llama-instance.js";
import { DEFAULT_THREADS } from "../src/llm/load-options.js";
import { answerRelevancyPrompt } from "../src/metrics/answer-relevancy/prompt.js";
import { contextRelevanceRelevantPrompt } from "../src/metrics/context-relevance/prompt.js";
import { faithfulnessStatementsPrompt } from "../src/metrics/shared/judge/statements/statements-prompt.js";
import { renderPrompt } from "../src/prompts/render.js";
import type { JudgePrompt } from "../src/prompts/types.js";
import { flag, numberFlag, roundFlags } from "./lib/cli.js";
import { benchRows } from "./lib/dataset.js";
import { markdownTable, num, times } from "./lib/markdown.js";
import { modelName, tinyGgufPath } from "./lib/models.js";
import { finishSection, isMain, note } from "./lib/section.js";
import { alternate, median, ratio } from "./lib/stats.js";

/** Options of {@link runJudgeVsRaw}. */
export interface JudgeVsRawOptions {
  /** GGUF file of the judge. Required. */
  modelPath: string;
  /** CPU threads of both sides. Defaults to the library default (DEFAULT_THREADS). */
  threads?: number;
  /** Context size of both sides. Defaults to 2048. */
  contextSize?: number;
  /** Answer budget per call. Defaults to 256. */
  maxTokens?: number;
  /** Prompts per round (each a seed metric's prompt on one example row). Defaults to 4. */
  prompts?: number;
  /** Fewest timed rounds per side. Defaults to 3. */
  minRounds?: number;
  /** Most timed rounds per side. Defaults to 5. */
  maxRounds?: number;
  /** No new round after this many ms once `minRounds` are done. Defaults to 20,000. */
  budgetMs?: number;
}

/** One model's result of the judge section. */
export interface JudgeVsRawResult {
  section: "judge";
  model: string;
  settings: { threads: number; contextSize: number; batchSize: number; maxTokens: number };
  /** Prompts per round, and their names. */
  prompts: string[];
  /** Prompt tokens per round (equal on both sides, checked). */
  promptTokensPerRound: number;
  /** Answer tokens per round (the library's answers; the raw side decodes the same number). */
  generatedTokensPerRound: number;
  /** True when the raw side's prompt tokens matched `countPromptTokens` and its answers parsed to the library's values. */
  sameWork: boolean;
  /** Median generated tokens/s of the library (answer tokens over the whole call time, prompt included). */
  libTokensPerSecond: number;
  /** Median generated tokens/s of raw node-llama-cpp. */
  rawTokensPerSecond: number;
  /** lib / raw of the medians: 1 means no overhead. Goal: at least 0.9. */
  ratio: number;
  /** Median over rounds of each round's lib / raw: steadier when the machine's load drifts. */
  pairedRatio: number;
  /** Median milliseconds per call of each side. */
  libMsPerCall: number;
  rawMsPerCall: number;
  /** Timed rounds per side. */
  rounds: number;
  /** Every round's tokens/s, in run order. */
  samples: { lib: number[]; raw: number[] };
}

interface Candidate {
  prompt: JudgePrompt;
  schema: z.ZodType;
}

/** The seed metrics' prompts on the example rows, interleaved so a few prompts cover every metric. */
function candidatePrompts(): Candidate[] {
  const rows = benchRows();
  const ar = answerRelevancyPrompt(3);
  const out: Candidate[] = [];
  for (const row of rows) {
    out.push({
      prompt: renderPrompt(faithfulnessStatementsPrompt, { question: row.user_input, answer: row.response }),
      schema: faithfulnessStatementsPrompt.outputSchema,
    });
    out.push({
      prompt: renderPrompt(ar, { response: row.response, count: 3 }),
      schema: ar.outputSchema,
    });
    out.push({
      prompt: renderPrompt(contextRelevanceRelevantPrompt, {
        question: row.user_input,
        contexts: row.retrieved_contexts,
      }),
      schema: contextRelevanceRelevantPrompt.outputSchema,
    });
  }
  return out;
}

/** The raw side: one model, one context, one sequence, cleared before every call. */
class RawJudge {
  private constructor(
    private readonly model: LlamaModel,
    private readonly context: LlamaContext,
    private readonly sequence: LlamaContextSequence,
    private readonly chat: ReturnType<typeof resolveChatWrapper> | undefined,
  ) {}

  static async load(modelPath: string, threads: number, contextSize: number, batchSize: number) {
    const llama = await getSharedLlama();
    const model = await llama.loadModel({ modelPath, gpuLayers: 0 });
    const context = await model.createContext({
      contextSize,
      batchSize,
      threads,
      sequences: 1,
      flashAttention: false,
    });
    const template = model.fileInfo.metadata.tokenizer?.chat_template;
    const chat =
      typeof template === "string" && template.trim() !== "" ? resolveChatWrapper(model) : undefined;
    return new RawJudge(model, context, context.getSequence(), chat ?? undefined);
  }

  /** Prompt tokens rendered the way the library renders them (chat template, or plain completion text). */
  tokens(prompt: JudgePrompt): Token[] {
    if (this.chat) {
      const { contextText } = this.chat.generateContextState({ chatHistory: toChatHistory(prompt) });
      return contextText.tokenize(this.model.tokenizer);
    }
    const tokens = this.model.tokenize(formatCompletionPrompt(prompt), false);
    const bos = this.model.tokens.bos;
    return this.model.tokens.shouldPrependBosToken && bos !== null ? [bos, ...tokens] : tokens;
  }

  async grammar(schema: z.ZodType) {
    const llama = await getSharedLlama();
    return llama.createGrammarForJsonSchema<GbnfJsonSchema>(zodToGrammarSchema(schema));
  }

  /** Greedy decoding under the grammar: `steps` tokens at most (stops early at an end-of-generation token). */
  async complete(
    tokens: Token[],
    grammar: Awaited<ReturnType<RawJudge["grammar"]>>,
    steps: number,
  ): Promise<Token[]> {
    await this.sequence.clearHistory();
    const grammarEvaluationState = new LlamaGrammarEvaluationState({ model: this.model, grammar });
    const out: Token[] = [];
    for await (const token of this.sequence.evaluate(tokens, {
      temperature: 0,
      grammarEvaluationState,
      yieldEogToken: true,
    })) {
      out.push(token);
      if (this.model.isEogToken(token) || out.length >= steps) break;
    }
    return out;
  }

  text(tokens: Token[]): string {
    return this.model.detokenize(tokens.filter((t) => !this.model.isEogToken(t)));
  }

  async dispose(): Promise<void> {
    await this.context.dispose();
    await this.model.dispose();
  }
}

/**
 * Measures one judge model, library against raw, and returns the medians and the ratio.
 *
 * @example
 * const r = await runJudgeVsRaw({ modelPath: ".test-models/tiny-llama.gguf" });
 * console.log(r.ratio); // lib / raw generated tokens per second
 */
export async function runJudgeVsRaw(options: JudgeVsRawOptions): Promise<JudgeVsRawResult> {
  const threads = options.threads ?? DEFAULT_THREADS;
  const contextSize = options.contextSize ?? 2048;
  const batchSize = Math.min(512, contextSize);
  const maxTokens = options.maxTokens ?? 256;
  const wanted = options.prompts ?? 4;
  const libOptions: LlamaCppLlmOptions = {
    modelPath: options.modelPath,
    threads,
    contextSize,
    batchSize,
    sequences: 1,
    maxTokens,
    reusePromptPrefix: false,
    memoSize: 0,
  };
  const lib = await LlamaCppLlm.load(libOptions);
  const raw = await RawJudge.load(options.modelPath, threads, contextSize, batchSize);
  try {
    // Keep the prompts the library answers within the budget (a random-weight model sometimes rambles).
    const chosen: Array<Candidate & { tokens: Token[]; steps: number; value: unknown }> = [];
    let sameWork = true;
    for (const candidate of candidatePrompts()) {
      if (chosen.length >= wanted) break;
      try {
        const { value, usage } = await lib.generateObject(candidate.prompt, candidate.schema);
        const tokens = raw.tokens(candidate.prompt);
        if (tokens.length !== lib.countPromptTokens(candidate.prompt)) sameWork = false;
        // The library decodes its answer, then one more step whose token (end of generation, or
        // whitespace after a complete JSON value) ends the answer: the raw side decodes as many.
        chosen.push({ ...candidate, tokens, steps: usage.completionTokens + 1, value });
      } catch {
        // an answer the judge cannot finish: not a prompt for a speed comparison
      }
    }
    if (chosen.length === 0) throw new Error(`${options.modelPath}: the judge finished none of the prompts`);
    const grammars = await Promise.all(chosen.map((c) => raw.grammar(c.schema)));
    for (const [i, c] of chosen.entries()) {
      const answer = await raw.complete(c.tokens, grammars[i]!, c.steps);
      try {
        if (!isDeepStrictEqual(JSON.parse(raw.text(answer).trim()), c.value)) sameWork = false;
      } catch {
        sameWork = false;
      }
    }
    const generated = chosen.reduce((s, c) => s + c.steps - 1, 0);
    const promptTokens = chosen.reduce((s, c) => s + c.tokens.length, 0);
    const msPerRound: Record<"lib" | "raw", number[]> = { lib: [], raw: [] };

    const samples = await alternate(
      ["lib", "raw"] as const,
      async (side, round) => {
        const t0 = performance.now();
        if (side === "lib") {
          for (const c of chosen) await lib.generateObject(c.prompt, c.schema);
        } else {
          for (const [i, c] of chosen.entries()) await raw.complete(c.tokens, grammars[i]!, c.steps);
        }
        const ms = performance.now() - t0;
        if (round >= 0) msPerRound[side].push(ms);
        return generated / (ms / 1000);
      },
      {
        minRounds: options.minRounds,
        maxRounds: options.maxRounds ?? 5,
        budgetMs: options.budgetMs ?? 20_000,
      },
    );
    const libTps = median(samples.lib);
    const rawTps = median(samples.raw);
    return {
      section: "judge",
      model: modelName(options.modelPath),
      settings: { threads, contextSize, batchSize, maxTokens },
      prompts: chosen.map((c) => c.prompt.name),
      promptTokensPerRound: promptTokens,
      generatedTokensPerRound: generated,
      sameWork,
      libTokensPerSecond: libTps,
      rawTokensPerSecond: rawTps,
      ratio: ratio(libTps, rawTps),
      pairedRatio: median(samples.lib.map((lib, i) => ratio(lib, samples.raw[i] ?? Number.NaN))),
      libMsPerCall: median(msPerRound.lib) / chosen.length,
      rawMsPerCall: median(msPerRound.raw) / chosen.length,
      rounds: samples.lib.length,
      samples,
    };
  } finally {
    await lib.dispose();
    await raw.dispose();
  }
}

/** The judge section as Markdown: one line per model. */
export function formatJudgeVsRaw(results: ReadonlyArray<JudgeVsRawResult & { peakRssMb?: number }>): string {
  return markdownTable(
    [
      "model",
      "prompts (tokens)",
      "answer tokens",
      "library tok/s",
      "raw tok/s",
      "library / raw (paired)",
      "ms/call lib · raw",
      "same work",
      "peak RSS MB",
    ],
    results.map((r) => [
      r.model,
      `${r.prompts.length} (${num(r.promptTokensPerRound)})`,
      num(r.generatedTokensPerRound),
      num(r.libTokensPerSecond, 1),
      num(r.rawTokensPerSecond, 1),
      `${times(r.ratio)} (${times(r.pairedRatio)})${r.ratio >= 0.9 ? "" : ", goal ≥ 0.90"}`,
      `${num(r.libMsPerCall, 1)} · ${num(r.rawMsPerCall, 1)}`,
      r.sameWork ? "yes" : "NO",
      num(r.peakRssMb, 0),
    ]),
    ["l", "r", "r", "r", "r", "r", "r", "l", "r"],
  );
}

if (isMain(import.meta.url)) {
  const result = await runJudgeVsRaw({
    modelPath: flag("gguf") ?? tinyGgufPath,
    threads: numberFlag("threads", DEFAULT_THREADS),
    prompts: numberFlag("prompts", 4),
    ...roundFlags([3, 5], 20),
  });
  note(`judge: ${result.model} lib/raw ${result.ratio.toFixed(3)} over ${result.rounds} rounds`);
  finishSection(result, (r) => formatJudgeVsRaw([r]));
}
