import { InvalidInputError } from "../errors.js";
import { type AggregateIntervalOptions, IntervalTally } from "./interval-tally.js";
import { JuryAgreementTally } from "./jury-agreement.js";
import type { MetricAggregate, RowMetricRecord } from "./types.js";

/**
 * An exact running sum of doubles (Shewchuk's algorithm, as in Python's `math.fsum`): the partials
 * hold the sum without rounding error, so the total is the correctly rounded sum whatever order the
 * values come in. Rows finish out of order when several run at once; this keeps aggregates the same
 * to the last bit however they finish, and equal between a run and a report read from its file.
 */
class ExactSum {
  // A double's exponent range needs at most 2098 / 53 + 2 ≈ 42 partials; grown on demand.
  private partials = new Float64Array(8);
  private size = 0;

  add(value: number): void {
    let x = value;
    let n = 0;
    const p = this.partials;
    for (let j = 0; j < this.size; j++) {
      let y = p[j]!;
      if (Math.abs(x) < Math.abs(y)) {
        const t = x;
        x = y;
        y = t;
      }
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0) p[n++] = lo;
      x = hi;
    }
    if (n === p.length) {
      const grown = new Float64Array(p.length * 2);
      grown.set(p);
      this.partials = grown;
    }
    this.partials[n] = x;
    this.size = n + 1;
  }

  /** Adds `-other` (exact). */
  subtractAll(other: ExactSum): void {
    for (const p of other.values()) this.add(-p);
  }

  /** Adds a·b exactly, as two doubles (Dekker's product with Veltkamp's split). */
  addProduct(a: number, b: number): void {
    const hi = a * b;
    if (!Number.isFinite(hi)) {
      this.add(hi);
      return;
    }
    if (Math.abs(a) > 1e300 || Math.abs(b) > 1e300) {
      this.add(hi);
      return;
    }
    const ca = splitter * a;
    const ah = ca - (ca - a);
    const al = a - ah;
    const cb = splitter * b;
    const bh = cb - (cb - b);
    const bl = b - bh;
    const lo = ah * bh - hi + ah * bl + al * bh + al * bl;
    this.add(hi);
    this.add(lo);
  }

  /** The partials, for exact products of two sums. */
  values(): readonly number[] {
    return Array.from(this.partials.subarray(0, this.size));
  }

  /** The correctly rounded total. */
  total(): number {
    const p = this.partials;
    let n = this.size;
    if (n === 0) return 0;
    let hi = p[--n]!;
    let lo = 0;
    while (n > 0) {
      const x = hi;
      const y = p[--n]!;
      hi = x + y;
      const yr = hi - x;
      lo = y - yr;
      if (lo !== 0) break;
    }
    // Round half to even across the remaining partials (as fsum does).
    if (n > 0 && ((lo < 0 && p[n - 1]! < 0) || (lo > 0 && p[n - 1]! > 0))) {
      const y = lo * 2;
      const x = hi + y;
      if (y === x - hi) hi = x;
    }
    return hi;
  }
}

const splitter = 134217729; // 2^27 + 1

/**
 * A head-to-head row's swapped pairs and position flips: its own, or with a jury each judge's whose row is ok (every
 * judge judged the pairs in both orders, so the jury's flip rate is over all their swapped pairs).
 */
function headToHeadDetails(details: unknown): { swappedPairs: number; positionFlips: number }[] {
  const own = details as { swappedPairs?: unknown; positionFlips?: unknown; jury?: unknown } | undefined;
  if (typeof own?.swappedPairs === "number" && typeof own.positionFlips === "number") {
    return [{ swappedPairs: own.swappedPairs, positionFlips: own.positionFlips }];
  }
  const members = (own?.jury as { members?: unknown } | undefined)?.members;
  if (!Array.isArray(members)) return [];
  return members.flatMap((m: { status?: unknown; details?: unknown }) =>
    m.status === "ok" ? headToHeadDetails(m.details) : [],
  );
}

/** One metric's running aggregate. */
class MetricTally {
  count = 0;
  errors = 0;
  skipped = 0;
  nulls = 0;
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;
  readonly sum = new ExactSum();
  readonly sumOfSquares = new ExactSum();
  /** Ok rows decided by each path of a cascade. */
  readonly decidedBy = { verifier: 0, judge: 0 };
  /** Pairs of a head-to-head metric judged in both orders, and those whose verdict changed with the order. */
  readonly positionFlips = { flips: 0, swappedPairs: 0 };
  readonly values: IntervalTally;
  /** The judges' values of a jury (rows with `details.jury`). */
  readonly jury = new JuryAgreementTally();

  constructor(intervals: AggregateIntervalOptions, metric: string) {
    this.values = new IntervalTally(intervals, metric);
  }

  add(record: AggregatedRecord): void {
    const { status, value } = record.result;
    const decidedBy = (record.result.details as { decidedBy?: unknown } | undefined)?.decidedBy;
    if (status === "ok" && (decidedBy === "verifier" || decidedBy === "judge")) this.decidedBy[decidedBy]++;
    if (status === "ok") {
      for (const arena of headToHeadDetails(record.result.details)) {
        this.positionFlips.swappedPairs += arena.swappedPairs;
        this.positionFlips.flips += arena.positionFlips;
      }
    }
    this.jury.add(record.result.details);
    if (status === "error") this.errors++;
    else if (status === "skipped") this.skipped++;
    else if (typeof value === "number" && Number.isFinite(value)) {
      this.count++;
      this.values.add(record.row ?? this.count, value, record);
      this.sum.add(value);
      this.sumOfSquares.addProduct(value, value);
      if (value < this.min) this.min = value;
      if (value > this.max) this.max = value;
    } else this.nulls++;
  }

  private intervalOf(metric: string) {
    try {
      return this.values.interval();
    } catch (error) {
      // A method that does not fit the values (Wilson on scores other than 0 and 1), or a bad level.
      if (error instanceof RangeError) throw new InvalidInputError(`${metric}: ${error.message}`);
      throw error;
    }
  }

  result(metric: string): MetricAggregate {
    const { count, errors, skipped, nulls } = this;
    const agreement = this.jury.result();
    const beside = {
      ...(this.decidedBy.verifier + this.decidedBy.judge > 0 ? { decidedBy: { ...this.decidedBy } } : {}),
      ...(this.positionFlips.swappedPairs > 0 ? { positionFlips: { ...this.positionFlips } } : {}),
      ...(agreement !== undefined ? { agreement } : {}),
    };
    if (count === 0)
      return {
        metric,
        mean: null,
        count,
        errors,
        skipped,
        nulls,
        std: null,
        min: null,
        max: null,
        ...beside,
      };
    const mean = this.sum.total() / count;
    // count² · variance = count·Σv² − (Σv)², computed exactly, rounded once; never negative.
    const scaled = new ExactSum();
    for (const p of this.sumOfSquares.values()) scaled.addProduct(p, count);
    const square = new ExactSum();
    const parts = this.sum.values();
    for (const a of parts) for (const b of parts) square.addProduct(a, b);
    scaled.subtractAll(square);
    const variance = Math.max(0, scaled.total()) / count / count;
    const interval = this.intervalOf(metric);
    return {
      metric,
      mean,
      count,
      errors,
      skipped,
      nulls,
      std: Math.sqrt(variance),
      min: this.min,
      max: this.max,
      ...(interval !== null ? { interval } : {}),
      ...beside,
    };
  }
}

/**
 * What the aggregates read of a record: its metric and result, and its row, sample and kept columns for the
 * interval.
 */
export type AggregatedRecord = Pick<RowMetricRecord, "metric" | "result"> &
  Partial<Pick<RowMetricRecord, "row" | "sample" | "columns">>;

/**
 * Per-metric aggregates built one record at a time, in constant memory per metric: counts, an exact
 * sum and sum of squares (so the mean and standard deviation do not depend on the order records
 * arrive in), min and max. {@link aggregateRecords} is this over an array.
 *
 * @example
 * const acc = new AggregateAccumulator(["faithfulness"]);
 * for (const record of records) acc.add(record);
 * acc.result(); // MetricAggregate[]
 */
export class AggregateAccumulator {
  private readonly tallies = new Map<string, MetricTally>();

  /**
   * `metrics` fixes the output order; other metrics follow in first-seen order. `intervals` sets how each mean's
   * confidence interval is computed (defaults: 95%, method `auto`, no clusters).
   */
  constructor(
    metrics: readonly string[] = [],
    private readonly intervals: AggregateIntervalOptions = {},
  ) {
    for (const metric of metrics) this.tally(metric);
  }

  private tally(metric: string): MetricTally {
    let tally = this.tallies.get(metric);
    if (tally === undefined) {
      tally = new MetricTally(this.intervals, metric);
      this.tallies.set(metric, tally);
    }
    return tally;
  }

  /** Counts one row × metric outcome. */
  add(record: AggregatedRecord): void {
    this.tally(record.metric).add(record);
  }

  /** The aggregates so far, one per metric. */
  result(): MetricAggregate[] {
    return [...this.tallies].map(([metric, tally]) => tally.result(metric));
  }
}

/**
 * Per-metric aggregates over records: mean with its confidence interval (`intervals`), population std, min and
 * max over ok rows with a finite value; errors, skipped and ok-but-null rows counted apart. Metrics come out in `metrics` order, then
 * any others in first-seen order. Sums are exact before the final rounding, so the order of the records
 * does not change any number.
 *
 * @example
 * const [faith] = aggregateRecords(result.records, ["faithfulness"]);
 */
export function aggregateRecords(
  records: readonly RowMetricRecord[],
  metrics: readonly string[] = [],
  intervals: AggregateIntervalOptions = {},
): MetricAggregate[] {
  const acc = new AggregateAccumulator(metrics, intervals);
  for (const r of records) acc.add(r);
  return acc.result();
}
