/**
 * Section "prefill": jump-forward in the faithfulness verdict step (issue 14). The statements are known before the
 * call, so with `prefill: true` the JSON structure and the statements are written for the judge and fed to it in
 * batches; the judge generates only the reasons, and each verdict is read at its position. Per judge, for each
 * reasons setting, on the rows of examples/rag-eval.jsonl (statements: the response's sentences):
 * - free: the whole answer generated under the grammar, token by token (the default);
 * - prefill: the answer plan, known tokens fed in one batch per stretch;
 * - token by token: the same plan with every known token fed alone (one forward pass each).
 * Reported: generated and prefilled tokens per row, seconds per row (median of alternating rounds), and whether the
 * verdicts equal those of token-by-token decoding (they must) and of free generation (they may differ: a free judge
 * lays out and copies the JSON its own way). With `--proxy`, also on the Qwen2.5-0.5B-shaped proxy at 2 threads,
 * with the Qwen2.5-0.5B estimate of the three seed judge metrics per row under each lever (docs/performance.md's
 * rates and answer sizes), and the cost of a batch with logits at every position (what speculative prompt lookup
 * would pay, which is why it is not used: bench/lib/lookup-simulation.ts).
 *
 * Run alone: node --import tsx bench/prefill.ts [--gguf a.gguf] [--rows 4] [--rounds 3] [--proxy] [--json out.json]
 */
import { existsSync } from "node:fs";
import type { GbnfJsonSchema, LlamaContext, LlamaGrammar, LlamaModel, Token } from "node-llama-cpp";
import { PROXY_GGUF_PATH, writeProxyGguf } from "../scripts/proxy-gguf.js";
import { chooseChatWrapper } from "../src/llm/chat-wrapper.js";
import { formatCompletionPrompt } from "../src/llm/completion-prompt.js";
import { zodToGrammarSchema } from "../src/llm/json-schema.js";
import { getSharedLlama } from "../src/llm/llama-instance.js";
import { type PlanGrammars, planGrammarsFor, writeFromPlan } from "../src/llm/plan-writer.js";
import { promptTokensOf } from "../src/llm/prompt-tokens.js";
import { generateUnderGrammar } from "../src/llm/token-loop.js";
import { answerRelevancyPrompt } from "../src/metrics/answer-relevancy/prompt.js";
import { contextRelevanceStatementsPrompt } from "../src/metrics/context-relevance/prompt.js";
import {
  faithfulnessStatementsPrompt,
  faithfulnessVerdictsPrompt,
  verdictsPromptWithoutReasons,
  verdictsSchema,
} from "../src/metrics/faithfulness/prompt.js";
import { sentenceSpans } from "../src/metrics/shared/split.js";
import { verdictListPlan } from "../src/metrics/shared/verdict-plan.js";
import { renderPrompt } from "../src/prompts/render.js";
import type { JudgePrompt } from "../src/prompts/types.js";
import { flag, hasFlag, listFlag, numberFlag } from "./lib/cli.js";
import { exampleRows, type RagRow } from "./lib/dataset.js";
import { LOOKUP_MIN_PATTERN, maskTexts, PieceTokenizer, simulateLookup } from "./lib/lookup-simulation.js";
import { markdownTable, num } from "./lib/markdown.js";
import { defaultGgufs, modelName } from "./lib/models.js";
import { finishSection, isMain, note } from "./lib/section.js";
import { median } from "./lib/stats.js";
import { estimatePrompts, reasonTokensPerRow } from "./proxy-model.js";

type Variant = "free" | "prefill" | "token by token";
const VARIANTS: readonly Variant[] = ["free", "prefill", "token by token"];

/** One judge × reasons × variant over the rows. */
export interface PrefillRun {
  model: string;
  threads: number;
  reasons: boolean;
  variant: Variant;
  rows: number;
  generatedTokensPerRow: number;
  prefilledTokensPerRow: number;
  secondsPerRow: number;
  /** Verdicts equal to token-by-token decoding of the same plan, of those compared. */
  sameAsTokenByToken: [number, number];
  /** Verdicts equal to free generation, of those compared (rows where free generation wrote as many verdicts). */
  sameAsFree: [number, number];
}

/** Seconds per row of the three seed judge metrics for Qwen2.5-0.5B under a lever, by docs/performance.md's rates. */
export interface PrefillEstimate {
  label: string;
  secondsPerRow: number;
  speedUp: number;
  hoursFor5000Rows: number;
}

/** The proxy's cost of one forward pass by batch size, logits read at every position (speculative validation). */
export interface BatchCost {
  batch: number;
  ms: number;
}

/** Speculative prompt lookup on the few-shot answers: forward-pass cost relative to token-by-token decoding. */
export interface LookupCost {
  prompt: string;
  answerTokens: number;
  /** Cost (sum of batch costs) ÷ (answer tokens × single-step cost), per predicted-tokens setting. */
  relativeCost: Record<string, number>;
}

export interface PrefillResult {
  runs: PrefillRun[];
  estimate?: PrefillEstimate[];
  batchCosts?: BatchCost[];
  lookup?: LookupCost[];
}

/** docs/performance.md's rates for Qwen2.5-0.5B on the proxy at 2 threads: prompt and generated tokens per second. */
const DOCUMENTED_RATES = { prompt: 222, generation: 24.5 };

interface Judge {
  model: LlamaModel;
  context: LlamaContext;
  threads: number;
  render: (prompt: JudgePrompt) => Token[];
  grammars: PlanGrammars;
  grammar: (count: number, reasons: boolean) => Promise<LlamaGrammar>;
}

/** A model and one context on it, rendering prompts and building grammars as `LlamaCppLlm` does. */
async function openJudge(modelPath: string, threads: number): Promise<Judge> {
  const llama = await getSharedLlama(false);
  const model = await llama.loadModel({ modelPath });
  const context = await model.createContext({
    contextSize: 4096,
    sequences: 1,
    threads,
    flashAttention: false,
  });
  const wrapper = chooseChatWrapper(model, "auto", modelPath);
  return {
    model,
    context,
    threads,
    render: (prompt) => promptTokensOf(model, wrapper, prompt),
    grammars: planGrammarsFor(llama),
    grammar: (count, reasons) =>
      llama.createGrammarForJsonSchema<GbnfJsonSchema>(zodToGrammarSchema(verdictsSchema(count, reasons))),
  };
}

async function closeJudge(judge: Judge): Promise<void> {
  await judge.context.dispose();
  await judge.model.dispose();
}

/** The verdict step's input for a row: its contexts and the response's sentences as statements. */
function verdictInput(row: RagRow) {
  const statements = sentenceSpans(row.response)
    .map((s) => row.response.slice(s.start, s.end).trim())
    .filter((s) => s !== "");
  return { contexts: row.retrieved_contexts, statements };
}

interface Outcome {
  seconds: number;
  generated: number;
  prefilled: number;
  verdicts: string[] | undefined;
}

async function runOnce(judge: Judge, row: RagRow, reasons: boolean, variant: Variant): Promise<Outcome> {
  const input = verdictInput(row);
  const template = reasons
    ? faithfulnessVerdictsPrompt
    : verdictsPromptWithoutReasons(faithfulnessVerdictsPrompt);
  const tokens = judge.render(renderPrompt(template, input));
  const sequence = judge.context.getSequence();
  const settings = {
    maxTokens: 512,
    retryBudget: 512,
    temperature: 0,
    seed: 0,
    signal: new AbortController().signal,
  };
  try {
    // The prompt is read first and not timed: the answer is what the levers change.
    await sequence.evaluateWithoutGeneratingNewTokens(tokens.slice(0, -1));
    const keep = tokens.length - 1;
    const started = performance.now();
    if (variant === "free") {
      const grammar = await judge.grammar(input.statements.length, reasons);
      const out = await generateUnderGrammar(judge.model, sequence, tokens, keep, grammar, settings);
      const seconds = (performance.now() - started) / 1000;
      return { seconds, generated: out.tokens, prefilled: 0, verdicts: verdictsOf(out.text) };
    }
    const plan = verdictListPlan(
      {
        listKey: "verdicts",
        textKey: "statement",
        reasonKey: reasons ? "reason" : undefined,
        choiceKey: "verdict",
        values: ["0", "1"],
      },
      input.statements,
    );
    const out = await writeFromPlan(judge.model, sequence, tokens, keep, plan, judge.grammars, {
      ...settings,
      batched: variant === "prefill",
    });
    const seconds = (performance.now() - started) / 1000;
    return {
      seconds,
      generated: out.tokens,
      prefilled: out.prefilledTokens,
      verdicts: out.slots.map((s) => s.written),
    };
  } finally {
    sequence.dispose();
  }
}

function verdictsOf(text: string): string[] | undefined {
  try {
    const value = JSON.parse(text) as { verdicts: Array<{ verdict: number }> };
    return value.verdicts.map((v) => String(v.verdict));
  } catch {
    return undefined;
  }
}

function agreement(
  a: ReadonlyArray<string[] | undefined>,
  b: ReadonlyArray<string[] | undefined>,
): [number, number] {
  let same = 0;
  let compared = 0;
  for (const [i, x] of a.entries()) {
    const y = b[i];
    if (x === undefined || y === undefined || x.length !== y.length) continue;
    compared += x.length;
    same += x.filter((v, j) => v === y[j]).length;
  }
  return [same, compared];
}

/** Every variant on every row, `rounds` times in alternation; medians of the per-round seconds. */
async function measureJudge(
  judge: Judge,
  modelPath: string,
  rows: RagRow[],
  rounds: number,
): Promise<PrefillRun[]> {
  const runs: PrefillRun[] = [];
  for (const reasons of [true, false]) {
    const seconds: Record<Variant, number[]> = { free: [], prefill: [], "token by token": [] };
    const last: Partial<Record<Variant, Outcome[]>> = {};
    for (let round = 0; round < rounds; round++) {
      for (const variant of VARIANTS) {
        const outcomes: Outcome[] = [];
        for (const row of rows) outcomes.push(await runOnce(judge, row, reasons, variant));
        seconds[variant].push(outcomes.reduce((s, o) => s + o.seconds, 0) / rows.length);
        last[variant] = outcomes;
      }
    }
    const verdicts = (v: Variant) => last[v]!.map((o) => o.verdicts);
    for (const variant of VARIANTS) {
      const outcomes = last[variant]!;
      runs.push({
        model: modelName(modelPath),
        threads: judge.threads,
        reasons,
        variant,
        rows: rows.length,
        generatedTokensPerRow: outcomes.reduce((s, o) => s + o.generated, 0) / rows.length,
        prefilledTokensPerRow: outcomes.reduce((s, o) => s + o.prefilled, 0) / rows.length,
        secondsPerRow: median(seconds[variant]),
        sameAsTokenByToken: agreement(verdicts(variant), verdicts("token by token")),
        sameAsFree: agreement(verdicts(variant), verdicts("free")),
      });
    }
    note(`${modelName(modelPath)} reasons ${reasons}: done`);
  }
  return runs;
}

/**
 * Seconds per row of the three seed judge metrics for Qwen2.5-0.5B (docs/performance.md's estimate: prompt and
 * answer sizes from the few-shot examples, tokens = characters ÷ 4, prefix reuse) under each lever. With prefill
 * the verdict step's answer, apart from the reasons, is read at the prompt rate, and each verdict is one step.
 */
export function prefillEstimate(rows: readonly RagRow[]): PrefillEstimate[] {
  const prompts = estimatePrompts(rows, 3, 4);
  const rowTokens = prompts.reduce((s, p) => s + p.rowTokens, 0);
  const answers = prompts.reduce((s, p) => s + p.answerTokens, 0);
  const verdictAnswer = prompts.find((p) => p.prompt === faithfulnessVerdictsPrompt.name)!.answerTokens;
  const reasons = reasonTokensPerRow(rows, 4);
  const statements = median(rows.map((r) => verdictInput(r).statements.length));
  const { prompt: pp, generation: gen } = DOCUMENTED_RATES;
  const base = rowTokens / pp + answers / gen;
  const withPrefill = (keepReasons: boolean) => {
    const generated = (keepReasons ? reasons : 0) + statements;
    const known = verdictAnswer - (keepReasons ? reasons : 0) - statements;
    return rowTokens / pp + (answers - verdictAnswer + generated) / gen + known / pp;
  };
  const reasonsOff = base - reasons / gen;
  const levers: Array<[string, number]> = [
    ["default (free generation, reasons)", base],
    ["reasons off (faithfulness)", reasonsOff],
    ["prefill (faithfulness)", withPrefill(true)],
    ["prefill + reasons off (faithfulness)", withPrefill(false)],
    ["floor: every verdict step free of cost", base - verdictAnswer / gen],
  ];
  return levers.map(([label, seconds]) => ({
    label,
    secondsPerRow: seconds,
    speedUp: base / seconds,
    hoursFor5000Rows: (seconds * 5000) / 3600,
  }));
}

/** Milliseconds of one forward pass of `batch` tokens with logits at every position, on the judge's context. */
async function measureBatchCosts(judge: Judge, rounds: number): Promise<BatchCost[]> {
  const { model } = judge;
  const sequence = judge.context.getSequence();
  try {
    const prompt = model.tokenize(
      "the judge reads a context and writes verdicts about statements ".repeat(60),
      false,
    );
    await sequence.evaluateWithoutGeneratingNewTokens(prompt.slice(0, 600));
    const sizes = [1, 2, 3, 5, 9, 17];
    const times = new Map<number, number[]>(sizes.map((b) => [b, []]));
    const tokens = model.tokenize(
      " the statement is copied from the input text word for word and then ".repeat(2),
    );
    for (let round = 0; round < rounds; round++) {
      for (const batch of sizes) {
        const started = performance.now();
        await sequence.controlledEvaluate(
          tokens.slice(0, batch).map((t) => [t, { generateNext: { token: true } }]),
        );
        times.get(batch)!.push(performance.now() - started);
        await sequence.eraseContextTokenRanges([{ start: 600, end: sequence.nextTokenIndex }]);
      }
    }
    return sizes.map((batch) => ({ batch, ms: median(times.get(batch)!) }));
  } finally {
    sequence.dispose();
  }
}

/** Speculative prompt lookup on the seed prompts' few-shot answers, priced with the measured batch costs. */
export function lookupCosts(costs: readonly BatchCost[]): LookupCost[] {
  const cost = (b: number) => {
    for (let i = 1; i < costs.length; i++) {
      const lo = costs[i - 1]!;
      const hi = costs[i]!;
      if (b <= hi.batch) return lo.ms + ((hi.ms - lo.ms) * (b - lo.batch)) / (hi.batch - lo.batch);
    }
    return costs.at(-1)!.ms;
  };
  const tokenizer = new PieceTokenizer();
  const templates = [
    faithfulnessStatementsPrompt,
    faithfulnessVerdictsPrompt,
    verdictsPromptWithoutReasons(faithfulnessVerdictsPrompt),
    answerRelevancyPrompt(3),
    contextRelevanceStatementsPrompt,
  ] as const;
  return templates.map((t) => {
    const template = t as unknown as {
      name: string;
      version: string;
      examples: ReadonlyArray<{ input: unknown; output: unknown }>;
    };
    const relativeCost: Record<string, number> = {};
    let answerTokens = 0;
    for (const predict of [2, 4, 8]) {
      let spent = 0;
      answerTokens = 0;
      for (const [i, example] of template.examples.entries()) {
        const answer = JSON.stringify(example.output);
        if (answer.length < 20) continue; // the empty-answer examples teach refusals
        // The example stays in the prompt for its shape, with its words made up, so its text cannot be looked up.
        const examples = template.examples.map((e, j) =>
          j === i ? { input: maskTexts(e.input), output: maskTexts(e.output) } : e,
        );
        const prompt = renderPrompt(
          { ...(t as object), examples } as never,
          example.input as never,
        ) as JudgePrompt;
        const answerIds = tokenizer.tokenize(answer);
        const steps = simulateLookup(tokenizer.tokenize(formatCompletionPrompt(prompt)), answerIds, predict);
        spent += steps.batchSizes.reduce((s, b) => s + cost(b), 0);
        answerTokens += answerIds.length;
      }
      relativeCost[String(predict)] = spent / (answerTokens * cost(1));
    }
    return { prompt: `${template.name} ${template.version}`, answerTokens, relativeCost };
  });
}

export function formatPrefill(r: PrefillResult): string {
  const out = [
    markdownTable(
      [
        "judge",
        "reasons",
        "variant",
        "generated tokens/row",
        "prefilled tokens/row",
        "s/row",
        "same verdicts as token by token",
        "same verdicts as free",
      ],
      r.runs.map((x) => [
        `${x.model} (${x.threads} thr)`,
        x.reasons ? "yes" : "no",
        x.variant,
        num(x.generatedTokensPerRow, 1),
        num(x.prefilledTokensPerRow, 1),
        num(x.secondsPerRow, 3),
        `${x.sameAsTokenByToken[0]}/${x.sameAsTokenByToken[1]}`,
        `${x.sameAsFree[0]}/${x.sameAsFree[1]}`,
      ]),
    ),
  ];
  if (r.estimate) {
    out.push(
      "",
      "Estimate for Qwen2.5-0.5B, three seed judge metrics per row (docs/performance.md's rates: 222 prompt and 24.5 generated tokens/s):",
      "",
      markdownTable(
        ["levers", "s/row", "speed-up", "h per 5,000 rows"],
        r.estimate.map((e) => [
          e.label,
          num(e.secondsPerRow, 1),
          `${num(e.speedUp, 2)}×`,
          num(e.hoursFor5000Rows, 1),
        ]),
      ),
    );
  }
  if (r.batchCosts) {
    out.push(
      "",
      "Proxy forward pass with logits at every position (speculative validation), ms by batch size:",
      "",
      markdownTable(
        ["batch", ...r.batchCosts.map((c) => String(c.batch))],
        [["ms", ...r.batchCosts.map((c) => num(c.ms, 1))]],
      ),
    );
  }
  if (r.lookup) {
    out.push(
      "",
      `Speculative prompt lookup (node-llama-cpp's InputLookupTokenPredictor, pattern ≥ ${LOOKUP_MIN_PATTERN} tokens) on the few-shot answers, cost relative to token-by-token decoding at the proxy's batch costs (< 1 is faster):`,
      "",
      markdownTable(
        ["prompt", "answer tokens", "2 predicted", "4 predicted", "8 predicted"],
        r.lookup.map((l) => [
          l.prompt,
          String(l.answerTokens),
          num(l.relativeCost["2"], 2),
          num(l.relativeCost["4"], 2),
          num(l.relativeCost["8"], 2),
        ]),
      ),
    );
  }
  return out.join("\n");
}

export async function runPrefill(): Promise<PrefillResult> {
  const rows = exampleRows().slice(0, numberFlag("rows", 4));
  const rounds = numberFlag("rounds", 3);
  const ggufs = listFlag("gguf") ?? defaultGgufs();
  const runs: PrefillRun[] = [];
  for (const gguf of ggufs) {
    const judge = await openJudge(gguf, 1);
    try {
      runs.push(...(await measureJudge(judge, gguf, rows, rounds)));
    } finally {
      await closeJudge(judge);
    }
  }
  const result: PrefillResult = { runs, estimate: prefillEstimate(exampleRows()) };
  if (hasFlag("proxy")) {
    if (!existsSync(PROXY_GGUF_PATH)) await writeProxyGguf();
    // One load of the 0.5 GB proxy for both measurements, at 2 threads.
    const proxy = await openJudge(PROXY_GGUF_PATH, 2);
    try {
      runs.push(...(await measureJudge(proxy, PROXY_GGUF_PATH, rows.slice(0, 2), 1)));
      result.batchCosts = await measureBatchCosts(proxy, rounds + 2);
    } finally {
      await closeJudge(proxy);
    }
    result.lookup = lookupCosts(result.batchCosts);
  }
  return result;
}

if (isMain(import.meta.url)) {
  if (flag("help") !== undefined)
    note("node --import tsx bench/prefill.ts [--gguf a.gguf] [--rows 4] [--proxy]");
  finishSection(await runPrefill(), formatPrefill);
}
