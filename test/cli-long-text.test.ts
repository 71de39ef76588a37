// `eval --long-text`: texts past the embedder's 512 tokens are listed in each row's details.longTexts, and counted
// once per run on stderr (the count equals the per-row entries, cached or not), spawned from source with the
// starter embedder.
import { writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { cliSandbox, recordLines, runCli } from "./fixtures/cli/run-cli.js";

const box = cliSandbox("airgap-cli-long-text-");
afterAll(() => box.cleanup());

// Three rows whose response runs to about 700 tokens, and one short row.
const filler = Array.from({ length: 700 }, (_, i) => ["green", "river", "music", "table"][i % 4]).join(" ");
const rows = [
  ...[0, 1, 2].map((i) => ({ user_input: `q${i}`, response: `${filler} paris ${i}`, reference: "Paris." })),
  { user_input: "q3", response: "Paris is the capital of France.", reference: "Paris." },
];
const dataset = box.file("long.jsonl");
writeFileSync(dataset, `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);

async function run(name: string, mode?: string, cache = false) {
  const out = box.file(`${name}.jsonl`);
  const args = ["eval", dataset, "--metrics", "semantic_similarity", "--out", out, "--quiet"];
  if (!cache) args.push("--no-cache");
  const result = await runCli(mode ? [...args, "--long-text", mode] : args, box.env);
  return { ...result, records: result.code === 0 || result.code === 1 ? recordLines(out) : [] };
}

/** Each row's `details.longTexts`, by row. */
function longTextsByRow(records: Array<{ row?: unknown; result?: unknown }>) {
  return new Map(
    records.map((r) => [r.row, (r.result as { details?: { longTexts?: unknown[] } }).details?.longTexts]),
  );
}

const notices = (stderr: string) =>
  stderr.split("\n").filter((l) => l.includes("longer than the embedder's"));

describe("eval --long-text", { timeout: 300_000 }, () => {
  it("chunk-mean by default: each long row lists its response, and one notice counts the three", async () => {
    const { code, stderr, records } = await run("default");
    expect(code, stderr).toBe(0);
    expect(notices(stderr)).toEqual([
      "airgap-eval: 3 texts were longer than the embedder's 512 tokens and embedded in chunks and averaged " +
        "(--long-text chunk-mean; each is listed in its row's details.longTexts; " +
        'see docs/embeddings.md, "Long texts")',
    ]);
    const byRow = longTextsByRow(records);
    for (const row of [0, 1, 2]) {
      expect(byRow.get(row)).toEqual([
        { field: "response", tokens: expect.any(Number), limit: 512, handled: "chunk-mean", chunks: 2 },
      ]);
      expect((byRow.get(row)![0] as { tokens: number }).tokens).toBeGreaterThan(700);
    }
    expect(byRow.get(3)).toBeUndefined();
  });

  it("a second run answered from the cache lists and counts the same long texts", async () => {
    const first = await run("cached-1", undefined, true);
    const second = await run("cached-2", undefined, true);
    expect(second.code, second.stderr).toBe(0);
    expect(notices(second.stderr)).toEqual(notices(first.stderr));
    expect(notices(second.stderr)[0]).toMatch(/^airgap-eval: 3 texts were longer/);
    expect(longTextsByRow(second.records)).toEqual(longTextsByRow(first.records));
  });

  it("truncate says the tails were not embedded, once", async () => {
    const { code, stderr, records } = await run("truncate", "truncate");
    expect(code, stderr).toBe(0);
    expect(notices(stderr)).toHaveLength(1);
    expect(longTextsByRow(records).get(0)).toMatchObject([{ handled: "truncate", chunks: 1 }]);
    expect(notices(stderr)[0]).toMatch(
      /^airgap-eval: 3 texts were longer .* truncated \(their tail was not embedded\)/,
    );
  });

  it("error leaves the long rows unscored with a message naming the token count, and scores the short one", async () => {
    const { records, stderr } = await run("error", "error");
    const byRow = new Map(
      records.map((r) => [r.row, r.result as { status: string; error?: { message: string } }]),
    );
    expect(byRow.get(3)?.status, stderr).toBe("ok");
    for (const row of [0, 1, 2]) {
      expect(byRow.get(row)?.status).toBe("error");
      expect(JSON.stringify(byRow.get(row))).toMatch(
        /response has \d+ tokens \(special tokens included\), more than the embedder's limit of 512/,
      );
      expect(longTextsByRow(records).get(row)).toMatchObject([
        { field: "response", handled: "error", chunks: 0 },
      ]);
    }
    expect(notices(stderr)).toEqual([
      expect.stringMatching(/^airgap-eval: 3 texts were longer .* not embedded \(those rows have no score\)/),
    ]);
  });

  it("rejects an unknown mode as a usage error, in eval and calibrate", async () => {
    const { code, stderr } = await run("bad", "middle");
    expect(code).toBe(2);
    expect(stderr).toMatch(/--long-text.*middle/s);
    const calibrate = await runCli(
      ["calibrate", "--metric", "semantic_similarity", "--long-text", "middle"],
      box.env,
    );
    expect(calibrate.code).toBe(2);
    expect(calibrate.stderr).toMatch(/--long-text.*middle.*chunk-mean, truncate, error/s);
  });
});
