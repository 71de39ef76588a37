import { cliCommand } from "../util/cli-command.js";
import { ExitCode } from "./exit-codes.js";
import { shellLine } from "./shell-words.js";

/** Hooks for {@link InterruptHandler}, so tests can drive it without real signals. */
export interface InterruptHandlerOptions {
  /** Where the notice goes. Defaults to `process.stderr`. */
  stderr?: NodeJS.WritableStream;
  /** Ends the process at the second Ctrl-C. Defaults to `process.exit`. */
  exit?: (code: number) => void;
  /** The process whose SIGINT is handled. Defaults to `process`. */
  target?: Pick<NodeJS.Process, "on" | "off">;
}

/**
 * Ctrl-C for a long run: the first SIGINT aborts `signal` (no new rows start, rows in flight finish
 * and are written), the second ends the process at once with exit code 130.
 *
 * @example
 * const interrupt = new InterruptHandler();
 * try { await evaluate(data, metrics, { signal: interrupt.signal }); } finally { interrupt.dispose(); }
 */
export class InterruptHandler {
  private readonly controller = new AbortController();
  private count = 0;
  private readonly stderr: NodeJS.WritableStream;
  private readonly exit: (code: number) => void;
  private readonly target: Pick<NodeJS.Process, "on" | "off">;
  private readonly listener = (): void => this.interrupt();

  constructor(options: InterruptHandlerOptions = {}) {
    this.stderr = options.stderr ?? process.stderr;
    this.exit = options.exit ?? ((code) => process.exit(code));
    this.target = options.target ?? process;
    this.target.on("SIGINT", this.listener);
  }

  /** Aborted at the first Ctrl-C. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** True once Ctrl-C was pressed. */
  get interrupted(): boolean {
    return this.count > 0;
  }

  /** What one SIGINT does; see the class comment. */
  interrupt(): void {
    this.count += 1;
    if (this.count === 1) {
      // Abort first: evaluate() stops its progress bar on abort, so the notice is not written over the bar.
      this.controller.abort();
      this.stderr.write(
        "\nairgap-eval: stopping: finishing the rows in flight and writing them (Ctrl-C again to quit at once)\n",
      );
    } else {
      this.stderr.write("\nairgap-eval: quitting at once; rows in flight are lost\n");
      this.exit(ExitCode.interrupted);
    }
  }

  /** Stops listening for SIGINT (the default Ctrl-C behaviour returns). */
  dispose(): void {
    this.target.off("SIGINT", this.listener);
  }
}

/**
 * The command that continues an interrupted run: the same arguments, with `--resume` and without
 * `--overwrite` (which would throw the finished rows away), quoted for a POSIX shell, run the way the user runs the
 * CLI (`npx airgap-eval` in a project install, see {@link cliCommand}).
 *
 * @param command How the CLI is run. Defaults to {@link cliCommand}'s answer.
 * @example
 * resumeCommand(["eval", "data.jsonl", "--overwrite"], "airgap-eval"); // "airgap-eval eval data.jsonl --resume"
 */
export function resumeCommand(args: readonly string[], command: string = cliCommand()): string {
  const kept = args.filter((a) => a !== "--overwrite" && a !== "--resume");
  return `${command} ${shellLine([...kept, "--resume"])}`;
}
