// onnxruntime picks its kernels by CPU (AVX-512 or AVX2) and no setting selects them. This checks the guarantee
// docs/reproducibility.md states, operator by operator: on this CPU and on an emulated Haswell (qemu-x86_64
// -cpu Haswell hides AVX-512, so onnxruntime takes its AVX2 kernels) every operator an encoder without attention
// uses gives the same bits, and Softmax differs by at most a few units in the last place.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./setup/paths.js";
import { canEmulateHaswell, emulatedHaswell } from "./support/emulated-cpu.js";

const hostHasAvx512 = canEmulateHaswell && /\bavx512f\b/.test(readFileSync("/proc/cpuinfo", "utf8"));

function runOps(wrapper: string[]): Record<string, Float32Array> {
  const [program, ...args] = [
    ...wrapper,
    process.execPath,
    "--import",
    "tsx",
    "test/fixtures/onnx-ops/run-ops.ts",
  ];
  const stdout = execFileSync(program!, args, {
    cwd: repoRoot,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
    maxBuffer: 64 * 1024 * 1024,
  });
  const outputs = JSON.parse(stdout) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(outputs).map(([op, base64]) => {
      const bytes = Buffer.from(base64, "base64");
      return [op, new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4)];
    }),
  );
}

describe.runIf(canEmulateHaswell)("onnxruntime kernels on AVX-512 and AVX2", () => {
  it("agree to the bit except Softmax, which differs by at most 1e-6 relative", () => {
    const here = runOps([]);
    const haswell = runOps([...emulatedHaswell]);
    expect(Object.keys(haswell).sort()).toEqual(Object.keys(here).sort());
    for (const op of Object.keys(here)) {
      const a = here[op]!;
      const b = haswell[op]!;
      expect(b.length, op).toBe(a.length);
      if (op !== "Softmax") {
        expect(
          Buffer.from(b.buffer, b.byteOffset, b.byteLength).equals(
            Buffer.from(a.buffer, a.byteOffset, a.byteLength),
          ),
          op,
        ).toBe(true);
        continue;
      }
      let differing = 0;
      let worst = 0;
      for (let i = 0; i < a.length; i++) {
        if (a[i] === b[i]) continue;
        differing++;
        worst = Math.max(worst, Math.abs(a[i]! - b[i]!) / Math.abs(a[i]!));
      }
      expect(worst).toBeLessThanOrEqual(1e-6);
      // On an AVX-512 host the two sum in 16 and 8 lanes: the check compares two kernel sets.
      if (hostHasAvx512) expect(differing).toBeGreaterThan(0);
    }
  }, 300_000);
});
