// The public API, pinned. Every entry point of package.json "exports" is read with the TypeScript checker, and
// its exported names (types marked) must equal test/fixtures/public-api.txt, so an export added or dropped by
// accident fails here; a deliberate change updates the file (`npx vitest run test/public-api.test.ts -u`) and
// docs/api.md's prose. The counts of docs/api.md (per entry, and per group of src/index.ts: its `// Group: why`
// comments, each re-exporting one file of src/api/) are what `npm run docs:api` writes from the same reading
// (scripts/api-groups.ts), and every `...Options` type a public function, constructor or method takes is exported.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import {
  apiEntries,
  apiGroupOf,
  apiReader,
  exportStarsOutsideBlock,
  metricBlocks,
  repo,
} from "../scripts/api-groups.js";
import { apiCounts, apiDocPath, groupFilePath, withApiCounts, withMetricBlock } from "../scripts/docs-api.js";
import { metricDescriptor } from "../src/metrics/catalog.js";
import { metricApiGroups } from "../src/metrics/descriptor.js";

const entries = apiEntries();
const reader = apiReader(entries);
const { checker, exportsOf } = reader;

function target(symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/** `Name`, or `Name (type)` for a name that has no value (an interface or type alias). */
function listing(symbol: ts.Symbol): string {
  return target(symbol).flags & ts.SymbolFlags.Value ? symbol.name : `${symbol.name} (type)`;
}

/** The names of `...Options` types a type node mentions (through unions, intersections, `Omit<...>`). */
function optionsTypes(node: ts.TypeNode | undefined, found: ts.Identifier[] = []): ts.Identifier[] {
  if (node === undefined) return found;
  if (
    ts.isTypeReferenceNode(node) &&
    ts.isIdentifier(node.typeName) &&
    node.typeName.text.endsWith("Options")
  ) {
    found.push(node.typeName);
  }
  ts.forEachChild(node, (child) => {
    if (ts.isTypeNode(child)) optionsTypes(child, found);
  });
  return found;
}

/** Each public function, constructor and method of an entry's exports, with the parameters it declares. */
function signatures(file: string): { where: string; parameters: readonly ts.ParameterDeclaration[] }[] {
  const out: { where: string; parameters: readonly ts.ParameterDeclaration[] }[] = [];
  for (const symbol of exportsOf(file)) {
    for (const declaration of target(symbol).declarations ?? []) {
      if (ts.isFunctionDeclaration(declaration))
        out.push({ where: symbol.name, parameters: declaration.parameters });
      if (!ts.isClassDeclaration(declaration)) continue;
      for (const member of declaration.members) {
        const modifiers = ts.getCombinedModifierFlags(member);
        if (modifiers & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
        if (ts.isConstructorDeclaration(member))
          out.push({ where: `new ${symbol.name}`, parameters: member.parameters });
        if (ts.isMethodDeclaration(member) && member.name && !ts.isPrivateIdentifier(member.name)) {
          out.push({ where: `${symbol.name}.${member.name.getText()}`, parameters: member.parameters });
        }
      }
    }
  }
  return out;
}

describe("public API", () => {
  it("has one entry per subpath of package.json exports, each a source file", () => {
    expect(entries.map((e) => e.subpath)).toEqual([
      ".",
      "./vitest",
      "./vitest/reporter",
      "./node-test",
      "./generate",
      "./formulas",
      "./promptfoo",
    ]);
  });

  it("exports exactly the names in test/fixtures/public-api.txt, and the metric faces' names", async () => {
    // The names the metric groups re-export from metric faces are pinned by rule, not listed: each face exports its
    // catalog classes and their surfaces (test/metrics/faces.test.ts), and the main entry every options type they take.
    const faceNames = new Set(
      [...metricBlocks().values()]
        .flat()
        .flatMap((folder) => exportsOf(path.join(repo, "src", "metrics", folder, "index.ts")))
        .map((s) => s.name),
    );
    const text = entries
      .map((e) => {
        const all = exportsOf(e.file);
        const listed = all.filter((s) => e.subpath !== "." || !faceNames.has(s.name));
        const names = listed.map(listing).sort();
        const count =
          listed.length === all.length
            ? `${all.length} names`
            : `${listed.length} names, and those of the metric faces, pinned by rule`;
        return `## ${e.subpath} (${count})\n${names.join("\n")}\n`;
      })
      .join("\n");
    await expect(text).toMatchFileSnapshot("fixtures/public-api.txt");
  });

  it("docs/api.md's counts of each entry and each group of src/index.ts are what npm run docs:api writes", () => {
    const counts = apiCounts(reader);
    const total = [...counts.groups.values()].reduce((a, b) => a + b, 0);
    expect(total, "the groups of src/index.ts add up to the main entry").toBe(counts.entries.get("."));
    const doc = readFileSync(apiDocPath, "utf8");
    expect(withApiCounts(doc, counts)).toBe(doc);
    expect(doc).toContain(`${total} names`);
  });

  it("can fail: a wrong count is rewritten, a missing group row is named, export * outside the block is found", () => {
    const doc = [
      "| `airgap-eval` | 3 names | the library |",
      "",
      "## `airgap-eval`, by group",
      "",
      "| Evaluate | 9 | evaluate() |",
    ].join("\n");
    const counts = { entries: new Map([[".", 5]]), groups: new Map([["Evaluate", 5]]) };
    expect(withApiCounts(doc, counts)).toBe(doc.replace("3 names", "5 names").replace("| 9 |", "| 5 |"));
    counts.groups.set("Cache", 0);
    expect(() => withApiCounts(doc, counts)).toThrow(/no row "\| Cache \| 0 \| why it exists \|"/);
    const group = 'export * from "../a.js";\n// metrics:start\nexport * from "../b.js";\n// metrics:end\n';
    expect(exportStarsOutsideBlock("group.ts", group)).toEqual(['export * from "../a.js";']);
  });

  it("each metric group's generated block re-exports its metric faces in catalog order (npm run docs:api)", () => {
    const blocks = metricBlocks();
    expect([...blocks.keys()].sort()).toEqual([...metricApiGroups].sort());
    for (const [group, folders] of blocks) {
      const text = readFileSync(groupFilePath(group), "utf8");
      expect(withMetricBlock(group, text, folders), `src/api/${group}.ts`).toBe(text);
    }
  });

  it("the deprecated formulas of the main entry are airgap-eval/formulas' names no other group has, each @deprecated", () => {
    // A subset: a metric added since formulas left the root adds its formulas to airgap-eval/formulas only.
    const file = path.join(repo, "src", "api", "deprecated-formulas.ts");
    const deprecated = exportsOf(file).map((s) => s.name);
    const others = new Set(
      exportsOf(entries[0]!.file)
        .map((s) => s.name)
        .filter((name) => !deprecated.includes(name)),
    );
    const formulas = exportsOf(entries.find((e) => e.subpath === "./formulas")!.file).map((s) => s.name);
    expect(deprecated.filter((name) => !formulas.includes(name) || others.has(name))).toEqual([]);
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
    const unmarked = source.statements
      .flatMap((s) =>
        ts.isExportDeclaration(s) && s.exportClause && ts.isNamedExports(s.exportClause)
          ? s.exportClause.elements
          : [],
      )
      .filter((e) => !ts.getJSDocTags(e).some((tag) => tag.tagName.text === "deprecated"))
      .map((e) => e.name.text);
    expect(unmarked).toEqual([]);
  });

  it("a metric's group follows its family unless its descriptor names one", () => {
    const groups = [
      "tool_call_accuracy",
      "bleu_score",
      "context_recall",
      "aspect_critic",
      "hallucinated_spans",
      "faithfulness",
    ];
    expect(groups.map((id) => apiGroupOf(metricDescriptor(id)))).toEqual([
      "agent-metrics",
      "judge-free-metrics",
      "judge-metrics-rag-set",
      "custom-judges",
      "verifier-metrics",
      "judge-metrics-core",
    ]);
  });

  it("exports every ...Options type that a public function, constructor or method takes", () => {
    const missing: string[] = [];
    for (const entry of entries) {
      const exported = new Set(exportsOf(entry.file).map(target));
      for (const { where, parameters } of signatures(entry.file)) {
        for (const parameter of parameters) {
          for (const name of optionsTypes(parameter.type)) {
            const symbol = checker.getSymbolAtLocation(name);
            if (symbol && !exported.has(target(symbol)))
              missing.push(`${entry.subpath}: ${where} takes ${name.text}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("can fail: a parameter typed with an unexported options type is found", () => {
    const source = ts.createSourceFile(
      "probe.ts",
      "interface HiddenOptions { a?: number }\nexport function f(options: Omit<HiddenOptions, 'a'> | undefined) {}",
      ts.ScriptTarget.ES2022,
      true,
    );
    const fn = source.statements.find(ts.isFunctionDeclaration)!;
    expect(optionsTypes(fn.parameters[0]!.type).map((n) => n.text)).toEqual(["HiddenOptions"]);
  });
});
