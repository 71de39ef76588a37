// `generate` on hostile input, through the built CLI (`node dist/cli/main.js`): a merge into a file a run is still
// writing, shards holding each other's rows, hand-written lines in a resumed test set, explicit --out with --shard,
// --mix problems, empty JSONL ids, an --out inside the documents folder, symlinked documents. Runs use stories260K
// (AIRGAP_EVAL_TEST_GGUF or ../shared/models) and the tiny encoder, under a stage module written into the sandbox
// (the built-in synthesizers are not what these cases are about), each with a timeout so a hang fails the test.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cliSandbox, waitFor } from "../fixtures/cli/run-cli.js";
import { extraGgufPath, repoRoot, tinyEncoderDir } from "../setup/paths.js";

const box = cliSandbox("airgap-generate-hostile-");
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  box.cleanup();
});

const cli = path.join(repoRoot, "dist/cli/main.js");
const stories = extraGgufPath ?? path.resolve(repoRoot, "../shared/models/stories260K.gguf");
const hasJudge = existsSync(stories);

/**
 * A stage module: one single-hop row per plan index, round the chunks, from the chunk's text; the plan row named in
 * the environment's HOLD_AT waits until the file HOLD_UNTIL exists (to keep a run going while a test acts).
 */
const stageModule = box.file("stage.mjs");
writeFileSync(
  stageModule,
  `import { existsSync } from "node:fs";
export default {
  async plan(chunks, size) {
    return Array.from({ length: size * 2 }, (_, index) => ({
      index,
      request: { synthesizer: "single_hop_specific_query_synthesizer", chunks: [chunks[index % chunks.length]],
        style: "perfect_grammar", length: "short", themes: [] },
    }));
  },
  async produce(planned) {
    if (String(planned.index) === process.env.HOLD_AT)
      while (!existsSync(process.env.HOLD_UNTIL)) await new Promise((r) => setTimeout(r, 50));
    const chunk = planned.request.chunks[0];
    return { row: { user_input: "What does " + chunk.id + " say?", reference: chunk.text, reference_contexts: [chunk.text],
      reference_context_ids: [chunk.id], synthesizer_name: planned.request.synthesizer,
      source_offsets: [{ documentId: chunk.documentId, start: chunk.start, end: chunk.end }],
      query_style: planned.request.style, query_length: planned.request.length } };
  },
};
`,
);

const docs = box.file("docs");
mkdirSync(docs);
writeFileSync(path.join(docs, "a.md"), "# Cats\n\nThe cat sat on the mat. It was warm there.\n");
writeFileSync(path.join(docs, "b.md"), "# Dogs\n\nThe dog slept by the door. It snored loudly.\n");

/** The flags of a generate run on the documents with the test models and the stage module. */
const generateArgs = (out: string, size: number, ...more: string[]) => [
  "generate",
  docs,
  "--size",
  String(size),
  "--out",
  out,
  "--llm",
  stories,
  "--embeddings",
  tinyEncoderDir,
  "--stage",
  stageModule,
  "--quiet",
  ...more,
];

interface Result {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  stdout: string;
}

/** Runs the built CLI in the sandbox; a run past 60 s is killed, and its result says so (signal SIGKILL). */
function run(args: readonly string[], env: NodeJS.ProcessEnv = box.env): Result {
  const result = spawnSync(process.execPath, [cli, ...args], {
    cwd: box.dir,
    env,
    encoding: "utf8",
    timeout: 60_000,
    killSignal: "SIGKILL",
  });
  return {
    code: result.status,
    signal: result.signal,
    stderr: result.stderr ?? "",
    stdout: result.stdout ?? "",
  };
}

/** Starts the built CLI in the sandbox without waiting for it. */
function start(args: readonly string[], env: NodeJS.ProcessEnv): { done: Promise<Result> } {
  const child = spawn(process.execPath, [cli, ...args], {
    cwd: box.dir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  const output = { stdout: "", stderr: "" };
  child.stdout?.setEncoding("utf8").on("data", (d: string) => {
    output.stdout += d;
  });
  child.stderr?.setEncoding("utf8").on("data", (d: string) => {
    output.stderr += d;
  });
  return {
    done: new Promise((resolve) =>
      child.on("close", (code, signal) => {
        children.delete(child);
        resolve({ code, signal, ...output });
      }),
    ),
  };
}

/** Asserts a refusal: exit 2, no hang, no stack trace, and a message matching `message`. */
function expectRefused(result: Result, message: RegExp): void {
  expect(result.signal, "the command hung and was killed").toBeNull();
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toMatch(/\n\s+at |unexpected error/);
  expect(result.code).toBe(2);
}

const lines = (file: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "");
const planIndices = (file: string) =>
  lines(file).map((l) => (JSON.parse(l) as { plan_index: number }).plan_index);

describe.skipIf(!hasJudge)("generate: shards, merges and resumed files", () => {
  it("gives an explicit --out a .shard-i-of-N tag per shard, as documented, so a job array's shards do not collide", () => {
    for (const index of [0, 1]) {
      const result = run(generateArgs("tagged.jsonl", 4, "--shard", `${index}/2`));
      expect(result.stderr).toContain(`tagged.shard-${index}-of-2.jsonl`);
      expect(result.code).toBe(0);
    }
    expect(existsSync(box.file("tagged.jsonl"))).toBe(false);
    expect(planIndices(box.file("tagged.shard-0-of-2.jsonl"))).toEqual([0, 2]);
    expect(planIndices(box.file("tagged.shard-1-of-2.jsonl"))).toEqual([1, 3]);
  });

  it("refuses to merge a shard holding another shard's plan_index, naming both shards and the plan_index", () => {
    const [s0, s1] = [0, 1].map((i) => box.file(`dup.shard-${i}-of-2.jsonl`));
    for (const index of [0, 1])
      expect(run(generateArgs("dup.jsonl", 4, "--shard", `${index}/2`)).code).toBe(0);
    // Shard 1's first row copied into shard 0 by hand.
    appendFileSync(s0!, `${lines(s1!)[0]}\n`);
    const merged = box.file("dup-merged.jsonl");
    expectRefused(
      run(["generate", "--merge", s0!, s1!, "--out", merged]),
      /dup\.shard-0-of-2\.jsonl, line 3.*plan_index 1, which belongs to shard 1\/2 \(.*dup\.shard-1-of-2\.jsonl\), not to this shard 0\/2/,
    );
    expect(existsSync(merged)).toBe(false);
  });

  it("checks every line of a resumed test set against the row schema, naming the file, line and field", () => {
    const out = box.file("resumed.jsonl");
    expect(run(generateArgs(out, 2)).code).toBe(0);
    // One row of the two left, as after Ctrl-C, and a hand-written line.
    writeFileSync(out, `${lines(out)[0]}\n{"plan_index": 999}\n`);
    const result = run(generateArgs(out, 2, "--resume"));
    expectRefused(
      result,
      /resumed\.jsonl, line 2, field "?user_input"?: is not a line airgap-eval generate wrote/,
    );
    expect(lines(out)).toHaveLength(2);
  });

  it("makes a merge honour the lock of a generate still writing its --out", async () => {
    const out = box.file("locked.jsonl");
    const release = box.file("release-locked");
    const running = start(generateArgs(out, 3), { ...box.env, HOLD_AT: "1", HOLD_UNTIL: release });
    await waitFor(() => existsSync(out) && lines(out).length === 1, "the run's first row", 60_000);
    for (const index of [0, 1])
      expect(run(generateArgs("lk.jsonl", 2, "--shard", `${index}/2`)).code).toBe(0);
    const shards = [0, 1].map((i) => box.file(`lk.shard-${i}-of-2.jsonl`));
    expectRefused(
      run(["generate", "--merge", ...shards, "--out", out, "--overwrite"]),
      /locked\.jsonl: is being written by another run \(pid \d+/,
    );
    // A second generate into the same --out is refused as well, before its models load.
    expectRefused(run(generateArgs(out, 3, "--resume")), /locked\.jsonl: is being written by another run/);
    writeFileSync(release, "");
    const finished = await running.done;
    expect(finished.code).toBe(0);
    expect(planIndices(out)).toEqual([0, 1, 2]);
  }, 120_000);
});

describe("generate: input refused before any model loads", () => {
  it("checks --mix before loading: repeated names, __proto__, shares that overflow or round to 0, a mix the documents cannot serve", () => {
    const cases: Array<[string, RegExp]> = [
      ["single=1,single=2", /--mix names single_hop_specific_query_synthesizer twice/],
      ["__proto__=1", /--mix takes name=share pairs .*\(got "__proto__=1"\)/],
      [`single=0.${"0".repeat(400)}1`, /--mix gives every question type a share of 0/],
      [`single=1,multi=${"9".repeat(400)}`, /--mix takes name=share pairs/],
      ["multi=1", /the mix asks for multi_hop_specific_query_synthesizer, but/],
    ];
    for (const [mix, message] of cases) {
      const out = box.file("mix.jsonl");
      // A judge that does not exist: the mix must be refused before it is looked for.
      expectRefused(run(["generate", docs, "--mix", mix, "--out", out, "--llm", "missing.gguf"]), message);
      expect(readdirSync(box.dir).filter((f) => f.startsWith("mix.jsonl"))).toEqual([]);
    }
  });

  it("refuses a JSONL document whose id is empty, naming the line", () => {
    const file = box.file("empty-id.jsonl");
    writeFileSync(
      file,
      `${JSON.stringify({ id: "a", text: "Some text." })}\n${JSON.stringify({ id: "", text: "More." })}\n`,
    );
    expectRefused(
      run(["generate", file, "--llm", "missing.gguf"]),
      /empty-id\.jsonl, line 2, field "?id"?: has an empty "id"/,
    );
  });

  it("refuses an --out inside the documents folder, where the next run would read it as a document", () => {
    const out = path.join(docs, "testset.jsonl");
    expectRefused(
      run(["generate", docs, "--out", out, "--llm", "missing.gguf"]),
      /--out.* is inside the documents folder .*docs, where the next run \(--resume too\) would read it as a document/,
    );
    expect(readdirSync(docs).sort()).toEqual(["a.md", "b.md"]);
  });
});

describe.skipIf(!hasJudge)("generate: symlinked documents", () => {
  it("reads a symlink to a regular file, and names each symlink it skips", () => {
    const folder = box.file("linked-docs");
    mkdirSync(folder);
    writeFileSync(path.join(folder, "own.md"), "# Own\n\nA document of its own.\n");
    const outside = box.file("outside.md");
    writeFileSync(outside, "# Outside\n\nA document kept outside the folder.\n");
    symlinkSync(outside, path.join(folder, "linked.md"));
    symlinkSync(docs, path.join(folder, "more"));
    symlinkSync("/dev/zero", path.join(folder, "zero.md"));
    symlinkSync(box.file("gone.md"), path.join(folder, "dangling.md"));
    const out = box.file("linked.jsonl");
    const result = run([...generateArgs(out, 2).map((a) => (a === docs ? folder : a))]);
    expect(result.stderr).toContain(`note: skipped ${path.join(folder, "more")}: a symlink to a folder`);
    expect(result.stderr).toContain(
      `note: skipped ${path.join(folder, "zero.md")}: a symlink to something that is not a regular file`,
    );
    expect(result.stderr).toContain(
      `note: skipped ${path.join(folder, "dangling.md")}: a symlink whose target does not exist`,
    );
    expect(result.code).toBe(0);
    const ids = lines(out).flatMap(
      (l) => (JSON.parse(l) as { reference_context_ids: string[] }).reference_context_ids,
    );
    expect(ids).toEqual(["linked.md#0", "own.md#0"]);
  });
});
