import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ContextEntityRecall } from "../../src/metrics/context-entity-recall/metric.js";
import { contextEntityRecall } from "../../src/metrics/context-entity-recall/score.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const ENTITIES = "context_entity_recall/entities";
const sample = {
  reference: "The Eiffel Tower was finished in 1889 in Paris by Gustave Eiffel.",
  retrievedContexts: ["Paris's Eiffel Tower opened in 1889.", "It is made of iron."],
};

function judge(reference: string[], contexts: string[]) {
  return new ScriptedLlm({
    [ENTITIES]: (p) => ({ entities: p.input.includes("Gustave") ? reference : contexts }),
  });
}

describe("context entity recall formula (Ragas' epsilon)", () => {
  it("distinct shared entities over distinct reference entities + 1e-8", () => {
    expect(contextEntityRecall(["Paris", "1889", "Gustave Eiffel"], ["Paris", "1889"])).toBe(2 / (3 + 1e-8));
    expect(contextEntityRecall(["Paris"], ["Paris"])).toBe(1 / (1 + 1e-8));
    expect(contextEntityRecall(["Paris"], ["Paris"])).toBeCloseTo(0.99999999, 15);
    expect(contextEntityRecall(["Paris", "Paris"], ["Paris"])).toBe(1 / (1 + 1e-8));
    expect(contextEntityRecall(["Paris"], [])).toBe(0);
    expect(contextEntityRecall([], ["Paris"])).toBe(0);
  });
});

describe("ContextEntityRecall", () => {
  it("asks for the reference's entities, then the joined contexts'", async () => {
    const llm = judge(
      ["Eiffel Tower", "1889", "Paris", "Gustave Eiffel"],
      ["Paris", "Eiffel Tower", "1889", "iron"],
    );
    const result = await new ContextEntityRecall({ llm }).score(sample);
    expect(result).toMatchObject({ value: 3 / (4 + 1e-8), status: "ok" });
    expect(result.reason).toBe("3 of 4 reference entities are in the contexts");
    expect(result.details).toMatchObject({
      sharedEntities: ["Eiffel Tower", "1889", "Paris"],
      usage: { calls: 2 },
      promptVersions: { [ENTITIES]: "1.2.0" },
    });
    expect(llm.callsFor(ENTITIES)[1]!.prompt.input).toBe(
      "Text:\nParis's Eiffel Tower opened in 1889.\nIt is made of iron.",
    );
  });

  it("all entities found, none found, a single context, no reference entities, no contexts", async () => {
    const single = { ...sample, retrievedContexts: ["Paris's Eiffel Tower opened in 1889."] };
    expect((await new ContextEntityRecall({ llm: judge(["Paris"], ["Paris"]) }).score(single)).value).toBe(
      1 / (1 + 1e-8),
    );
    expect((await new ContextEntityRecall({ llm: judge(["Lyon"], ["Paris"]) }).score(sample)).value).toBe(0);
    const none = await new ContextEntityRecall({ llm: judge([], ["Paris"]) }).score(sample);
    expect(none).toMatchObject({ value: 0, status: "ok" });
    expect(none.reason).toMatch(/no entities in the reference/);
    const noContexts = judge(["Paris"], []);
    const r = await new ContextEntityRecall({ llm: noContexts }).score({ ...sample, retrievedContexts: [] });
    expect(r.value).toBe(0);
    expect(noContexts.calls).toHaveLength(1);
  });

  it("contexts too long for the judge are asked in parts and their entities united", async () => {
    const llm = new ScriptedLlm(
      {
        [ENTITIES]: (p) => ({
          entities: p.input.includes("Gustave")
            ? ["Paris", "1889"]
            : p.input.includes("Paris")
              ? ["Paris"]
              : ["1889"],
        }),
      },
      { maxInputChars: 75 },
    );
    const long = {
      ...sample,
      retrievedContexts: [
        "The city of Paris has a famous iron tower.",
        "The tower opened to the public in 1889.",
      ],
    };
    const result = await new ContextEntityRecall({ llm }).score(long);
    expect(result.value).toBe(2 / (2 + 1e-8));
    expect(result.details).toMatchObject({ splits: [{ field: "retrievedContexts" }] });
  });
});

describe("ContextEntityRecall's entity list is bounded by the text's words", () => {
  it("the schema sent to the judge has at most as many entities as the text has words", async () => {
    // SmolLM2-135M-Instruct repeated "Chromatography" on a 13-word reference until it was cut off at 2,048 tokens, a
    // failed row; the bound is the grammar's maxItems, so the judge closes the list there.
    const llm = judge(["Eiffel Tower"], ["Paris"]);
    await new ContextEntityRecall({ llm }).score(sample);
    const [reference, contexts] = llm.callsFor(ENTITIES);
    const maxItems = (call: typeof reference) =>
      (z.toJSONSchema(call!.schema) as unknown as { properties: { entities: { maxItems?: number } } })
        .properties.entities.maxItems;
    expect(maxItems(reference)).toBe(12);
    expect(maxItems(contexts)).toBe(11);
  });

  it("an answer repeating an entity past the bound fails its schema, as the grammar never lets a judge write it", async () => {
    const looping = judge(Array(13).fill("Paris"), ["Paris"]);
    const result = await new ContextEntityRecall({ llm: looping }).score(sample);
    expect(result.error).toMatch(/JudgeOutputError/);
  });
});
