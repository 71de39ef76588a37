// Which llama.cpp CPU build a judge asks for, and how the loaded build is checked: pure parts, no runtime.
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../src/errors.js";
import {
  checkCpuBuildOption,
  chooseCpuBuild,
  confirmCpuBuild,
  cpuBuildOfFile,
  PORTABLE_CPU_BUILDS,
  type PrebuiltCpuBinary,
} from "../src/llm/cpu-build.js";

const binary: PrebuiltCpuBinary = {
  folder: "/bins/linux-x64",
  builds: new Map([
    ["haswell", "/bins/linux-x64/libggml-cpu-haswell.so"],
    ["zen4", "/bins/linux-x64/libggml-cpu-zen4.so"],
    ["x64", "/bins/linux-x64/libggml-cpu-x64.so"],
  ]),
};
const portable = PORTABLE_CPU_BUILDS[`${process.platform}-${process.arch}`];

describe("cpuBuildOfFile", () => {
  it("reads the build name from Linux, macOS and Windows library names", () => {
    expect(cpuBuildOfFile("/x/libggml-cpu-haswell.so")).toBe("haswell");
    expect(cpuBuildOfFile("C:\\bins\\ggml-cpu-zen4.dll")).toBe("zen4");
    expect(cpuBuildOfFile("libggml-cpu-armv8.2_1.so")).toBe("armv8.2_1");
    expect(cpuBuildOfFile("ggml-cpu.dll")).toBe("generic");
  });

  it("ignores the other ggml and llama libraries", () => {
    for (const file of ["libggml-base.so", "libggml.v0.4.0.so", "libllama.v0.4.0.so", "llama-addon.node"]) {
      expect(cpuBuildOfFile(file)).toBeUndefined();
    }
  });
});

describe("checkCpuBuildOption", () => {
  it("takes portable, fastest and build names", () => {
    for (const value of ["portable", "fastest", "haswell", "armv8.2_1"]) {
      expect(checkCpuBuildOption(value, "cpuBuild")).toBe(value);
    }
  });

  it("names the field for anything else", () => {
    for (const value of ["", "has well", "../x", 3, null]) {
      expect(() => checkCpuBuildOption(value, "cpuBuild")).toThrow(InvalidInputError);
      expect(() => checkCpuBuildOption(value, "cpuBuild")).toThrow(/cpuBuild.*"portable", "fastest"/);
    }
  });
});

describe("chooseCpuBuild", () => {
  it.runIf(portable === "haswell")("pins the AVX2 build for portable on x86-64, with a fallback", () => {
    expect(chooseCpuBuild("portable", binary)).toEqual({
      pinned: { name: "haswell", file: "/bins/linux-x64/libggml-cpu-haswell.so" },
      fallback: true,
    });
  });

  it("leaves fastest to ggml", () => {
    expect(chooseCpuBuild("fastest", binary)).toEqual({ fallback: true });
  });

  it("pins a named build without a fallback", () => {
    expect(chooseCpuBuild("x64", binary)).toEqual({
      pinned: { name: "x64", file: "/bins/linux-x64/libggml-cpu-x64.so" },
      fallback: false,
    });
  });

  it("refuses a build the binary does not ship, listing those it does", () => {
    expect(() => chooseCpuBuild("icelake", binary)).toThrow(
      /no CPU build named "icelake".*the builds here are haswell, zen4, x64/,
    );
  });

  it("leaves the choice to ggml where the binary has no builds to choose from", () => {
    expect(chooseCpuBuild("portable", { folder: "/bins/win-arm64", builds: new Map() })).toEqual({
      fallback: true,
    });
  });
});

describe("confirmCpuBuild", () => {
  const pinnedHaswell = { pinned: { name: "haswell", file: "h.so" }, fallback: true };

  it("gives the pinned build when it alone is loaded", () => {
    expect(confirmCpuBuild(pinnedHaswell, "portable", ["haswell"])).toBe("haswell");
  });

  it("refuses a process that loaded another build first", () => {
    expect(() => confirmCpuBuild(pinnedHaswell, "portable", ["zen4", "haswell"])).toThrow(
      /several llama\.cpp CPU builds loaded \(zen4, haswell\).*load airgap-eval's judges first/s,
    );
  });

  it("records the build a CPU without AVX2 falls back to under portable", () => {
    expect(confirmCpuBuild(pinnedHaswell, "portable", ["sandybridge"])).toBe("sandybridge");
  });

  it("refuses a named build this CPU cannot run", () => {
    const named = { pinned: { name: "zen4", file: "z.so" }, fallback: false };
    expect(() => confirmCpuBuild(named, "zen4", ["haswell"])).toThrow(
      /zen4 CPU build cannot run on this CPU \(haswell was loaded instead\)/,
    );
  });

  it("gives ggml's choice for fastest", () => {
    expect(confirmCpuBuild({ fallback: true }, "fastest", ["zen4"])).toBe("zen4");
  });
});
