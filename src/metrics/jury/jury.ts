// A jury: the same metric built once per judge, each row scored by every judge, the values aggregated
// (verdict.ts: majority, mean, median, minimum, and the row's disagreement). The overall agreement (Krippendorff's α,
// Fleiss' κ) is computed from the results' details by src/results/jury-agreement.ts.
import { InvalidInputError } from "../../errors.js";
import type { Llm } from "../../llm/types.js";
import type { AgreementScale } from "../../math/krippendorff-alpha.js";
import type { ModelProvenance } from "../../provenance.js";
import { canonicalHash } from "../../util/hash.js";
import { numberedNames } from "../../util/numbered-names.js";
import { forEachOfStream } from "../../util/pool.js";
import type {
  Metric,
  MetricConfig,
  MetricResult,
  MetricStatus,
  Sample,
  SampleField,
  ScoreOptions,
  ScoringPasses,
} from "../types.js";
import { JudgeShelf } from "./judge-shelf.js";
import {
  defaultJuryScale,
  type JuryAggregate,
  juryAggregates,
  juryValue,
  rowDisagreement,
} from "./verdict.js";

/** Options of {@link Jury}. */
export interface JuryOptions {
  /** Builds the jury's metric on one judge; called once per judge, each build must give the same metric id. Required. */
  metric: (llm: Llm) => Metric;
  /**
   * The judges, at least two (a different model each, for a jury worth its name): loaded `Llm`s, all in memory at
   * once, or a {@link JudgeShelf}, which keeps one loaded at a time (each row is then scored by every judge in turn
   * over the whole run: see `Jury.scoringPasses`). Required.
   */
  judges: readonly Llm[] | JudgeShelf;
  /** How the judges' values become the row's value (see {@link JuryAggregate}). Defaults to "mean". */
  aggregate?: JuryAggregate;
  /**
   * The scale the judges' values are compared on, for the row's disagreement and the run's agreement: `nominal` for
   * labels (0 or 1 verdicts, one of N classes), `interval` for scores. Defaults to "nominal" with `aggregate:
   * "majority"`, else "interval".
   */
  scale?: AgreementScale;
  /** The judges' names in results, in the order of `judges`. Defaults to the shelf's names, else each judge's model id. */
  names?: readonly string[];
}

/** A judge's outcome on a row in its pass: its result, or what it threw (thrown again when the row is scored). */
type PassOutcome = { result: MetricResult } | { thrown: unknown };

/** One judge's outcome on a row, as a jury records it. */
export interface JuryMemberResult {
  /** The judge's name (`JuryOptions.names`, else its model id). */
  judge: string;
  value: number | null;
  status: MetricStatus;
  reason?: string;
  error?: string;
  /** The metric's own details on this judge's verdicts (statements, verdicts, ...). */
  details?: Record<string, unknown>;
}

/** What a jury records in a row's `details.jury`. */
export interface JuryDetails {
  aggregate: JuryAggregate;
  scale: AgreementScale;
  /** Every judge's outcome, in the order of the judges. */
  members: JuryMemberResult[];
  /** Judges whose value entered the aggregate (ok with a number). */
  voters: number;
  /** How far the voters disagree (see `rowDisagreement`); null with fewer than two voters. */
  disagreement: number | null;
}

/** The jury's row: the aggregate of the voters, or why there is none. */
function juryResult(
  members: JuryMemberResult[],
  aggregate: JuryAggregate,
  scale: AgreementScale,
): MetricResult {
  const votes = members.flatMap((m) => (m.status === "ok" && m.value !== null ? [m.value] : []));
  const jury: JuryDetails = {
    aggregate,
    scale,
    members,
    voters: votes.length,
    disagreement: rowDisagreement(votes, scale),
  };
  if (votes.length > 0) {
    const value = juryValue(votes, aggregate);
    const voted =
      votes.length < members.length ? ` (${votes.length} of ${members.length} judges gave a value)` : "";
    return {
      value,
      status: "ok",
      reason: `${aggregate} of the judges' values ${votes.join(", ")}${voted}`,
      details: { jury },
    };
  }
  const failed = members.filter((m) => m.status === "error");
  if (failed.length > 0) {
    const error = failed.map((m) => `${m.judge}: ${m.error ?? "failed"}`).join("; ");
    return {
      value: null,
      status: "error",
      error: `no judge of the jury gave a value: ${error}`,
      details: { jury },
    };
  }
  const skipped = members.find((m) => m.status === "skipped");
  if (skipped !== undefined)
    return { value: null, status: "skipped", reason: skipped.reason, details: { jury } };
  return {
    value: null,
    status: "ok",
    reason: members[0]?.reason ?? "no judge gave a value",
    details: { jury },
  };
}

function memberResult(judge: string, result: MetricResult): JuryMemberResult {
  const { promptVersions: _versions, ...details } = result.details ?? {};
  return {
    judge,
    value: result.value,
    status: result.status,
    ...(result.reason !== undefined ? { reason: result.reason } : {}),
    ...(result.error !== undefined ? { error: result.error } : {}),
    ...(Object.keys(details).length > 0 ? { details } : {}),
  };
}

/** Names for the judges: the given ones, else model ids, a repeated one numbered (`a.gguf`, `a.gguf#2`). */
function judgeNames(judges: readonly Llm[], names: readonly string[] | undefined): string[] {
  if (names !== undefined && names.length !== judges.length) {
    throw new InvalidInputError(
      `Jury: ${names.length} names for ${judges.length} judges; give one name per judge`,
      {
        field: "names",
      },
    );
  }
  return numberedNames(judges.map((llm, i) => names?.[i] ?? llm.provenance().id));
}

/**
 * A jury of judges (Opik's `LLMJuriesJudge`, TruLens' `Jury`, Inspect's majority vote): the same metric on each
 * judge, every row scored by all of them, their values aggregated into the row's value (`majority`, `mean`,
 * `median` or `min`). The row's `details.jury` records each judge's value and how far they disagree; the run's
 * aggregate adds the judges' agreement (Krippendorff's α on the jury's scale, and Fleiss' κ for labels). A jury
 * takes the metric's id, so results, reports and gates read it as the metric. Judges that fail on a row are left
 * out of its vote (and recorded); the row is an error only when no judge gave a value.
 *
 * @example
 * const jury = new Jury({
 *   metric: (llm) => new Faithfulness({ llm }),
 *   judges: [smolLm, gemma, qwen],
 *   aggregate: "majority",
 * });
 * const { value, details } = await jury.score({ userInput, response, retrievedContexts });
 */
export class Jury implements Metric {
  /** The metric on each judge, in the order of the judges. */
  readonly members: readonly Metric[];
  /** The judges' names in results. */
  readonly judgeNames: readonly string[];
  readonly aggregate: JuryAggregate;
  readonly scale: AgreementScale;
  /**
   * With a {@link JudgeShelf}: one pass per judge, which `evaluate()` runs before scoring rows, so each judge scores
   * every row while it is the one loaded; `score` then aggregates what the passes kept. Undefined with loaded judges.
   */
  readonly scoringPasses: ScoringPasses | undefined;
  private readonly judges: readonly Llm[];
  // With a shelf: each row's outcome from each judge's pass, by the hash of the row's sample, and how many rows of
  // the run hold that sample (an entry goes when the last of them is scored).
  private readonly kept = new Map<string, { outcomes: PassOutcome[]; rows: number }>();

  constructor(options: JuryOptions) {
    const { metric } = options;
    const shelf = options.judges instanceof JudgeShelf ? options.judges : undefined;
    const judges = shelf?.judges ?? options.judges;
    if (!Array.isArray(judges) || judges.length < 2) {
      throw new InvalidInputError(
        `Jury: a jury needs at least two judges; got ${Array.isArray(judges) ? judges.length : "none"}`,
        { field: "judges" },
      );
    }
    const aggregate = options.aggregate ?? "mean";
    if (!juryAggregates.includes(aggregate)) {
      throw new InvalidInputError(
        `Jury: unknown aggregate ${JSON.stringify(aggregate)}; choose one of ${juryAggregates.join(", ")}`,
        { field: "aggregate" },
      );
    }
    this.aggregate = aggregate;
    this.judges = [...judges];
    this.scale = options.scale ?? defaultJuryScale(aggregate);
    this.judgeNames = judgeNames(judges, options.names ?? shelf?.names);
    this.members = judges.map((llm) => metric(llm));
    const ids = new Set(this.members.map((m) => m.name));
    if (ids.size > 1) {
      throw new InvalidInputError(
        `Jury: the metric builds gave different metrics (${[...ids].join(", ")}); build one metric`,
        {
          field: "metric",
        },
      );
    }
    this.scoringPasses = shelf === undefined ? undefined : this.judgePasses(shelf);
  }

  private judgePasses(shelf: JudgeShelf): ScoringPasses {
    return {
      count: this.members.length,
      describe: (pass) => `judge ${this.judgeNames[pass]}`,
      run: async (pass, rows, options) => {
        if (pass === 0) this.kept.clear();
        const member = this.members[pass]!;
        const signal = options.signal;
        // The pass's judge is loaded before its first row: a judge that cannot load (or loads differently) stops the
        // run here, rather than leaving every row to the other judges.
        await shelf.use(pass, async () => undefined);
        await forEachOfStream(
          rows,
          options.concurrency,
          async (sample) => {
            let outcome: PassOutcome;
            try {
              outcome = { result: await member.score(sample, signal !== undefined ? { signal } : {}) };
            } catch (thrown) {
              outcome = { thrown };
            }
            const key = canonicalHash(sample);
            const entry = this.kept.get(key) ?? { outcomes: [], rows: 0 };
            entry.outcomes[pass] = outcome;
            if (pass === 0) entry.rows++;
            this.kept.set(key, entry);
            options.onRow?.();
          },
          () => signal?.aborted === true,
        );
      },
    };
  }

  private get first(): Metric {
    return this.members[0]!;
  }

  /** The metric's id: a jury's results stand in the metric's column. */
  get name(): string {
    return this.first.name;
  }

  get requiredFields(): readonly SampleField[] {
    return this.first.requiredFields;
  }

  get needsLlm(): boolean {
    return this.first.needsLlm;
  }

  get needsEmbeddings(): boolean {
    return this.first.needsEmbeddings;
  }

  /** The judge serving the fewest rows at once (`evaluate` reads its concurrency). */
  get llm(): Llm {
    return this.judges.reduce((least, llm) =>
      (llm.concurrency ?? 1) < (least.concurrency ?? 1) ? llm : least,
    );
  }

  /**
   * Scores one sample with every judge and aggregates. Bad input throws `InvalidInputError`. With loaded judges
   * they are asked at once; with a shelf the row's outcomes come from the passes `evaluate()` ran, else each judge
   * is asked in turn for this one row (loading each: use `scoreBatch` for many rows outside `evaluate`).
   */
  async score(sample: Sample, options: ScoreOptions = {}): Promise<MetricResult> {
    if (this.scoringPasses === undefined) {
      return this.combine(await Promise.all(this.members.map((m) => m.score(sample, options))));
    }
    const key = canonicalHash(sample);
    const entry = this.kept.get(key);
    if (entry === undefined || this.members.some((_, i) => entry.outcomes[i] === undefined)) {
      const results: MetricResult[] = [];
      for (const member of this.members) results.push(await member.score(sample, options));
      return this.combine(results);
    }
    // Kept until the last row holding this sample is scored.
    if (--entry.rows <= 0) this.kept.delete(key);
    return this.combine(
      entry.outcomes.map((outcome: PassOutcome) => {
        if ("thrown" in outcome) throw outcome.thrown;
        return outcome.result;
      }),
    );
  }

  /** Scores many samples one judge after another (each judge scores every row), then aggregates row by row. */
  async scoreBatch(samples: readonly Sample[], options: ScoreOptions = {}): Promise<MetricResult[]> {
    const byJudge: MetricResult[][] = [];
    for (const member of this.members) byJudge.push(await member.scoreBatch(samples, options));
    return samples.map((_, row) => this.combine(byJudge.map((results) => results[row]!)));
  }

  private combine(results: readonly MetricResult[]): MetricResult {
    const members = results.map((r, i) => memberResult(this.judgeNames[i]!, r));
    const result = juryResult(members, this.aggregate, this.scale);
    const versions = this.first.config().promptVersions;
    if (Object.keys(versions).length === 0) return result;
    return { ...result, details: { ...result.details, promptVersions: versions } };
  }

  /** The metric's configuration with the jury's aggregate, scale and judges, and every judge's model. */
  config(): MetricConfig {
    const configs = this.members.map((m) => m.config());
    const models = new Map<string, ModelProvenance>();
    for (const model of configs.flatMap((c) => c.models)) models.set(JSON.stringify(model), model);
    return {
      name: this.name,
      promptVersions: configs[0]!.promptVersions,
      options: {
        ...configs[0]!.options,
        jury: this.aggregate,
        juryScale: this.scale,
        juryJudges: this.judgeNames.join(", "),
      },
      models: [...models.values()],
    };
  }
}
