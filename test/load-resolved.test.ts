// Finding a model is separate from loading it: both runtimes load a model found by resolveModel
// exactly as they load the same model named by id or path.
import { describe, expect, it } from "vitest";
import { TransformersEmbeddings } from "../src/embeddings/index.js";
import { InvalidInputError } from "../src/errors.js";
import { LlamaCppLlm } from "../src/llm/index.js";
import { resolveModel } from "../src/models/resolve.js";
import { tinyEncoderDir, tinyGgufPath } from "./setup/paths.js";

describe("loading a resolved model", () => {
  it("embeddings: a resolved registry model gives the vectors, id and settings of loading it by id", async () => {
    const resolved = await resolveModel("starter/glove-100d", { kind: "embedding" });
    await using byId = await TransformersEmbeddings.load({ model: "starter/glove-100d" });
    await using found = await TransformersEmbeddings.load({ model: resolved });
    const texts = ["a cat sat on the mat", "a kitten"];
    expect(await found.embed(texts)).toEqual(await byId.embed(texts));
    expect(found.provenance()).toEqual(byId.provenance());
  });

  it("embeddings: a resolved directory keeps the resolved id (its absolute path)", async () => {
    const resolved = await resolveModel(tinyEncoderDir, { kind: "embedding" });
    await using found = await TransformersEmbeddings.load({ model: resolved });
    expect(found.id).toBe(resolved.id);
  });

  it("embeddings: a judge model is refused with the field named", async () => {
    const judge = await resolveModel(tinyGgufPath, { kind: "llm" });
    await expect(TransformersEmbeddings.load({ model: judge })).rejects.toMatchObject({
      name: InvalidInputError.name,
      field: "model",
    });
  });

  it("judge: a resolved GGUF loads like its path, with the resolved id", async () => {
    const resolved = await resolveModel(tinyGgufPath, { kind: "llm" });
    await using llm = await LlamaCppLlm.load({ model: resolved, contextSize: 256 });
    expect(llm.modelPath).toBe(resolved.path);
    expect(llm.id).toBe(resolved.id);
    expect(llm.countTokens("hello world")).toBeGreaterThan(0);
  });

  it("judge: an embedding model is refused before anything loads", async () => {
    const encoder = await resolveModel(tinyEncoderDir, { kind: "embedding" });
    await expect(LlamaCppLlm.load({ model: encoder })).rejects.toMatchObject({
      name: InvalidInputError.name,
      field: "model",
    });
  });
});
