// Files a command reads or writes, under hostile input, through the built CLI (`node dist/cli/main.js`): a FIFO,
// a device or a huge file is refused before it is read (never a hang: each run has a timeout, and a hang fails);
// no output may be an input under any name, `--overwrite` or not; a merge never replaces a finished test set
// without `--overwrite`; a UTF-16 document is named as UTF-16 with the command that converts it.
import { spawnSync } from "node:child_process";
import {
  closeSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { maxInputBytes } from "../../src/util/read-input.js";
import { cliSandbox } from "../fixtures/cli/run-cli.js";
import { repoRoot } from "../setup/paths.js";

const box = cliSandbox("airgap-reads-hostile-");
afterAll(() => box.cleanup());

const cli = path.join(repoRoot, "dist/cli/main.js");

/** Runs the built CLI in the sandbox; a run past 20 s is killed, and its result says so (signal SIGKILL). */
function run(args: readonly string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], {
    cwd: box.dir,
    env: box.env,
    encoding: "utf8",
    timeout: 20_000,
    killSignal: "SIGKILL",
  });
  return { code: result.status, signal: result.signal, stderr: result.stderr ?? "" };
}

/** Asserts a refusal: exit 2, no hang, no stack trace, and a message matching `message`. */
function expectRefused(result: ReturnType<typeof run>, message: RegExp): void {
  expect(result.signal, "the command hung and was killed").toBeNull();
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.code).toBe(2);
}

function fifo(name: string): string {
  const file = box.file(name);
  const made = spawnSync("mkfifo", [file]);
  if (made.status !== 0) throw new Error(`mkfifo failed: ${made.stderr}`);
  return file;
}

function document(name: string, text = "# Title\n\nSome text about the product.\n"): string {
  const file = box.file(name);
  writeFileSync(file, text);
  return file;
}

/** A shard of a sharded run as `generate --shard i/2` leaves it: one row, no rejected file, its config. */
function shard(index: number): string {
  const file = box.file(`ts.shard-${index}-of-2.jsonl`);
  const row = {
    plan_index: index,
    user_input: `q${index}`,
    reference: "r",
    reference_contexts: ["c"],
    reference_context_ids: ["doc.md#0"],
    synthesizer_name: "single_hop_specific_query_synthesizer",
    source_offsets: [{ documentId: "doc.md", start: 0, end: 1 }],
    query_style: "perfect_grammar",
    query_length: "short",
  };
  writeFileSync(file, `${JSON.stringify(row)}\n`);
  const config = { format: "airgap-eval-testset", size: 2, shard: { index, count: 2 } };
  writeFileSync(`${file}.config.json`, `${JSON.stringify(config)}\n`);
  return file;
}

describe("reading only regular files", () => {
  it("refuses a FIFO document before opening it, naming its kind", () => {
    expectRefused(run(["generate", fifo("pipe.md")]), /pipe\.md: document is a FIFO \(named pipe\)/);
  });

  it("refuses a FIFO as eval's --out before the rerun check opens it", () => {
    const data = document("data.jsonl", `${JSON.stringify({ response: "a", reference: "a" })}\n`);
    const out = fifo("results-pipe.jsonl");
    expectRefused(
      run(["eval", data, "--metrics", "exact_match", "--out", out]),
      /results-pipe\.jsonl: --out is a FIFO \(named pipe\), not a regular file/,
    );
  });

  it("refuses a FIFO dataset", () => {
    expectRefused(
      run(["eval", fifo("rows.jsonl"), "--metrics", "exact_match"]),
      /rows\.jsonl: dataset file is a FIFO/,
    );
  });

  it("refuses a symlink to /dev/zero as a character device, without reading it", () => {
    const link = box.file("zero.md");
    symlinkSync("/dev/zero", link);
    expectRefused(run(["generate", link]), /zero\.md: document is a character device/);
  });

  it("refuses a file over the documented limit, naming its size and the limit", () => {
    const big = box.file("big.md");
    const fd = openSync(big, "w");
    closeSync(fd);
    // A sparse file: its size is past the limit without the disk space.
    spawnSync("truncate", ["-s", String(maxInputBytes + 1), big]);
    expectRefused(
      run(["generate", big]),
      /big\.md: document is 1024 MiB, over the 1024 MiB a command reads whole/,
    );
  });
});

describe("no output is an input, --overwrite or not", () => {
  it("refuses --out naming the document, and leaves it as it was", () => {
    const doc = document("doc.md");
    const before = readFileSync(doc, "utf8");
    expectRefused(
      run(["generate", doc, "--out", doc, "--overwrite"]),
      /--out .*doc\.md is the document .*doc\.md; writing it would destroy the input/,
    );
    expect(readFileSync(doc, "utf8")).toBe(before);
  });

  it("refuses --out that is a hard link to a document inside a folder argument", () => {
    const folder = box.file("docs");
    mkdirSync(folder);
    const doc = path.join(folder, "linked.md");
    writeFileSync(doc, "# Linked\n\nText.\n");
    const alias = box.file("alias.jsonl");
    linkSync(doc, alias);
    expectRefused(
      run(["generate", folder, "--out", alias, "--overwrite"]),
      /alias\.jsonl is the document .*linked\.md \(the same file under another name\)/,
    );
    expect(readFileSync(doc, "utf8")).toBe("# Linked\n\nText.\n");
  });

  it("refuses --out naming the --personas file", () => {
    const doc = document("p-doc.md");
    const personas = box.file("p.json");
    writeFileSync(personas, JSON.stringify([{ name: "Ana", role_description: "admin" }]));
    const before = readFileSync(personas, "utf8");
    expectRefused(
      run(["generate", doc, "--personas", personas, "--out", personas, "--overwrite"]),
      /--out .*p\.json is the --personas file/,
    );
    expect(readFileSync(personas, "utf8")).toBe(before);
  });

  it("refuses a --merge whose --out is a shard, and leaves the shard and its config as they were", () => {
    const [s0, s1] = [shard(0), shard(1)];
    const before = [readFileSync(s0, "utf8"), readFileSync(`${s0}.config.json`, "utf8")];
    expectRefused(
      run(["generate", "--merge", s0, s1, "--out", s0, "--overwrite"]),
      /--out .*shard-0-of-2\.jsonl is the shard file/,
    );
    expect([readFileSync(s0, "utf8"), readFileSync(`${s0}.config.json`, "utf8")]).toEqual(before);
  });
});

describe("a merge never replaces a finished test set unasked", () => {
  it("refuses an existing --out without --overwrite, and replaces it with --overwrite", () => {
    const [s0, s1] = [shard(0), shard(1)];
    const out = document("finished.jsonl", `${JSON.stringify({ plan_index: 0, user_input: "kept" })}\n`);
    const before = readFileSync(out, "utf8");
    expectRefused(
      run(["generate", "--merge", s0, s1, "--out", out]),
      /finished\.jsonl: already exists; add --overwrite/,
    );
    expect(readFileSync(out, "utf8")).toBe(before);
    expect(existsSync(`${out}.config.json`)).toBe(false);
    const replaced = run(["generate", "--merge", s0, s1, "--out", out, "--overwrite", "--quiet"]);
    expect(replaced.stderr).toBe("");
    expect(replaced.code).toBe(0);
    expect(readFileSync(out, "utf8").trim().split("\n")).toHaveLength(2);
  });
});

describe("UTF-16 documents", () => {
  const text = "# Title\n\nSome text about the product.\n";
  it("names UTF-16 with a byte-order mark, and the iconv command that converts it", () => {
    const file = box.file("u16-bom.md");
    writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]));
    expectRefused(
      run(["generate", file]),
      /u16-bom\.md: document is UTF-16LE text, not UTF-8; convert it: iconv -f UTF-16 -t UTF-8/,
    );
  });

  it("names UTF-16 without a byte-order mark (big-endian)", () => {
    const file = box.file("u16-be.md");
    writeFileSync(file, Buffer.from(text, "utf16le").swap16());
    expectRefused(run(["generate", file]), /u16-be\.md: document is UTF-16BE text/);
  });

  it("still calls a file with scattered NUL bytes binary", () => {
    const file = box.file("blob.md");
    writeFileSync(
      file,
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x41, 0x42, 0x43]),
    );
    expectRefused(run(["generate", file]), /blob\.md: document is a binary file \(it holds NUL bytes\)/);
  });
});
