// The run: the plan rows of this shard, in plan order, each produced by the stage, written as it finishes (the
// test set or the rejected file, one line and one fsync each), skipping what a resumed file already holds, until
// the shard's share of the size is accepted.
import { InvalidInputError } from "../errors.js";
import { wellFormedJson } from "../util/well-formed.js";
import { JsonlAppender, type JsonlContent, replaceFile } from "./jsonl-file.js";
import { configDifferences, type GenerationConfig } from "./run-config.js";
import type { GenerationContext, GenerationStage, PlannedRow } from "./stage.js";
import {
  byPlanIndex,
  type FilledResponse,
  type RejectedLine,
  readConfigFile,
  readIndexedLines,
  rejectedLine,
  type TestsetFiles,
  type TestsetLine,
} from "./testset-files.js";
import { rejectedLineSchema, testsetLineSchema } from "./testset-line-schema.js";
import type { Chunk, SynthesizerName, TestsetRow } from "./types.js";

/** A shard of the plan: the rows whose index is `index` modulo `count`. */
export interface PlanShard {
  index: number;
  count: number;
}

/** Progress of a run: accepted rows of the target, rejected candidates, failed rows (a subset of rejected). */
export interface GenerationProgress {
  accepted: number;
  target: number;
  rejected: number;
  failed: number;
}

/** What {@link runGeneration} needs. */
export interface RunGenerationInput {
  chunks: readonly Chunk[];
  size: number;
  mix: Readonly<Record<SynthesizerName, number>>;
  stage: GenerationStage;
  context: GenerationContext;
  files: TestsetFiles;
  config: GenerationConfig;
  resume: boolean;
  overwrite: boolean;
  shard?: PlanShard;
  /** Stops starting rows (the row in flight finishes and is written). */
  signal?: AbortSignal;
  fillResponse?: (row: TestsetRow) => Promise<FilledResponse>;
  onProgress?: (progress: GenerationProgress) => void;
}

/** How a run ended. */
export interface RunGenerationOutcome {
  /** The test set's rows, in plan order (those of earlier runs of a resumed file too). */
  rows: TestsetLine[];
  rejected: RejectedLine[];
  /** Rows this run added (accepted or rejected). */
  produced: number;
  /** The shard's share of the size. */
  target: number;
  /** True when the signal stopped the run before the target was reached or the plan ran out. */
  interrupted: boolean;
  /** True when the plan ran out before `target` rows were accepted. */
  planExhausted: boolean;
}

/** The number of indices below `size` in the shard: its share of the rows. */
export function shardTarget(size: number, shard: PlanShard | undefined): number {
  if (shard === undefined) return size;
  return Math.max(0, Math.ceil((size - shard.index) / shard.count));
}

function inShard(index: number, shard: PlanShard | undefined): boolean {
  return shard === undefined || index % shard.count === shard.index;
}

/** Checks a stage's plan: whole, distinct indices; returns it in index order. */
export function checkedPlan(plan: readonly PlannedRow[]): PlannedRow[] {
  const seen = new Set<number>();
  for (const row of plan) {
    if (!Number.isSafeInteger(row.index) || row.index < 0 || seen.has(row.index)) {
      throw new InvalidInputError(
        `the generation stage planned row index ${row.index} ${seen.has(row.index) ? "twice" : "(not a whole number >= 0)"}; a stage must number its rows 0, 1, 2, ...`,
      );
    }
    seen.add(row.index);
  }
  return [...plan].sort((a, b) => a.index - b.index);
}

/** The files a run continues from: none (a fresh start), or the intact lines of a resumed run. */
interface StartingPoint {
  rows: TestsetLine[];
  rejected: RejectedLine[];
  /** Where each file's intact lines end (a torn last line is cut there before appending); none for a fresh start. */
  resumed?: { out: JsonlContent; rejected: JsonlContent };
}

/**
 * Refuses to write over a file of another run, unless overwriting; returns the lines to continue from. Reads only:
 * nothing is written before the run has a row to write.
 */
function inspectFiles(input: RunGenerationInput): StartingPoint {
  const { files, config } = input;
  // --overwrite replaces whatever the files hold, unread.
  if (input.overwrite) return { rows: [], rejected: [] };
  const previous = readConfigFile(files.config);
  const accepted = readIndexedLines<TestsetLine>(files.out, testsetLineSchema);
  const rejected = readIndexedLines<RejectedLine>(files.rejected, rejectedLineSchema);
  const hasContent = previous !== undefined || accepted.lines.length > 0 || rejected.lines.length > 0;
  if (!hasContent) return { rows: [], rejected: [] };
  if (!input.resume) {
    throw new InvalidInputError(
      "already holds a generated test set; add --resume to continue it, --overwrite to start over, or choose another --out",
      { file: files.out },
    );
  }
  if (previous === undefined) {
    throw new InvalidInputError(
      `has rows but no config file (${files.config}), so it cannot be checked for resuming; start over with --overwrite`,
      { file: files.out },
    );
  }
  const differences = configDifferences(previous, config);
  if (differences.length > 0) {
    throw new InvalidInputError(
      `was generated with other options or models, so it cannot be resumed:\n  ${differences.join("\n  ")}\n` +
        "run with the options it was made with, start over with --overwrite, or choose another --out",
      { file: files.out },
    );
  }
  for (const [file, lines] of [
    [files.out, accepted.lines],
    [files.rejected, rejected.lines],
  ] as const) {
    const stray = lines.find((line) => !inShard(line.plan_index, input.shard));
    if (stray !== undefined) {
      throw new InvalidInputError(
        `holds plan_index ${stray.plan_index}, which is not in this shard; start over with --overwrite`,
        {
          file,
        },
      );
    }
  }
  return {
    rows: byPlanIndex(accepted.lines),
    rejected: byPlanIndex(rejected.lines),
    resumed: { out: accepted.content, rejected: rejected.content },
  };
}

/** The run's two appenders, opened at the first line: a fresh start then writes the config and both files. */
class RunWriters {
  private opened: { out: JsonlAppender; rejected: JsonlAppender } | undefined;

  constructor(
    private readonly input: RunGenerationInput,
    private readonly start: StartingPoint,
  ) {}

  private open(): { out: JsonlAppender; rejected: JsonlAppender } {
    if (this.opened !== undefined) return this.opened;
    const { files, config } = this.input;
    const resumed = this.start.resumed;
    if (resumed === undefined) {
      replaceFile(files.config, `${wellFormedJson(config, 2)}\n`);
      this.opened = { out: JsonlAppender.create(files.out), rejected: JsonlAppender.create(files.rejected) };
    } else {
      // Cut torn last lines (a kill mid-write) before appending.
      this.opened = {
        out: JsonlAppender.append(files.out, resumed.out),
        rejected: JsonlAppender.append(files.rejected, resumed.rejected),
      };
    }
    return this.opened;
  }

  accepted(line: TestsetLine): void {
    this.open().out.write(line);
  }

  rejected(line: RejectedLine): void {
    this.open().rejected.write(line);
  }

  close(): void {
    this.opened?.out.close();
    this.opened?.rejected.close();
  }
}

/**
 * Runs the plan: writes each finished row at once, resumes a file of the same config, stops at the shard's target
 * or at the signal, and leaves the test set in plan order.
 */
export async function runGeneration(input: RunGenerationInput): Promise<RunGenerationOutcome> {
  const { stage, context, shard } = input;
  const target = shardTarget(input.size, shard);
  const start = inspectFiles(input);
  const rows = start.rows;
  const rejected = start.rejected;
  const done = new Set([...rows, ...rejected].map((line) => line.plan_index));
  const failedCount = () => rejected.filter((line) => line.reason.kind === "failed").length;
  const report = () =>
    input.onProgress?.({ accepted: rows.length, target, rejected: rejected.length, failed: failedCount() });

  const plan = checkedPlan(await stage.plan(input.chunks, input.size, input.mix, context)).filter((row) =>
    inShard(row.index, shard),
  );
  const writers = new RunWriters(input, start);
  let produced = 0;
  let interrupted = false;
  report();
  try {
    for (const planned of plan) {
      if (rows.length >= target) break;
      if (done.has(planned.index)) continue;
      if (input.signal?.aborted) {
        interrupted = true;
        break;
      }
      let outcome: Awaited<ReturnType<GenerationStage["produce"]>>;
      try {
        outcome = await stage.produce(planned, context, rows);
      } catch (err) {
        if (input.signal?.aborted) {
          interrupted = true;
          break;
        }
        // The run's settings or input are wrong (e.g. a prompt over the judge's context): stop, record nothing.
        if (err instanceof InvalidInputError) throw err;
        outcome = {
          rejected: null,
          reason: { kind: "failed", error: err instanceof Error ? err.message : String(err) },
        };
      }
      if ("row" in outcome) {
        const filled = input.fillResponse ? await input.fillResponse(outcome.row) : undefined;
        const line: TestsetLine = { plan_index: planned.index, ...outcome.row, ...filled };
        writers.accepted(line);
        rows.push(line);
      } else {
        // A row cut short by the signal is not recorded: a resumed run produces it again.
        if (outcome.reason.kind === "failed" && input.signal?.aborted) {
          interrupted = true;
          break;
        }
        const line = rejectedLine(planned.index, outcome.rejected, outcome.reason);
        writers.rejected(line);
        rejected.push(line);
      }
      done.add(planned.index);
      produced++;
      report();
    }
  } finally {
    writers.close();
  }
  return {
    rows,
    rejected,
    produced,
    target,
    interrupted,
    planExhausted: !interrupted && rows.length < target,
  };
}
