// `require("airgap-eval")` (and each subpath) works in a CommonJS project on Node 20.19+ and 22.12+, which load an
// ES module through require() unless its graph has a top-level await (ERR_REQUIRE_ASYNC_MODULE). So no file of the
// package's entries has one, and node-llama-cpp, whose entry has one, is imported only dynamically, in one place.
// scripts/pack-test.sh require()s every entry of the installed package in an `npm init -y` project.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const srcDir = path.resolve(import.meta.dirname, "../src");
/** Files no export of package.json reaches: the CLI's entry is run, never required. */
const notRequired = new Set(["cli/main.ts"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".d.ts"))
    .map((e) => path.relative(srcDir, path.join(e.parentPath, e.name)))
    .filter((f) => !f.startsWith(`report${path.sep}assets`))
    .sort();
}

/** Lines (1-based) of `await` / `for await` outside any function of the file. */
function topLevelAwaits(file: string, text: string): number[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) || ts.isClassStaticBlockDeclaration(node)) return;
    const isAwait =
      ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier !== undefined);
    if (isAwait) lines.push(source.getLineAndCharacterOfPosition(node.getStart()).line + 1);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

/** Static imports of node-llama-cpp that load it at run time (not `import type`, not type-only names). */
function valueImportsOfNodeLlamaCpp(file: string, text: string): number[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  for (const st of source.statements) {
    const from = ts.isImportDeclaration(st) || ts.isExportDeclaration(st) ? st.moduleSpecifier : undefined;
    if (!from || !ts.isStringLiteral(from) || from.text !== "node-llama-cpp") continue;
    if (ts.isExportDeclaration(st) && st.isTypeOnly) continue;
    if (ts.isImportDeclaration(st)) {
      const clause = st.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const allTypes =
        clause !== undefined &&
        clause.name === undefined &&
        named !== undefined &&
        ts.isNamedImports(named) &&
        named.elements.every((e) => e.isTypeOnly);
      if (allTypes) continue;
    }
    lines.push(source.getLineAndCharacterOfPosition(st.getStart()).line + 1);
  }
  return lines;
}

describe("the package loads through require() (Node 20.19+, 22.12+)", () => {
  const files = sourceFiles(srcDir);

  it('every entry of package.json "exports" has a "default" target, which require() resolves (not "import" alone)', () => {
    const pkg = JSON.parse(readFileSync(path.join(srcDir, "..", "package.json"), "utf8")) as {
      exports: Record<string, string | Record<string, string>>;
    };
    const entries = Object.entries(pkg.exports).filter(([, t]) => typeof t !== "string");
    expect(entries.length).toBeGreaterThanOrEqual(6);
    for (const [subpath, target] of entries)
      expect(Object.keys(target), subpath).toEqual(["types", "default"]);
  });

  it("finds the sources", () => {
    expect(files).toContain("index.ts");
    expect(files).toContain(path.join("llm", "node-llama-cpp.ts"));
  });

  it("no required file has a top-level await", () => {
    const found = files
      .filter((f) => !notRequired.has(f.split(path.sep).join("/")))
      .flatMap((f) =>
        topLevelAwaits(f, readFileSync(path.join(srcDir, f), "utf8")).map((l) => `src/${f}:${l}`),
      );
    expect(found).toEqual([]);
  });

  it("the scanner sees a top-level await and ignores one in a function", () => {
    expect(topLevelAwaits("a.ts", "const x = 1;\nexport const y = await f();\n")).toEqual([2]);
    expect(topLevelAwaits("a.ts", "for await (const r of rows()) {}\n")).toEqual([1]);
    expect(
      topLevelAwaits("a.ts", "export async function g() { await f(); }\nconst h = async () => await f();\n"),
    ).toEqual([]);
  });

  it("node-llama-cpp (a top-level await in its entry) is imported at run time only by src/llm/node-llama-cpp.ts", () => {
    const found = files.flatMap((f) =>
      valueImportsOfNodeLlamaCpp(f, readFileSync(path.join(srcDir, f), "utf8")).map((l) => `src/${f}:${l}`),
    );
    expect(found).toEqual([]);
    const loader = readFileSync(path.join(srcDir, "llm", "node-llama-cpp.ts"), "utf8");
    expect(loader).toContain('import("node-llama-cpp")');
    expect(
      valueImportsOfNodeLlamaCpp("a.ts", 'import { getLlama, type Llama } from "node-llama-cpp";\n'),
    ).toEqual([1]);
    expect(valueImportsOfNodeLlamaCpp("a.ts", 'import { type Llama } from "node-llama-cpp";\n')).toEqual([]);
  });
});
