// An emulated x86-64 CPU without AVX-512 for the cross-CPU tests: qemu-user (Debian's qemu-user, which .ci/run
// installs) running node as an Intel Haswell, where ggml picks its haswell build and onnxruntime its AVX2 kernels.
import { execFileSync } from "node:child_process";

function hasQemu(): boolean {
  try {
    execFileSync("qemu-x86_64", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** True where the emulated Haswell can run: Linux x64 with qemu-x86_64 on the PATH. */
export const canEmulateHaswell = process.platform === "linux" && process.arch === "x64" && hasQemu();

/** The command prefix that runs a program on the emulated Haswell. */
export const emulatedHaswell: readonly string[] = ["qemu-x86_64", "-cpu", "Haswell"];
