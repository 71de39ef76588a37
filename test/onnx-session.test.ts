// The session settings reach onnxruntime (onnxruntime-node 1.14 dropped them for sessions built from bytes): the
// intra-op pool has `threads - 1` worker threads, counted by the OS; a released session refuses to run. The shell
// the encoders and verifiers share (src/onnx/model-session.ts) refuses unknown inputs and runs once closed.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeVerifierFixture } from "../scripts/verifier-fixtures/index.js";
import { OnnxEncoder } from "../src/embeddings/onnx-encoder.js";
import { paddedFeeds } from "../src/onnx/feeds.js";
import { openModelSession } from "../src/onnx/model-session.js";
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

describe("OnnxModelSession (the shell of encoders and verifiers)", () => {
  it("refuses a graph whose inputs the model cannot feed, naming the file and the inputs", async () => {
    await expect(
      openModelSession(onnxPath, 1, { refuseInputs: (names) => `cannot feed ${names.join(", ")}` }),
    ).rejects.toThrow(`${onnxPath}: cannot feed input_ids, attention_mask`);
  });

  it("runs, refuses to run once closed naming the file and what to do, and closes idempotently", async () => {
    const encoder = await OnnxEncoder.open(onnxPath, 1);
    expect(encoder.sha256).toMatch(/^[0-9a-f]{64}$/);
    // The relevance fixture is a classifier: its [batch, 1] logits are not hidden states, which the encoder names.
    await expect(encoder.run([[2, 20, 3]], 0)).rejects.toThrow(/not a text encoder/);
    expect(encoder.closed).toBe(false);
    await encoder.close();
    await encoder.close();
    expect(encoder.closed).toBe(true);
    await expect(encoder.run([[2, 20, 3]], 0)).rejects.toThrow(
      `${onnxPath}: the encoder was closed; load it again to embed`,
    );
  });
});
