// The options of the user-defined judges cannot drift from what they accept. Each class's options type is
// read with the TypeScript checker: its properties must be exactly its descriptor schema's keys plus `llm`, each
// with a doc comment saying its default (or that it is required); docs/custom-judges.md's option table must name,
// for each kind, exactly its schema's keys. So an option documented but refused at run time, or accepted but
// undocumented, fails here. Then `optionalInputs`, once documented and refused, is shown to work.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import type { MetricId } from "../../src/cli/metric-factory.js";
import { AspectCritic } from "../../src/metrics/aspect-critic/metric.js";
import { metricDescriptor } from "../../src/metrics/catalog.js";
import { GEval } from "../../src/metrics/g-eval/metric.js";
import { InstanceRubrics, RubricsScore } from "../../src/metrics/rubrics/metric.js";
import { SimpleCriteriaScore } from "../../src/metrics/simple-criteria/metric.js";
import { ScriptedLlm } from "../support/scripted-llm.js";
import { typeScriptProgram } from "../support/ts-program.js";

const repo = path.resolve(import.meta.dirname, "../..");

/** Each class, its metric id and its options type's exported name. */
const judges = [
  { id: "aspect_critic", type: "AspectCriticOptions" },
  { id: "simple_criteria", type: "SimpleCriteriaScoreOptions" },
  { id: "g_eval", type: "GEvalOptions" },
  { id: "rubrics_score", type: "RubricsScoreOptions" },
  { id: "instance_rubrics", type: "RubricJudgeOptions" },
  { id: "llm_evaluator", type: "LLMJudgeMetricOptions" },
] as const;

function schemaKeys(id: MetricId): string[] {
  const schema = metricDescriptor(id).options as unknown as { shape: Record<string, unknown> };
  return Object.keys(schema.shape).sort();
}

/** The options types' properties with their doc comments, read from src/index.ts as a user's editor would. */
function optionsTypeDocs(): Map<string, Map<string, string>> {
  const entry = path.join(repo, "src/index.ts");
  const { program, checker } = typeScriptProgram([entry]);
  const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry)!)!);
  const out = new Map<string, Map<string, string>>();
  for (const { type } of judges) {
    const exported = exports.find((s) => s.name === type)!;
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const props = new Map<string, string>();
    for (const prop of checker.getDeclaredTypeOfSymbol(symbol).getProperties()) {
      props.set(prop.name, ts.displayPartsToString(prop.getDocumentationComment(checker)));
    }
    out.set(type, props);
  }
  return out;
}

/** docs/custom-judges.md's option table: each option and the kinds its row names ("all", "all but x", or ids). */
function documentedOptions(kind: string): string[] {
  const text = readFileSync(path.join(repo, "docs/custom-judges.md"), "utf8");
  const table = text.slice(text.indexOf("| option | kinds | meaning | default |"));
  const rows = table.split("\n").slice(2);
  const options: string[] = [];
  for (const row of rows) {
    if (!row.startsWith("|")) break;
    const [, names, kinds] = row.split("|").map((cell) => cell.trim());
    const ids = [...kinds!.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
    const applies = kinds!.startsWith("all but")
      ? !ids.includes(kind)
      : kinds === "all" || ids.includes(kind);
    if (applies) options.push(...[...names!.matchAll(/`(\w+)`/g)].map((m) => m[1]!));
  }
  return [...new Set(options)].sort();
}

describe("the user-defined judges' options", () => {
  const docs = optionsTypeDocs();

  it.each(judges)(
    "$type is its descriptor's options plus llm, each documented with its default",
    ({ id, type }) => {
      const props = docs.get(type)!;
      expect([...props.keys()].sort()).toEqual([...schemaKeys(id), "llm"].sort());
      for (const [name, doc] of props) {
        expect(doc, `${type}.${name} has no doc comment`).not.toBe("");
        expect(doc, `${type}.${name} does not say its default`).toMatch(/Defaults to|defaults to|Required/);
      }
    },
    60_000,
  );

  it.each(judges)("docs/custom-judges.md lists exactly the options $id accepts", ({ id }) => {
    expect(documentedOptions(id)).toEqual(schemaKeys(id).sort());
  });

  it("can fail: an option the schema lacks is found in the type check and in the docs check", () => {
    expect(schemaKeys("aspect_critic")).not.toContain("evaluationSteps");
    expect(documentedOptions("aspect_critic")).not.toContain("evaluationSteps");
    expect(documentedOptions("g_eval")).toContain("evaluationSteps");
  });
});

describe("optionalInputs", () => {
  const sample = { userInput: "What is the capital of France?", response: "Paris.", reference: "Paris" };

  it("is accepted by every kind and shows the field to the judge only when the row has it", async () => {
    const llm = new ScriptedLlm({
      "aspect_critic/correct": [
        { reason: "Matches.", verdict: 1 },
        { reason: "No reference.", verdict: 1 },
      ],
    });
    const metric = new AspectCritic({
      llm,
      name: "correct",
      definition: "Does the response agree with the reference?",
      inputs: ["user_input", "response"],
      optionalInputs: ["reference"],
    });
    expect(metric.requiredFields).toEqual(["userInput", "response"]);
    await metric.score(sample);
    await metric.score({ userInput: sample.userInput, response: sample.response });
    const [withReference, without] = llm.callsFor("aspect_critic/correct");
    expect(withReference!.prompt.input).toContain('"reference"');
    expect(without!.prompt.input).not.toContain('"reference"');
    expect(metric.config().options).toMatchObject({ optionalInputs: "reference" });

    const judgeLlm = new ScriptedLlm({});
    const common = { llm: judgeLlm, optionalInputs: ["reference"] };
    for (const made of [
      () => new SimpleCriteriaScore({ ...common, name: "s", definition: "Is it right?" }),
      () => new GEval({ ...common, name: "g", criteria: "Correctness", evaluationSteps: ["Compare."] }),
      () => new RubricsScore(common),
      () => new InstanceRubrics(common),
    ]) {
      expect(made().config().options).toMatchObject({ optionalInputs: "reference" });
    }
  });

  it("names a field a judge cannot read", () => {
    expect(
      () =>
        new AspectCritic({
          llm: new ScriptedLlm({}),
          name: "x",
          definition: "d",
          optionalInputs: ["messages"],
        }),
    ).toThrow(/optionalInputs.*"messages" is not a field a judge can read/);
  });
});
