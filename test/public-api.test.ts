// The public API, pinned. Every entry point of package.json "exports" is read with the TypeScript checker, and
// its exported names (types marked) must equal test/fixtures/public-api.txt, so an export added or dropped by
// accident fails here; a deliberate change updates the file (`npx vitest run test/public-api.test.ts -u`) and
// docs/api.md. The groups of src/index.ts (its `// Group: why` comments, each re-exporting one file of src/api/) must match docs/api.md's table, name
// counts included, and every `...Options` type a public function, constructor or method takes is exported.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { typeScriptProgram } from "./support/ts-program.js";

const repo = path.resolve(import.meta.dirname, "..");
const packageJson = JSON.parse(readFileSync(path.join(repo, "package.json"), "utf8")) as {
  exports: Record<string, string | { default: string }>;
};

/** The source file of each subpath of package.json "exports" (dist/x.js is built from src/x.ts). */
const entries = Object.entries(packageJson.exports)
  .filter(([, target]) => typeof target !== "string")
  .map(([subpath, target]) => ({
    subpath,
    file: path.join(
      repo,
      (target as { default: string }).default.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ".ts"),
    ),
  }));

const { program, checker } = typeScriptProgram(entries.map((e) => e.file));

function target(symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

function exportsOf(file: string): ts.Symbol[] {
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`${file} is not in the program`);
  return checker.getExportsOfModule(checker.getSymbolAtLocation(source)!);
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

/**
 * The groups of src/index.ts: each `// Name: why` comment starts one, followed by `export * from "./api/<group>.js"`;
 * the group's names are the named exports of that file (src/api/), counted.
 */
function indexGroups(): Map<string, number> {
  const file = path.join(repo, "src/index.ts");
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const groups = new Map<string, number>();
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement)) continue;
    const comment = (ts.getLeadingCommentRanges(text, statement.getFullStart()) ?? [])
      .map((range) => /^\/\/ ([^:]+):/.exec(text.slice(range.pos, range.end))?.[1])
      .findLast((name) => name !== undefined && !name.startsWith("biome-ignore"));
    if (comment === undefined)
      throw new Error(`an export of src/index.ts without a group comment: ${statement.getText()}`);
    const specifier = statement.moduleSpecifier;
    if (
      statement.exportClause ||
      !specifier ||
      !ts.isStringLiteral(specifier) ||
      !specifier.text.startsWith("./api/")
    )
      throw new Error(
        `src/index.ts re-exports anything but a group file (export * from "./api/..."): ${statement.getText()}`,
      );
    const groupFile = path.join(repo, "src", specifier.text.replace(/\.js$/, ".ts"));
    const groupSource = ts.createSourceFile(
      groupFile,
      readFileSync(groupFile, "utf8"),
      ts.ScriptTarget.ES2022,
      true,
    );
    let names = 0;
    for (const s of groupSource.statements) {
      if (!ts.isExportDeclaration(s)) continue;
      if (!s.exportClause || !ts.isNamedExports(s.exportClause))
        throw new Error(`${path.relative(repo, groupFile)} uses export *: ${s.getText()}`);
      names += s.exportClause.elements.length;
    }
    groups.set(comment, names);
  }
  return groups;
}

/** The table of docs/api.md's section on the main entry's groups: `| group | names | why it exists |`. */
function documentedGroups(): Map<string, number> {
  const doc = readFileSync(path.join(repo, "docs/api.md"), "utf8");
  const section = doc.split("\n## ").find((s) => s.startsWith("`airgap-eval`, by group"));
  if (section === undefined) throw new Error('docs/api.md has no section "`airgap-eval`, by group"');
  const rows = [...section.matchAll(/^\| ([^|]+?) \| (\d+) \| [^|]+ \|$/gm)];
  return new Map(rows.map((m) => [m[1]!, Number(m[2])]));
}

describe("public API", () => {
  it("has one entry per subpath of package.json exports, each a source file", () => {
    expect(entries.map((e) => e.subpath)).toEqual([
      ".",
      "./vitest",
      "./vitest/reporter",
      "./node-test",
      "./generate",
      "./promptfoo",
    ]);
  });

  it("exports exactly the names in test/fixtures/public-api.txt", async () => {
    const text = entries
      .map((e) => {
        const names = exportsOf(e.file).map(listing).sort();
        return `## ${e.subpath} (${names.length} names)\n${names.join("\n")}\n`;
      })
      .join("\n");
    await expect(text).toMatchFileSnapshot("fixtures/public-api.txt");
    const doc = readFileSync(path.join(repo, "docs/api.md"), "utf8");
    for (const e of entries) {
      const count = new RegExp(`^\\| \`airgap-eval${e.subpath.slice(1)}\` \\| (\\d+)`, "m").exec(doc)?.[1];
      expect(Number(count), `docs/api.md's count of ${e.subpath}`).toBe(exportsOf(e.file).length);
    }
  });

  it("groups src/index.ts as docs/api.md says, with the same counts", () => {
    const groups = indexGroups();
    expect(Object.fromEntries(documentedGroups())).toEqual(Object.fromEntries(groups));
    const total = [...groups.values()].reduce((a, b) => a + b, 0);
    expect(total).toBe(exportsOf(entries[0]!.file).length);
    expect(readFileSync(path.join(repo, "docs/api.md"), "utf8")).toContain(`${total} names`);
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
