// Small test doubles for evaluate/cache tests: metrics, a counting judge and a counting embedder.
// They follow the public interfaces only (Metric, Llm, Embeddings).
import { createHash } from "node:crypto";
import { z } from "zod";
import type { Embeddings } from "../../src/embeddings/types.js";
import type { GenerateObjectOptions, GenerateObjectResult, Llm } from "../../src/llm/types.js";
import type { Metric, MetricConfig, MetricResult, Sample, SampleField } from "../../src/metrics/types.js";
import type { JudgePrompt } from "../../src/prompts/types.js";
import type { ModelProvenance } from "../../src/provenance.js";

/** Options for {@link FakeMetric}. */
export interface FakeMetricOptions {
  name?: string;
  requiredFields?: SampleField[];
  /** Computes the result; throw to simulate a failure. Defaults to response length / 100. */
  score?: (sample: Sample) => number | null | MetricResult | Promise<number | null | MetricResult>;
  /** Resolves after this many ms. Defaults to 0. */
  delayMs?: number;
  promptVersion?: string;
  modelSha256?: string | null;
  options?: Record<string, string | number | boolean | null>;
  needsLlm?: boolean;
  /** Exposed as `llm` so evaluate's default concurrency can read it. */
  llm?: Llm;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A metric whose number is a function of the sample; counts calls and peak concurrency. */
export class FakeMetric implements Metric {
  readonly name: string;
  readonly requiredFields: readonly SampleField[];
  readonly needsLlm: boolean;
  readonly needsEmbeddings = false;
  readonly llm: Llm | undefined;
  calls = 0;
  inFlight = 0;
  maxInFlight = 0;
  readonly seen: Sample[] = [];

  constructor(private readonly opts: FakeMetricOptions = {}) {
    this.name = opts.name ?? "fake_length";
    this.requiredFields = opts.requiredFields ?? ["response"];
    this.needsLlm = opts.needsLlm ?? opts.llm !== undefined;
    this.llm = opts.llm;
  }

  async score(sample: Sample): Promise<MetricResult> {
    this.calls++;
    this.seen.push(sample);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await sleep(this.opts.delayMs ?? 0);
      const out = this.opts.score ? await this.opts.score(sample) : (sample.response?.length ?? 0) / 100;
      if (out !== null && typeof out === "object") return out;
      return { value: out, status: "ok", reason: out === null ? "no value" : "length" };
    } finally {
      this.inFlight--;
    }
  }

  async scoreBatch(samples: readonly Sample[]): Promise<MetricResult[]> {
    const out: MetricResult[] = [];
    for (const s of samples) out.push(await this.score(s));
    return out;
  }

  config(): MetricConfig {
    const sha = this.opts.modelSha256 === undefined ? "a".repeat(64) : this.opts.modelSha256;
    return {
      name: this.name,
      promptVersions: { [`${this.name}/main`]: this.opts.promptVersion ?? "1" },
      options: this.opts.options ?? {},
      models: [
        {
          id: "fake-judge",
          kind: "llm",
          ...(sha !== null ? { sha256: sha } : {}),
          runtime: { name: "fake", version: "1.0.0" },
          settings: { temperature: 0, threads: 1 },
        },
      ],
    };
  }
}

/** A judge that answers `{ score }` from a function of the prompt input and counts its calls. */
export class CountingLlm implements Llm {
  readonly id = "counting-judge";
  calls = 0;
  readonly prompts: JudgePrompt[] = [];

  constructor(
    private readonly answer: (prompt: JudgePrompt) => unknown = (p) => ({ score: p.input.length % 10 }),
    readonly sha256: string | null = "b".repeat(64),
    readonly concurrency = 2,
    private readonly delayMs = 0,
  ) {}

  async generateObject<S extends z.ZodType>(
    prompt: JudgePrompt,
    schema: S,
    _options?: GenerateObjectOptions,
  ): Promise<GenerateObjectResult<z.output<S>>> {
    this.calls++;
    this.prompts.push(prompt);
    await sleep(this.delayMs);
    return {
      value: schema.parse(this.answer(prompt)),
      usage: { promptTokens: prompt.input.length, completionTokens: 3 },
    };
  }

  provenance(): ModelProvenance {
    return {
      id: this.id,
      kind: "llm",
      ...(this.sha256 !== null ? { sha256: this.sha256 } : {}),
      runtime: { name: "fake", version: "1.0.0" },
      settings: { temperature: 0, seed: 42, threads: 1 },
    };
  }
}

/** Deterministic embedder: each vector comes from the text's sha256. Counts calls and texts. */
export class CountingEmbeddings implements Embeddings {
  readonly id = "counting-embedder";
  readonly dimensions = 8;
  calls = 0;
  texts = 0;
  readonly batches: string[][] = [];

  constructor(readonly sha256: string | null = "c".repeat(64)) {}

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    this.calls++;
    this.texts += texts.length;
    this.batches.push([...texts]);
    return texts.map((t) => {
      const digest = createHash("sha256").update(t).digest();
      return Float32Array.from({ length: this.dimensions }, (_, i) => (digest[i]! - 128) / 128);
    });
  }

  provenance(): ModelProvenance {
    return {
      id: this.id,
      kind: "embedding",
      ...(this.sha256 !== null ? { sha256: this.sha256 } : {}),
      runtime: { name: "fake", version: "1.0.0" },
      settings: { pooling: "mean" },
    };
  }
}

const judgeSchema = z.object({ score: z.number() });

/** A metric that asks its judge once per row (prompt input = the response) and scores `score / 10`. */
export class JudgeMetric implements Metric {
  readonly name = "fake_judge";
  readonly requiredFields: readonly SampleField[] = ["userInput", "response"];
  readonly needsLlm = true;
  readonly needsEmbeddings = false;

  constructor(readonly llm: Llm) {}

  async score(sample: Sample): Promise<MetricResult> {
    const prompt: JudgePrompt = {
      name: "fake_judge/verdict",
      version: "1",
      system: "Rate the response from 0 to 9.",
      examples: [],
      input: `${sample.userInput}\n${sample.response}`,
    };
    const { value } = await this.llm.generateObject(prompt, judgeSchema);
    return { value: value.score / 10, status: "ok" };
  }

  async scoreBatch(samples: readonly Sample[]): Promise<MetricResult[]> {
    return Promise.all(samples.map((s) => this.score(s)));
  }

  config(): MetricConfig {
    return {
      name: this.name,
      promptVersions: { "fake_judge/verdict": "1" },
      options: {},
      models: [this.llm.provenance()],
    };
  }
}
