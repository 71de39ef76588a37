// The blocks of README.md and docs/*.md that scripts/pack-test.sh type-checks and runs in an installed project: a
// block is run unless the line before its fence says why not, and that line always carries a reason.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { docPrograms, docShellBlocks, programFileName } from "../scripts/doc-blocks.js";

const root = path.resolve(import.meta.dirname, "..");
const scratch = mkdtempSync(path.join(os.tmpdir(), "airgap-doc-blocks-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function docsRoot(name: string, readme: string, doc: string): string {
  const dir = path.join(scratch, name);
  mkdirSync(path.join(dir, "docs"), { recursive: true });
  writeFileSync(path.join(dir, "README.md"), readme);
  writeFileSync(path.join(dir, "docs", "a.md"), doc);
  return dir;
}

describe("doc blocks", () => {
  it("reads shell and TypeScript blocks with their not-run reasons; continued blocks join the one before", () => {
    const dir = docsRoot(
      "mixed",
      "# x\n\n```sh\nnpx airgap-eval eval --example\n```\n\n<!-- not run by pack-test: needs a Slurm cluster -->\n```bash\nsbatch job.sh\n```\n",
      '<!-- not run by pack-test: needs the qwen judge -->\n```ts\nconst a = 1;\n```\n\n```ts\n// continues\nconsole.log(a);\n```\n\n```typescript\nconsole.log("b");\n```\n',
    );
    expect(docShellBlocks(dir)).toEqual([
      { doc: "README.md", line: 3, source: "npx airgap-eval eval --example", notRun: undefined },
      { doc: "README.md", line: 8, source: "sbatch job.sh", notRun: "needs a Slurm cluster" },
    ]);
    const programs = docPrograms(dir);
    expect(programs).toEqual([
      {
        doc: "docs/a.md",
        line: 2,
        source: "const a = 1;\n\n// continues\nconsole.log(a);",
        notRun: "needs the qwen judge",
      },
      { doc: "docs/a.md", line: 11, source: 'console.log("b");', notRun: undefined },
    ]);
    expect(programFileName(programs[1] as (typeof programs)[number], 1)).toBe("doc-1-docs_a_md.ts");
  });

  it("a not-run line on a continued block is refused: it runs with the block it continues", () => {
    const dir = docsRoot(
      "continued",
      "# x\n",
      "```ts\nconst a = 1;\n```\n\n<!-- not run by pack-test: no -->\n```ts\n// continues\nconsole.log(a);\n```\n",
    );
    expect(() => docPrograms(dir)).toThrow("docs/a.md:6: a continued block runs with the block it continues");
  });

  it("in this repository, every block that is not run says why, and the quick start and vitest example are run", () => {
    const blocks = [...docPrograms(root), ...docShellBlocks(root)];
    for (const b of blocks)
      if (b.notRun !== undefined) expect(b.notRun.trim().length, `${b.doc}:${b.line}`).toBeGreaterThan(8);
    const run = blocks.filter((b) => b.notRun === undefined).map((b) => `${b.doc}:${b.source}`);
    expect(
      run.some((r) => r.startsWith("docs/testing.md:cp -r node_modules/airgap-eval/examples/vitest")),
    ).toBe(true);
    expect(run.length).toBeGreaterThanOrEqual(15);
  });
});
