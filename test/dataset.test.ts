import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkRequiredColumns, type InvalidRow, loadDataset, parseListCell } from "../src/dataset/index.js";
import { InvalidInputError } from "../src/errors.js";

const fixtures = path.join(path.dirname(new URL(import.meta.url).pathname), "fixtures", "datasets");
const fixture = (name: string): string => path.join(fixtures, name);
const tmp = mkdtempSync(path.join(os.tmpdir(), "airgap-dataset-"));
const writeTmp = (name: string, content: string | Uint8Array): string => {
  const file = path.join(tmp, name);
  writeFileSync(file, content);
  return file;
};

const pythonSample = {
  userInput: "Who created Python?",
  response: "Guido van Rossum created Python.",
  retrievedContexts: ["Python was created by Guido van Rossum in 1991."],
  reference: "Guido van Rossum",
};

describe("loadDataset: formats", () => {
  it("reads JSONL with Ragas names, skipping blank lines but counting them", () => {
    const ds = loadDataset(fixture("ragas.jsonl"));
    expect(ds.format).toBe("jsonl");
    expect(ds.invalid).toEqual([]);
    expect(ds.totalRows).toBe(3);
    expect(ds.samples.map((s) => [s.row, s.line])).toEqual([
      [0, 1],
      [1, 3],
      [2, 4],
    ]);
    expect(ds.samples[0]!.sample).toEqual(pythonSample);
    expect(ds.samples[0]!.extra).toEqual({ id: "q1" });
    expect(ds.samples[2]!.sample.referenceContexts).toEqual(["Star Wars (1977)"]);
  });

  it("reads a JSON array and gives each element's starting line", () => {
    const ds = loadDataset(fixture("ragas.json"));
    expect(ds.format).toBe("json");
    expect(ds.samples.map((s) => s.line)).toEqual([2, 9, 16]);
    expect(ds.samples[0]!.sample).toEqual(pythonSample);
    expect(ds.samples[1]!.sample.retrievedContexts).toEqual([
      "Paris is the capital of France.",
      "France is in Europe.",
    ]);
  });

  it("reads CSV with a BOM, CRLF, quoted fields, doubled quotes, embedded newlines, JSON and Python list cells", () => {
    const ds = loadDataset(fixture("tricky.csv"));
    expect(ds.invalid).toEqual([]);
    expect(ds.samples.map((s) => [s.row, s.line])).toEqual([
      [0, 2],
      [1, 3],
      [2, 6],
    ]);
    const [q1, q2, q3] = ds.samples.map((s) => s.sample);
    expect(Object.keys(ds.samples[0]!.extra)).toEqual(["id"]); // BOM stripped from the first header
    expect(q1).toEqual({
      userInput: "Who created Python, and when?",
      response: 'He said "Guido" made it.',
      retrievedContexts: ["Python was created by Guido van Rossum.", "Released in 1991."],
      reference: "Guido van Rossum",
    });
    expect(q2!.response).toBe("Paris.\r\nIt is also the largest city.");
    expect(q2!.retrievedContexts).toEqual(["Paris is the capital of France.", "France's capital is Paris."]);
    // An empty CSV cell means the field is absent.
    expect(q3!.reference).toBeUndefined();
  });

  it("reads Haystack column names", () => {
    const ds = loadDataset(fixture("haystack.jsonl"));
    expect(ds.samples.map((s) => s.sample)).toEqual([
      {
        userInput: "Who created Python?",
        response: "Guido van Rossum.",
        retrievedContexts: ["Python was created by Guido van Rossum."],
        reference: "Guido van Rossum",
      },
      {
        userInput: "What is the capital of France?",
        response: "Paris.",
        retrievedContexts: ["Paris is the capital of France."],
        reference: "Paris",
      },
    ]);
  });

  it("reads camelCase rows from memory, without line numbers", () => {
    const ds = loadDataset([pythonSample, { userInput: "q", response: "r" }]);
    expect(ds.format).toBe("rows");
    expect(ds.samples[0]).toEqual({ row: 0, sample: pythonSample, extra: {} });
    expect(ds.samples[1]!.line).toBeUndefined();
  });

  it("maps other names with columnMap (to camelCase or Ragas targets)", () => {
    const ds = loadDataset(fixture("custom-columns.csv"), {
      columnMap: { question_text: "user_input", model_answer: "response", docs: "retrievedContexts" },
    });
    expect(ds.samples.map((s) => s.sample)).toEqual([
      { userInput: "What is 2+2?", response: "4", retrievedContexts: ["2+2=4"] },
      { userInput: "What is the sky's colour?", response: "Blue", retrievedContexts: ["The sky is blue."] },
    ]);
    expect(ds.samples[0]!.extra).toEqual({ qid: "1" });
  });

  it("lets a mapped field override its default column names", () => {
    const ds = loadDataset([{ question: "old name", my_q: "mapped", response: "r" }], {
      columnMap: { my_q: "userInput" },
    });
    expect(ds.samples[0]!.sample.userInput).toBe("mapped");
    expect(ds.samples[0]!.extra).toEqual({ question: "old name" });
  });

  it("rejects a columnMap target that is not a sample field", () => {
    expect(() =>
      loadDataset(fixture("ragas.jsonl"), { columnMap: { contexts: "contexts_v1" as never } }),
    ).toThrow(/columnMap maps "contexts" to "contexts_v1", which is not a sample field/);
  });

  it("honours an explicit format and rejects unknown extensions", () => {
    const file = writeTmp("rows.txt", '{"user_input":"q","response":"r"}\n');
    expect(() => loadDataset(file)).toThrow(/cannot tell the dataset format from the extension ".txt"/);
    expect(loadDataset(file, { format: "jsonl" }).samples).toHaveLength(1);
  });

  it("names a missing file and an empty dataset", () => {
    expect(() => loadDataset(path.join(tmp, "nope.jsonl"))).toThrow(
      /nope\.jsonl: dataset file does not exist/,
    );
    expect(() => loadDataset(writeTmp("empty.jsonl", "\n\n"))).toThrow(/no data rows/);
  });
});

describe("loadDataset: bad rows", () => {
  const byRow = (invalid: InvalidRow[]): Map<number, InvalidRow> => new Map(invalid.map((i) => [i.row, i]));

  it("reports each bad row with its row, line, field and problem, and keeps the good ones", () => {
    const ds = loadDataset(fixture("bad-rows.jsonl"));
    // A bad value is an unreadable cell: its row is kept without that field, for metrics that do not read it.
    expect(ds.samples.map((s) => s.row)).toEqual([0, 1, 2, 3, 5, 6]);
    expect(ds.samples[1]!.sample).toEqual({ response: "number question" });
    expect(ds.totalRows).toBe(9);
    const cell = byRow(ds.badCells ?? []);
    expect(cell.get(1)).toEqual({
      row: 1,
      line: 2,
      field: "user_input",
      sampleField: "userInput",
      message: "expected a string, got a number",
    });
    expect(ds.samples[1]!.badCells).toEqual([cell.get(1)]);
    expect(cell.get(2)).toMatchObject({
      line: 3,
      field: "retrieved_contexts",
      message: expect.stringMatching(/empty list/),
    });
    expect(cell.get(3)).toMatchObject({
      line: 4,
      field: "response",
      message: expect.stringMatching(/empty string/),
    });
    expect(cell.get(5)).toMatchObject({
      line: 6,
      field: "retrieved_contexts[1]",
      message: "expected a string in the list, got a number",
    });
    expect(cell.get(6)).toMatchObject({
      line: 7,
      field: "retrieved_contexts",
      message: "expected a list of strings, got a string",
    });
    // Rows that cannot be read at all, or whose columns clash, stay out.
    const bad = byRow(ds.invalid);
    expect([...bad.keys()]).toEqual([4, 7, 8]);
    expect(bad.get(4)).toMatchObject({ line: 5, message: expect.stringMatching(/not valid JSON/) });
    expect(bad.get(4)!.field).toBeUndefined();
    expect(bad.get(7)).toMatchObject({ line: 8, message: "expected a JSON object per line, got a list" });
    expect(bad.get(8)).toMatchObject({
      line: 9,
      field: "question",
      message: expect.stringMatching(/both give userInput/),
    });
  });

  it("strict mode throws on the first bad row, naming file, line, row, field and the count", () => {
    let error: unknown;
    try {
      loadDataset(fixture("bad-rows.jsonl"), { strict: true });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(InvalidInputError);
    const e = error as InvalidInputError;
    expect([e.line, e.row, e.field, e.file]).toEqual([2, 1, "user_input", fixture("bad-rows.jsonl")]);
    expect(e.message).toMatch(
      /bad-rows\.jsonl, line 2, row 1, field "user_input": expected a string, got a number \(8 invalid rows/,
    );
    expect(() => loadDataset(fixture("ragas.jsonl"), { strict: true })).not.toThrow();
  });

  it("reports whitespace-only strings and empty strings inside lists", () => {
    const ds = loadDataset([
      { user_input: "  ", response: "r" },
      { user_input: "q", response: "r", contexts: ["ok", ""] },
    ]);
    expect(ds.badCells).toEqual([
      {
        row: 0,
        field: "user_input",
        sampleField: "userInput",
        message: expect.stringMatching(/empty string/),
      },
      {
        row: 1,
        field: "contexts[1]",
        sampleField: "retrievedContexts",
        message: expect.stringMatching(/empty string/),
      },
    ]);
  });

  it("accepts a 1 MB context in JSONL and in CSV", () => {
    const big = "lorem ipsum dolor sit amet ".repeat(40_000); // ~1.08 MB
    expect(big.length).toBeGreaterThan(1_000_000);
    const jsonl = writeTmp(
      "big.jsonl",
      `${JSON.stringify({ user_input: "q", response: "r", retrieved_contexts: [big] })}\n`,
    );
    expect(loadDataset(jsonl).samples[0]!.sample.retrievedContexts![0]).toHaveLength(big.length);
    const cell = JSON.stringify([big]).replaceAll('"', '""');
    const csv = writeTmp(
      "big.csv",
      `user_input,response,retrieved_contexts\nq,r,"${cell}"\nq2,r2,"[""small""]"\n`,
    );
    const ds = loadDataset(csv);
    expect(ds.invalid).toEqual([]);
    expect(ds.samples[0]!.sample.retrievedContexts![0]).toHaveLength(big.length);
    expect(ds.samples[1]!.line).toBe(3);
  });

  it("finds invalid UTF-8 in CSV, naming the line and the column, and keeps the other rows", () => {
    const bytes = Buffer.concat([
      Buffer.from('user_input,response\nfine,"multi\nline"\nbad,'),
      Buffer.from([0x66, 0xc3, 0x28, 0x6f]), // 0xC3 0x28 is not valid UTF-8
      Buffer.from("\nalso fine,ok\n"),
    ]);
    const ds = loadDataset(writeTmp("bad-utf8.csv", bytes));
    expect(ds.samples.map((s) => [s.row, s.line, s.sample.userInput])).toEqual([
      [0, 2, "fine"],
      [2, 5, "also fine"],
    ]);
    expect(ds.invalid).toEqual([
      {
        row: 1,
        line: 4,
        field: "response",
        message: expect.stringMatching(/^line 4 holds bytes that are not valid UTF-8/),
      },
    ]);
  });

  it("finds invalid UTF-8 in JSONL lines", () => {
    const bytes = Buffer.concat([
      Buffer.from('{"user_input":"q","response":"r"}\n{"user_input":"'),
      Buffer.from([0xff]),
      Buffer.from('","response":"r"}\n'),
    ]);
    const ds = loadDataset(writeTmp("bad-utf8.jsonl", bytes));
    expect(ds.samples).toHaveLength(1);
    expect(ds.invalid).toEqual([{ row: 1, line: 2, message: expect.stringMatching(/not valid UTF-8/) }]);
  });

  it("reports CSV rows with the wrong number of cells, and unparseable CSV with its line", () => {
    const ds = loadDataset(writeTmp("cells.csv", "user_input,response\nq,r\nq2,r2,extra\n"));
    expect(ds.invalid).toEqual([{ row: 1, line: 3, message: "has 3 cells, but the header has 2" }]);
    expect(() => loadDataset(writeTmp("quote.csv", 'user_input,response\nq,"unclosed\nx,y\n'))).toThrow(
      /quote\.csv.*CSV cannot be parsed: Quote Not Closed/,
    );
    expect(() => loadDataset(writeTmp("dup.csv", "response,response\na,b\n"))).toThrow(
      /names column "response" twice/,
    );
  });

  it("reports a list cell that is neither a JSON array nor a Python list", () => {
    const ds = loadDataset(
      writeTmp("list.csv", 'user_input,retrieved_contexts\nq,just text\nq2,"[""unclosed"\n'),
    );
    expect(ds.invalid).toEqual([]);
    const cell = { field: "retrieved_contexts", sampleField: "retrievedContexts" };
    expect(ds.badCells).toEqual([
      { row: 0, line: 2, ...cell, message: expect.stringMatching(/expected a JSON array of strings/) },
      { row: 1, line: 3, ...cell, message: expect.stringMatching(/not valid JSON.*nor a Python list/) },
    ]);
    expect(ds.samples.map((s) => s.sample)).toEqual([{ userInput: "q" }, { userInput: "q2" }]);
  });
});

describe("parseListCell", () => {
  it("parses JSON arrays and pandas-style Python lists", () => {
    expect(parseListCell('["a", "b"]')).toEqual({ value: ["a", "b"] });
    expect(parseListCell(`['it\\'s', "say \\"hi\\"", 'x\\ny']`)).toEqual({
      value: ["it's", 'say "hi"', "x\ny"],
    });
    expect(parseListCell("[]")).toEqual({ value: [] });
    expect(parseListCell("['a', 'b',]")).toEqual({ value: ["a", "b"] });
    expect(parseListCell("['a' 'b']")).toHaveProperty("error");
    expect(parseListCell("plain")).toHaveProperty("error");
  });
});

describe("checkRequiredColumns", () => {
  const metric = (
    name: string,
    requiredFields: Array<"userInput" | "response" | "reference" | "retrievedContexts">,
  ) => ({
    name,
    requiredFields,
  });

  it("passes when every required field appears in some row", () => {
    const ds = loadDataset(fixture("ragas.jsonl"));
    expect(() =>
      checkRequiredColumns(ds, [metric("faithfulness", ["userInput", "response", "retrievedContexts"])]),
    ).not.toThrow();
  });

  it("names the metric and the missing columns when no row has them", () => {
    const ds = loadDataset([{ user_input: "q", response: "r" }]);
    expect(() =>
      checkRequiredColumns(ds, [
        metric("semantic_similarity", ["response", "reference"]),
        metric("faithfulness", ["userInput", "response", "retrievedContexts"]),
      ]),
    ).toThrow(
      /semantic_similarity needs reference \(reference\); faithfulness needs retrieved_contexts \(retrievedContexts\)/,
    );
    expect(() => checkRequiredColumns([{ response: "r" }], [metric("x", ["reference"])])).toThrow(
      InvalidInputError,
    );
  });
});

describe("loadDataset: rubrics column", () => {
  const rubric = { score1_description: "Wrong.", score5_description: "Right." };

  it("reads a rubric object from JSON rows and a JSON cell from CSV", () => {
    const rows = loadDataset([{ user_input: "q", response: "r", rubrics: rubric }]);
    expect(rows.samples[0]!.sample.rubrics).toEqual(rubric);
    const dir = mkdtempSync(path.join(os.tmpdir(), "airgap-rubrics-"));
    const csv = path.join(dir, "r.csv");
    writeFileSync(csv, `user_input,response,rubrics\nq,r,"${JSON.stringify(rubric).replace(/"/g, '""')}"\n`);
    expect(loadDataset(csv).samples[0]!.sample.rubrics).toEqual(rubric);
    rmSync(dir, { recursive: true, force: true });
  });

  it("a rubric that is not an object of texts is an unreadable cell, naming the column", () => {
    const ds = loadDataset([
      { user_input: "q", response: "r", rubrics: "score1: bad" },
      { user_input: "q", response: "r", rubrics: { score1_description: "" } },
    ]);
    expect(ds.samples.map((s) => s.sample)).toEqual([
      { userInput: "q", response: "r" },
      { userInput: "q", response: "r" },
    ]);
    expect(ds.badCells?.map((i) => i.field)).toEqual(["rubrics", "rubrics.score1_description"]);
    expect(ds.badCells?.[0]?.message).toMatch(/expected an object of level name to description/);
  });
});
