/**
 * Section "prefill": jump-forward. With `prefill: true` an answer whose shape is known is written from a
 * plan: its known parts are fed to the judge in batches, the judge writes only the free strings, and each verdict is
 * written greedily under its values' grammar. Three judge steps, on the rows of examples/rag-eval.jsonl:
 * faithfulness' verdict step with and without reasons (statements: the response's sentences), context relevance's
 * statements step (with prefill, the contexts' sentences scored; free, the judge's own statements) and answer
 * relevancy's questions. Variants:
 * - free: the whole answer generated under the schema's grammar, token by token (the default);
 * - prefill: the answer plan, known tokens fed in one batch per stretch, choices unread (argmax);
 * - prefill + reads: the same, every choice's distribution read (what `confidence` / `expected` cost);
 * - token by token: the plan with every known token fed alone (one forward pass each).
 * Reported: generated and prefilled tokens per row, seconds per row (median of alternating rounds), whether the
 * verdicts equal those of token-by-token decoding (they must) and of free generation (they may differ: a free judge
 * lays out and copies the JSON its own way), and the share of 1s. Always: the Qwen2.5-0.5B estimate of the three seed
 * judge metrics per row under each lever at docs/performance.md's rates. With `--proxy`, also on the
 * Qwen2.5-0.5B-shaped proxy at 2 threads, the estimate at the proxy's rates measured in the same run, and the cost of
 * a batch with logits at every position (what speculative prompt lookup would pay, which is why it is not used:
 * bench/lib/lookup-simulation.ts).
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
import type { AnswerPart } from "../src/llm/types.js";
import {
  answerRelevancyPrompt,
  questionsPlan,
  questionsSchema,
} from "../src/metrics/answer-relevancy/prompt.js";
import {
  contextRelevanceSentencesPrompt,
  contextRelevanceStatementsPrompt,
} from "../src/metrics/context-relevance/prompt.js";
import { contextSentences, sentenceScorePlan } from "../src/metrics/context-relevance/sentences.js";
import { sentenceSpans } from "../src/metrics/shared/judge/split.js";
import { faithfulnessStatementsPrompt } from "../src/metrics/shared/judge/statements/statements-prompt.js";
import {
  faithfulnessVerdictsPrompt,
  verdictsPromptWithoutReasons,
  verdictsSchema,
} from "../src/metrics/shared/judge/statements/verdicts-prompt.js";
import { listReasonChars } from "../src/metrics/shared/judge/text-schema.js";
import { verdictListPlan } from "../src/metrics/shared/judge/verdict-plan.js";
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

/**
 * free: the whole answer generated under the schema's grammar; prefill: the answer plan, known tokens in batches, each
 * choice written greedily (the default reading, argmax); prefill + reads: the same with every choice's distribution
 * read (what `confidence` and `scoring: "expected"` cost); token by token: the plan with every known token fed alone.
 */
type Variant = "free" | "prefill" | "prefill + reads" | "token by token";
const VARIANTS: readonly Variant[] = ["free", "prefill", "prefill + reads", "token by token"];

/**
 * The judge steps measured: faithfulness' verdict step (statements known: the response's sentences) and context
 * relevance's statements step (with prefill the statements are the contexts' sentences; free, the judge writes its
 * own statements, so free and prefill score different units), and answer relevancy's questions (with prefill the
 * JSON structure is written, the judge writes the questions, each noncommittal flag is read).
 */
type Step = "faithfulness verdicts" | "context relevance" | "answer relevancy";

/** Answer relevancy's questions per row (Ragas' default strictness). */
const STRICTNESS = 3;

/**
 * Free generation's answer budget in the context and answer relevancy steps: a random-weight judge may never close
 * its list or its strings. A cut answer is counted in the table.
 */
const FREE_ANSWER_TOKENS = 160;

/** One judge × step × reasons × variant over the rows. */
export interface PrefillRun {
  model: string;
  threads: number;
  step: Step;
  /** Reasons asked for (faithfulness); the other steps have none. */
  reasons: boolean;
  variant: Variant;
  rows: number;
  generatedTokensPerRow: number;
  prefilledTokensPerRow: number;
  secondsPerRow: number;
  /** Verdicts equal to token-by-token decoding of the same plan, of those compared. */
  sameAsTokenByToken: [number, number];
  /**
   * Verdicts equal to free generation, of those compared (rows where free generation wrote as many verdicts); null
   * for context relevance, whose free answer scores other statements.
   */
  sameAsFree: [number, number] | null;
  /** Mean over the rows of the fraction of verdicts (scores) that are 1; null when no row gave verdicts. */
  meanScore: number | null;
  /** Rows whose answer was cut at the token budget (free context and answer relevancy). */
  cutRows: number;
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
  /** With `--proxy`: the proxy's prompt and generation rates measured in this run, and the estimate at them. */
  measuredRates?: Rates;
  measuredEstimate?: PrefillEstimate[];
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
  /** The grammar of the context relevance statements answer. */
  statementsGrammar: Promise<LlamaGrammar>;
  /** The grammar of the answer relevancy questions answer. */
  questionsGrammar: Promise<LlamaGrammar>;
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
  const wrapper = await chooseChatWrapper(model, "auto", modelPath);
  return {
    model,
    context,
    threads,
    render: (prompt) => promptTokensOf(model, wrapper, prompt),
    grammars: planGrammarsFor(llama),
    grammar: (count, reasons) =>
      llama.createGrammarForJsonSchema<GbnfJsonSchema>(zodToGrammarSchema(verdictsSchema(count, reasons))),
    statementsGrammar: llama.createGrammarForJsonSchema<GbnfJsonSchema>(
      zodToGrammarSchema(contextRelevanceStatementsPrompt.outputSchema),
    ),
    questionsGrammar: llama.createGrammarForJsonSchema<GbnfJsonSchema>(
      zodToGrammarSchema(questionsSchema(STRICTNESS)),
    ),
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
  cut: boolean;
}

/** What a step asks: the prompt of each variant, the grammar of a free answer, the plan, the free answer's values. */
interface StepCall {
  tokens: (variant: Variant) => Token[];
  freeGrammar: () => Promise<LlamaGrammar>;
  freeTokens: number;
  plan: AnswerPart[];
  valuesOf: (text: string) => string[] | undefined;
}

function stepCall(judge: Judge, row: RagRow, step: Step, reasons: boolean): StepCall {
  if (step === "answer relevancy") {
    const tokens = judge.render(
      renderPrompt(answerRelevancyPrompt(STRICTNESS), { response: row.response, count: STRICTNESS }),
    );
    return {
      tokens: () => tokens,
      freeGrammar: () => judge.questionsGrammar,
      freeTokens: FREE_ANSWER_TOKENS,
      plan: questionsPlan(STRICTNESS),
      valuesOf: (text) => valuesOf(text, "questions", "noncommittal"),
    };
  }
  if (step === "context relevance") {
    const input = { question: row.user_input, contexts: row.retrieved_contexts };
    // Free generation answers the statements prompt; prefill the sentences prompt, as the metric does.
    return {
      tokens: (variant) =>
        judge.render(
          renderPrompt(
            variant === "free" ? contextRelevanceStatementsPrompt : contextRelevanceSentencesPrompt,
            input,
          ),
        ),
      freeGrammar: () => judge.statementsGrammar,
      freeTokens: FREE_ANSWER_TOKENS,
      plan: sentenceScorePlan(contextSentences(input.contexts)),
      valuesOf: (text) => valuesOf(text, "statements", "score"),
    };
  }
  const input = verdictInput(row);
  const template = reasons
    ? faithfulnessVerdictsPrompt
    : verdictsPromptWithoutReasons(faithfulnessVerdictsPrompt);
  return {
    tokens: () => judge.render(renderPrompt(template, input)),
    freeGrammar: () => judge.grammar(input.statements.length, reasons),
    freeTokens: 512,
    plan: verdictListPlan(
      {
        listKey: "verdicts",
        textKey: "statement",
        reason: reasons ? { key: "reason", chars: listReasonChars(input.statements.length) } : undefined,
        choiceKey: "verdict",
        values: ["0", "1"],
      },
      input.statements,
    ),
    valuesOf: (text) => valuesOf(text, "verdicts", "verdict"),
  };
}

async function runOnce(
  judge: Judge,
  row: RagRow,
  step: Step,
  reasons: boolean,
  variant: Variant,
): Promise<Outcome> {
  const call = stepCall(judge, row, step, reasons);
  const tokens = call.tokens(variant);
  const sequence = judge.context.getSequence();
  const budget = variant === "free" ? call.freeTokens : 512;
  const settings = {
    maxTokens: budget,
    retryBudget: budget,
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
      const grammar = await call.freeGrammar();
      const out = await generateUnderGrammar(judge.model, sequence, tokens, keep, grammar, settings);
      const seconds = (performance.now() - started) / 1000;
      return {
        seconds,
        generated: out.tokens,
        prefilled: 0,
        verdicts: call.valuesOf(out.text),
        cut: !out.finished,
      };
    }
    const out = await writeFromPlan(judge.model, sequence, tokens, keep, call.plan, judge.grammars, {
      ...settings,
      batched: variant !== "token by token",
      read: () => variant === "prefill + reads",
    });
    const seconds = (performance.now() - started) / 1000;
    return {
      seconds,
      generated: out.tokens,
      prefilled: out.prefilledTokens,
      verdicts: out.choices,
      cut: false,
    };
  } finally {
    sequence.dispose();
  }
}

/** The values at `key` of each item of the answer's `list`, or undefined when the text is no such answer. */
function valuesOf(text: string, list: string, key: string): string[] | undefined {
  try {
    const value = JSON.parse(text) as Record<string, Array<Record<string, unknown>>>;
    return value[list]!.map((v) => String(v[key]));
  } catch {
    return undefined;
  }
}

/** Mean over the rows of the fraction of values that are 1 (rows without values left out). */
function meanScore(values: ReadonlyArray<string[] | undefined>): number | null {
  const fractions = values
    .filter((v): v is string[] => v !== undefined && v.length > 0)
    .map((v) => v.filter((x) => x === "1").length / v.length);
  return fractions.length === 0 ? null : fractions.reduce((a, b) => a + b, 0) / fractions.length;
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
  const settings: Array<[Step, boolean]> = [
    ["faithfulness verdicts", true],
    ["faithfulness verdicts", false],
    ["context relevance", false],
    ["answer relevancy", false],
  ];
  for (const [step, reasons] of settings) {
    const seconds: Record<Variant, number[]> = {
      free: [],
      prefill: [],
      "prefill + reads": [],
      "token by token": [],
    };
    const last: Partial<Record<Variant, Outcome[]>> = {};
    for (let round = 0; round < rounds; round++) {
      for (const variant of VARIANTS) {
        const outcomes: Outcome[] = [];
        for (const row of rows) outcomes.push(await runOnce(judge, row, step, reasons, variant));
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
        step,
        reasons,
        variant,
        rows: rows.length,
        generatedTokensPerRow: outcomes.reduce((s, o) => s + o.generated, 0) / rows.length,
        prefilledTokensPerRow: outcomes.reduce((s, o) => s + o.prefilled, 0) / rows.length,
        secondsPerRow: median(seconds[variant]),
        sameAsTokenByToken: agreement(verdicts(variant), verdicts("token by token")),
        // Free context relevance scores the judge's own statements, not the sentences: nothing to pair.
        sameAsFree: step === "context relevance" ? null : agreement(verdicts(variant), verdicts("free")),
        meanScore: meanScore(verdicts(variant)),
        cutRows: outcomes.filter((o) => o.cut).length,
      });
    }
    note(`${modelName(modelPath)} ${step} reasons ${reasons}: done`);
  }
  return runs;
}

/** Prompt and generated tokens per second of a judge. */
export interface Rates {
  prompt: number;
  generation: number;
}

/**
 * Seconds per row of the three seed judge metrics for Qwen2.5-0.5B (docs/performance.md's estimate: prompt and
 * answer sizes from the few-shot examples, tokens = characters ÷ 4, prefix reuse) under each lever, at `rates`.
 * With prefill a step's known answer tokens are read at the prompt rate and each verdict or score is one generated
 * step; faithfulness' reasons stay generated unless reasons are off. Context relevance with prefill writes the plan
 * over the contexts' sentences (its answer size from that plan's text) instead of the judge's own statements.
 */
export function prefillEstimate(rows: readonly RagRow[], rates: Rates = DOCUMENTED_RATES): PrefillEstimate[] {
  const prompts = estimatePrompts(rows, 3, 4);
  const rowTokens = prompts.reduce((s, p) => s + p.rowTokens, 0);
  const answers = prompts.reduce((s, p) => s + p.answerTokens, 0);
  const answerOf = (name: string) => prompts.find((p) => p.prompt === name)!.answerTokens;
  const verdictAnswer = answerOf(faithfulnessVerdictsPrompt.name);
  const relevanceAnswer = answerOf(contextRelevanceStatementsPrompt.name);
  const reasons = reasonTokensPerRow(rows, 4);
  const statements = median(rows.map((r) => verdictInput(r).statements.length));
  const sentences = median(rows.map((r) => contextSentences(r.retrieved_contexts).length));
  const planAnswer = median(
    rows.map((r) => {
      const plan = sentenceScorePlan(contextSentences(r.retrieved_contexts));
      const text = plan.map((part) => (part.kind === "text" ? part.text : "0")).join("");
      return Math.ceil(text.length / 4) + 1;
    }),
  );
  const { prompt: pp, generation: gen } = rates;
  const base = rowTokens / pp + answers / gen;
  /** Seconds saved by prefill in faithfulness' verdict step (with or without reasons). */
  const faithfulnessSaving = (keepReasons: boolean) => {
    const generated = (keepReasons ? reasons : 0) + statements;
    const known = verdictAnswer - (keepReasons ? reasons : 0) - statements;
    return verdictAnswer / gen - (generated / gen + known / pp);
  };
  const relevanceSaving = relevanceAnswer / gen - (sentences / gen + (planAnswer - sentences) / pp);
  // Answer relevancy: the questions' text (its share of the few-shot answers) and one step per flag stay generated.
  const questionsAnswer = answerOf(answerRelevancyPrompt(STRICTNESS).name);
  const questionShare = median(
    answerRelevancyPrompt(STRICTNESS).examples.map((e) => {
      const strings = e.output.questions.reduce((n, q) => n + JSON.stringify(q.question).length, 0);
      return strings / JSON.stringify(e.output).length;
    }),
  );
  const questionsGenerated = Math.round(questionsAnswer * questionShare) + STRICTNESS;
  const questionsSaving =
    questionsAnswer / gen - (questionsGenerated / gen + (questionsAnswer - questionsGenerated) / pp);
  const allThree = faithfulnessSaving(true) + relevanceSaving + questionsSaving;
  const levers: Array<[string, number]> = [
    ["default (free generation, reasons)", base],
    ["reasons off (faithfulness)", base - reasons / gen],
    ["prefill (faithfulness)", base - faithfulnessSaving(true)],
    ["prefill + reasons off (faithfulness)", base - faithfulnessSaving(false)],
    ["prefill (context relevance)", base - relevanceSaving],
    ["prefill (answer relevancy)", base - questionsSaving],
    [
      "prefill (faithfulness, answer relevancy) + reasons off (faithfulness): the statements unchanged",
      base - faithfulnessSaving(false) - questionsSaving,
    ],
    ["prefill (all three)", base - allThree],
    [
      "prefill (all three) + reasons off (faithfulness)",
      base - allThree + faithfulnessSaving(true) - faithfulnessSaving(false),
    ],
  ];
  return levers.map(([label, seconds]) => ({
    label,
    secondsPerRow: seconds,
    speedUp: base / seconds,
    hoursFor5000Rows: (seconds * 5000) / 3600,
  }));
}

/**
 * The judge's prompt and generation rates as docs/performance.md measures them: a 257-token prompt read from an
 * empty sequence, then 24 greedy tokens without a grammar; medians over `rounds`.
 */
async function measureRates(judge: Judge, rounds: number): Promise<Rates> {
  const { model } = judge;
  const sequence = judge.context.getSequence();
  try {
    const text = model.tokenize(
      "The judge reads a context and writes verdicts about statements, one by one. ".repeat(30),
    );
    const head = text.slice(0, 257);
    const prompt: number[] = [];
    const generation: number[] = [];
    for (let round = 0; round < rounds; round++) {
      await sequence.clearHistory();
      const p0 = performance.now();
      await sequence.evaluateWithoutGeneratingNewTokens(head);
      prompt.push(head.length / ((performance.now() - p0) / 1000));
      const g0 = performance.now();
      let generated = 0;
      for await (const _ of sequence.evaluate([text[257]!], { temperature: 0 })) {
        if (++generated >= 24) break;
      }
      generation.push(generated / ((performance.now() - g0) / 1000));
    }
    return { prompt: median(prompt), generation: median(generation) };
  } finally {
    sequence.dispose();
  }
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

/** An estimate as a Markdown table. */
function estimateTable(estimate: readonly PrefillEstimate[]): string {
  return markdownTable(
    ["levers", "s/row", "speed-up", "h per 5,000 rows"],
    estimate.map((e) => [
      e.label,
      num(e.secondsPerRow, 1),
      `${num(e.speedUp, 2)}×`,
      num(e.hoursFor5000Rows, 1),
    ]),
  );
}

export function formatPrefill(r: PrefillResult): string {
  const out = [
    markdownTable(
      [
        "judge",
        "step",
        "reasons",
        "variant",
        "generated tokens/row",
        "prefilled tokens/row",
        "s/row",
        "same verdicts as token by token",
        "same verdicts as free",
        "mean share of 1s",
      ],
      r.runs.map((x) => [
        `${x.model} (${x.threads} thr)`,
        x.step,
        x.step === "faithfulness verdicts" ? (x.reasons ? "yes" : "no") : "–",
        x.cutRows > 0 ? `${x.variant} (${x.cutRows} cut at ${FREE_ANSWER_TOKENS} tokens)` : x.variant,
        num(x.generatedTokensPerRow, 1),
        num(x.prefilledTokensPerRow, 1),
        num(x.secondsPerRow, 3),
        x.variant === "token by token" ? "–" : `${x.sameAsTokenByToken[0]}/${x.sameAsTokenByToken[1]}`,
        x.sameAsFree === null || x.variant === "free" ? "–" : `${x.sameAsFree[0]}/${x.sameAsFree[1]}`,
        x.meanScore === null ? "–" : num(x.meanScore, 2),
      ]),
    ),
  ];
  if (r.estimate) {
    out.push(
      "",
      "Estimate for Qwen2.5-0.5B, three seed judge metrics per row (docs/performance.md's rates: 222 prompt and 24.5 generated tokens/s):",
      "",
      estimateTable(r.estimate),
    );
  }
  if (r.measuredEstimate && r.measuredRates) {
    out.push(
      "",
      `The same estimate at the proxy's rates measured in this run (${num(r.measuredRates.prompt, 1)} prompt and ${num(r.measuredRates.generation, 1)} generated tokens/s at 2 threads):`,
      "",
      estimateTable(r.measuredEstimate),
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
      result.measuredRates = await measureRates(proxy, rounds + 2);
      result.measuredEstimate = prefillEstimate(exampleRows(), result.measuredRates);
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
