#!/usr/bin/env node
import { CommanderError } from "commander";
import { AirgapEvalError } from "../errors.js";
import { setAdviceStyle } from "../util/advice-style.js";
import { ExitCode } from "./exit-codes.js";
import { buildProgram } from "./program.js";

// Errors built inside the library (a row's context overflow) name the CLI's flags, not the TypeScript options.
setAdviceStyle("cli");

const program = buildProgram();

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
