// A verifier named by models.json id or by directory is part of its metric's config() by its ONNX file's sha256,
// before it is loaded: new weights in the same directory are a new config, so the result cache misses and
// --resume refuses, naming the difference.
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeVerifierFixture } from "../../../scripts/verifier-fixtures/index.js";
import { Cache } from "../../../src/cache/index.js";
import { closeSharedVerifiers, evaluate, VerifierFaithfulness } from "../../../src/index.js";
import { createMetric } from "../../../src/metrics/catalog.js";
import { loadRegistry } from "../../../src/models/registry.js";

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "airgap-eval-verifier-digest-"));
});
afterAll(async () => {
  await closeSharedVerifiers();
  await rm(tmp, { recursive: true, force: true });
});

const rows = [
  { response: "Paris is in France. It is large.", retrieved_contexts: ["Paris is a city in France."] },
  { response: "Lyon is small.", retrieved_contexts: ["Lyon is a city."] },
];

async function fileSha256(file: string): Promise<string> {
  return createHash("sha256")
    .update(await readFile(file))
    .digest("hex");
}

describe("verifier digest in config()", () => {
  it("records a models.json id's pinned ONNX digest without the model on disk", () => {
    const pinned = loadRegistry()
      .get("nli-deberta-v3-small")!
      .source.files.find((f) => f.path.endsWith(".onnx"))!.sha256;
    expect(pinned).toMatch(/^[0-9a-f]{64}$/);
    const config = createMetric("verifier_faithfulness", {}, {}).config();
    expect(config.options).toMatchObject({ verifier: "nli-deberta-v3-small", verifierSha256: pinned });
  });

  it("records null for a directory that does not exist (loading it then says why)", () => {
    const config = new VerifierFaithfulness({ verifier: path.join(tmp, "missing") }).config();
    expect(config.options).toMatchObject({ verifierSha256: null });
  });

  it("hashes a directory's ONNX file: new weights miss the cache and --resume refuses them", async () => {
    const dir = path.join(tmp, "nli");
    await writeVerifierFixture(dir, "nli", { seed: 1 });
    const first = await fileSha256(path.join(dir, "onnx", "model.onnx"));
    const metric = () => new VerifierFaithfulness({ verifier: dir });
    expect(metric().config().options).toMatchObject({ verifier: dir, verifierSha256: first });

    const out = path.join(tmp, "results.jsonl");
    using cache = Cache.open({ path: path.join(tmp, "cache.sqlite") });
    const a = await evaluate(rows, [metric()], { out, cache, progress: "none" });
    expect(a.records.map((r) => r.result.status)).toEqual(["ok", "ok"]);
    expect(a.records[0]!.result.details).toMatchObject({ verifier: { sha256: first } });
    const again = await evaluate(rows, [metric()], { cache, progress: "none" });
    expect(again.metadata.cache).toEqual({ hits: 2, misses: 0 });

    await closeSharedVerifiers();
    await writeVerifierFixture(dir, "nli", { seed: 2 });
    const second = await fileSha256(path.join(dir, "onnx", "model.onnx"));
    expect(second).not.toBe(first);
    expect(metric().config().options).toMatchObject({ verifierSha256: second });
    const changed = await evaluate(rows, [metric()], { cache, progress: "none" });
    expect(changed.metadata.cache).toEqual({ hits: 0, misses: 2 });
    expect(changed.records[0]!.result.details).toMatchObject({ verifier: { sha256: second } });
    await expect(evaluate(rows, [metric()], { out, resume: true, progress: "none" })).rejects.toThrow(
      new RegExp(`verifier_faithfulness: option verifierSha256 ${first} -> ${second}`),
    );
  });
});
