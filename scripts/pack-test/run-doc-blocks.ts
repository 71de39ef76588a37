// Runs every TypeScript and shell block of README.md and docs/*.md in an installed project, as a user would paste it,
// each in a folder of its own with the files the docs name: a judge GGUF where a block loads one by path (judge.gguf,
// models/judge.gguf, ...), three rows of the shipped example as the data files (eval.jsonl, data.jsonl, ...), and
// node_modules (so node_modules/airgap-eval/... paths and `npx airgap-eval` work as in the project). A block marked
// `<!-- not run by pack-test: reason -->` (scripts/doc-blocks.ts) is listed with its reason, never skipped silently.
// TypeScript blocks must already be compiled to build/<programFileName>.js; blocks that import vitest are test files
// and run with `npx vitest run`.
// Usage (cwd: the project): node --import tsx run-doc-blocks.ts <checkout> <judge.gguf>
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type DocProgram, docPrograms, docShellBlocks, programFileName } from "../doc-blocks.js";

const [checkout, judge] = process.argv.slice(2);
if (!checkout || !judge) throw new Error("usage: run-doc-blocks.ts <checkout> <judge.gguf>");
const project = process.cwd();
const installed = path.join(project, "node_modules", "airgap-eval");
const blockTimeoutMs = 300_000;

/** The files the docs' blocks name, in `dir`. */
function writeFixtures(dir: string): void {
  mkdirSync(path.join(dir, "models"), { recursive: true });
  mkdirSync(path.join(dir, "evals"), { recursive: true });
  symlinkSync(path.join(project, "node_modules"), path.join(dir, "node_modules"));
  // A CommonJS project, as npm init -y writes it (the TypeScript blocks run from build/, an ES module folder).
  writeFileSync(
    path.join(dir, "package.json"),
    `${JSON.stringify({ name: "docs-block", type: "commonjs" })}\n`,
  );
  for (const name of ["judge.gguf", "judge-a.gguf", "judge-b.gguf", "models/judge.gguf"]) {
    symlinkSync(judge as string, path.join(dir, name));
  }
  const rows = readFileSync(path.join(installed, "examples", "rag-eval.jsonl"), "utf8")
    .trim()
    .split("\n")
    .slice(0, 4);
  // An id column, as docs/many-machines.md's rows have for --row-key.
  const data = `${rows
    .slice(0, 3)
    .map((r, i) => JSON.stringify({ id: `row-${i}`, ...JSON.parse(r) }))
    .join("\n")}\n`;
  for (const name of ["eval.jsonl", "data.jsonl", "big.jsonl", "evals/support.jsonl"]) {
    writeFileSync(path.join(dir, name), data);
  }
  const labelled = rows.map((r, i) => JSON.stringify({ ...JSON.parse(r), human_label: i % 2 }));
  writeFileSync(path.join(dir, "labelled.jsonl"), `${labelled.join("\n")}\n`);
  const quality = readFileSync(path.join(installed, "examples", "quality.yaml"), "utf8");
  for (const name of ["evals/quality.yaml", "my-judges.yaml"]) writeFileSync(path.join(dir, name), quality);
}

interface Outcome {
  where: string;
  seconds: number;
  ok: boolean;
  output: string;
}

function run(where: string, dir: string, command: string, args: string[]): Outcome {
  const start = Date.now();
  const r = spawnSync(command, args, {
    cwd: dir,
    encoding: "utf8",
    timeout: blockTimeoutMs,
    env: { ...process.env, AIRGAP_EVAL_JUDGE: judge },
  });
  const seconds = (Date.now() - start) / 1000;
  const output = `${r.stdout ?? ""}${r.stderr ?? ""}${r.error ? `\n${r.error.message}` : ""}`;
  const ok = r.status === 0;
  process.stdout.write(`${ok ? "ok  " : "FAIL"} ${where} (${seconds.toFixed(1)} s)\n`);
  return { where, seconds, ok, output };
}

const outcomes: Outcome[] = [];
const notRun: string[] = [];
const folder = (name: string): string => {
  const dir = path.join(project, "docs-run", name);
  mkdirSync(dir, { recursive: true });
  writeFixtures(dir);
  return dir;
};
const listNotRun = (block: DocProgram): boolean => {
  if (block.notRun === undefined) return false;
  notRun.push(`${block.doc}:${block.line}: ${block.notRun}`);
  return true;
};

docPrograms(checkout).forEach((program, i) => {
  if (listNotRun(program)) return;
  const where = `${program.doc}:${program.line}`;
  const dir = folder(`ts-${i}`);
  if (/from "vitest"/.test(program.source)) {
    writeFileSync(path.join(dir, "doc.test.ts"), `${program.source}\n`);
    outcomes.push(run(where, dir, "npx", ["vitest", "run", "--root", "."]));
  } else {
    const built = path.join(project, "build", programFileName(program, i).replace(/\.ts$/, ".js"));
    outcomes.push(run(where, dir, process.execPath, [built]));
  }
});
docShellBlocks(checkout).forEach((block, i) => {
  if (listNotRun(block)) return;
  outcomes.push(
    run(`${block.doc}:${block.line}`, folder(`sh-${i}`), "bash", ["-euo", "pipefail", "-c", block.source]),
  );
});

process.stdout.write(
  `\nnot run (${notRun.length}), each with its reason:\n${notRun.map((n) => `  ${n}`).join("\n")}\n`,
);
const failed = outcomes.filter((o) => !o.ok);
const total = outcomes.reduce((s, o) => s + o.seconds, 0);
process.stdout.write(
  `doc blocks: ${outcomes.length} run in ${total.toFixed(0)} s, ${failed.length} failed\n`,
);
for (const f of failed) process.stderr.write(`\n== ${f.where} failed:\n${f.output.slice(-3000)}\n`);
if (failed.length > 0) process.exit(1);
