// The files `generate` reads and writes, checked before anything is read or written: no output (the test set, its
// rejected and config files) may be an input (a document, the personas, the stage module, a shard and its side
// files) under any name, `--overwrite` or not.
import { statSync } from "node:fs";
import { testsetFiles } from "../generate/testset-files.js";
import { assertOutputsAreNotInputs, filesUnder, type InputPath, type OutputPath } from "../util/real-path.js";

/** The three files a run writing `out` writes, with the flag that names them. */
function testsetOutputs(out: string): OutputPath[] {
  const files = testsetFiles(out);
  return [
    { path: files.out, flag: "--out" },
    { path: files.rejected, flag: "--out's rejected file" },
    { path: files.config, flag: "--out's config file" },
  ];
}

/** The document files an argument names: the file itself, or every file under a folder. */
function documentFiles(input: string): string[] {
  let isFolder = false;
  try {
    isFolder = statSync(input).isDirectory();
  } catch {
    // not there: reading it names the problem
  }
  return isFolder ? filesUnder(input) : [input];
}

/**
 * Refuses a `generate` run whose `--out` (or its side files) is one of its documents, its personas file or its stage
 * module, by path, symlink or hard link.
 *
 * @example
 * assertGenerateOutputs("testset.jsonl", { documents: ["docs/"], personas: "p.json" });
 */
export function assertGenerateOutputs(
  out: string,
  inputs: { documents: readonly string[]; personas?: string; stage?: string },
): void {
  const read: InputPath[] = [
    ...inputs.documents.flatMap(documentFiles).map((file) => ({ path: file, what: "the document" })),
    ...(inputs.personas !== undefined ? [{ path: inputs.personas, what: "the --personas file" }] : []),
    ...(inputs.stage !== undefined ? [{ path: inputs.stage, what: "the --stage module" }] : []),
  ];
  assertOutputsAreNotInputs(testsetOutputs(out), read);
}

/** Refuses a `generate --merge` whose `--out` (or its side files) is a shard's file or side file under any name. */
export function assertMergeOutputs(out: string, shards: readonly string[]): void {
  const read = shards.flatMap((shard) => {
    const files = testsetFiles(shard);
    return [
      { path: files.out, what: "the shard file" },
      { path: files.rejected, what: "the shard's rejected file" },
      { path: files.config, what: "the shard's config file" },
    ];
  });
  assertOutputsAreNotInputs(testsetOutputs(out), read);
}
