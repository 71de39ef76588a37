// The same numbers on every CPU of an architecture: the judge runs llama.cpp's portable CPU build (haswell on
// x86-64) whatever build ggml would pick, records it, and one process runs one build. The cross-CPU check runs the
// CLI on this CPU and on an emulated Haswell (qemu-x86_64 -cpu Haswell: no AVX-512, so ggml's own choice there is
// the haswell build and onnxruntime picks its AVX2 kernels), and shows that forcing two builds changes the numbers.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AirgapEvalError, InvalidInputError } from "../src/errors.js";
import { loadedCpuBuilds, PORTABLE_CPU_BUILDS } from "../src/llm/cpu-build.js";
import { LlamaCppLlm } from "../src/llm/llama-cpp-llm.js";
import { cliSandbox, exampleRows, runCli } from "./fixtures/cli/run-cli.js";
import { repoRoot, starterModelDir, tinyGgufPath } from "./setup/paths.js";
import { canEmulateHaswell, emulatedHaswell } from "./support/emulated-cpu.js";
import { comparableResults as comparable } from "./support/real-model-runs.js";

const portable = PORTABLE_CPU_BUILDS[`${process.platform}-${process.arch}`];

describe("the judge's llama.cpp CPU build", () => {
  it("is the portable build by default, alone in the process, and recorded in the provenance", async () => {
    await using llm = await LlamaCppLlm.load({ modelPath: tinyGgufPath, threads: 1 });
    if (portable !== undefined) expect(llm.cpuBuild).toBe(portable);
    expect(loadedCpuBuilds()).toEqual([llm.cpuBuild]);
    expect(llm.provenance().settings).toMatchObject({
      cpuBuild: llm.cpuBuild,
      llamaCpp: expect.stringMatching(/\S/),
    });
  });

  it("cannot change within a process: ggml registers one CPU build for all of it", async () => {
    const err = await LlamaCppLlm.load({ modelPath: tinyGgufPath, threads: 1, cpuBuild: "fastest" }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AirgapEvalError);
    expect((err as Error).message).toMatch(/already runs llama\.cpp's \S+ CPU build.*another process|own/s);
    // The build the process runs, asked for by name, is the same one.
    if (portable !== undefined) {
      await using same = await LlamaCppLlm.load({ modelPath: tinyGgufPath, threads: 1, cpuBuild: portable });
      expect(same.cpuBuild).toBe(portable);
    }
  });

  it("refuses a build name node-llama-cpp does not ship, naming the ones it does", async () => {
    const err = await LlamaCppLlm.load({ modelPath: tinyGgufPath, cpuBuild: "pentium4" }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as Error).message).toMatch(/no CPU build named "pentium4"/);
    await expect(LlamaCppLlm.load({ modelPath: tinyGgufPath, cpuBuild: "a b" })).rejects.toThrow(/cpuBuild/);
  });

  it("gives the same probabilities and answers at 1, 2 and 4 threads", async () => {
    // One forward pass per call (a choice's probabilities) plus a short grammar-constrained answer: enough to show a
    // thread count's rounding, cheap enough for 4 threads on a 2-core machine (threads spin while they wait).
    const prompts = exampleRows()
      .slice(0, 3)
      .map((r, i) => ({
        name: `threads-${i}`,
        version: "1",
        system: "Is the statement supported by the context? Answer with a verdict.",
        examples: [],
        input: `context: ${(r.retrieved_contexts as string[]).join(" ")}\nstatement: ${String(r.response)}`,
      }));
    const outcomes: string[] = [];
    for (const threads of [1, 2, 4]) {
      await using llm = await LlamaCppLlm.load({
        modelPath: tinyGgufPath,
        threads,
        memoSize: 0,
        maxTokens: 12,
      });
      const out = [];
      for (const prompt of prompts) {
        out.push(await llm.scoreChoices(prompt, { prefix: '{"verdict":', choices: ["0", "1"], suffix: "}" }));
        out.push((await llm.generateObject(prompt, z.object({ verdict: z.string().max(24) }))).value);
      }
      outcomes.push(JSON.stringify(out));
    }
    expect(outcomes[0]).toMatch(/"probabilities":\{"0":0\.\d+,"1":0\.\d+/);
    expect(outcomes[1]).toBe(outcomes[0]);
    expect(outcomes[2]).toBe(outcomes[0]);
  }, 300_000);
});

if (!canEmulateHaswell) {
  console.warn(
    "cpu-build.test.ts: the emulated-Haswell run is skipped: it needs Linux x64 and qemu-x86_64 (Debian: qemu-user)",
  );
}

describe("results on two CPUs", () => {
  const box = cliSandbox("airgap-cpu-build-");
  afterAll(() => box.cleanup());
  const dataset = box.file("three.jsonl");
  const rows = readFileSync(path.join(repoRoot, "examples", "rag-eval.jsonl"), "utf8")
    .split("\n")
    .slice(0, 3)
    .join("\n");
  const run = async (name: string, extra: string[], wrapper: string[] = []): Promise<string> => {
    const out = box.file(`${name}.jsonl`);
    const result = await runCli(
      [
        "eval",
        dataset,
        "--llm",
        tinyGgufPath,
        "--embeddings",
        starterModelDir,
        "--metrics",
        "faithfulness,semantic_similarity",
        // Probabilities show a build's rounding even where the greedy verdict does not move.
        "--metric-option",
        "faithfulness.confidence=true",
        "--no-cache",
        "--quiet",
        "--out",
        out,
        ...extra,
      ],
      box.env,
      wrapper,
    );
    expect(result.stderr).not.toMatch(/Error|error:/);
    expect(result.code, result.stderr).toBe(0);
    return out;
  };

  it.runIf(canEmulateHaswell)(
    "are byte-identical under the default on this CPU and on an emulated Haswell",
    async () => {
      writeFileSync(dataset, `${rows}\n`);
      const here = await run("here", []);
      const haswell = await run("haswell", [], [...emulatedHaswell]);
      expect(comparable(haswell)).toBe(comparable(here));
      expect(readFileSync(here, "utf8")).toContain('"cpuBuild":"haswell"');
    },
    600_000,
  );

  it.runIf(process.arch === "x64")(
    "differ when two builds are forced: the check above has teeth",
    async () => {
      writeFileSync(dataset, `${rows}\n`);
      const x64 = await run("x64", ["--cpu-build", "x64"]);
      const portableRun = await run("portable", ["--cpu-build", "portable"]);
      const withoutBuild = (file: string) => comparable(file).replace(/"cpuBuild":"[\w.]+"/g, "");
      expect(withoutBuild(x64)).not.toBe(withoutBuild(portableRun));
      expect(readFileSync(x64, "utf8")).toContain('"cpuBuild":"x64"');
    },
    300_000,
  );
});
