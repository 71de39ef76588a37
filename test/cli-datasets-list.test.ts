// `airgap-eval datasets list` as a user runs it: a header row names each column, and every data set's line lines up
// under it.
import { afterAll, describe, expect, it } from "vitest";
import { cliSandbox, runCli } from "./fixtures/cli/run-cli.js";

const sandbox = cliSandbox("airgap-datasets-list-");
afterAll(() => sandbox.cleanup());

describe("datasets list", () => {
  it("starts with a header row, and each column starts where its header does", async () => {
    const run = await runCli(["datasets", "list", "--datasets-dir", sandbox.file("datasets")], sandbox.env);
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    const header = lines[0] ?? "";
    expect(header.split(/\s{2,}|\s(?=\S)/).filter((w) => w !== "")).toEqual([
      "id",
      "rows",
      "labels",
      "labelled",
      "by",
      "metric",
      "licence",
      "size",
      "here",
    ]);
    const first = lines[1] ?? "";
    expect(first).toMatch(/^halueval-qa-sample +\d+ +binary/);
    // Left-aligned columns start under their header; right-aligned ones (rows, size) end under it.
    for (const word of ["labels", "labelled by", "metric", "licence", "here"]) {
      const at = header.indexOf(word);
      expect(first[at - 1], word).toBe(" ");
      expect(first[at], word).not.toBe(" ");
    }
    for (const word of ["rows", "size"]) {
      const end = header.indexOf(word) + word.length;
      expect(first[end - 1], word).not.toBe(" ");
      expect(first[end], word).toBe(" ");
    }
  });
});
