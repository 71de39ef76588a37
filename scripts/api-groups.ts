/**
 * The public API as the TypeScript checker reads it, for test/public-api.test.ts (which pins it) and
 * scripts/docs-api.ts (which writes docs/api.md's counts from it): the entries of package.json "exports", the
 * names each exports, and the groups of src/index.ts with the names each group file exports.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { metricClasses } from "../src/metrics/catalog.js";
import type { MetricApiGroup, MetricDescriptor } from "../src/metrics/descriptor.js";
import { typeScriptProgram } from "../test/support/ts-program.js";
import { markers } from "./doc-markers.js";

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** One subpath of package.json "exports" and the source file it is built from (dist/x.js from src/x.ts). */
export interface ApiEntry {
  subpath: string;
  file: string;
}

/** The entries of package.json "exports", in its order (the `./package.json` string entry left out). */
export function apiEntries(): ApiEntry[] {
  const packageJson = JSON.parse(readFileSync(path.join(repo, "package.json"), "utf8")) as {
    exports: Record<string, string | { default: string }>;
  };
  return Object.entries(packageJson.exports)
    .filter(([, target]) => typeof target !== "string")
    .map(([subpath, target]) => ({
      subpath,
      file: path.join(
        repo,
        (target as { default: string }).default.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ".ts"),
      ),
    }));
}

/** A checker over the entries' files, and the exports of any module of that program. */
export interface ApiReader {
  program: ts.Program;
  checker: ts.TypeChecker;
  /** The names `file` exports, `export *` followed, as the checker sees them. */
  exportsOf(file: string): ts.Symbol[];
}

export function apiReader(entries: readonly ApiEntry[] = apiEntries()): ApiReader {
  const { program, checker } = typeScriptProgram(entries.map((e) => e.file));
  const exportsOf = (file: string): ts.Symbol[] => {
    const source = program.getSourceFile(file);
    if (!source)
      throw new Error(`${path.relative(repo, file)} is not in the program of the package's entries`);
    return checker.getExportsOfModule(checker.getSymbolAtLocation(source)!);
  };
  return { program, checker, exportsOf };
}

/** The markers of a group file's generated block, the one place a group file may use `export *`. */
export const generatedBlock = markers("metrics", "typescript");

/** The `export *` statements of a group file outside its generated block, as text (none is allowed). */
export function exportStarsOutsideBlock(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const from = text.indexOf(generatedBlock.start);
  const to = text.indexOf(generatedBlock.end);
  return source.statements
    .filter((s) => ts.isExportDeclaration(s) && s.exportClause === undefined)
    .filter((s) => from < 0 || to < from || s.getStart() < from || s.getStart() > to)
    .map((s) => s.getText());
}

/**
 * The groups of src/index.ts, in order: each `// Name: why` comment starts one, followed by
 * `export * from "./api/<group>.js"`; a group's count is the number of names its file exports.
 */
export function indexGroups(reader: ApiReader): Map<string, number> {
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
    const stars = exportStarsOutsideBlock(groupFile, readFileSync(groupFile, "utf8"));
    if (stars.length > 0)
      throw new Error(
        `${path.relative(repo, groupFile)} uses export * outside its ${generatedBlock.start} block: ${stars.join("; ")}`,
      );
    groups.set(comment, reader.exportsOf(groupFile).length);
  }
  return groups;
}

/**
 * The api group whose generated block re-exports a metric's face: the descriptor's `surfaces.apiGroup`, else its
 * family's group: verifier metrics, custom judges (definable), agent metrics (they read `messages`), judge-free
 * metrics (no model), and the RAG set for the other judge and embedding metrics.
 */
export function apiGroupOf(d: MetricDescriptor): MetricApiGroup {
  if (d.surfaces?.apiGroup) return d.surfaces.apiGroup;
  if ((d.needsVerifier ?? []).length > 0) return "verifier-metrics";
  if (d.definable) return "custom-judges";
  if (d.requiredFields.includes("messages")) return "agent-metrics";
  if (!d.needsLlm && !d.needsEmbeddings) return "judge-free-metrics";
  return "judge-metrics-rag-set";
}

/** The metric folder of each catalog class, read from src/metrics/catalog.ts's imports (`./<folder>/metric.js`). */
export function catalogFolders(): Map<string, string> {
  const file = path.join(repo, "src/metrics/catalog.ts");
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
  const folders = new Map<string, string>();
  for (const s of source.statements) {
    if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier)) continue;
    const folder = /^\.\/([\w-]+)\/metric\.js$/.exec(s.moduleSpecifier.text)?.[1];
    const named = s.importClause?.namedBindings;
    if (folder === undefined || !named || !ts.isNamedImports(named)) continue;
    for (const element of named.elements) folders.set(element.name.text, folder);
  }
  return folders;
}

/** Each api group's metric folders in catalog order (a folder once, at its first class): its generated block. */
export function metricBlocks(): Map<MetricApiGroup, string[]> {
  const folders = catalogFolders();
  const blocks = new Map<MetricApiGroup, string[]>();
  for (const metricClass of metricClasses) {
    const folder = folders.get(metricClass.name);
    if (folder === undefined)
      throw new Error(
        `${metricClass.name} is in metricClasses but not imported from ./<folder>/metric.js in catalog.ts`,
      );
    const group = apiGroupOf(metricClass.descriptor);
    const block = blocks.get(group) ?? [];
    if (!block.includes(folder)) block.push(folder);
    blocks.set(group, block);
  }
  return blocks;
}

/** The generated block's lines for `folders`: one `export *` of each folder's face. */
export function metricBlock(folders: readonly string[]): string {
  return folders.map((f) => `export * from "../metrics/${f}/index.js";`).join("\n");
}
