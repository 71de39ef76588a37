/**
 * The TypeScript blocks of README.md and docs/*.md as files a user would write: each ```ts block is one file,
 * unless its first line is a comment starting with "// continues", which appends it to the file before it (in
 * the same document). Used by test/docs-typescript.test.ts and scripts/pack-test.sh.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** One self-contained TypeScript file made of one or more blocks of one document. */
export interface DocProgram {
  /** Document path relative to the repository root, e.g. "docs/library.md". */
  readonly doc: string;
  /** 1-based line of the first block's opening fence. */
  readonly line: number;
  /** The blocks joined with blank lines. */
  readonly source: string;
}

/** Every TypeScript program in README.md and docs/*.md under `root`. */
export function docPrograms(root: string): DocProgram[] {
  const docs = [
    "README.md",
    ...readdirSync(path.join(root, "docs"))
      .filter((f) => f.endsWith(".md"))
      .sort()
      .map((f) => `docs/${f}`),
  ];
  const programs: DocProgram[] = [];
  for (const doc of docs) {
    const lines = readFileSync(path.join(root, doc), "utf8").split("\n");
    let current: { line: number; parts: string[] } | undefined;
    for (let i = 0; i < lines.length; i++) {
      if (!/^```(ts|typescript)\s*$/.test(lines[i] ?? "")) continue;
      const end = lines.indexOf("```", i + 1);
      if (end < 0) throw new Error(`${doc}:${i + 1}: a \`\`\`ts block is never closed`);
      const body = lines.slice(i + 1, end).join("\n");
      if (/^\/\/ continues/.test(body)) {
        if (!current)
          throw new Error(`${doc}:${i + 1}: the block says it continues, but no block comes before it`);
        current.parts.push(body);
      } else {
        if (current) programs.push({ doc, line: current.line, source: current.parts.join("\n\n") });
        current = { line: i + 1, parts: [body] };
      }
      i = end;
    }
    if (current) programs.push({ doc, line: current.line, source: current.parts.join("\n\n") });
  }
  return programs;
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
