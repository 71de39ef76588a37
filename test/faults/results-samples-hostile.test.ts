// Results files (format 2) edited or written elsewhere, through the built CLI (`node dist/cli/main.js`): a sample
// line whose question was edited after scoring, a second sample line of a row, a missing sample line, a file of a
// newer results format, and the same eval command run from another folder whose relative dataset path names another
// file. Each is refused (exit 2) naming the file, line and row, never reported beside the original scores.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { rowHash } from "../../src/results/hash.js";
import { cliSandbox } from "../fixtures/cli/run-cli.js";
import { repoRoot } from "../setup/paths.js";

const box = cliSandbox("airgap-results-samples-");
afterAll(() => box.cleanup());

const cli = path.join(repoRoot, "dist/cli/main.js");

/** Runs the built CLI in `cwd` (the sandbox by default); a run past 60 s is killed (signal SIGKILL). */
function run(args: readonly string[], cwd = box.dir) {
  const result = spawnSync(process.execPath, [cli, ...args], {
    cwd,
    env: box.env,
    encoding: "utf8",
    timeout: 60_000,
    killSignal: "SIGKILL",
  });
  return { code: result.status, signal: result.signal, stderr: result.stderr ?? "" };
}

function expectRefused(result: ReturnType<typeof run>, message: RegExp): void {
  expect(result.signal, "the command hung and was killed").toBeNull();
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toMatch(/\n\s+at |unexpected error/);
  expect(result.code).toBe(2);
}

const rows = (answers: readonly string[]) =>
  answers
    .map((a, i) => JSON.stringify({ user_input: `question ${i}?`, response: a, reference: `answer ${i}` }))
    .join("\n");

const dataset = box.file("data.jsonl");
writeFileSync(dataset, `${rows(["answer 0", "wrong", "answer 2"])}\n`);

type Line = Record<string, unknown> & { type: string; row?: number };
const readLines = (file: string): Line[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Line);
const writeLines = (file: string, lines: readonly Line[]) =>
  writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);

/** A finished results file of exact_match on the dataset, under `name`. */
function finished(name: string): string {
  const out = box.file(name);
  const result = run(["eval", dataset, "--metrics", "exact_match", "--out", out, "--quiet"]);
  expect(result.code, result.stderr).toBe(0);
  return out;
}

const isSampleOf = (row: number) => (l: Line) => l.type === "sample" && l.row === row;

describe("results format 2: samples against their row hashes", () => {
  it("refuses a sample line whose question was edited after scoring, in report, report compare and --resume", () => {
    const original = finished("original.jsonl");
    const edited = box.file("edited.jsonl");
    writeLines(
      edited,
      readLines(original).map((l) =>
        isSampleOf(1)(l)
          ? { ...l, sample: { ...(l.sample as object), userInput: "an edited question?" } }
          : l,
      ),
    );
    const message =
      /edited\.jsonl, line \d+, row 1: sample line of row 1: its sample does not hash to its rowHash/;
    expectRefused(run(["report", edited]), message);
    expectRefused(run(["report", "compare", original, edited]), message);
    const before = readFileSync(edited, "utf8");
    expectRefused(run(["eval", dataset, "--metrics", "exact_match", "--out", edited, "--resume"]), message);
    expect(readFileSync(edited, "utf8")).toBe(before);
  });

  it("refuses a second sample line of a row in one run, even one whose own hash is right", () => {
    const lines = readLines(finished("twice.jsonl"));
    const first = lines.findIndex(isSampleOf(1));
    const other = { ...(lines[first]!.sample as object), response: "another answer" };
    lines.splice(first + 1, 0, { ...lines[first]!, sample: other, rowHash: rowHash(other) });
    const twice = box.file("twice.jsonl");
    writeLines(twice, lines);
    expectRefused(
      run(["report", twice]),
      /twice\.jsonl, line \d+, row 1: holds a second sample line of row 1 in one run/,
    );
  });

  it("refuses to resume a file whose sample line is missing, leaving it as it was, as report does", () => {
    const missing = box.file("missing.jsonl");
    writeLines(
      missing,
      readLines(finished("missing.jsonl")).filter((l) => !isSampleOf(1)(l)),
    );
    const before = readFileSync(missing, "utf8");
    const message =
      /missing\.jsonl, line \d+, row 1: record of metric exact_match for row 1 has no sample line of its row before it/;
    expectRefused(run(["eval", dataset, "--metrics", "exact_match", "--out", missing, "--resume"]), message);
    expectRefused(run(["eval", dataset, "--metrics", "exact_match", "--out", missing]), message);
    expectRefused(run(["report", missing]), message);
    expect(readFileSync(missing, "utf8")).toBe(before);
  });
});

describe("results files from elsewhere", () => {
  it("names a file of a newer results format, and the airgap-eval that reads it", () => {
    const newer = box.file("newer.jsonl");
    const lines = readLines(finished("newer.jsonl"));
    const header = lines[0]!;
    writeLines(newer, [
      { ...header, formatVersion: 3, metadata: { ...(header.metadata as object), version: "9.1.0" } },
      ...lines.slice(1),
    ]);
    const message =
      /newer\.jsonl, line 1: was written by airgap-eval 9\.1\.0 in results format 3, newer than the formats up to 2 this airgap-eval .* reads; read or continue it with airgap-eval 9\.1\.0 or newer/;
    for (const args of [
      ["report", newer],
      ["eval", dataset, "--metrics", "exact_match", "--out", newer],
    ]) {
      const result = run(args);
      expectRefused(result, message);
      expect(result.stderr).not.toContain("not an airgap-eval results file");
    }
  });

  it("refuses the same command run from another folder whose relative dataset path names another file", () => {
    const [a, b] = ["team-a", "team-b"].map((name) => box.file(name));
    for (const [dir, answers] of [
      [a!, ["answer 0", "answer 1"]],
      [b!, ["other 0", "other 1"]],
    ] as const) {
      mkdirSync(dir);
      writeFileSync(path.join(dir, "data.jsonl"), `${rows(answers)}\n`);
    }
    const shared = box.file("shared.jsonl");
    const args = ["eval", "data.jsonl", "--metrics", "exact_match", "--out", shared, "--quiet"];
    expect(run(args, a).code).toBe(0);
    const before = readFileSync(shared, "utf8");
    expectRefused(
      run(args, b),
      /shared\.jsonl: already holds results of another command \(dataset data\.jsonl \(.*team-a\/data\.jsonl\) -> data\.jsonl \(.*team-b\/data\.jsonl\)\)/,
    );
    expect(readFileSync(shared, "utf8")).toBe(before);
    // From its own folder the same command continues the file.
    const again = run(args, a);
    expect(again.code, again.stderr).toBe(0);
  });
});
