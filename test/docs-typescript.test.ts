// Every TypeScript block in README.md and docs/*.md type-checks as a user's file would: against the package's
// emitted declarations (resolved through its package.json "exports"), under strict, exactOptionalPropertyTypes
// and noUncheckedIndexedAccess, with skipLibCheck off so the declarations themselves are checked too.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { docPrograms, strictUserTsconfig } from "../scripts/doc-blocks.js";

const root = path.resolve(import.meta.dirname, "..");
const work = path.join(root, "tmp", `docs-typescript-${process.pid}`);
const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");

afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(args: string[]): { code: number; output: string } {
  try {
    return {
      code: 0,
      output: execFileSync(process.execPath, [tsc, ...args], { cwd: work, encoding: "utf8" }),
    };
  } catch (err) {
    const e = err as { status: number; stdout: string; stderr: string };
    return { code: e.status, output: `${e.stdout}${e.stderr}` };
  }
}

describe("TypeScript in the README and docs", () => {
  const programs = docPrograms(root);

  it("finds the blocks, continued ones joined to the block before", () => {
    expect(programs.length).toBeGreaterThanOrEqual(4);
    const library = programs.filter((p) => p.doc === "docs/library.md");
    expect(library).toHaveLength(1);
    expect(library[0]?.source).toContain("runEvaluators");
  });

  it("compiles under the strictest common settings against the package's declarations", () => {
    const pkgDir = path.join(work, "node_modules", "airgap-eval");
    mkdirSync(pkgDir, { recursive: true });
    copyFileSync(path.join(root, "package.json"), path.join(pkgDir, "package.json"));
    const built = run([
      "-p",
      path.join(root, "tsconfig.build.json"),
      "--emitDeclarationOnly",
      "--outDir",
      path.join(pkgDir, "dist"),
    ]);
    expect(built.output).toBe("");
    writeFileSync(path.join(work, "package.json"), JSON.stringify({ type: "module" }));
    writeFileSync(
      path.join(work, "tsconfig.json"),
      JSON.stringify({ ...strictUserTsconfig, include: ["*.ts"] }, null, 2),
    );
    const names = programs.map((p, i) => {
      const name = `${String(i).padStart(2, "0")}-${p.doc.replace(/[/.]/g, "_")}-line${p.line}.ts`;
      writeFileSync(path.join(work, name), `${p.source}\n`);
      return name;
    });
    const checked = run(["-p", "tsconfig.json"]);
    expect(checked.output, `blocks: ${names.join(", ")}`).toBe("");
    expect(checked.code).toBe(0);
    // Two tsc runs over the whole package: minutes on a busy 2-core machine.
  }, 600_000);
});
