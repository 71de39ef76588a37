// Writes the generated parts of the public API: each metric group's block in src/api/<group>.ts (an `export *` of
// each metric folder's face, in catalog order, the group from the descriptor: scripts/api-groups.ts), then the name
// counts of docs/api.md: the entry table (`| \`airgap-eval/x\` | N | what for |`) and the table of the main entry's
// groups (`| Group | N | why it exists |`), read from the sources as test/public-api.test.ts reads them. The prose of
// each row is written by hand. Run with `npm run docs:api`; the test fails when a block or a count differs from
// what this would write.
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type ApiReader,
  apiEntries,
  apiReader,
  indexGroups,
  metricBlock,
  metricBlocks,
  repo,
} from "./api-groups.js";
import { rewriteDoc, withGeneratedBlock } from "./doc-markers.js";

/** The counts docs/api.md shows: names per entry (by subpath) and per group of the main entry. */
export interface ApiCounts {
  entries: Map<string, number>;
  groups: Map<string, number>;
}

export function apiCounts(reader: ApiReader = apiReader()): ApiCounts {
  return {
    entries: new Map(apiEntries().map((e) => [e.subpath, reader.exportsOf(e.file).length])),
    groups: indexGroups(reader),
  };
}

const groupSection = "`airgap-eval`, by group";

/** `text` with the number that follows `prefix` at the start of a line set to `count`, or undefined without that line. */
function withCount(text: string, prefix: string, count: number): string | undefined {
  const lines = text.split("\n");
  const at = lines.findIndex((line) => line.startsWith(prefix) && /^\d+ /.test(line.slice(prefix.length)));
  if (at < 0) return undefined;
  lines[at] = `${prefix}${lines[at]!.slice(prefix.length).replace(/^\d+/, String(count))}`;
  return lines.join("\n");
}

/**
 * `doc` with every count replaced by `counts`. Throws naming the row to add when an entry or a group has no row,
 * and the rows to remove when the groups table has a group src/index.ts does not.
 */
export function withApiCounts(doc: string, counts: ApiCounts): string {
  let text = doc;
  for (const [subpath, count] of counts.entries) {
    const entry = `\`airgap-eval${subpath.slice(1)}\``;
    const next = withCount(text, `| ${entry} | `, count);
    if (next === undefined)
      throw new Error(
        `docs/api.md has no row "| ${entry} | ${count} | what for |" in its table of entry points`,
      );
    text = next;
  }
  const [before, ...sections] = text.split("\n## ");
  const index = sections.findIndex((s) => s.startsWith(groupSection));
  if (index < 0) throw new Error(`docs/api.md has no section "## ${groupSection}"`);
  let section = sections[index]!;
  const documented = [...section.matchAll(/^\| ([^|]+?) \| \d+ \| [^|]+ \|$/gm)].map((m) => m[1]!);
  const extra = documented.filter((name) => !counts.groups.has(name));
  if (extra.length > 0)
    throw new Error(
      `docs/api.md lists groups src/index.ts does not have: ${extra.join(", ")}; remove their rows`,
    );
  for (const [group, count] of counts.groups) {
    const next = withCount(section, `| ${group} | `, count);
    if (next === undefined)
      throw new Error(
        `docs/api.md's section "${groupSection}" has no row "| ${group} | ${count} | why it exists |" (a group of src/index.ts)`,
      );
    section = next;
  }
  sections[index] = section;
  return [before, ...sections].join("\n## ");
}

/** The file this script writes the counts to. */
export const apiDocPath = path.join(repo, "docs", "api.md");

/** A metric group file's text with its generated block rewritten: an `export *` of each of `folders`. */
export function withMetricBlock(group: string, text: string, folders: readonly string[]): string {
  return withGeneratedBlock(text, "metrics", metricBlock(folders), `src/api/${group}.ts`, "typescript");
}

/** The file of an api group (src/api/<group>.ts). */
export const groupFilePath = (group: string): string => path.join(repo, "src", "api", `${group}.ts`);

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [group, folders] of metricBlocks())
    rewriteDoc(groupFilePath(group), `src/api/${group}.ts metrics block`, (text) =>
      withMetricBlock(group, text, folders),
    );
  const counts = apiCounts();
  rewriteDoc(apiDocPath, "docs/api.md name counts", (text) => withApiCounts(text, counts));
}
