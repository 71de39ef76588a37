/**
 * Measures whether onnxruntime's thread settings take effect: opens the same random-weight classifier twice, with
 * `intraOpNumThreads` 1 and 2 (src/onnx/session.ts's settings otherwise), runs the same batch on each, alternating,
 * and prints the median time per batch, the ratio, and the OS threads each session added.
 *
 * CLI: `node --import tsx scripts/verifier-fixtures/measure-threads.ts [minilm-l6|bert-base|tiny] [runs] [batch] [seq]`.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openOnnxSession } from "../../src/onnx/session.js";
import { type FIXTURE_SIZES, writeVerifierFixture } from "./index.js";
import { median, syntheticRows, timeAlternately } from "./measure-common.js";

function osThreads(): number {
  const status = readFileSync("/proc/self/status", "utf8");
  return Number(/^Threads:\s+(\d+)/m.exec(status)?.[1] ?? Number.NaN);
}

const [size = "minilm-l6", runsText = "5", batchText = "8", seqText = "128"] = process.argv.slice(2);
const runs = Number(runsText);
const dir = mkdtempSync(path.join(os.tmpdir(), "airgap-threads-"));
try {
  await writeVerifierFixture(dir, "relevance", { size: size as keyof typeof FIXTURE_SIZES });
  const onnxPath = path.join(dir, "onnx", "model.onnx");
  const sessions: Record<number, Awaited<ReturnType<typeof openOnnxSession>>> = {};
  const added: Record<number, number> = {};
  const rows = syntheticRows(Number(batchText), Number(seqText));
  for (const threads of [1, 2]) {
    const before = osThreads();
    sessions[threads] = await openOnnxSession(onnxPath, threads);
    added[threads] = osThreads() - before; // the pool starts at session creation
  }
  const times = await timeAlternately(sessions, rows, runs);
  const one = median(times[1]!);
  const two = median(times[2]!);
  console.log(
    JSON.stringify({
      size,
      batch: rows.length,
      seq: Number(seqText),
      runs,
      cpus: os.cpus().length,
      loadavg: os.loadavg().map((v) => Math.round(v * 100) / 100),
      msPerBatch: { intra1: Math.round(one), intra2: Math.round(two) },
      ratio1over2: Math.round((one / two) * 100) / 100,
      osThreadsAdded: added,
      samples: times,
    }),
  );
  for (const threads of [1, 2]) await sessions[threads]!.session.release();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
