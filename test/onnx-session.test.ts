// The session settings reach onnxruntime (onnxruntime-node 1.14 dropped them for sessions built from bytes): the
// intra-op pool has `threads - 1` worker threads, counted by the OS; a released session refuses to run.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeVerifierFixture } from "../scripts/verifier-fixtures/index.js";
import { paddedFeeds } from "../src/onnx/feeds.js";
import { openOnnxSession } from "../src/onnx/session.js";

let root: string;
let onnxPath: string;
const osThreads = () => Number(/^Threads:\s+(\d+)/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1]);

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "airgap-onnx-session-"));
  await writeVerifierFixture(root, "relevance");
  onnxPath = path.join(root, "onnx", "model.onnx");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("openOnnxSession", () => {
  it.runIf(process.platform === "linux")("starts threads - 1 intra-op worker threads", async () => {
    for (const threads of [1, 3]) {
      const before = osThreads();
      const { ort, session } = await openOnnxSession(onnxPath, threads);
      const { feeds } = paddedFeeds(ort, session.inputNames, [{ ids: [2, 20, 3] }], 0);
      await session.run(feeds);
      expect(osThreads() - before, `threads: ${threads}`).toBe(threads - 1);
      await session.release();
    }
  });

  it("releases the native session: a later run throws", async () => {
    const { ort, session } = await openOnnxSession(onnxPath, 1);
    const { feeds } = paddedFeeds(ort, session.inputNames, [{ ids: [2, 20, 3] }], 0);
    await session.release();
    await expect(session.run(feeds)).rejects.toThrow();
  });
});
