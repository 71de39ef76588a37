import cliProgress from "cli-progress";
import type { Command } from "commander";
import { ModelNotFoundError } from "../errors.js";
import { formatBytes } from "../models/format-bytes.js";
import type { ModelCheck } from "../models/integrity.js";
import { describeSource, primaryModelsDir } from "../models/models-dir.js";
import { type PullProgress, pull } from "../models/pull.js";
import { loadRegistry, type ModelRegistry } from "../models/registry.js";
import { type ResolvedModel, resolveModel } from "../models/resolve.js";
import { verifyModel } from "../models/verify.js";
import { cliCommand } from "../util/cli-command.js";
import { type DirFlags, type ListRow, listRow } from "./models-list-row.js";

/** Exit code of `models verify` when a file is missing or does not match its digest. */
const VERIFY_FAILED_EXIT_CODE = 1;

/** Hooks for embedding the `models` command (tests, other front ends). */
export interface ModelsCommandOptions {
  /** Registry file. Defaults to the package's `models.json`. */
  registryPath?: string;
  /** Where results go. Defaults to `process.stdout`. */
  stdout?: NodeJS.WritableStream;
  /** Where progress and notes go. Defaults to `process.stderr`. */
  stderr?: NodeJS.WritableStream & { isTTY?: boolean };
  /** Environment (`AIRGAP_EVAL_MODELS`, cache variables). Defaults to `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** fetch used by `models pull`. Defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

/**
 * Adds `models list | pull | verify | path` to the `airgap-eval` program.
 *
 * @example
 * const program = new Command("airgap-eval");
 * registerModelsCommand(program);
 * await program.parseAsync(["models", "list"], { from: "user" });
 */
export function registerModelsCommand(program: Command, options: ModelsCommandOptions = {}): Command {
  const run = cliCommand();
  const out = options.stdout ?? process.stdout;
  const err = options.stderr ?? process.stderr;
  const env = options.env ?? process.env;
  const registry = (): ModelRegistry => loadRegistry(options.registryPath);
  const write = (text: string) => out.write(`${text}\n`);
  const note = (text: string) => err.write(`${text}\n`);

  const models = program
    .command("models")
    .description("List, download (on a connected machine), verify and locate the models airgap-eval uses.");
  models.addHelpText(
    "after",
    `
Models live in <models dir>/<id>. The models dir is --models-dir, else $AIRGAP_EVAL_MODELS, else the
user cache directory. Evaluation never downloads; "models pull" is the only command that uses the network.

Examples:
  $ ${run} models list
  $ ${run} models pull all-MiniLM-L6-v2 --models-dir ./models     # on a connected machine
  $ AIRGAP_EVAL_MODELS=/mnt/usb/models ${run} models verify          # on the air-gapped machine
  $ ${run} models path qwen2.5-0.5b-instruct`,
  );

  models
    .command("list")
    .description(
      "List the registry's models: kind, size, whether present here and whether their sha256 matches.",
    )
    .option(
      "--models-dir <dir>",
      "models directory (default: $AIRGAP_EVAL_MODELS, else the user cache directory)",
    )
    .option("--json", "print JSON instead of a table")
    .option("--quick", "do not hash files (only check they exist and have the right size)")
    .addHelpText(
      "after",
      `
Examples:
  $ ${run} models list
  $ ${run} models list --json --quick`,
    )
    .action(async (flags: DirFlags & { json?: boolean; quick?: boolean }) => {
      const reg = registry();
      const rows: ListRow[] = [];
      for (const entry of reg.models) rows.push(await listRow(reg, entry, flags, env, flags.quick === true));
      if (flags.json) {
        write(JSON.stringify(rows, null, 2));
        return;
      }
      const target = primaryModelsDir({ modelsDir: flags.modelsDir, env });
      write(
        table(
          ["ID", "KIND", "TIER", "SIZE", "PRESENT", "VERIFIED"],
          rows.map((r) => [
            `${r.id}${r.default ? " *" : ""}`,
            r.kind,
            r.tier ?? "-",
            r.size === null ? "unknown" : formatBytes(r.size),
            r.present ? (r.builtin ? "yes (built in)" : "yes") : "no",
            r.verified ?? "-",
          ]),
        ),
      );
      write("");
      write(
        `* default (a verifier: the default of verifier metrics). Models dir: ${target.dir} (${describeSource(target.from)}).`,
      );
      if (rows.some((r) => r.size === null)) {
        write(
          "SIZE unknown: models.json pins the file's sha256 but no public source gives its size; it shows once pulled.",
        );
      }
      const missing = rows.filter((r) => !r.present && !r.builtin).map((r) => r.id);
      if (missing.length > 0)
        write(`Get a missing model with "${run} models pull <id>" on a connected machine.`);
    });

  models
    .command("pull")
    .description(
      "Download a model into the models dir (the only command that uses the network). Resumes and checks sha256.",
    )
    .argument("<id>", "registry id, see `airgap-eval models list`")
    .option(
      "--models-dir <dir>",
      "models directory (default: $AIRGAP_EVAL_MODELS, else the user cache directory)",
    )
    .option("--base-url <url>", "hub address, e.g. a mirror", "https://huggingface.co")
    .addHelpText(
      "after",
      `
Files go to <models dir>/<id>/ through <file>.partial; an interrupted pull resumes where it stopped.
A file whose sha256 differs from the registry is refused and deleted. Digests the registry does not
pin are recorded in <models dir>/airgap-eval.lock.json and checked by "models verify".

Examples:
  $ ${run} models pull qwen2.5-0.5b-instruct
  $ ${run} models pull all-MiniLM-L6-v2 --models-dir ./models
  $ ${run} models pull bge-small-en-v1.5 --base-url https://hf-mirror.example.org`,
    )
    .action(async (id: string, flags: DirFlags & { baseUrl: string }) => {
      const controller = new AbortController();
      const onSigint = () => controller.abort(new Error("interrupted (Ctrl-C)"));
      process.once("SIGINT", onSigint);
      const bar = err.isTTY ? new ProgressBar(err) : undefined;
      try {
        const result = await pull(id, {
          modelsDir: flags.modelsDir,
          env,
          baseUrl: flags.baseUrl,
          registry: registry(),
          signal: controller.signal,
          ...(options.fetch ? { fetch: options.fetch } : {}),
          onProgress: (p) => {
            if (bar) bar.update(p);
            else if (p.phase === "done" || p.phase === "present") {
              note(
                `  ${p.phase === "present" ? "already present" : "fetched"}: ${p.file} (${formatBytes(p.bytes)})`,
              );
            }
          },
        });
        bar?.stop();
        const total = result.files.reduce((sum, f) => sum + f.size, 0);
        const computed = result.files.filter((f) => f.digest === "computed").length;
        write(`Pulled ${result.id} into ${result.dir}`);
        write(
          `  ${result.files.length} file(s), ${formatBytes(total)}; sha256 ${computed === 0 ? "verified" : `verified for ${result.files.length - computed}, recorded for ${computed}`} (lock file: ${result.lockFile}).`,
        );
        write(
          `To use it on an air-gapped machine, copy ${result.dir} to <models dir>/${result.id} there ` +
            `(or copy ${result.modelsDir} and set AIRGAP_EVAL_MODELS to it), then run "${run} models verify ${result.id}".`,
        );
      } finally {
        bar?.stop();
        process.removeListener("SIGINT", onSigint);
      }
    });

  models
    .command("verify")
    .description(
      "Hash model files and compare with the registry (or the lock file). Exit code 1 on any mismatch.",
    )
    .argument("[id]", "registry id or model path (default: every model present)")
    .option(
      "--models-dir <dir>",
      "models directory (default: $AIRGAP_EVAL_MODELS, else the user cache directory)",
    )
    .option("--json", "print JSON")
    .addHelpText(
      "after",
      `
Exit codes: 0 every checked file matches, 1 a file is missing or differs, 2 the named model is not here.

Examples:
  $ ${run} models verify
  $ ${run} models verify qwen2.5-0.5b-instruct --models-dir /mnt/usb/models`,
    )
    .action(async (id: string | undefined, flags: DirFlags & { json?: boolean }) => {
      const reg = registry();
      const checks: ModelCheck[] = [];
      const absent: string[] = [];
      const targets: string[] = id !== undefined ? [id] : reg.ids();
      for (const target of targets) {
        let resolved: ResolvedModel;
        try {
          resolved = await resolveModel(target, {
            registry: reg,
            modelsDir: flags.modelsDir,
            env,
            verify: "none",
          });
        } catch (e) {
          if (id === undefined && e instanceof ModelNotFoundError) {
            absent.push(target);
            continue;
          }
          throw e;
        }
        if (!flags.json) note(`checking ${resolved.id} ...`);
        checks.push(await verifyModel(resolved, { throwOnFailure: false }));
      }
      const failed = checks.filter((c) => !c.ok);
      if (flags.json) {
        write(JSON.stringify({ ok: failed.length === 0, models: checks, absent }, null, 2));
      } else {
        for (const c of checks) {
          write(`${c.ok ? (c.verified ? "ok        " : "unpinned  ") : "FAILED    "}${c.id}`);
          for (const f of c.files) {
            if (f.status === "ok") continue;
            const detail =
              f.status === "missing"
                ? "missing"
                : f.status === "unpinned"
                  ? `no digest pinned; sha256 ${f.actualSha256}`
                  : `sha256 ${f.actualSha256} (${f.actualSize} bytes), expected ${f.expectedSha256 ?? "?"} (${f.expectedSize ?? "?"} bytes)`;
            write(`    ${f.path}: ${detail}`);
          }
        }
        if (checks.length === 0) write("No model is present; nothing to verify.");
        if (absent.length > 0) write(`Not present (skipped): ${absent.join(", ")}`);
        if (failed.length > 0) {
          write(
            `${failed.length} model(s) failed. Delete the bad files and copy them again, or run "${run} models pull <id>" on a connected machine.`,
          );
        }
      }
      if (failed.length > 0) process.exitCode = VERIFY_FAILED_EXIT_CODE;
    });

  models
    .command("path")
    .description("Print where a model is on this machine (the .gguf file or the ONNX directory).")
    .argument("<id>", "registry id")
    .option(
      "--models-dir <dir>",
      "models directory (default: $AIRGAP_EVAL_MODELS, else the user cache directory)",
    )
    .option("--verify", "hash the files before printing the path")
    .addHelpText(
      "after",
      `
Examples:
  $ ${run} models path all-MiniLM-L6-v2
  $ llama-cli -m "$(${run} models path qwen2.5-0.5b-instruct)"`,
    )
    .action(async (id: string, flags: DirFlags & { verify?: boolean }) => {
      const resolved = await resolveModel(id, {
        registry: registry(),
        modelsDir: flags.modelsDir,
        env,
        verify: "size",
      });
      if (flags.verify) await verifyModel(resolved);
      write(resolved.path);
    });

  return models;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)].join("\n");
}

/** A byte progress bar for one model pull, on stderr. */
class ProgressBar {
  readonly #bar: cliProgress.SingleBar;
  #started = false;

  constructor(stream: NodeJS.WritableStream) {
    this.#bar = new cliProgress.SingleBar(
      {
        stream,
        format: "{file} |{bar}| {percentage}% {done}/{size} eta {eta_formatted}",
        hideCursor: true,
        clearOnComplete: false,
        fps: 5,
      },
      cliProgress.Presets.shades_classic,
    );
  }

  update(p: PullProgress): void {
    const total = p.modelTotal ?? p.total ?? 0;
    const value = p.modelTotal !== null ? p.modelBytes : p.bytes;
    const payload = {
      file: `${p.id} [${p.fileIndex + 1}/${p.fileCount}] ${p.file}`,
      done: formatBytes(value),
      size: total > 0 ? formatBytes(total) : "?",
    };
    if (!this.#started) {
      this.#bar.start(Math.max(total, 1), value, payload);
      this.#started = true;
    } else {
      this.#bar.update(value, payload);
    }
  }

  stop(): void {
    if (this.#started) this.#bar.stop();
    this.#started = false;
  }
}
