/**
 * The TypeScript and shell blocks of README.md and docs/*.md as files a user would write: each ```ts block is one
 * file, unless its first line is a comment starting with "// continues", which appends it to the file before it (in
 * the same document); each ```sh (or bash, shell) block is one script. A block that cannot run in an installed
 * project says so, with its reason, on the line right before its fence:
 *
 *     <!-- not run by pack-test: needs the qwen2.5-0.5b-instruct judge, which models pull fetches from the hub -->
 *
 * Used by test/docs-typescript.test.ts, test/doc-blocks.test.ts and scripts/pack-test.sh (which type-checks every
 * TypeScript block and runs every block that has no such line).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** One self-contained file made of one or more blocks of one document. */
export interface DocProgram {
  /** Document path relative to the repository root, e.g. "docs/library.md". */
  readonly doc: string;
  /** 1-based line of the first block's opening fence. */
  readonly line: number;
  /** The blocks joined with blank lines. */
  readonly source: string;
  /** Why pack-test does not run it (the first block's marker), or undefined when it runs. */
  readonly notRun: string | undefined;
}

const notRunMarker = /^<!-- not run by pack-test: (.+) -->$/;
const fence = { ts: /^```(ts|typescript)\s*$/, sh: /^```(sh|bash|shell)\s*$/ } as const;

/** README.md and docs/*.md under `root`, README first. */
function docFiles(root: string): string[] {
  const docs = readdirSync(path.join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => `docs/${f}`);
  return ["README.md", ...docs];
}

/** Every block of one kind in one document, in order: its opening line, body and not-run reason. */
function blocksOf(root: string, doc: string, kind: keyof typeof fence): DocProgram[] {
  const lines = readFileSync(path.join(root, doc), "utf8").split("\n");
  const blocks: DocProgram[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!fence[kind].test(lines[i] ?? "")) continue;
    const end = lines.indexOf("```", i + 1);
    if (end < 0) throw new Error(`${doc}:${i + 1}: a \`\`\`${kind} block is never closed`);
    const notRun = notRunMarker.exec(lines[i - 1] ?? "")?.[1];
    blocks.push({ doc, line: i + 1, source: lines.slice(i + 1, end).join("\n"), notRun });
    i = end;
  }
  return blocks;
}

/** Every TypeScript program in README.md and docs/*.md under `root`. */
export function docPrograms(root: string): DocProgram[] {
  const programs: DocProgram[] = [];
  for (const doc of docFiles(root)) {
    let current: DocProgram | undefined;
    for (const block of blocksOf(root, doc, "ts")) {
      if (/^\/\/ continues/.test(block.source)) {
        if (!current)
          throw new Error(`${doc}:${block.line}: the block says it continues, but no block comes before it`);
        if (block.notRun !== undefined) {
          throw new Error(
            `${doc}:${block.line}: a continued block runs with the block it continues; mark that one`,
          );
        }
        current = { ...current, source: `${current.source}\n\n${block.source}` };
      } else {
        if (current) programs.push(current);
        current = block;
      }
    }
    if (current) programs.push(current);
  }
  return programs;
}

/** Every shell block (```sh, ```bash, ```shell) in README.md and docs/*.md under `root`. */
export function docShellBlocks(root: string): DocProgram[] {
  return docFiles(root).flatMap((doc) => blocksOf(root, doc, "sh"));
}

/** The file name program `index` of {@link docPrograms} is written to in a project, e.g. "doc-3-docs_agents_md.ts". */
export function programFileName(program: DocProgram, index: number): string {
  return `doc-${index}-${program.doc.replace(/[/.]/g, "_")}.ts`;
}

/** The compiler options a strict user's project has: checked as the README promises. */
export const strictUserTsconfig = {
  compilerOptions: {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    lib: ["ES2023"],
    types: ["node"],
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: false,
    noEmit: true,
  },
} as const;
