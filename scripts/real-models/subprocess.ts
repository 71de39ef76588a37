// Runs a tool (pip, python) as a child process, its output going to our stderr so stdout stays the JSON.
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";

/** Runs `command args`, echoing its output to stderr; rejects with the command line and exit code on failure. */
export function run(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "inherit"], env });
    // stdout of the child goes to stderr: stdout of this script is reserved for the JSON it prints.
    child.stdout.pipe(process.stderr);
    child.on("error", (err) => reject(new Error(`cannot run ${command}: ${err.message}`, { cause: err })));
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(" ")} exited with code ${code}`));
    });
  });
}

/** Runs `command args` with its stdout written to `file` (appended when `append`); stderr is shown. */
export function runToFile(
  command: string,
  args: readonly string[],
  file: string,
  append: boolean,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file, { flags: append ? "a" : "w" });
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "inherit"] });
    child.stdout.pipe(out);
    child.on("error", (err) => reject(new Error(`cannot run ${command}: ${err.message}`, { cause: err })));
    child.on("close", (code) => {
      out.end(() => {
        if (code === 0) resolve();
        else reject(new Error(`${command} ${args.join(" ")} exited with code ${code}`));
      });
    });
  });
}
