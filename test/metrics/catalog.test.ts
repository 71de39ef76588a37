// Every metric in the catalog has all its pieces: a folder with a descriptor listed once, a class that
// matches the descriptor, versioned judge prompts, a test under test/metrics/ that names it, and a row in
// the README's metric table (which must be what `npm run docs:metrics` writes).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, expectTypeOf, it } from "vitest";
import { metricTable, readmePath, withMetricTable } from "../../scripts/docs-metrics.js";
import { InvalidInputError } from "../../src/errors.js";
import * as api from "../../src/index.js";
import {
  createMetric,
  findMetricDescriptor,
  metricClasses,
  metricDescriptors,
} from "../../src/metrics/catalog.js";
import type { MetricDescriptor } from "../../src/metrics/descriptor.js";
import { repoRoot } from "../setup/paths.js";
import { stubEmbeddings, stubLlm } from "../support/stub-models.js";

const llm = stubLlm;
const embeddings = stubEmbeddings;

const metricsDir = path.join(repoRoot, "src", "metrics");
/** Metric folders: the folders of src/metrics with a descriptor.ts, by the id(s) their descriptors export. */
const folders = new Map<string, string>();
for (const entry of readdirSync(metricsDir, { withFileTypes: true })) {
  const file = path.join(metricsDir, entry.name, "descriptor.ts");
  if (!entry.isDirectory() || !existsSync(file)) continue;
  const exports = Object.values((await import(pathToFileURL(file).href)) as Record<string, unknown>);
  const ids = exports.flatMap((e) =>
    e !== null && typeof e === "object" && "id" in e && "requiredFields" in e ? [String(e.id)] : [],
  );
  for (const id of ids.length > 0 ? ids : [`(no descriptor exported by ${entry.name}/descriptor.ts)`]) {
    folders.set(id, entry.name);
  }
}
const testFiles = readdirSync(path.join(repoRoot, "test", "metrics"), { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".test.ts") && f !== "catalog.test.ts")
  .map((f) => readFileSync(path.join(repoRoot, "test", "metrics", f), "utf8"));
const readme = readFileSync(readmePath, "utf8");

/** A metric built from its descriptor with default options, or undefined when its options have no defaults. */
function build(d: MetricDescriptor) {
  if (!d.options.safeParse({}).success) return undefined;
  return createMetric(d.id, { llm, embeddings });
}

describe("the metric catalog", () => {
  it("lists every metric folder once, with a snake_case id", () => {
    const ids = metricDescriptors.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9_]*$/);
    expect([...folders.keys()].sort()).toEqual([...ids].sort());
  });

  describe.each(metricDescriptors.map((d) => [d.id, d] as const))("%s", (id, d) => {
    const folder = path.join(metricsDir, folders.get(id) ?? "(missing)");

    it("has the pattern's files, and its class is built from the descriptor", () => {
      // A metric whose value is the number the judge writes (valueFrom "judge") has no formula, so no score.ts.
      const files =
        d.valueFrom === "judge" ? ["metric.ts", "descriptor.ts"] : ["score.ts", "metric.ts", "descriptor.ts"];
      for (const file of files) expect(existsSync(path.join(folder, file)), file).toBe(true);
      expect(d.description.trim()).not.toBe("");
      expect(d.description).not.toContain("\n");
      const metric = build(d);
      if (metric === undefined) return;
      // Identity is read from the descriptor, not restated: the built metric holds this very descriptor.
      expect((metric as { descriptor?: MetricDescriptor }).descriptor).toBe(d);
      expect(metric.name).toBe(id);
    });

    it.runIf(d.options.safeParse({}).success)(
      "checks options the one way: an unknown option is an InvalidInputError naming it",
      () => {
        expect(() => createMetric(id, { llm, embeddings }, { notAnOption: 1 })).toThrow(/notAnOption/);
        expect(() => createMetric(id, { llm, embeddings }, { notAnOption: 1 })).toThrow(InvalidInputError);
      },
    );

    it.runIf(d.needsLlm && d.options.safeParse({}).success)(
      "checks judge settings the one way: temperature -1 is refused, naming it",
      () => {
        let error: unknown;
        try {
          createMetric(id, { llm, embeddings }, { temperature: -1 });
        } catch (err) {
          error = err;
        }
        expect(error).toBeInstanceOf(InvalidInputError);
        expect((error as InvalidInputError).field).toBe("temperature");
      },
    );

    it.runIf(d.needsLlm)("has a prompt.ts, a judge.ts and a version for every judge prompt", () => {
      expect(existsSync(path.join(folder, "judge.ts")), "judge.ts").toBe(true);
      const metric = build(d);
      if (metric === undefined) {
        // Built only from a user definition: its prompts are its own.
        expect(existsSync(path.join(folder, "prompt.ts")), "prompt.ts").toBe(true);
        return;
      }
      const versions = Object.entries(metric.config().promptVersions);
      expect(versions.length).toBeGreaterThan(0);
      // A prompt is named `<owner id>/<step>`: the owner is this metric, a metric of the same folder, or a
      // catalog metric whose prompt this one reuses (e.g. answer_correctness asks faithfulness' statement
      // prompt). The prompts of this folder's own metrics live in its prompt.ts; a metric that only reuses
      // other folders' prompts has none.
      const ownerFolders = versions.map(([name, version]) => {
        const owner = name.slice(0, name.indexOf("/"));
        expect(name, name).toMatch(/^[a-z][a-z0-9_]*\/\S+$/);
        expect(findMetricDescriptor(owner), `${name}: the owner ${owner} is a catalog metric`).toBeDefined();
        expect(version, name).toMatch(/^\d+\.\d+\.\d+(\+[0-9A-Za-z.-]+)?$/);
        return folders.get(owner);
      });
      const ownPrompts = ownerFolders.some((f) => f === folders.get(id));
      expect(existsSync(path.join(folder, "prompt.ts")), "prompt.ts").toBe(ownPrompts);
    });

    it("is named by a test under test/metrics/", () => {
      expect(testFiles.some((text) => text.includes(id))).toBe(true);
    });

    it("has a row in the README's metric table", () => {
      expect(readme).toContain(`| \`${id}\``);
    });

    it("its public classes are exported from the package root", () => {
      const metricClass = metricClasses.find((c) => c.descriptor === d)!;
      const names = [metricClass.name, ...(d.surfaces?.ragasAliases ?? []), d.surfaces?.haystack];
      for (const name of names) if (name !== undefined) expect(api, name).toHaveProperty(name);
    });
  });

  it("the README's metric table is what npm run docs:metrics writes", () => {
    expect(withMetricTable(readme, metricTable())).toBe(readme);
  });

  it("createMetric parses options with the descriptor's schema, naming a bad option and a missing model", () => {
    expect(findMetricDescriptor("bleu")).toBeUndefined();
    expect(() => createMetric("faithfullness", {})).toThrow(
      /unknown metric "faithfullness"; did you mean faithfulness\? The metric ids: answer_relevancy/,
    );
    const metric = createMetric("answer_relevancy", { llm, embeddings }, { strictness: 5 });
    expect(metric.config().options).toMatchObject({ strictness: 5, noncommittalMode: "all", temperature: 0 });
    expect(() => createMetric("answer_relevancy", { llm, embeddings }, { strictness: 11 })).toThrow(
      /field "strictness": AnswerRelevancy: .*<=10.*got 11/,
    );
    expect(() => createMetric("faithfulness", { embeddings })).toThrow(
      /field "llm": metric faithfulness needs a judge/,
    );
  });
});

describe("constructor options are checked with the options schema", () => {
  it.each([
    ["Faithfulness", () => new api.Faithfulness({} as never), "llm"],
    ["FaithfulnessEvaluator", () => new api.FaithfulnessEvaluator({} as never), "llm"],
    ["ContextRelevance", () => new api.ContextRelevance(undefined as never), "llm"],
    [
      "ContextRelevanceEvaluator",
      () => new api.ContextRelevanceEvaluator({ llm, mode: "x" as never }),
      "mode",
    ],
    ["AnswerRelevancy", () => new api.AnswerRelevancy({ llm } as never), "embeddings"],
    ["AnswerRelevancy", () => new api.AnswerRelevancy({ llm, embeddings, strictness: 2.5 }), "strictness"],
    ["Faithfulness", () => new api.Faithfulness({ llm, temperature: -1 }), "temperature"],
    ["Faithfulness", () => new api.Faithfulness({ llm, maxTokens: 0 }), "maxTokens"],
    [
      "SemanticSimilarity",
      () => new api.SemanticSimilarity({ embeddings, threshold: Number.NaN }),
      "threshold",
    ],
    ["SASEvaluator", () => new api.SASEvaluator({ embeddings, batchSize: 0 }), "batchSize"],
    ["SASEvaluator", () => new api.SASEvaluator({ llm } as never), "embeddings"],
  ])("%s names the bad option (%#)", (where, make, field) => {
    let error: unknown;
    try {
      make();
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).field).toBe(field);
    expect((error as Error).message).toContain(`${where}: `);
  });

  it("a class inherits its constructor typed by its descriptor: an unknown key and a missing judge do not compile", () => {
    // The classes declare no constructor: the base's takes MetricOptionsOf<typeof descriptor>, optional only when
    // the descriptor requires nothing.
    expectTypeOf<ConstructorParameters<typeof api.ContextRecall>>().toEqualTypeOf<
      [api.ContextRecallOptions]
    >();
    expectTypeOf<ConstructorParameters<typeof api.ContextualRecallMetric>>().toEqualTypeOf<
      [api.ContextualRecallOptions]
    >();
    expectTypeOf<ConstructorParameters<typeof api.BleuScore>>().toEqualTypeOf<[api.BleuScoreOptions?]>();
    expectTypeOf<ConstructorParameters<typeof api.PatternMatch>>().toEqualTypeOf<[api.PatternMatchOptions]>();
    // @ts-expect-error: `temprature` is no option of ContextRecall
    expect(() => new api.ContextRecall({ llm, temprature: 0.5 })).toThrow(/temprature/);
    // @ts-expect-error: ContextualRecallMetric needs its judge
    expect(() => new api.ContextualRecallMetric({ threshold: 0.7 })).toThrow(/field "llm"/);
    // @ts-expect-error: no options at all, and the judge is required
    expect(() => new api.ContextRecall()).toThrow(/field "llm"/);
    // @ts-expect-error: BleuScore has no option `n`
    expect(() => new api.BleuScore({ n: 2 })).toThrow(/\bn\b/);
    expect(new api.BleuScore().name).toBe("bleu_score");
  });

  it("a missing model says how to pass one", () => {
    expect(() => new api.Faithfulness({} as never)).toThrow(
      /field "llm": Faithfulness: is missing or invalid: pass the judge as an Llm \(an object with generateObject\)/,
    );
  });
});
