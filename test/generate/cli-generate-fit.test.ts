// `airgap-eval generate` in a new user's first hour: their own docs on a small-context judge (stories260K, 2048
// tokens), mistakes in --mix (a clear exit 2 before any model loads or any file is written, never a stack trace),
// --help stating each default once, progress that says it is generating, and a --context-size above the judge's
// trained context named in a warning.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cliSandbox, runCli } from "../fixtures/cli/run-cli.js";
import { extraGgufPath, repoRoot, tinyEncoderDir } from "../setup/paths.js";

const stories = extraGgufPath ?? path.resolve(repoRoot, "../shared/models/stories260K.gguf");
const box = cliSandbox("airgap-generate-fit-");
afterAll(() => box.cleanup());

const lines = (file: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "");

/** A folder holding `files` (name → text). */
function folder(name: string, files: Record<string, string>): string {
  const dir = box.file(name);
  mkdirSync(dir);
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

describe("airgap-eval generate --mix mistakes, before any model loads", () => {
  const docs = folder("plain", { "a.md": "Alpha beta gamma.\n\nDelta epsilon zeta.\n" });
  const generate = (mix: string, out: string) =>
    runCli(["generate", docs, "--mix", mix, "--llm", "missing.gguf", "--out", out], box.env);

  it("refuses each bad mix with exit 2 and the mistake named, writing no file", async () => {
    const cases: Array<[string, RegExp]> = [
      ["__proto__=1", /--mix takes name=share pairs .*\(got "__proto__=1"\)/],
      ["single=1,single=2", /--mix names single_hop_specific_query_synthesizer twice/],
      ["single=0,multi=0.0", /--mix gives every question type a share of 0/],
      [`single=${"9".repeat(400)}`, /--mix takes name=share pairs/],
      [`single=0.${"0".repeat(400)}1`, /--mix gives every question type a share of 0/],
      // The documents share no phrase between two sentences: no multi-hop question can be written from them.
      [
        "multi=1",
        /the mix asks for multi_hop_specific_query_synthesizer, but no phrase appears in two sentences/,
      ],
      ["single=0.5,abstract=0.5", /the mix asks for multi_hop_abstract_query_synthesizer/],
    ];
    for (const [mix, expected] of cases) {
      const out = box.file(`mix-${cases.findIndex((c) => c[0] === mix)}.jsonl`);
      const result = await generate(mix, out);
      expect(result.code, `${mix}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toMatch(expected);
      expect(result.stderr).not.toMatch(/unexpected error|object Object|missing\.gguf/);
      expect(existsSync(out), mix).toBe(false);
    }
  }, 120_000);

  it("prints each default once in --help, and --personas' default as none", async () => {
    const help = await runCli(["generate", "--help"], box.env);
    expect(help.code).toBe(0);
    const text = help.stdout.replace(/\s+/g, " ");
    expect(text).not.toMatch(/\(default: [^)]*\) \(default:/);
    expect(text).toContain("(default: 42)");
    expect(text).toMatch(/--personas <file> who asks: .* \(default: none: questions without a persona\)/);
    expect(text).not.toContain("the stage's own");
  });
});

describe.skipIf(!existsSync(stories))("airgap-eval generate on stories260K (a 2048-token judge)", () => {
  it("writes rows from the project's own docs: chunks and chunk groups sized to the judge's context", async () => {
    const docs = box.file("docs");
    mkdirSync(docs);
    for (const name of ["install.md", "models.md", "judge.md"])
      copyFileSync(path.join(repoRoot, "docs", name), path.join(docs, name));
    const out = box.file("own-docs.jsonl");
    const args = ["generate", docs, "--llm", stories, "--embeddings", tinyEncoderDir, "--size", "4"];
    const result = await runCli([...args, "--out", out], box.env);
    // 0, or 1 when too many candidates of a 260K-parameter judge were rejected; never 2 (nothing fit).
    expect(result.stderr).not.toMatch(/does not fit|no room/);
    expect([0, 1]).toContain(result.code);
    expect(result.stderr).toContain("airgap-eval: generating 4 rows");
    expect(result.stderr).not.toContain("evaluating");
    const config = JSON.parse(readFileSync(`${out}.config.json`, "utf8")) as { chunkTokens: number };
    expect(config.chunkTokens).toBeLessThanOrEqual(384);
    expect(lines(out).length).toBeGreaterThan(0);
    const again = box.file("own-docs-again.jsonl");
    expect((await runCli([...args, "--out", again, "--quiet"], box.env)).code).toBe(result.code);
    for (const suffix of ["", ".rejected.jsonl", ".config.json"])
      expect(readFileSync(`${again}${suffix}`, "utf8")).toBe(readFileSync(`${out}${suffix}`, "utf8"));
  }, 300_000);

  it("refuses a mix type the chunks cannot serve after the models load, before any file; the corrected run needs no --overwrite", async () => {
    // Two sentences share "alpha beta", but one chunk holds both: no two related chunks.
    const docs = folder("one-chunk", {
      "a.md": "Alpha beta gamma lives here. Alpha beta delta lives there.\n",
    });
    const out = box.file("strict.jsonl");
    const base = ["generate", docs, "--llm", stories, "--embeddings", tinyEncoderDir, "--size", "2"];
    for (const mix of ["multi=1", "single=0.5,multi=0.5"]) {
      const refused = await runCli([...base, "--mix", mix, "--out", out, "--context-size", "4096"], box.env);
      expect(refused.code, refused.stderr).toBe(2);
      expect(refused.stderr).toMatch(
        /the mix asks for multi_hop_specific_query_synthesizer \((100|50)% of the rows\), but the documents hold no related chunks/,
      );
      expect(refused.stderr).not.toMatch(/unexpected error|RangeError|\n\s+at /);
      // A window above the 2048 tokens stories260K was trained on is named in a warning.
      expect(refused.stderr).toMatch(
        /warning: --context-size 4096 is above the 2048 tokens .* was trained on/,
      );
      expect(existsSync(out)).toBe(false);
      expect(existsSync(`${out}.config.json`)).toBe(false);
    }
    const corrected = await runCli([...base, "--mix", "single=1", "--out", out, "--quiet"], box.env);
    expect([0, 1]).toContain(corrected.code);
    expect(corrected.stderr).not.toMatch(/already holds|warning/);
  }, 300_000);
});
