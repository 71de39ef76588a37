#!/usr/bin/env node
import { Command, CommanderError } from "commander";
import { AirgapEvalError } from "../errors.js";
import { setAdviceStyle } from "../util/advice-style.js";
import { version } from "../version.js";
import { registerBenchCommand } from "./bench-command.js";
import { registerCacheCommand } from "./cache-command.js";
import { registerCalibrateCommand } from "./calibrate-command.js";
import { registerDatasetsCommand } from "./datasets-command.js";
import { registerEvalCommand } from "./eval-command.js";
import { ExitCode } from "./exit-codes.js";
import { registerMergeCommand } from "./merge-command.js";
import { registerModelsCommand } from "./models-command.js";
import { registerReportCommand } from "./report-command.js";

// Errors built inside the library (a row's context overflow) name the CLI's flags, not the TypeScript options.
setAdviceStyle("cli");

const program = new Command()
  .name("airgap-eval")
  .description(
    "Evaluate RAG and LLM outputs on this machine: local ONNX embeddings and GGUF judges, no network.",
  )
  .version(version)
  .showHelpAfterError("(run with --help for usage)")
  .exitOverride();

registerEvalCommand(program);
registerReportCommand(program);
registerModelsCommand(program);
registerBenchCommand(program);
registerDatasetsCommand(program);
registerCalibrateCommand(program);
registerMergeCommand(program);
registerCacheCommand(program);

program.addHelpText(
  "after",
  `
Examples:
  $ airgap-eval eval --example --metrics semantic_similarity --out results.jsonl
  $ airgap-eval report results.jsonl --html report.html
  $ airgap-eval report compare baseline.jsonl candidate.jsonl
  $ airgap-eval models list
  $ airgap-eval calibrate labelled.jsonl --metric faithfulness --llm a.gguf --llm b.gguf
  $ airgap-eval bench data.jsonl --llm ./judge.gguf --threads 1,2
  $ airgap-eval eval data.jsonl --shard auto --out "shard-{index}-of-{count}.jsonl" --resume   # in a Slurm array
  $ airgap-eval merge shard-*.jsonl --out all.jsonl --dataset data.jsonl

Run "airgap-eval <command> --help" for a command's flags and examples.
Exit codes: 0 ok; 1 some rows failed; 2 bad usage or input; 3 below a --fail-under bar; 130 interrupted.`,
);

// A reader that stops early (`airgap-eval eval ... | head`) is not an error of ours: stop quietly.
process.stdout.on("error", (err: NodeJS.ErrnoException) => {
  if (err.code === "EPIPE") process.exit(process.exitCode ?? ExitCode.ok);
  throw err;
});

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    // Help and version displays are not errors; any other parse problem is bad usage.
    const shown = err.code === "commander.helpDisplayed" || err.code === "commander.version";
    process.exitCode = shown || err.exitCode === 0 ? ExitCode.ok : ExitCode.badInput;
  } else if (err instanceof AirgapEvalError) {
    process.stderr.write(`airgap-eval: ${err.message}\n`);
    process.exitCode = ExitCode.badInput;
  } else {
    process.stderr.write(
      `airgap-eval: unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exitCode = ExitCode.badInput;
  }
}
