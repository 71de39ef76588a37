// Fixture evaluation results for the report tests: deterministic, with hostile text, errors and skips.
import { createHash } from "node:crypto";
import type { MetricResult, Sample } from "../../src/metrics/types.js";
import { aggregateRecords } from "../../src/results/aggregate.js";
import { rowHash as hashRow } from "../../src/results/hash.js";
import type { EvaluationResultData, RowMetricRecord, RunMetadata } from "../../src/results/types.js";

/** Text that tries to break out of HTML, the report's data JSON, Markdown tables and CSV. */
export const HOSTILE = {
  script: "<script>alert(1)</script>",
  scriptClose: 'ends the data block </script><script>alert("json")</script>',
  comment: "<!-- <script>alert(2)</script>",
  img: '<img src=x onerror="alert(3)">',
  formula: '=HYPERLINK("http://attacker.invalid","click")',
  plusFormula: "+1+cmd|' /C calc'!A0",
  atFormula: "@SUM(1+1)*cmd|' /C calc'!A0",
  dashFormula: "-2+3+cmd|' /C calc'!A0",
  numberLike: "-0.2",
  tabFormula: "\t=1+1",
  quoted: 'He said "yes, and no", then left',
  multiline: "first line\nsecond line, with comma\r\nthird | piped",
} as const;

const TOPICS = [
  "photosynthesis",
  "the Treaty of Westphalia",
  "TCP congestion control",
  "the Krebs cycle",
  "Rust ownership",
  "plate tectonics",
  "the Bretton Woods system",
  "CRISPR-Cas9",
  "the Doppler effect",
  "B-trees",
  "vaccination and herd immunity",
  "the French Revolution",
];

function sha(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** Deterministic pseudo-random numbers in [0, 1) (LCG), so fixtures never change between runs. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Options for {@link makeFixtureResult}. */
export interface FixtureOptions {
  /** Rows. Defaults to 24. */
  rows?: number;
  /** Seed of the value generator. Defaults to 7. */
  seed?: number;
  /** Adds hostile text to some rows. Defaults to true. */
  hostile?: boolean;
}

/** Row indices with a special meaning in the fixture. */
export const FIXTURE_ROWS = {
  script: 3,
  formula: 5,
  multiline: 6,
  faithfulnessError: 4,
  relevancySkipped: [8, 9],
  contextError: 11,
  negativeSimilarity: 2,
  nullFaithfulness: 10,
} as const;

function sampleFor(i: number, hostile: boolean): Sample {
  const topic = TOPICS[i % TOPICS.length]!;
  const sample: Sample = {
    userInput: `Question ${i}: what is the key idea of ${topic}?`,
    response: `Answer ${i}: ${topic} is explained in the context; it has two main parts.`,
    retrievedContexts: [
      `Context A about ${topic}.`,
      `Context B: more detail on ${topic}, with numbers 1, 2, 3.`,
    ],
    reference: `Reference answer about ${topic}.`,
  };
  if (!hostile) return sample;
  if (i === FIXTURE_ROWS.script) {
    sample.userInput = `${HOSTILE.script} ${HOSTILE.img}`;
    sample.response = `${HOSTILE.scriptClose} ${HOSTILE.comment}`;
    sample.retrievedContexts = [HOSTILE.script, HOSTILE.scriptClose];
  }
  if (i === FIXTURE_ROWS.formula) {
    sample.userInput = HOSTILE.formula;
    sample.response = HOSTILE.dashFormula;
    sample.reference = HOSTILE.numberLike;
    sample.retrievedContexts = [HOSTILE.plusFormula, HOSTILE.atFormula];
  }
  if (i === FIXTURE_ROWS.multiline) {
    sample.userInput = HOSTILE.quoted;
    sample.response = HOSTILE.multiline;
    sample.reference = HOSTILE.tabFormula;
  }
  return sample;
}

function faithfulness(i: number, rand: () => number, sample: Sample): MetricResult {
  if (i === FIXTURE_ROWS.faithfulnessError) {
    return {
      value: null,
      status: "error",
      error: "JudgeOutputError: the judge stopped at max tokens before closing the JSON (row 4)",
    };
  }
  if (i === FIXTURE_ROWS.nullFaithfulness) {
    return {
      value: null,
      status: "ok",
      reason: "the response has no statements to check",
      details: { statements: [] },
    };
  }
  const n = 2 + Math.floor(rand() * 3);
  const statements = Array.from({ length: n }, (_, k) =>
    i === FIXTURE_ROWS.script && k === 0
      ? HOSTILE.script
      : `Statement ${k + 1} of row ${i} about ${sample.userInput?.slice(0, 30)}`,
  );
  const verdicts = statements.map((statement, k) => ({
    statement,
    verdict: rand() < 0.7 || k === 0 ? 1 : 0,
    reason:
      k === 0 && i === FIXTURE_ROWS.script
        ? HOSTILE.comment
        : `Context ${k % 2 === 0 ? "A" : "B"} ${k % 3 === 0 ? "supports" : "mentions"} it.`,
  }));
  const supported = verdicts.filter((v) => v.verdict === 1).length;
  return {
    value: supported / n,
    status: "ok",
    reason: `${supported} of ${n} statements are supported by the contexts`,
    details: { statements, verdicts },
  };
}

function answerRelevancy(i: number, rand: () => number): MetricResult {
  if ((FIXTURE_ROWS.relevancySkipped as readonly number[]).includes(i)) {
    return {
      value: null,
      status: "skipped",
      reason: "embedding model all-minilm-l6-v2 not found; run `airgap-eval models pull all-minilm-l6-v2`",
    };
  }
  const similarities = [0, 1, 2].map(() => Math.round((rand() * 1.1 - 0.05) * 1000) / 1000);
  if (i === FIXTURE_ROWS.negativeSimilarity) similarities[0] = -0.23;
  const noncommittal = i % 7 === 0;
  const questions = similarities.map((_, k) =>
    i === FIXTURE_ROWS.script && k === 1 ? HOSTILE.script : `Generated question ${k + 1} for row ${i}?`,
  );
  const mean = similarities.reduce((s, v) => s + v, 0) / similarities.length;
  return {
    value: noncommittal ? 0 : mean,
    status: "ok",
    reason: noncommittal ? "the response is noncommittal" : "mean cosine similarity of generated questions",
    details: { questions, noncommittal: questions.map(() => noncommittal), similarities },
  };
}

function contextRelevance(i: number, rand: () => number): MetricResult {
  if (i === FIXTURE_ROWS.contextError) {
    return {
      value: null,
      status: "error",
      error: "ContextOverflowError: prompt of 9000 tokens exceeds context 4096",
    };
  }
  const statements = [`Relevant sentence from context A (row ${i}).`, `Another sentence (row ${i}).`];
  const statementScores = statements.map((): number => (rand() < 0.6 ? 1 : 0));
  return {
    value: statementScores.reduce((s, v) => s + v, 0) / statementScores.length,
    status: "ok",
    reason: "share of contexts with relevant statements",
    details: { statements, statementScores },
  };
}

function fixtureMetadata(): RunMetadata {
  const judge = {
    id: "qwen2.5-0.5b-instruct",
    kind: "llm" as const,
    path: "/models/qwen2.5-0.5b-instruct-q4_k_m.gguf",
    sha256: sha("judge"),
    runtime: { name: "node-llama-cpp", version: "3.21.1" },
    settings: { threads: 1, temperature: 0, seed: 42, contextSize: 4096 },
  };
  const embedder = {
    id: "all-minilm-l6-v2",
    kind: "embedding" as const,
    sha256: sha("embedder"),
    runtime: { name: "@xenova/transformers", version: "2.17.2" },
    settings: { pooling: "mean", normalize: true, batchSize: 16 },
  };
  return {
    version: "0.1.0",
    startedAt: "2025-01-02T03:04:05.000Z",
    finishedAt: "2025-01-02T03:09:00.000Z",
    dataset: "examples/rag-eval.jsonl",
    metrics: {
      faithfulness: {
        name: "faithfulness",
        promptVersions: { statements: "1", verdicts: "1" },
        options: {},
        models: [judge],
        configHash: sha("faithfulness-config"),
      },
      answer_relevancy: {
        name: "answer_relevancy",
        promptVersions: { questions: "1" },
        options: { strictness: 3 },
        models: [judge, embedder],
        configHash: sha("answer-relevancy-config"),
      },
      context_relevance: {
        name: "context_relevance",
        promptVersions: { statements: "1" },
        options: {},
        models: [judge],
        configHash: sha("context-relevance-config"),
      },
    },
    runtime: {
      node: "v20.19.0",
      platform: "linux-x64",
      "node-llama-cpp": "3.21.1",
      "@xenova/transformers": "2.17.2",
    },
    options: { concurrency: 2, cache: true, strict: false },
  };
}

/**
 * A deterministic evaluation result with three metrics (faithfulness, answer_relevancy, context_relevance),
 * error, skipped and null rows, a negative similarity, and (by default) hostile text in rows 3, 5 and 6.
 * Aggregates are computed from the records.
 */
export function makeFixtureResult(options: FixtureOptions = {}): EvaluationResultData {
  const rowsCount = options.rows ?? 24;
  const hostile = options.hostile ?? true;
  const rand = lcg(options.seed ?? 7);
  const records: RowMetricRecord[] = [];
  const metadata = fixtureMetadata();
  for (let i = 0; i < rowsCount; i++) {
    const sample = sampleFor(i, hostile);
    const rowHash = hashRow(sample);
    const results: Array<[string, MetricResult]> = [
      ["faithfulness", faithfulness(i, rand, sample)],
      ["answer_relevancy", answerRelevancy(i, rand)],
      ["context_relevance", contextRelevance(i, rand)],
    ];
    for (const [metric, result] of results) {
      records.push({
        row: i,
        rowHash,
        metric,
        configHash: metadata.metrics[metric]!.configHash,
        result,
        sample,
        finishedAt: `2025-01-02T03:05:${String(i % 60).padStart(2, "0")}.000Z`,
        durationMs: 100 + i,
      });
    }
  }
  return {
    metadata,
    records,
    invalidRows: hostile
      ? [
          {
            row: rowsCount,
            line: rowsCount + 1,
            field: "retrieved_contexts",
            message: `expected an array, got ${HOSTILE.script}`,
          },
        ]
      : [],
    aggregates: aggregateRecords(records, Object.keys(metadata.metrics)),
  };
}

/** A copy of a result with one record's value changed and aggregates recomputed. */
export function withValue(
  data: EvaluationResultData,
  row: number,
  metric: string,
  value: number,
): EvaluationResultData {
  const records = data.records.map((r) =>
    r.row === row && r.metric === metric
      ? { ...r, result: { ...r.result, value, status: "ok" as const } }
      : r,
  );
  return { ...data, records, aggregates: aggregateRecords(records, Object.keys(data.metadata.metrics)) };
}

/**
 * The four-line error answer relevancy gives a response too long for its judge, for row `row`: the same words on
 * every row, with the row's own character and token counts.
 */
export function overflowErrorText(row: number): string {
  return [
    `ContextOverflowError: the response (${1200 + row * 37} characters) does not fit the judge's context window`,
    `together with the question-writing prompt (${700 + row * 9} prompt tokens, context size 4096).`,
    "Answer relevancy does not split the response. Load the judge with a larger contextSize,",
    "give it a smaller maxTokens, or shorten the response.",
  ].join("\n");
}

/** A copy of a result where answer_relevancy failed on `rows` with {@link overflowErrorText}, aggregates recomputed. */
export function withRepeatedErrors(
  data: EvaluationResultData,
  rows: readonly number[],
): EvaluationResultData {
  const records = data.records.map((r) =>
    r.metric === "answer_relevancy" && rows.includes(r.row)
      ? { ...r, result: { value: null, status: "error" as const, error: overflowErrorText(r.row) } }
      : r,
  );
  return { ...data, records, aggregates: aggregateRecords(records, Object.keys(data.metadata.metrics)) };
}

/** A copy of a result with row `row`'s response replaced in every metric's record. */
export function withResponse(
  data: EvaluationResultData,
  row: number,
  response: string,
): EvaluationResultData {
  const records = data.records.map((r) => (r.row === row ? { ...r, sample: { ...r.sample, response } } : r));
  return { ...data, records };
}
