import { Command } from "commander";
import { cliCommand } from "../util/cli-command.js";
import { didYouMean } from "../util/did-you-mean.js";
import { version } from "../version.js";
import { registerBenchCommand } from "./bench-command.js";
import { registerCacheCommand } from "./cache-command.js";
import { registerCalibrateCommand } from "./calibrate-command.js";
import { registerDatasetsCommand } from "./datasets-command.js";
import { registerEvalCommand } from "./eval-command.js";
import { registerGenerateCommand } from "./generate-command.js";
import { registerMergeCommand } from "./merge-command.js";
import { registerModelsCommand } from "./models-command.js";
import { registerReportCommand } from "./report-command.js";

/**
 * The `airgap-eval` program with every command registered (parsing is the caller's: `main.ts`). The help's examples
 * start the way the user runs the CLI (`npx airgap-eval` in a project install, see `cliCommand`).
 *
 * @example
 * const program = buildProgram();
 * program.commands.map((c) => c.name()); // ["eval", "report", "models", ...]
 */
export function buildProgram(): Command {
  const run = cliCommand();
  const program = new Command()
    .name("airgap-eval")
    .description(
      "Evaluate RAG and LLM outputs on this machine: local ONNX embeddings and GGUF judges, no network.",
    )
    .version(version)
    .showHelpAfterError("(run with --help for usage)")
    // Each command's flags end at its subcommand's name, so a flag that a command and its subcommand both define
    // (report's and report compare's --confidence) goes to the one written before it (commander needs this on
    // every ancestor: see registerReportCommand).
    .enablePositionalOptions()
    .exitOverride();

  registerEvalCommand(program);
  registerReportCommand(program);
  registerModelsCommand(program);
  registerBenchCommand(program);
  registerDatasetsCommand(program);
  registerCalibrateCommand(program);
  registerMergeCommand(program);
  registerGenerateCommand(program);
  registerCacheCommand(program);
  suggestCommands(program);

  program.addHelpText(
    "after",
    `
Examples:
  $ ${run} eval --example --metrics semantic_similarity --out results.jsonl
  $ ${run} report results.jsonl --html report.html
  $ ${run} report compare baseline.jsonl candidate.jsonl
  $ ${run} models list
  $ ${run} calibrate labelled.jsonl --metric faithfulness --llm a.gguf --llm b.gguf
  $ ${run} bench data.jsonl --llm ./judge.gguf --threads 1,2
  $ ${run} eval data.jsonl --shard auto --out "shard-{index}-of-{count}.jsonl" --resume   # in a Slurm array
  $ ${run} merge shard-*.jsonl --out all.jsonl --dataset data.jsonl
  $ ${run} generate docs/ --size 20 --llm ./judge.gguf --out testset.jsonl

Run "${run} <command> --help" for a command's flags and examples.
Exit codes: 0 ok; 1 some rows failed; 2 bad usage or input; 3 below a --fail-under bar or past a --fail-on-drop limit; 130 interrupted.`,
  );
  return program;
}

/**
 * An unknown command names the nearest commands, on every level (`airgap-eval evaluate` suggests `eval`, `models lst`
 * suggests `list`). Commander's own suggestion allows at most 3 edits, so it misses a longer word that starts with a
 * command's name; this one also takes prefixes (src/util/did-you-mean.ts).
 */
function suggestCommands(command: Command): void {
  if (command.commands.length === 0) return;
  command.on("command:*", (operands: string[]) => {
    const typed = operands[0] ?? "";
    const names = command.commands.flatMap((c) => [c.name(), ...c.aliases()]);
    const guess = didYouMean(typed, names);
    command.error(
      `error: unknown command '${typed}'${guess === undefined ? "" : `\n(${guess[0]!.toUpperCase()}${guess.slice(1)})`}`,
      {
        code: "commander.unknownCommand",
      },
    );
  });
  for (const sub of command.commands) suggestCommands(sub);
}
