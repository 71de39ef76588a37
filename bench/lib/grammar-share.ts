/**
 * The grammar's share of a judge's generation time, measured the way a user meets it: the very calls the built-in
 * metrics make (their prompts and output schemas, recorded by {@link recordingJudge} while they score rows) are
 * replayed on one model, each call twice in alternation: once as `LlamaCppLlm.generateObject` writes it (the
 * library's grammar cache, its JSON-Schema grammar, its token loop) and once without any grammar (node-llama-cpp's
 * plain greedy loop), for the same number of tokens after the same prompt. The prompt is read before the clock
 * starts on both sides, so the times are generation only.
 *
 * Each replay hands the library a fresh copy of the call's schema, as a metric does on every row (a sized schema is
 * a new object per call), so a grammar cache keyed on schema objects is rebuilt on every replay, as it is for a user.
 *
 * @example
 * const calls: JudgeCall[] = [];
 * const metric = createMetric("faithfulness", { llm: recordingJudge(llm, calls, "faithfulness") });
 * const share = await measureGrammarShare(modelPath, calls, { threads: 2, rounds: 2 });
 */
import type { GbnfJsonSchema, LlamaContextSequence, Token } from "node-llama-cpp";
import type { z } from "zod";
import { zodToGrammarSchema } from "../../src/llm/json-schema.js";
import { JudgeGrammars } from "../../src/llm/judge-grammars.js";
import type { LlamaCppLlm } from "../../src/llm/llama-cpp-llm.js";
import { checkLoadOptions } from "../../src/llm/load-options.js";
import { openGguf } from "../../src/llm/open-gguf.js";
import { promptTokensOf } from "../../src/llm/prompt-tokens.js";
import { generateUnderGrammar } from "../../src/llm/token-loop.js";
import type { GenerateObjectOptions } from "../../src/llm/types.js";
import type { JudgePrompt } from "../../src/prompts/types.js";
import { median } from "./stats.js";

/** One `generateObject` call a metric made. */
export interface JudgeCall {
  /** The metric that made it. */
  metric: string;
  prompt: JudgePrompt;
  schema: z.ZodType;
}

/**
 * `llm` with its `generateObject` calls recorded into `calls` (under `metric`), everything else passed through.
 * Calls that write an answer plan (the `prefill` option) use no schema grammar and are not recorded.
 */
export function recordingJudge(llm: LlamaCppLlm, calls: JudgeCall[], metric: () => string): LlamaCppLlm {
  return new Proxy(llm, {
    get(target, property) {
      if (property === "generateObject") {
        return (prompt: JudgePrompt, schema: z.ZodType, options?: GenerateObjectOptions) => {
          if (options?.plan === undefined) calls.push({ metric: metric(), prompt, schema });
          return target.generateObject(prompt, schema, options);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Options of {@link measureGrammarShare}. */
export interface GrammarShareOptions {
  /** llama.cpp threads. */
  threads: number;
  /** Replays of every call per side (A,B,A,B…). Defaults to 2. */
  rounds?: number;
  /** Context size (the bench judges'). */
  contextSize: number;
  /** Answer budget per call, as the judge's. Defaults to 512. */
  maxTokens?: number;
}

/** Per metric: generation with and without the grammar. */
export interface GrammarShareRow {
  metric: string;
  /** Calls replayed (each `rounds` times per side). */
  calls: number;
  /** Answer tokens per call with the grammar (the same count is generated without it). */
  tokensPerCall: number;
  /** Median over replays of seconds of generation per call, with the grammar (the library) and without. */
  secondsWith: number;
  secondsWithout: number;
  tokensPerSecondWith: number;
  tokensPerSecondWithout: number;
  /** Median over replays of (with − without) / with: the grammar's share of generation time. */
  share: number;
}

/** The result of {@link measureGrammarShare}. */
export interface GrammarShareResult {
  threads: number;
  rounds: number;
  vocabularySize: number;
  /** Seconds to build each distinct grammar once (JSON Schema → GBNF → llama.cpp), median. */
  grammarBuildSeconds: number;
  rows: GrammarShareRow[];
  /** Over every replay of every call: total with, total without, and the share. */
  total: { secondsWith: number; secondsWithout: number; tokens: number; share: number };
}

/** Evaluates all but the last prompt token on a cleared sequence (untimed), leaving the last one to each side. */
async function readPrompt(sequence: LlamaContextSequence, tokens: Token[]): Promise<void> {
  await sequence.clearHistory();
  await sequence.evaluateWithoutGeneratingNewTokens(tokens.slice(0, -1));
}

/** Replays `calls` on `modelPath` with and without the grammar, alternating call by call. */
export async function measureGrammarShare(
  modelPath: string,
  calls: readonly JudgeCall[],
  options: GrammarShareOptions,
): Promise<GrammarShareResult> {
  const rounds = options.rounds ?? 2;
  const maxTokens = options.maxTokens ?? 512;
  const settings = checkLoadOptions({
    modelPath,
    threads: options.threads,
    contextSize: options.contextSize,
    prefixSlots: 1,
    reusePromptPrefix: false,
  });
  const opened = await openGguf(settings);
  const { model, context, chatWrapper } = opened;
  const sequence = context.getSequence();
  const signal = new AbortController().signal;
  try {
    const builds: number[] = [];
    for (const call of calls) {
      const started = performance.now();
      await opened.llama.createGrammarForJsonSchema<GbnfJsonSchema>(zodToGrammarSchema(call.schema));
      builds.push((performance.now() - started) / 1000);
    }
    const grammars = new JudgeGrammars(opened.llama);
    const perCall = calls.map(() => ({ with: [] as number[], without: [] as number[], tokens: 0 }));
    for (let round = 0; round < rounds; round++) {
      for (const [i, call] of calls.entries()) {
        const tokens = promptTokensOf(model, chatWrapper, call.prompt);
        const keep = tokens.length - 1;
        const timeWith = async () => {
          await readPrompt(sequence, tokens);
          const started = performance.now();
          // A fresh schema object, as a metric makes one per row.
          const grammar = await grammars.forSchema(call.schema.clone());
          const out = await generateUnderGrammar(model, sequence, tokens, keep, grammar, {
            maxTokens,
            retryBudget: maxTokens,
            temperature: 0,
            seed: 0,
            signal,
            endsAtCompleteJson: true, // as generateObject runs it
          });
          perCall[i]!.tokens = out.tokens;
          perCall[i]!.with.push((performance.now() - started) / 1000);
        };
        const timeWithout = async () => {
          await readPrompt(sequence, tokens);
          const steps = Math.max(1, perCall[i]!.tokens);
          const started = performance.now();
          let n = 0;
          for await (const _ of sequence.evaluate(tokens.slice(keep), {
            temperature: 0,
            yieldEogToken: true,
          })) {
            if (++n >= steps) break;
          }
          perCall[i]!.without.push((performance.now() - started) / 1000);
        };
        // The first replay of a call must run with the grammar (it sets the token count); later rounds swap the order.
        if (round % 2 === 0 || perCall[i]!.tokens === 0) {
          await timeWith();
          await timeWithout();
        } else {
          await timeWithout();
          await timeWith();
        }
      }
    }
    const rows: GrammarShareRow[] = [];
    for (const metric of [...new Set(calls.map((c) => c.metric))]) {
      const mine = perCall.filter((_, i) => calls[i]!.metric === metric);
      const tokens = mine.reduce((s, c) => s + c.tokens, 0);
      const secondsWith = mine.reduce((s, c) => s + median(c.with), 0);
      const secondsWithout = mine.reduce((s, c) => s + median(c.without), 0);
      rows.push({
        metric,
        calls: mine.length,
        tokensPerCall: tokens / mine.length,
        secondsWith: secondsWith / mine.length,
        secondsWithout: secondsWithout / mine.length,
        tokensPerSecondWith: tokens / secondsWith,
        tokensPerSecondWithout: tokens / secondsWithout,
        share: (secondsWith - secondsWithout) / secondsWith,
      });
    }
    const totalWith = perCall.reduce((s, c) => s + c.with.reduce((a, b) => a + b, 0), 0);
    const totalWithout = perCall.reduce((s, c) => s + c.without.reduce((a, b) => a + b, 0), 0);
    return {
      threads: opened.threads,
      rounds,
      vocabularySize: model.fileInfo.metadata.tokenizer?.ggml?.tokens?.length ?? Number.NaN,
      grammarBuildSeconds: median(builds),
      rows,
      total: {
        secondsWith: totalWith,
        secondsWithout: totalWithout,
        tokens: perCall.reduce((s, c) => s + c.tokens, 0) * rounds,
        share: (totalWith - totalWithout) / totalWith,
      },
    };
  } finally {
    await context.dispose();
    await model.dispose();
  }
}
