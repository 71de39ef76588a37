// Every metric's options type is what its constructor accepts, documented once. The type is read with the TypeScript
// checker from the constructor's parameter (its own, or the one it inherits from its base), as a user's editor reads
// it. Its keys must be exactly the descriptor schema's keys plus the models the descriptor's needs name (`llm`,
// `embeddings`); each key needs a doc comment that says its default ("Defaults to 3.", matching the schema's default)
// or that it is required; and where the schema key has a `.describe()` text (the CLI's `--metric-option` help), the doc
// comment starts with it, so the editor and the CLI say the same thing. So an option documented but refused at run
// time, or accepted but undocumented, fails.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { metricClasses } from "../../src/metrics/catalog.js";
import { contextRelevanceEvaluatorSchema } from "../../src/metrics/context-relevance/options.js";
import type { MetricOptionSchema } from "../../src/metrics/descriptor.js";
import { faithfulnessEvaluatorSchema } from "../../src/metrics/faithfulness/options.js";
import { semanticSimilarityDescriptor } from "../../src/metrics/semantic-similarity/descriptor.js";
import { repoRoot } from "../setup/paths.js";
import { typeScriptProgram } from "../support/ts-program.js";

/** A class to check: its name, the module that exports it, its options schema and the models it takes besides. */
interface Subject {
  name: string;
  module: string;
  schema: MetricOptionSchema;
  models: readonly string[];
}

/** Where catalog.ts imports each class from, so the class's options type is read from its own module. */
const catalogModules = new Map<string, string>();
const catalogPath = path.join(repoRoot, "src/metrics/catalog.ts");
const catalogSource = ts.createSourceFile(
  catalogPath,
  readFileSync(catalogPath, "utf8"),
  ts.ScriptTarget.ES2022,
);
for (const statement of catalogSource.statements) {
  const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
  if (bindings === undefined || !ts.isNamedImports(bindings)) continue;
  const specifier = ((statement as ts.ImportDeclaration).moduleSpecifier as ts.StringLiteral).text;
  for (const element of bindings.elements) catalogModules.set(element.name.text, specifier);
}

const subjects: Subject[] = [
  ...metricClasses.map((c) => ({
    name: c.name,
    module: path.join(repoRoot, "src/metrics", catalogModules.get(c.name)!.replace(/\.js$/, ".ts")),
    schema: c.descriptor.options,
    models: [
      ...(c.descriptor.needsLlm ? ["llm"] : []),
      ...(c.descriptor.needsEmbeddings ? ["embeddings"] : []),
    ],
  })),
  {
    name: "ContextRelevanceEvaluator",
    module: path.join(repoRoot, "src/metrics/context-relevance/evaluator.ts"),
    schema: contextRelevanceEvaluatorSchema,
    models: [],
  },
  {
    name: "FaithfulnessEvaluator",
    module: path.join(repoRoot, "src/metrics/faithfulness/evaluator.ts"),
    schema: faithfulnessEvaluatorSchema,
    models: [],
  },
  {
    name: "SASEvaluator",
    module: path.join(repoRoot, "src/metrics/semantic-similarity/evaluator.ts"),
    schema: semanticSimilarityDescriptor.options,
    models: ["embeddings"],
  },
];

/**
 * The type of a constructor's first argument from its first parameter's type. A constructor inherited from a metric
 * base takes `...[options]: MetricConstructorArgs<D>`, a rest parameter of a one-element tuple: its element is it.
 */
function firstArgument(checker: ts.TypeChecker, type: ts.Type): ts.Type {
  return checker.isTupleType(type) ? checker.getTypeArguments(type as ts.TypeReference)[0]! : type;
}

/** Each subject's options type: its properties and their doc comments, read from the constructor's first parameter. */
function optionsTypes(): Map<string, Map<string, string>> {
  const { program, checker } = typeScriptProgram([...new Set(subjects.map((s) => s.module))]);
  const out = new Map<string, Map<string, string>>();
  for (const subject of subjects) {
    const source = program.getSourceFile(subject.module)!;
    const exported = checker
      .getExportsOfModule(checker.getSymbolAtLocation(source)!)
      .find((s) => s.name === subject.name)!;
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const constructorType = checker.getTypeOfSymbol(symbol);
    const parameter = constructorType.getConstructSignatures()[0]!.getParameters()[0]!;
    const type = checker.getNonNullableType(firstArgument(checker, checker.getTypeOfSymbol(parameter)));
    const props = new Map<string, string>();
    for (const prop of checker.getPropertiesOfType(type)) {
      props.set(prop.name, ts.displayPartsToString(prop.getDocumentationComment(checker)).trim());
    }
    out.set(subject.name, props);
  }
  return out;
}

/** `text` with each run of white space as one space: a doc comment wraps its prose at the formatter's width. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ");
}

/** What is wrong with a subject's options type, one line each; empty when it is its schema, documented. */
function problems(subject: Subject, props: Map<string, string>): string[] {
  const shape = subject.schema.shape as Record<string, z.ZodType>;
  const found: string[] = [];
  const expected = [...new Set([...Object.keys(shape), ...subject.models])].sort();
  const actual = [...props.keys()].sort();
  for (const key of expected) if (!actual.includes(key)) found.push(`${key} is accepted but not in the type`);
  for (const key of actual) if (!expected.includes(key)) found.push(`${key} is in the type but refused`);
  const json = z.toJSONSchema(subject.schema, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, { default?: unknown }>;
  };
  for (const [key, doc] of props) {
    if (doc === "") {
      found.push(`${key} has no doc comment`);
      continue;
    }
    const fallback = json.properties?.[key]?.default;
    if (["number", "string", "boolean"].includes(typeof fallback)) {
      if (!oneLine(doc).includes(`Defaults to ${JSON.stringify(fallback)}`)) {
        found.push(`${key}'s doc does not say "Defaults to ${JSON.stringify(fallback)}"`);
      }
    } else if (!/Defaults to|Required/.test(doc)) {
      found.push(`${key}'s doc says neither its default nor that it is required`);
    }
    const described = shape[key]?.description;
    if (described !== undefined && !oneLine(doc).startsWith(oneLine(described))) {
      found.push(`${key}'s doc does not start with its .describe() text "${described}"`);
    }
  }
  return found;
}

describe("every metric's options type", () => {
  const types = optionsTypes();

  it.each(subjects.map((s) => [s.name, s] as const))(
    "%s: its schema's keys plus its models, each documented with its default",
    (_name, subject) => {
      expect(problems(subject, types.get(subject.name)!)).toEqual([]);
    },
  );

  it("can fail: an undocumented key, a refused key and a wrong default are each found", () => {
    const subject: Subject = {
      name: "Example",
      module: "",
      schema: z.object({ strictness: z.number().default(3).describe("Questions per sample.") }),
      models: ["llm"],
    };
    const props = new Map([
      ["llm", ""],
      ["strictness", "Questions per sample. Defaults to 4."],
      ["extra", "Defaults to none."],
    ]);
    expect(problems(subject, props)).toEqual([
      "extra is in the type but refused",
      "llm has no doc comment",
      'strictness\'s doc does not say "Defaults to 3"',
    ]);
  });
}, 120_000);
