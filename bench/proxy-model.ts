/**
 * Section "proxy": judge speed on a model of real size, and an estimate of seconds per row for the seed judge
 * metrics on Qwen2.5-0.5B-Instruct. Runs on the Qwen2.5-0.5B-shaped random-weight Q8_0 proxy that
 * scripts/proxy-gguf.ts writes (written when missing), or on any GGUF given with `--gguf`. Measured on raw
 * node-llama-cpp, thread counts in alternation (1, 2, 1, 2…) after a warm-up, medians of the rounds:
 * - prompt processing tokens/s for a ~400-token prompt (rendered seed judge prompts);
 * - generation tokens/s (greedy, ~32 tokens), under the faithfulness verdicts JSON grammar and without a grammar;
 * - KV cache memory per sequence at 4,096 tokens (computed from the shapes, and measured from llama.cpp's state
 *   size), and peak RSS.
 * The estimate renders the seed judge prompts for the rows of examples/rag-eval.jsonl and counts tokens as
 * characters / 4 (no Qwen tokenizer is available offline; Qwen's 151k BPE vocabulary averages about 4 characters
 * per English token), with and without shared-prefix reuse.
 *
 * Run alone: node --import tsx bench/proxy-model.ts [--gguf real.gguf] [--threads 1,2] [--prompt-tokens 400]
 *            [--tokens 32] [--rounds 3,5] [--budget-seconds 60] [--chars-per-token 4] [--json out.json]
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { GbnfJsonSchema, LlamaContextSequence, LlamaGrammar, LlamaModel, Token } from "node-llama-cpp";
import { LlamaGrammarEvaluationState } from "node-llama-cpp";
import { PROXY_GGUF_PATH, writeProxyGguf } from "../scripts/proxy-gguf.js";
import { formatCompletionPrompt } from "../src/llm/completion-prompt.js";
import { zodToGrammarSchema } from "../src/llm/json-schema.js";
import { getSharedLlama } from "../src/llm/llama-instance.js";
import { defaultThreadsFor } from "../src/llm/load-options.js";
import { answerRelevancyPrompt } from "../src/metrics/answer-relevancy/prompt.js";
import { contextRelevanceStatementsPrompt } from "../src/metrics/context-relevance/prompt.js";
import { sentenceSpans } from "../src/metrics/shared/judge/split.js";
import { faithfulnessStatementsPrompt } from "../src/metrics/shared/judge/statements/statements-prompt.js";
import {
  faithfulnessVerdictsPrompt,
  verdictsSchema,
} from "../src/metrics/shared/judge/statements/verdicts-prompt.js";
import { renderPrompt } from "../src/prompts/render.js";
import type { JudgePrompt } from "../src/prompts/types.js";
import { flag, numberFlag, numberListFlag, roundFlags } from "./lib/cli.js";
import { exampleRows, type RagRow } from "./lib/dataset.js";
import { type JudgeMetricName, metricLabels } from "./lib/judges.js";
import { type MachineInfo, machineInfo, runtimeVersions } from "./lib/machine.js";
import { fastestForCell, markdownTable, num, times } from "./lib/markdown.js";
import { describeModel, exampleDataset } from "./lib/models.js";
import { finishSection, isMain, note } from "./lib/section.js";
import { alternate, fastestThreads, median } from "./lib/stats.js";
import { disposeThreadSlots, openThreadSlots, type ThreadSlot } from "./lib/thread-slots.js";

/** Options of {@link runProxyModel}. */
export interface ProxyModelOptions {
  /** GGUF to measure. Defaults to the Qwen2.5-0.5B-shaped proxy (.test-models/proxy-qwen2.5-0.5b-q8_0.gguf), written when missing. */
  modelPath?: string;
  /** Thread counts compared. Defaults to `[1, 2]`. */
  threads?: number[];
  /** Prompt length in tokens for prompt processing. Defaults to 400. */
  promptTokens?: number;
  /** Tokens generated per run. Defaults to 32. */
  tokens?: number;
  /** Fewest timed rounds. Defaults to 3. */
  minRounds?: number;
  /** Most timed rounds. Defaults to 5. */
  maxRounds?: number;
  /** No new round after this many ms once `minRounds` are done. Defaults to 60,000. */
  budgetMs?: number;
  /** Longest time one generation may run before it stops early (its rate is still measured). Defaults to 10,000 ms. */
  runCapMs?: number;
  /** Characters per token in the estimate. Defaults to 4. */
  charsPerToken?: number;
  /** Rows of the estimate (a JSONL file in Ragas columns). Defaults to examples/rag-eval.jsonl. */
  rowsFile?: string;
  /** Answer relevancy questions per row (Ragas strictness). Defaults to 3. */
  strictness?: number;
  /** Rows of the evaluation the hours are given for. Defaults to 5,000. */
  evaluationRows?: number;
}

/** One thread count's medians. */
export interface ProxyThreadsRow {
  threads: number;
  promptTokensPerSecond: number;
  /** Greedy generation under the faithfulness verdicts grammar. */
  grammarTokensPerSecond: number;
  /** Greedy generation without a grammar. */
  freeTokensPerSecond: number;
  /** Median tokens generated per grammar run (fewer than asked when the JSON closed or the run cap stopped it). */
  grammarTokens: number;
  /** Median tokens generated per free run (fewer than asked when an end token came or the run cap stopped it). */
  freeTokens: number;
  /** Fastest round of all (quiet or not): what the setting reaches when nothing else runs. */
  bestPromptTokensPerSecond: number;
  bestFreeTokensPerSecond: number;
  /** Rounds the medians come from. */
  rounds: number;
  /** Median CPU use of other processes during those rounds, in cores. */
  otherCores: number;
}

/** One timed round at one thread count. */
export interface ProxyRound {
  threads: number;
  round: number;
  promptTokensPerSecond: number;
  grammarTokensPerSecond: number;
  freeTokensPerSecond: number;
  grammarTokens: number;
  freeTokens: number;
  /** CPU time other processes used during the round, in cores (from /proc/stat; NaN where it cannot be read). */
  otherCores: number;
}

/** KV cache memory of one sequence. */
export interface KvMemory {
  contextSize: number;
  /** 2 (K and V) × layers × KV heads × head size × 2 bytes (f16 cache), per token. */
  computedBytesPerToken: number;
  computedBytes: number;
  /** Growth of llama.cpp's state size per evaluated prompt token (KV rows plus cell bookkeeping). */
  measuredBytesPerToken: number;
  measuredBytes: number;
  /** node-llama-cpp's estimate of a whole 4,096-token context (KV cache plus compute buffers). */
  nodeLlamaCppContextEstimateBytes: number;
}

/** The estimate's token counts for one judge prompt, per row (medians over the rows). */
export interface PromptEstimate {
  metric: JudgeMetricName;
  /** Template name, e.g. `faithfulness/statements`. */
  prompt: string;
  /** Instruction and few-shot examples in the chat template: the same for every row. */
  fixedTokens: number;
  /** The row's own input and the turn markers after it. */
  rowTokens: number;
  /** Expected answer tokens (see the section's notes), plus the end token. */
  answerTokens: number;
}

/** Seconds per row of one metric (or of all three) at given rates. */
export interface RowEstimate {
  label: string;
  calls: number;
  fixedTokens: number;
  rowTokens: number;
  answerTokens: number;
  secondsPerRowReuse: number;
  secondsPerRowNoReuse: number;
  hoursReuse: number;
  hoursNoReuse: number;
}

/** The estimate at one thread count. */
export interface ThreadsEstimate {
  threads: number;
  promptTokensPerSecond: number;
  /** The generation rate used: free generation (see notes). */
  generationTokensPerSecond: number;
  metrics: RowEstimate[];
  all: RowEstimate;
  /** All three metrics with the grammar-bound generation rate of the random proxy: a worst case. */
  allWorstCase: RowEstimate;
}

/** Result of the proxy section. */
export interface ProxyModelResult {
  section: "proxy";
  machine: MachineInfo;
  runtimeVersions: Record<string, string>;
  model: {
    name: string;
    path: string;
    sha256: string;
    params: number;
    fileBytes: number;
    architecture: string;
    /** True for the generated Qwen2.5-0.5B proxy. */
    proxy: boolean;
    /** Seconds spent writing the proxy in this run (0 when it was already there; absent for another GGUF). */
    writeSeconds?: number;
    loadSeconds: number;
  };
  promptTokens: number;
  generatedTokens: number;
  /** Timed rounds per thread count. */
  rounds: number;
  /** True when the medians come only from quiet rounds (other processes below 0.15 cores). */
  quietOnly: boolean;
  rows: ProxyThreadsRow[];
  roundRecords: ProxyRound[];
  fastestPrompt: number;
  fastestGeneration: number;
  /** Best / second best rate. */
  promptMargin: number;
  generationMargin: number;
  defaultThreads: number;
  kv: KvMemory;
  estimate: {
    charsPerToken: number;
    rowsFile: string;
    rowCount: number;
    strictness: number;
    evaluationRows: number;
    prompts: PromptEstimate[];
    /** The thread count whose estimate is fastest. */
    bestThreads: number;
    byThreads: ThreadsEstimate[];
  };
}

/** Tokens a ChatML turn adds around its text: `<|im_start|>`, the role, a newline, `<|im_end|>`, a newline. */
const CHAT_TURN_TOKENS = 5;
/** `<|im_start|>assistant\n` after the last user turn. */
const ANSWER_HEADER_TOKENS = 3;
const KV_CONTEXT_SIZE = 4096;
/** A round is quiet when other processes used less than this many cores during it. */
const QUIET_OTHER_CORES = 0.15;
const F16_BYTES = 2;
/** Linux USER_HZ: /proc/stat counts in hundredths of a second. */
const CLOCK_TICKS = 100;

// ---- measurement ----------------------------------------------------------------------------

/** Rendered seed judge prompts for the example rows, as plain text, cut to `count` tokens. */
function benchPrompt(model: LlamaModel, rows: readonly RagRow[], count: number): Token[] {
  const texts: string[] = [];
  for (const row of rows) {
    for (const p of rowPrompts(row, 3)) texts.push(formatCompletionPrompt(p.prompt));
  }
  let tokens = model.tokenize(texts.join("\n\n"), false);
  while (tokens.length < count && tokens.length > 0) tokens = [...tokens, ...tokens];
  return tokens.slice(0, count);
}

/** Greedy generation of up to `count` tokens (at most `capMs` long) after `last`, with or without a grammar. */
async function generate(
  model: LlamaModel,
  sequence: LlamaContextSequence,
  last: Token,
  count: number,
  capMs: number,
  grammar: LlamaGrammar | undefined,
): Promise<{ tokens: number; ms: number }> {
  const grammarEvaluationState = grammar ? new LlamaGrammarEvaluationState({ model, grammar }) : undefined;
  const t0 = performance.now();
  const iterator = sequence.evaluate([last], {
    temperature: 0,
    ...(grammarEvaluationState ? { grammarEvaluationState } : {}),
  });
  let tokens = 0;
  while (tokens < count && performance.now() - t0 < capMs) {
    const step = await iterator.next();
    if (step.done) break;
    tokens++;
  }
  await iterator.return(undefined);
  return { tokens, ms: performance.now() - t0 };
}

/** Busy and total CPU seconds of the machine so far (Linux /proc/stat), or undefined elsewhere. */
function machineCpuSeconds(): { busy: number; total: number } | undefined {
  try {
    const fields = readFileSync("/proc/stat", "utf8")
      .split("\n", 1)[0]!
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: (total - idle) / CLOCK_TICKS, total: total / CLOCK_TICKS };
  } catch {
    return undefined;
  }
}

/** Starts measuring other processes' CPU use; the returned function gives it in cores since the start. */
function startLoadProbe(): () => number {
  const machine0 = machineCpuSeconds();
  const own0 = process.cpuUsage();
  const t0 = performance.now();
  return () => {
    const machine1 = machineCpuSeconds();
    if (!machine0 || !machine1) return Number.NaN;
    const own = process.cpuUsage(own0);
    const ownSeconds = (own.user + own.system) / 1e6;
    const wall = (performance.now() - t0) / 1000;
    return Math.max(0, (machine1.busy - machine0.busy - ownSeconds) / wall);
  };
}

function architectureNumbers(model: LlamaModel): { layers: number; kvHeads: number; headSize: number } {
  const meta = model.fileInfo.architectureMetadata;
  const layers = meta.block_count ?? model.fileInsights.totalLayers;
  const heads = meta.attention?.head_count;
  const kvRaw = meta.attention?.head_count_kv ?? heads;
  const kvHeads = Array.isArray(kvRaw) ? Math.max(...kvRaw) : (kvRaw ?? 0);
  const nHeads = Array.isArray(heads) ? Math.max(...heads) : (heads ?? 1);
  const headSize = meta.attention?.key_length ?? (meta.embedding_length ?? 0) / nHeads;
  return { layers: Number(layers), kvHeads: Number(kvHeads), headSize: Number(headSize) };
}

// ---- estimate -------------------------------------------------------------------------------

/** Character counts of one rendered prompt. */
interface PromptChars {
  fixed: number;
  examples: number;
  row: number;
  answer: number;
}

interface RowPrompt {
  metric: JudgeMetricName;
  prompt: JudgePrompt;
  /** Expected characters of the judge's JSON answer. */
  answerChars: number;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const sentenceCount = (text: string) => Math.max(1, sentenceSpans(text.trim()).length);

/**
 * What the few-shot examples say about answer sizes, from the examples with a non-empty answer (the refusal
 * examples teach the empty case; the dataset rows are real answers):
 * - statements: JSON characters per answer character, statements per answer sentence, statement characters per
 *   answer character;
 * - verdicts: JSON characters per verdict beyond the copied statement;
 * - answer relevancy: mean JSON characters of an example's answer (trimmed to `strictness` questions);
 * - context relevance: JSON characters per context character.
 */
function exampleRatios(strictness: number) {
  const st = faithfulnessStatementsPrompt.examples.filter((e) => e.output.statements.length > 0);
  const answerChars = sum(st.map((e) => e.input.answer.length));
  const vd = faithfulnessVerdictsPrompt.examples;
  const verdictCount = sum(vd.map((e) => e.output.verdicts.length));
  const copied = sum(vd.flatMap((e) => e.output.verdicts.map((v) => v.statement.length)));
  const ar = answerRelevancyPrompt(strictness).examples;
  const cr = contextRelevanceStatementsPrompt.examples.filter((e) => e.output.statements.length > 0);
  return {
    statementsJsonPerChar: sum(st.map((e) => JSON.stringify(e.output).length)) / answerChars,
    statementsPerSentence:
      sum(st.map((e) => e.output.statements.length)) / sum(st.map((e) => sentenceCount(e.input.answer))),
    statementCharsPerChar: sum(st.flatMap((e) => e.output.statements.map((s) => s.length))) / answerChars,
    verdictJsonPerVerdict: (sum(vd.map((e) => JSON.stringify(e.output).length)) - copied) / verdictCount,
    questionsJson: sum(ar.map((e) => JSON.stringify(e.output).length)) / ar.length,
    contextJsonPerChar:
      sum(cr.map((e) => JSON.stringify(e.output).length)) /
      sum(cr.map((e) => sum(e.input.contexts.map((c) => c.length)))),
  };
}

/** The seed judge prompts one row costs (faithfulness: statements, then verdicts), with expected answer sizes. */
function rowPrompts(row: RagRow, strictness: number): RowPrompt[] {
  const r = exampleRatios(strictness);
  const response = row.response;
  const statementCount = Math.max(1, Math.round(sentenceCount(response) * r.statementsPerSentence));
  const statementChars = response.length * r.statementCharsPerChar;
  // Placeholder statements of the expected count and length: only their size matters here.
  const statements = Array.from({ length: statementCount }, () =>
    "x".repeat(Math.max(1, Math.round(statementChars / statementCount))),
  );
  const contextChars = sum(row.retrieved_contexts.map((c) => c.length));
  return [
    {
      metric: "faithfulness",
      prompt: renderPrompt(faithfulnessStatementsPrompt, { question: row.user_input, answer: response }),
      answerChars: response.length * r.statementsJsonPerChar,
    },
    {
      metric: "faithfulness",
      prompt: renderPrompt(faithfulnessVerdictsPrompt, { contexts: row.retrieved_contexts, statements }),
      answerChars: statementChars + statementCount * r.verdictJsonPerVerdict,
    },
    {
      metric: "answer_relevancy",
      prompt: renderPrompt(answerRelevancyPrompt(strictness), { response, count: strictness }),
      answerChars: r.questionsJson,
    },
    {
      metric: "context_relevance",
      prompt: renderPrompt(contextRelevanceStatementsPrompt, {
        question: row.user_input,
        contexts: row.retrieved_contexts,
      }),
      answerChars: contextChars * r.contextJsonPerChar,
    },
  ];
}

/**
 * Answer tokens the faithfulness verdict step spends on reasons per row (median over `rows`), by the same
 * few-shot ratios as the estimate: the expected statement count times the JSON characters a reason adds to a verdict
 * (`,"reason":"…"`), in tokens of `charsPerToken` characters. What `reasons: false` saves.
 */
export function reasonTokensPerRow(rows: readonly RagRow[], charsPerToken: number): number {
  const r = exampleRatios(3);
  const verdicts = faithfulnessVerdictsPrompt.examples.flatMap((e) => e.output.verdicts);
  const reasonChars =
    sum(
      verdicts.map(
        ({ reason: _reason, ...rest }, i) => JSON.stringify(verdicts[i]).length - JSON.stringify(rest).length,
      ),
    ) / verdicts.length;
  return median(
    rows.map((row) => {
      const statementCount = Math.max(1, Math.round(sentenceCount(row.response) * r.statementsPerSentence));
      return Math.ceil((statementCount * reasonChars) / charsPerToken);
    }),
  );
}

/** Verdict slots per row of the three seed judge metrics by the estimate's ratios (median over `rows`). */
export function verdictSlotsPerRow(rows: readonly RagRow[], strictness: number): number {
  const r = exampleRatios(strictness);
  const cr = contextRelevanceStatementsPrompt.examples.filter((e) => e.output.statements.length > 0);
  const statementsPerContextChar =
    sum(cr.map((e) => e.output.statements.length)) /
    sum(cr.map((e) => sum(e.input.contexts.map((c) => c.length))));
  return median(
    rows.map((row) => {
      const faithfulness = Math.max(1, Math.round(sentenceCount(row.response) * r.statementsPerSentence));
      const contexts = Math.round(
        sum(row.retrieved_contexts.map((c) => c.length)) * statementsPerContextChar,
      );
      return faithfulness + contexts + strictness;
    }),
  );
}

function promptChars(p: RowPrompt): PromptChars {
  const examples = sum(p.prompt.examples.map((e) => e.input.length + e.output.length));
  return {
    fixed: p.prompt.system.length + examples,
    examples: p.prompt.examples.length,
    row: p.prompt.input.length,
    answer: p.answerChars,
  };
}

/** Token counts per judge prompt (medians over the rows), tokens ≈ characters / `charsPerToken`. */
export function estimatePrompts(
  rows: readonly RagRow[],
  strictness: number,
  charsPerToken: number,
): PromptEstimate[] {
  const perRow = rows.map((row) => rowPrompts(row, strictness));
  const tok = (chars: number) => Math.ceil(chars / charsPerToken);
  return perRow[0]!.map((first, i) => {
    const chars = perRow.map((prompts) => promptChars(prompts[i]!));
    const c0 = chars[0]!;
    return {
      metric: first.metric,
      prompt: first.prompt.name,
      // system turn + a user and a model turn per example + the opening of the row's user turn
      fixedTokens: tok(c0.fixed) + CHAT_TURN_TOKENS * (1 + 2 * c0.examples) + ANSWER_HEADER_TOKENS,
      // the row's text, the end of its turn, and the answer header
      rowTokens: median(chars.map((c) => tok(c.row))) + 2 + ANSWER_HEADER_TOKENS,
      answerTokens: median(chars.map((c) => tok(c.answer))) + 1,
    };
  });
}

/** Seconds per row of a group of prompts at the given rates. */
function rowEstimate(
  label: string,
  prompts: readonly PromptEstimate[],
  pp: number,
  gen: number,
  evaluationRows: number,
): RowEstimate {
  const fixedTokens = sum(prompts.map((p) => p.fixedTokens));
  const rowTokens = sum(prompts.map((p) => p.rowTokens));
  const answerTokens = sum(prompts.map((p) => p.answerTokens));
  const answerSeconds = answerTokens / gen;
  const reuse = rowTokens / pp + answerSeconds;
  const noReuse = (fixedTokens + rowTokens) / pp + answerSeconds;
  return {
    label,
    calls: prompts.length,
    fixedTokens,
    rowTokens,
    answerTokens,
    secondsPerRowReuse: reuse,
    secondsPerRowNoReuse: noReuse,
    hoursReuse: (reuse * evaluationRows) / 3600,
    hoursNoReuse: (noReuse * evaluationRows) / 3600,
  };
}

function threadsEstimate(
  row: ProxyThreadsRow,
  prompts: readonly PromptEstimate[],
  evaluationRows: number,
): ThreadsEstimate {
  const metrics = (["faithfulness", "answer_relevancy", "context_relevance"] as const).map((m) =>
    rowEstimate(
      metricLabels[m],
      prompts.filter((p) => p.metric === m),
      row.promptTokensPerSecond,
      row.freeTokensPerSecond,
      evaluationRows,
    ),
  );
  return {
    threads: row.threads,
    promptTokensPerSecond: row.promptTokensPerSecond,
    generationTokensPerSecond: row.freeTokensPerSecond,
    metrics,
    all: rowEstimate(
      "all three",
      prompts,
      row.promptTokensPerSecond,
      row.freeTokensPerSecond,
      evaluationRows,
    ),
    allWorstCase: rowEstimate(
      "all three (worst case)",
      prompts,
      row.promptTokensPerSecond,
      row.grammarTokensPerSecond,
      evaluationRows,
    ),
  };
}

// ---- the section ----------------------------------------------------------------------------

/**
 * Measures a GGUF (by default the Qwen2.5-0.5B-shaped proxy, written when missing) at each thread count and
 * estimates seconds per row of the seed judge metrics from the measured rates.
 *
 * @example
 * const r = await runProxyModel({ threads: [1, 2] });
 * console.log(r.fastestGeneration, r.estimate.byThreads[0]?.all.secondsPerRowReuse);
 */
export async function runProxyModel(options: ProxyModelOptions = {}): Promise<ProxyModelResult> {
  const threadCounts = options.threads ?? [1, 2];
  const wantPrompt = options.promptTokens ?? 400;
  const wantTokens = options.tokens ?? 32;
  const runCapMs = options.runCapMs ?? 10_000;
  const charsPerToken = options.charsPerToken ?? 4;
  const strictness = options.strictness ?? 3;
  const evaluationRows = options.evaluationRows ?? 5000;
  const rowsFile = path.resolve(options.rowsFile ?? exampleDataset);
  const machine = machineInfo();

  let writeSeconds: number | undefined;
  let modelPath: string;
  if (options.modelPath === undefined) {
    note("proxy: writing the Qwen2.5-0.5B-shaped proxy GGUF (when missing)…");
    const written = await writeProxyGguf(PROXY_GGUF_PATH);
    writeSeconds = written.seconds;
    modelPath = written.path;
  } else {
    modelPath = path.resolve(options.modelPath);
    if (!existsSync(modelPath)) throw new Error(`--gguf ${modelPath} does not exist`);
  }
  const [info] = await describeModel(modelPath);

  const rows = exampleRows(rowsFile);
  const llama = await getSharedLlama();
  const t0 = performance.now();
  const model = await llama.loadModel({ modelPath, gpuLayers: 0 });
  const loadSeconds = (performance.now() - t0) / 1000;
  note(`proxy: loaded ${info!.name} in ${loadSeconds.toFixed(1)} s`);
  const slots = new Map<number, ThreadSlot>();
  try {
    const prompt = benchPrompt(model, rows, wantPrompt);
    const head = prompt.slice(0, -1);
    const last = prompt[prompt.length - 1]!;
    const grammar = await llama.createGrammarForJsonSchema<GbnfJsonSchema>(
      zodToGrammarSchema(verdictsSchema(3)),
    );
    await openThreadSlots(slots, model, threadCounts, Math.max(1024, prompt.length + 2 * wantTokens + 8));

    // KV memory: from the shapes, and from how llama.cpp's state grows per evaluated token.
    const arch = architectureNumbers(model);
    const computedBytesPerToken = 2 * arch.layers * arch.kvHeads * arch.headSize * F16_BYTES;
    const probe = slots.get(threadCounts[0]!)!;
    await probe.sequence.clearHistory();
    const emptyState = probe.context.stateSize;
    await probe.sequence.evaluateWithoutGeneratingNewTokens(head);
    const measuredBytesPerToken = (probe.context.stateSize - emptyState) / head.length;
    const estimateBytes = model.fileInsights.estimateContextResourceRequirements({
      contextSize: KV_CONTEXT_SIZE,
      modelGpuLayers: 0,
      sequences: 1,
      batchSize: 512,
      flashAttention: false,
    }).cpuRam;

    const records: ProxyRound[] = [];
    const labels = threadCounts.map(String);
    await alternate(
      labels,
      async (label, round) => {
        const threads = Number(label);
        const { sequence } = slots.get(threads)!;
        const load = startLoadProbe();
        await sequence.clearHistory();
        const p0 = performance.now();
        await sequence.evaluateWithoutGeneratingNewTokens(head);
        const pp = head.length / ((performance.now() - p0) / 1000);
        const g = await generate(model, sequence, last, wantTokens, runCapMs, grammar);
        await sequence.eraseContextTokenRanges([{ start: head.length, end: sequence.nextTokenIndex }]);
        const f = await generate(model, sequence, last, wantTokens, runCapMs, undefined);
        const otherCores = load();
        if (round >= 0) {
          const record: ProxyRound = {
            threads,
            round,
            promptTokensPerSecond: pp,
            grammarTokensPerSecond: g.tokens / (g.ms / 1000),
            freeTokensPerSecond: f.tokens / (f.ms / 1000),
            grammarTokens: g.tokens,
            freeTokens: f.tokens,
            otherCores,
          };
          records.push(record);
          note(
            `proxy: round ${round + 1}, ${threads} thread(s): prompt ${pp.toFixed(0)} tok/s, generation ` +
              `${record.freeTokensPerSecond.toFixed(1)} (free) / ${record.grammarTokensPerSecond.toFixed(1)} (grammar) tok/s; ` +
              `other processes used ${otherCores.toFixed(2)} cores`,
          );
        }
        return pp;
      },
      {
        minRounds: options.minRounds ?? 3,
        maxRounds: options.maxRounds ?? 5,
        budgetMs: options.budgetMs ?? 60_000,
      },
    );
    // Rounds during which other processes left the cores alone, when every thread count has some.
    const quiet = records.filter((r) => r.otherCores < QUIET_OTHER_CORES);
    const quietOnly = threadCounts.every((t) => quiet.some((r) => r.threads === t));
    const used = quietOnly ? quiet : records;
    const threadRows: ProxyThreadsRow[] = threadCounts.map((threads) => {
      const mine = used.filter((r) => r.threads === threads);
      const all = records.filter((r) => r.threads === threads);
      const med = (pick: (r: ProxyRound) => number) => median(mine.map(pick));
      return {
        threads,
        promptTokensPerSecond: med((r) => r.promptTokensPerSecond),
        grammarTokensPerSecond: med((r) => r.grammarTokensPerSecond),
        freeTokensPerSecond: med((r) => r.freeTokensPerSecond),
        grammarTokens: med((r) => r.grammarTokens),
        freeTokens: med((r) => r.freeTokens),
        bestPromptTokensPerSecond: Math.max(...all.map((r) => r.promptTokensPerSecond)),
        bestFreeTokensPerSecond: Math.max(...all.map((r) => r.freeTokensPerSecond)),
        rounds: mine.length,
        otherCores: med((r) => r.otherCores),
      };
    });
    const promptFastest = fastestThreads(threadRows, (r) => r.promptTokensPerSecond);
    const generationFastest = fastestThreads(threadRows, (r) => r.freeTokensPerSecond);

    const prompts = estimatePrompts(rows, strictness, charsPerToken);
    const byThreads = threadRows.map((row) => threadsEstimate(row, prompts, evaluationRows));
    const best = [...byThreads].sort((a, b) => a.all.secondsPerRowReuse - b.all.secondsPerRowReuse)[0]!;
    return {
      section: "proxy",
      machine,
      runtimeVersions: runtimeVersions(),
      model: {
        name: info!.name,
        path: modelPath,
        sha256: info!.sha256,
        params: model.fileInsights.totalParameters,
        fileBytes: info!.bytes,
        architecture: String(model.fileInfo.metadata.general.architecture),
        proxy: options.modelPath === undefined,
        ...(writeSeconds !== undefined ? { writeSeconds } : {}),
        loadSeconds: Math.round(loadSeconds * 10) / 10,
      },
      promptTokens: head.length,
      generatedTokens: wantTokens,
      rounds: records.filter((r) => r.threads === threadCounts[0]).length,
      quietOnly,
      rows: threadRows,
      roundRecords: records,
      fastestPrompt: promptFastest.threads,
      fastestGeneration: generationFastest.threads,
      promptMargin: promptFastest.margin,
      generationMargin: generationFastest.margin,
      defaultThreads: defaultThreadsFor(model.fileInsights.totalParameters, llama.cpuMathCores),
      kv: {
        contextSize: KV_CONTEXT_SIZE,
        computedBytesPerToken,
        computedBytes: computedBytesPerToken * KV_CONTEXT_SIZE,
        measuredBytesPerToken,
        measuredBytes: measuredBytesPerToken * KV_CONTEXT_SIZE,
        nodeLlamaCppContextEstimateBytes: estimateBytes,
      },
      estimate: {
        charsPerToken,
        rowsFile,
        rowCount: rows.length,
        strictness,
        evaluationRows,
        prompts,
        bestThreads: best.threads,
        byThreads,
      },
    };
  } finally {
    await disposeThreadSlots(slots);
    await model.dispose();
  }
}

const mib = (bytes: number) => `${num(bytes / 2 ** 20, 1)} MiB`;

/** The proxy section as Markdown: the model, the thread table, the KV memory, and the estimate table. */
export function formatProxyModel(r: ProxyModelResult & { peakRssMb?: number }): string {
  const m = r.model;
  const made =
    m.writeSeconds === undefined
      ? ""
      : m.writeSeconds > 0
        ? `written in ${num(m.writeSeconds, 1)} s, `
        : "already on disk, ";
  const lines: string[] = [
    `Model: ${m.name} (${m.architecture}, ${num(m.params / 1e6, 1)}M parameters, ${num(m.fileBytes / 1e6, 1)} MB, ` +
      `sha256 ${m.sha256.slice(0, 12)}…; ${made}loaded in ${num(m.loadSeconds, 1)} s). ` +
      `Machine: ${r.machine.cpus} cores (${r.machine.cpuModel}), load average ${r.machine.loadAverage} at start. ` +
      `Thread counts in alternation after a warm-up; medians of ${r.quietOnly ? "the quiet rounds (other processes below 0.15 cores)" : "all rounds (too few were quiet: other processes were using the cores)"} ` +
      `of ${r.rounds} per thread count, best round in brackets.`,
    "",
    markdownTable(
      [
        "threads",
        `prompt tok/s (${r.promptTokens} tokens)`,
        "generation tok/s, no grammar",
        "generation tok/s, JSON grammar",
        "rounds used",
        "other processes (cores)",
        "fastest for",
        "library default",
      ],
      r.rows.map((row) => [
        String(row.threads),
        `${num(row.promptTokensPerSecond, 1)} (${num(row.bestPromptTokensPerSecond, 1)})`,
        `${num(row.freeTokensPerSecond, 2)} (${num(row.bestFreeTokensPerSecond, 2)})`,
        num(row.grammarTokensPerSecond, 2),
        String(row.rounds),
        num(row.otherCores, 2),
        fastestForCell(row.threads, r),
        row.threads === r.defaultThreads ? "yes" : "",
      ]),
      ["r", "r", "r", "r", "r", "r", "l", "l"],
    ),
    "",
    `- ${r.fastestPrompt} thread(s) read the prompt fastest (${times(r.promptMargin)} the next); ` +
      `${r.fastestGeneration} thread(s) generate fastest (${times(r.generationMargin)} the next). ` +
      `The library default is ${r.defaultThreads}.`,
    `- KV cache per sequence at ${num(r.kv.contextSize)} tokens: ${mib(r.kv.computedBytes)} computed ` +
      `(${num(r.kv.computedBytesPerToken)} bytes per token), ${mib(r.kv.measuredBytes)} from llama.cpp's state size; ` +
      `node-llama-cpp estimates ${mib(r.kv.nodeLlamaCppContextEstimateBytes)} for a whole ${num(r.kv.contextSize)}-token context (with compute buffers).`,
    ...(r.peakRssMb !== undefined ? [`- Peak RSS of this process: ${num(r.peakRssMb, 0)} MB.`] : []),
  ];
  const e = r.estimate;
  const best = e.byThreads.find((t) => t.threads === e.bestThreads)!;
  lines.push(
    "",
    `**Estimate** (not a measurement) for Qwen2.5-0.5B-Instruct on this machine, seed judge metrics, from the rates ` +
      `above at ${best.threads} thread(s) (${num(best.promptTokensPerSecond, 0)} prompt tok/s, ` +
      `${num(best.generationTokensPerSecond, 1)} generated tok/s) and the seed prompts rendered for the ${e.rowCount} ` +
      `rows of ${path.basename(e.rowsFile)} (answer relevancy strictness ${e.strictness}):`,
    "",
    markdownTable(
      [
        "metric",
        "judge calls/row",
        "fixed prompt tok",
        "row prompt tok",
        "answer tok",
        "s/row, prefix reuse",
        "s/row, no reuse",
        `h per ${num(e.evaluationRows)} rows, reuse`,
        `h per ${num(e.evaluationRows)} rows, no reuse`,
      ],
      [...best.metrics, best.all].map((x) => [
        x.label,
        String(x.calls),
        num(x.fixedTokens),
        num(x.rowTokens),
        num(x.answerTokens),
        num(x.secondsPerRowReuse, 1),
        num(x.secondsPerRowNoReuse, 1),
        num(x.hoursReuse, 1),
        num(x.hoursNoReuse, 1),
      ]),
      ["l", "r", "r", "r", "r", "r", "r", "r", "r"],
    ),
    "",
    `- Tokens ≈ characters / ${e.charsPerToken}: no Qwen tokenizer is available offline; Qwen's 151k BPE ` +
      "vocabulary averages about 4 characters per English token (JSON punctuation runs shorter, so answers may take more).",
    "- Fixed part: instruction and few-shot examples in ChatML (5 tokens per turn); row part: the row's input. " +
      "With prefix reuse only the row part is evaluated after the first row (each prompt keeps its own slot).",
    "- Answer tokens: the few-shot answers' size scaled to each row (statements and context statements by the " +
      "characters they are made from, verdicts by the statements per row, questions as in the examples), medians over the rows.",
    `- Generation at the free (no grammar) rate: a real judge's greedy token nearly always fits the grammar, so ` +
      "llama.cpp's one-token check passes. The random proxy's tokens often do not, forcing a full-vocabulary grammar " +
      `pass per token; at that rate all three take ${num(best.allWorstCase.secondsPerRowReuse, 1)} s/row with reuse ` +
      `(${num(best.allWorstCase.hoursReuse, 1)} h per ${num(e.evaluationRows)} rows), a worst case.`,
    "- Embedding time (answer relevancy) is not included.",
  );
  for (const other of e.byThreads.filter((t) => t.threads !== best.threads)) {
    lines.push(
      `- At ${other.threads} thread(s): all three ${num(other.all.secondsPerRowReuse, 1)} s/row with reuse, ` +
        `${num(other.all.secondsPerRowNoReuse, 1)} without (${num(other.all.hoursReuse, 1)} / ` +
        `${num(other.all.hoursNoReuse, 1)} h per ${num(e.evaluationRows)} rows).`,
    );
  }
  return lines.join("\n");
}

if (isMain(import.meta.url)) {
  const gguf = flag("gguf");
  const result = await runProxyModel({
    ...(gguf !== undefined ? { modelPath: gguf } : {}),
    threads: numberListFlag("threads", [1, 2]),
    promptTokens: numberFlag("prompt-tokens", 400),
    tokens: numberFlag("tokens", 32),
    ...roundFlags([3, 5], 60),
    charsPerToken: numberFlag("chars-per-token", 4),
  });
  note(
    `proxy: ${result.model.name}: prompt fastest at ${result.fastestPrompt} thread(s), generation at ${result.fastestGeneration}`,
  );
  finishSection(result, formatProxyModel);
}
