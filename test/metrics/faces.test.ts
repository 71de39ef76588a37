// A metric's public face is its folder's index.ts: the classes the catalog lists from the folder, their other
// names (the descriptor's `surfaces`), their options types and the types a user passes or reads. The face imports
// only its own folder's files, and every name it exports is public in the main entry.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { metricClasses } from "../../src/metrics/catalog.js";
import { repoRoot } from "../setup/paths.js";
import { typeScriptProgram } from "../support/ts-program.js";

const metricsDir = path.join(repoRoot, "src", "metrics");
const folders = readdirSync(metricsDir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(path.join(metricsDir, e.name, "descriptor.ts")))
  .map((e) => e.name)
  .sort();
const faceFile = (folder: string): string => path.join(metricsDir, folder, "index.ts");

/** The module specifiers a file's text imports or re-exports from. */
function specifiers(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  return source.statements.flatMap((s) =>
    (ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) &&
    s.moduleSpecifier &&
    ts.isStringLiteral(s.moduleSpecifier)
      ? [s.moduleSpecifier.text]
      : [],
  );
}

/** A face imports only files of its own folder (`./metric.js`), never shared/ or another folder. */
function foreignImports(file: string, text = readFileSync(file, "utf8")): string[] {
  return specifiers(file, text).filter((s) => !/^\.\/[\w-]+\.js$/.test(s));
}

describe("metric faces (src/metrics/<folder>/index.ts)", () => {
  it("every metric folder has one", () => {
    expect(folders.length).toBeGreaterThan(50);
    expect(folders.filter((f) => !existsSync(faceFile(f)))).toEqual([]);
  });

  it("imports only its own folder's files", () => {
    expect(folders.flatMap((f) => foreignImports(faceFile(f)).map((s) => `${f}/index.ts: ${s}`))).toEqual([]);
  });

  it("can fail: an import of shared/ or of another folder is found", () => {
    const probe = [
      'export { A, type AOptions } from "./metric.js";',
      'export type { Mode } from "./score.js";',
      'export { B } from "../shared/b.js";',
      'export { C } from "../other-metric/metric.js";',
    ].join("\n");
    expect(foreignImports("index.ts", probe)).toEqual(["../shared/b.js", "../other-metric/metric.js"]);
  });

  it("exports each catalog class from the folder of its descriptor, with the descriptor's other names", async () => {
    const owners = new Map<string, string[]>();
    for (const folder of folders) {
      const face = (await import(pathToFileURL(faceFile(folder)).href)) as Record<string, unknown>;
      const descriptors = Object.values(
        (await import(pathToFileURL(path.join(metricsDir, folder, "descriptor.ts")).href)) as Record<
          string,
          unknown
        >,
      );
      for (const metricClass of metricClasses.filter((c) => descriptors.includes(c.descriptor))) {
        const d = metricClass.descriptor;
        const names = [metricClass.name, ...(d.surfaces?.ragasAliases ?? []), d.surfaces?.haystack];
        for (const name of names)
          if (name !== undefined) expect(face, `${folder}: ${name}`).toHaveProperty(name);
        owners.set(metricClass.name, [...(owners.get(metricClass.name) ?? []), folder]);
      }
    }
    expect(metricClasses.filter((c) => owners.get(c.name)?.length !== 1).map((c) => c.name)).toEqual([]);
  });

  it("exports only names the main entry exports (the same declarations)", () => {
    const files = folders.map(faceFile);
    const index = path.join(repoRoot, "src", "index.ts");
    const { program, checker } = typeScriptProgram([index, ...files]);
    const exportsOf = (file: string): ts.Symbol[] =>
      checker
        .getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(file)!)!)
        .map((s) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s));
    const root = new Set(exportsOf(index));
    const missing = files.flatMap((file) =>
      exportsOf(file)
        .filter((s) => !root.has(s))
        .map((s) => `${path.relative(metricsDir, file)}: ${s.name}`),
    );
    expect(missing).toEqual([]);
  });
});
