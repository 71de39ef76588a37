/**
 * Measures whether onnxruntime runs the int8 (dynamically quantized) verifier faster than the float32 one of the same
 * seed: writes both graphs of one size, opens each with src/onnx/session.ts's settings at `threads`, runs the same
 * batch on each, alternating, and prints the median milliseconds per batch of each and their ratio, with the files'
 * sizes and the load average.
 *
 * CLI: `node --import tsx scripts/verifier-fixtures/measure-precision.ts [bert-base|minilm-l6|tiny] [runs] [batch] [seq] [threads]`.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openOnnxSession } from "../../src/onnx/session.js";
import { type FIXTURE_SIZES, fixtureOnnxFile, writeVerifierFixture } from "./index.js";
import { median, syntheticRows, timeAlternately } from "./measure-common.js";

const [size = "bert-base", runsText = "5", batchText = "1", seqText = "256", threadsText = "2"] =
  process.argv.slice(2);
const dir = mkdtempSync(path.join(os.tmpdir(), "airgap-precision-"));
try {
  const loadBefore = os.loadavg()[0]!;
  const files = { fp32: "", int8: "" };
  for (const precision of ["fp32", "int8"] as const) {
    const quantized = precision === "int8";
    await writeVerifierFixture(dir, "consistency", { size: size as keyof typeof FIXTURE_SIZES, quantized });
    files[precision] = path.join(dir, fixtureOnnxFile(quantized));
  }
  const sessions = {
    fp32: await openOnnxSession(files.fp32, Number(threadsText)),
    int8: await openOnnxSession(files.int8, Number(threadsText)),
  };
  const times = await timeAlternately(
    sessions,
    syntheticRows(Number(batchText), Number(seqText)),
    Number(runsText),
  );
  const ms = { fp32: median(times.fp32), int8: median(times.int8) };
  console.log(
    JSON.stringify({
      size,
      batch: Number(batchText),
      seq: Number(seqText),
      threads: Number(threadsText),
      runs: Number(runsText),
      cpus: os.cpus().length,
      loadavg: { before: loadBefore, after: os.loadavg()[0] },
      fileMb: {
        fp32: Math.round(statSync(files.fp32).size / 1e6),
        int8: Math.round(statSync(files.int8).size / 1e6),
      },
      msPerBatch: { fp32: Math.round(ms.fp32), int8: Math.round(ms.int8) },
      fp32OverInt8: Math.round((ms.fp32 / ms.int8) * 100) / 100,
      samples: times,
    }),
  );
  for (const s of Object.values(sessions)) await s.session.release();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
