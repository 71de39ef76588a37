import { existsSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { convertDataset, converterFor } from "../datasets/convert.js";
import { datasetDirIn, datasetsDir } from "../datasets/datasets-dir.js";
import { DEFAULT_DATASET_BASE_URL, pullDataset } from "../datasets/pull.js";
import { findDataset, loadDatasetRegistry } from "../datasets/registry.js";
import { assertDatasetVerified, verifyDataset } from "../datasets/verify.js";
import { formatBytes } from "../models/format-bytes.js";
import { cliCommand } from "../util/cli-command.js";
import { assertOutputsAreNotInputs, filesUnder } from "../util/real-path.js";
import { ExitCode } from "./exit-codes.js";
import { shellLine } from "./shell-words.js";

/** Hooks for embedding the `datasets` command (tests, other front ends). */
export interface DatasetsCommandOptions {
  /** Registry file. Defaults to the package's `datasets.json`. */
  registryPath?: string;
  /** Where results go. Defaults to `process.stdout`. */
  stdout?: NodeJS.WritableStream;
  /** Where progress and notes go. Defaults to `process.stderr`. */
  stderr?: NodeJS.WritableStream;
  /** Environment (`AIRGAP_EVAL_DATASETS`, cache variables). Defaults to `process.env`. */
  env?: NodeJS.ProcessEnv;
}

interface DirFlags {
  datasetsDir?: string;
}

function labelsFlag(id: string): string {
  const labels = converterFor(id).labels;
  return labels.kind === "graded" ? `graded:${labels.min}-${labels.max}` : labels.kind;
}

/** A value as `--metric-option` reads it back: text as it is unless it would read as JSON, anything else as JSON. */
function optionValueText(value: unknown): string {
  if (typeof value !== "string") return JSON.stringify(value);
  try {
    JSON.parse(value);
    return JSON.stringify(value);
  } catch {
    return value;
  }
}

/**
 * The command that calibrates a judge on a converted set, ready to run once `<judge.gguf>` is replaced: the set's
 * metric and labels, and the options the set needs for its metric (evalsbench's rubric sees the grading notes,
 * llmbar-natural's aspect_critic is defined by the set) as `--metric-option` flags, quoted for a POSIX shell.
 */
export function calibrateCommand(id: string, out: string): string {
  const converter = converterFor(id);
  const options = Object.entries(converter.metricOptions ?? {}).flatMap(([option, value]) => [
    "--metric-option",
    `${converter.metric}.${option}=${optionValueText(value)}`,
  ]);
  const words = ["calibrate", out, "--metric", converter.metric, "--labels", labelsFlag(id), ...options];
  return `${cliCommand()} ${shellLine(words)} --llm <judge.gguf>`;
}

/** One line of `datasets list`'s table (the header or a data set): id, rows, labels, labelled by, metric, licence, size, here. */
function listLine(cells: readonly [string, string, string, string, string, string, string, string]): string {
  const [id, rows, labels, source, metric, licence, size, here] = cells;
  return `${id.padEnd(28)} ${rows.padStart(5)}  ${labels.padEnd(12)} ${source.padEnd(11)} ${metric.padEnd(18)} ${licence.padEnd(11)} ${size.padStart(9)}  ${here}`;
}

/**
 * Adds `datasets list | pull | verify | convert` to the `airgap-eval` program: the public labelled
 * sets that `calibrate` measures a judge against.
 *
 * @example
 * registerDatasetsCommand(program);
 * await program.parseAsync(["datasets", "list"], { from: "user" });
 */
export function registerDatasetsCommand(program: Command, options: DatasetsCommandOptions = {}): Command {
  const run = cliCommand();
  const out = options.stdout ?? process.stdout;
  const err = options.stderr ?? process.stderr;
  const env = options.env ?? process.env;
  const registry = () => loadDatasetRegistry(options.registryPath);
  const write = (text: string) => out.write(`${text}\n`);
  const dirOf = (flags: DirFlags) =>
    datasetsDir({ env, ...(flags.datasetsDir ? { datasetsDir: flags.datasetsDir } : {}) });

  const datasets = program
    .command("datasets")
    .description(
      "List, download (on a connected machine), verify and convert public human-labelled sets for calibrate.",
    );
  datasets.addHelpText(
    "after",
    `
Data sets live in <datasets dir>/<id>: --datasets-dir, else $AIRGAP_EVAL_DATASETS, else the user cache
directory. "datasets pull" and "models pull" are the only commands that use the network. Their text is
never shipped inside the package: only the pins (datasets.json) and the converters.

Examples:
  $ ${run} datasets list
  $ ${run} datasets pull halueval-qa-sample          # on a connected machine
  $ ${run} datasets convert halueval-qa-sample --out halueval.jsonl
  $ ${run} calibrate halueval.jsonl --metric faithfulness --llm judge.gguf`,
  );

  datasets
    .command("list")
    .description(
      "show every known data set: rows, labels, licence, caveats, and whether it is on this machine",
    )
    .option("--datasets-dir <dir>", "data sets directory")
    .option("--json", "print JSON")
    .action(async (flags: DirFlags & { json?: boolean }) => {
      const dir = dirOf(flags);
      const rows = registry().map((e) => ({
        id: e.id,
        rows: e.rows,
        labels: labelsFlag(e.id),
        labelSource: e.labelSource,
        metric: converterFor(e.id).metric,
        licence: e.licence,
        caveat: e.caveat ?? null,
        size: e.source.files.reduce((s, f) => s + f.size, 0),
        present: existsSync(datasetDirIn(dir, e.id)),
        description: e.description,
        attribution: e.attribution,
      }));
      if (flags.json) {
        write(JSON.stringify(rows, null, 2));
        return;
      }
      write(listLine(["id", "rows", "labels", "labelled by", "metric", "licence", "size", "here"]));
      for (const r of rows) {
        const here = r.present ? "present" : "-";
        write(
          listLine([
            r.id,
            String(r.rows),
            r.labels,
            r.labelSource,
            r.metric,
            r.licence,
            formatBytes(r.size),
            here,
          ]),
        );
        if (r.caveat) write(`${"".padEnd(28)} caveat: ${r.caveat}`);
      }
      write(`\nDatasets dir: ${dir}`);
    });

  datasets
    .command("pull")
    .description(
      "download data sets at their pinned commit, checking size and sha256 (connected machine only)",
    )
    .argument("<ids...>", "data set ids (see datasets list)")
    .option("--datasets-dir <dir>", "data sets directory")
    .option("--base-url <url>", "where the pinned files are fetched from", DEFAULT_DATASET_BASE_URL)
    .action(async (ids: string[], flags: DirFlags & { baseUrl: string }) => {
      const entries = registry();
      for (const id of ids) {
        const entry = findDataset(entries, id);
        const result = await pullDataset(entry, {
          env,
          baseUrl: flags.baseUrl,
          ...(flags.datasetsDir ? { datasetsDir: flags.datasetsDir } : {}),
        });
        for (const f of result.files) err.write(`${id}: ${f.file} ${f.status}\n`);
        write(`${id}: ${result.dir}`);
        if (entry.caveat) err.write(`${id}: caveat: ${entry.caveat}\n`);
        err.write(`${id}: licence ${entry.licence}; ${entry.attribution}\n`);
      }
    });

  datasets
    .command("verify")
    .description(
      "check that the data sets on this machine have their pinned sizes and sha256 (exit 1 if not)",
    )
    .argument("[ids...]", "data set ids; defaults to every data set present")
    .option("--datasets-dir <dir>", "data sets directory")
    .action(async (ids: string[], flags: DirFlags) => {
      const dir = dirOf(flags);
      const entries = registry();
      const chosen =
        ids.length > 0
          ? ids.map((id) => findDataset(entries, id))
          : entries.filter((e) => existsSync(datasetDirIn(dir, e.id)));
      let failed = false;
      for (const entry of chosen) {
        for (const check of await verifyDataset(entry, datasetDirIn(dir, entry.id))) {
          failed ||= check.status !== "ok";
          write(`${entry.id}/${check.file}: ${check.status}${check.problem ? ` (${check.problem})` : ""}`);
        }
      }
      if (chosen.length === 0) write(`no data set in ${dir}`);
      if (failed) process.exitCode = ExitCode.rowsFailed;
    });

  datasets
    .command("convert")
    .description("write a data set as a labelled JSONL file that calibrate reads")
    .argument("<id>", "data set id")
    .requiredOption("--out <file>", "labelled JSONL file to write")
    .option("--datasets-dir <dir>", "data sets directory")
    .option("--from <dir>", "the data set's own folder, when it is not in the data sets directory")
    .option("--overwrite", "replace --out when it exists")
    .action(async (id: string, flags: DirFlags & { out: string; from?: string; overwrite?: boolean }) => {
      const entry = findDataset(registry(), id);
      const dir = flags.from ? path.resolve(flags.from) : datasetDirIn(dirOf(flags), id);
      // Before anything is written: --out may not be one of the data set's own files, under any name.
      assertOutputsAreNotInputs(
        [{ path: flags.out, flag: "--out" }],
        filesUnder(dir).map((file) => ({ path: file, what: `a file of data set ${entry.id}` })),
      );
      // Checked before the output is touched: an altered or truncated pull is never converted.
      await assertDatasetVerified(entry, dir);
      const records = convertDataset(entry.id, dir, flags.out, { overwrite: flags.overwrite === true });
      const _converter = converterFor(entry.id);
      write(`${records.length} labelled rows written to ${flags.out}`);
      err.write(`next: ${calibrateCommand(entry.id, flags.out)}\n`);
    });
  return datasets;
}
