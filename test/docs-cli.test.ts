// docs/cli.md documents the product as it is: every command and every flag of every command's --help has its place
// there, and no doc a user reads refers to the project's internal issue numbers.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { buildProgram } from "../src/cli/program.js";
import { repoRoot } from "./setup/paths.js";

const cliDoc = readFileSync(path.join(repoRoot, "docs", "cli.md"), "utf8");

/** The text of docs/cli.md under `## <name>`, up to the next `## ` heading. */
function section(name: string): string {
  const start = cliDoc.indexOf(`\n## ${name}\n`);
  if (start < 0) return "";
  const end = cliDoc.indexOf("\n## ", start + 1);
  return cliDoc.slice(start, end < 0 ? undefined : end);
}

/** Every command below the program, with its path (`models pull`) and the top-level command it belongs to. */
function commands(program: Command): { path: string; top: string; command: Command }[] {
  const out: { path: string; top: string; command: Command }[] = [];
  const walk = (parent: Command, prefix: string[]) => {
    for (const command of parent.commands) {
      const names = [...prefix, command.name()];
      out.push({ path: names.join(" "), top: names[0]!, command });
      walk(command, names);
    }
  };
  walk(program, []);
  return out;
}

/** Whether `text` names the flag (not as the start of a longer flag: `--json` is not in `--json-file`). */
function namesFlag(text: string, flag: string): boolean {
  return new RegExp(`${flag.replace(/[-]/g, "\\-")}(?![a-z-])`).test(text);
}

describe("docs/cli.md", () => {
  const all = commands(buildProgram());

  it("has a section for every command, naming each subcommand there", () => {
    expect(all.length).toBeGreaterThan(10);
    const missing = all.filter(({ path: p, top }) => !section(top).includes(p)).map((c) => c.path);
    expect(missing, "commands docs/cli.md does not document in their section").toEqual([]);
  });

  it("names every flag of every command's --help in that command's section", () => {
    const missing: string[] = [];
    for (const { path: p, top, command } of all) {
      const text = section(top);
      for (const option of command.options) {
        const flag = option.long;
        if (flag === undefined || flag === "--help" || flag === "--version") continue;
        if (!namesFlag(text, flag)) missing.push(`${p} ${flag}`);
      }
    }
    expect(missing, "flags docs/cli.md does not document in their command's section").toEqual([]);
  });
});

/** Markdown files a user reads: docs/*.md, README.md and every .md under examples/. */
function userDocs(): string[] {
  const docs = readdirSync(path.join(repoRoot, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => path.join("docs", f));
  const examples = readdirSync(path.join(repoRoot, "examples"), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".md"))
    .map((f) => path.join("examples", f));
  return ["README.md", ...docs, ...examples];
}

describe("user docs", () => {
  it("never refer to an issue number (issue 14, issues 3 and 4, issue #7)", () => {
    const pattern = /\bissues?\s*#?\d+/gi;
    const found = userDocs().flatMap((file) =>
      readFileSync(path.join(repoRoot, file), "utf8")
        .split("\n")
        .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
    // The pattern itself finds what it must.
    expect("see issue 14".match(pattern)).toHaveLength(1);
    expect("Issues #3".match(pattern)).toHaveLength(1);
  });
});
