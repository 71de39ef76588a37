import cliProgress from "cli-progress";

/** How `evaluate` shows progress: `auto` picks `bar` on a TTY and `lines` otherwise. */
export type ProgressMode = "auto" | "bar" | "lines" | "none";

/** Receives progress from `evaluate`. */
export interface ProgressReporter {
  /** The run starts with `done` of `total` rows already finished (resumed). */
  start(total: number, done: number): void;
  /**
   * `done` rows finished so far; `errors` row × metric errors so far; `cached` of the done rows were served
   * wholly from the result cache in this run (they take no time, so rates leave them out).
   */
  update(done: number, errors: number, cached?: number): void;
  /** The run ended (completely or not). */
  stop(): void;
}

/** Options for {@link createProgress}. */
export interface ProgressOptions {
  /** Where progress goes. Defaults to `process.stderr`. */
  stream?: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  /** In `lines` mode, the longest gap between lines while rows keep finishing, in ms. Defaults to 5000. */
  intervalMs?: number;
  /** Clock, in ms. Defaults to `Date.now`. */
  now?: () => number;
  /** What the run does, as its first line says it (`generating 4 rows`). Defaults to `"evaluating"`. */
  activity?: string;
}

function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds)) return "?";
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}

/**
 * Rows per second over the last `windowMs` (not since the start), so the rate follows what the run does now, and a
 * new run starts afresh. Rows served from the cache are left out of the rate (they would promise an absurd speed);
 * when the window saw only cache hits the rate reads "cached".
 */
class RateTracker {
  private samples: { at: number; done: number; cached: number }[] = [];
  constructor(
    private readonly now: () => number,
    private readonly windowMs = 30_000,
  ) {}
  start(done: number): void {
    this.samples = [{ at: this.now(), done, cached: 0 }];
  }
  /** The rate text ("1.25 rows/s" or "cached"), and seconds left for `total`. */
  measure(done: number, total: number, cached = 0): { rate: string; eta: number } {
    const at = this.now();
    this.samples.push({ at, done, cached });
    // Keep one sample at or before the window's start, so the window always spans windowMs once the run is older.
    while (this.samples.length > 2 && (this.samples[1]?.at ?? at) <= at - this.windowMs) this.samples.shift();
    const first = this.samples[0] ?? { at, done, cached };
    const seconds = (at - first.at) / 1000;
    const computed = done - first.done - (cached - first.cached);
    const perSecond = seconds > 0 ? computed / seconds : 0;
    const onlyHits = computed === 0 && cached > first.cached;
    const rate = onlyHits ? "cached" : `${perSecond.toFixed(2)} rows/s`;
    const eta = perSecond > 0 ? (total - done) / perSecond : Number.POSITIVE_INFINITY;
    return { rate, eta };
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Plain lines for logs and CI: at each 10% step, at most every `intervalMs`, and at the end. */
class LineProgress implements ProgressReporter {
  private total = 0;
  private done = 0;
  private errors = 0;
  private cached = 0;
  private lastLineAt = 0;
  private lastStep = -1;
  private readonly rate: RateTracker;

  constructor(
    private readonly stream: NodeJS.WritableStream,
    private readonly intervalMs: number,
    private readonly now: () => number,
    private readonly activity: string,
  ) {
    this.rate = new RateTracker(now);
  }

  start(total: number, done: number): void {
    this.total = total;
    this.done = done;
    this.rate.start(done);
    this.lastLineAt = this.now();
    this.lastStep = this.step(done);
    const resumed = done > 0 ? ` (${done} already done)` : "";
    this.stream.write(`airgap-eval: ${this.activity} ${plural(total, "row")}${resumed}\n`);
  }

  private step(done: number): number {
    return this.total === 0 ? 10 : Math.floor((done / this.total) * 10);
  }

  update(done: number, errors: number, cached = 0): void {
    this.done = done;
    this.errors = errors;
    this.cached = cached;
    const step = this.step(done);
    if (step > this.lastStep || this.now() - this.lastLineAt >= this.intervalMs) {
      this.lastStep = step;
      this.print();
    }
  }

  private print(): void {
    this.lastLineAt = this.now();
    const { rate, eta } = this.rate.measure(this.done, this.total, this.cached);
    const pct = this.total === 0 ? 100 : Math.floor((this.done / this.total) * 100);
    const etaText = this.done >= this.total ? "" : `, ETA ${formatSeconds(eta)}`;
    const cachedText = this.cached > 0 ? `, ${this.cached} cached` : "";
    this.stream.write(
      `airgap-eval: ${this.done}/${this.total} rows (${pct}%), ${rate}${etaText}${cachedText}, ${plural(this.errors, "error")}\n`,
    );
  }

  stop(): void {
    if (this.lastLineAt !== 0 && this.done !== this.total) this.print();
  }
}

/** A cli-progress bar: rows done/total, rate, ETA and errors so far. */
class BarProgress implements ProgressReporter {
  private readonly bar: cliProgress.SingleBar;
  private readonly rate: RateTracker;
  private total = 0;

  constructor(stream: NodeJS.WritableStream, now: () => number) {
    this.rate = new RateTracker(now);
    this.bar = new cliProgress.SingleBar(
      {
        stream,
        format: "{bar} {value}/{total} rows | {rate} | ETA {eta_text} | cached {cached} | errors {errors}",
        hideCursor: true,
        clearOnComplete: false,
        fps: 5,
      },
      cliProgress.Presets.shades_classic,
    );
  }

  start(total: number, done: number): void {
    this.total = total;
    this.rate.start(done);
    this.bar.start(total, done, { rate: "0.00 rows/s", eta_text: "?", cached: 0, errors: 0 });
  }

  update(done: number, errors: number, cached = 0): void {
    const { rate, eta } = this.rate.measure(done, this.total, cached);
    this.bar.update(done, { rate, eta_text: formatSeconds(eta), cached, errors });
  }

  stop(): void {
    this.bar.stop();
  }
}

const silent: ProgressReporter = { start() {}, update() {}, stop() {} };

/**
 * Wraps `reporter` so that `stop()` takes effect once and later updates are dropped: `evaluate` stops progress as
 * soon as its signal aborts (Ctrl-C), before anything is printed about stopping, and again when the run ends.
 */
export function stopOnce(reporter: ProgressReporter): ProgressReporter {
  let stopped = false;
  return {
    start: (total, done) => reporter.start(total, done),
    update: (done, errors, cached) => {
      if (!stopped) reporter.update(done, errors, cached);
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      reporter.stop();
    },
  };
}

/**
 * A progress reporter for `mode`: a bar on a TTY, plain periodic lines elsewhere, or nothing.
 *
 * @example
 * const progress = createProgress(quiet ? "none" : "auto");
 * progress.start(100, 0); progress.update(10, 0); progress.stop();
 */
export function createProgress(mode: ProgressMode, options: ProgressOptions = {}): ProgressReporter {
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? Date.now;
  const resolved = mode === "auto" ? (stream.isTTY ? "bar" : "lines") : mode;
  if (resolved === "none") return silent;
  if (resolved === "bar") return new BarProgress(stream, now);
  return new LineProgress(stream, options.intervalMs ?? 5000, now, options.activity ?? "evaluating");
}
