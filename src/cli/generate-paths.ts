// The files `generate` reads and writes, checked before anything is read or written: no output (the test set, its
// rejected and config files) may be an input (a document, the personas, the stage module, a shard and its side
// files) under any name, `--overwrite` or not; and no output may sit inside a documents folder as a file its reading
// would take for a document.
import { statSync } from "node:fs";
import path from "node:path";
import { InvalidInputError } from "../errors.js";
import { isListedDocument } from "../generate/read-documents.js";
import { testsetFiles } from "../generate/testset-files.js";
import {
  assertOutputsAreNotInputs,
  filesUnder,
  type InputPath,
  type OutputPath,
  realTarget,
} from "../util/real-path.js";

/** The three files a run writing `out` writes, with the flag that names them. */
function testsetOutputs(out: string): OutputPath[] {
  const files = testsetFiles(out);
  return [
    { path: files.out, flag: "--out" },
    { path: files.rejected, flag: "--out's rejected file" },
    { path: files.config, flag: "--out's config file" },
  ];
}

function isFolder(input: string): boolean {
  try {
    return statSync(input).isDirectory();
  } catch {
    return false; // not there: reading it names the problem
  }
}

/** The document files an argument names: the file itself, or every file under a folder. */
function documentFiles(input: string): string[] {
  return isFolder(input) ? filesUnder(input) : [input];
}

/**
 * Refuses an output inside a documents folder that the folder's reading would take as a document (a `.jsonl` test
 * set or rejected file, say): the next run, `--resume` too, would read the run's own output as a document.
 */
function assertNotReadAsDocument(outputs: readonly OutputPath[], documents: readonly string[]): void {
  for (const folder of documents.filter(isFolder)) {
    const root = realTarget(folder);
    for (const output of outputs) {
      const relative = path.relative(root, realTarget(output.path));
      if (relative.startsWith("..") || path.isAbsolute(relative) || !isListedDocument(relative)) continue;
      throw new InvalidInputError(
        `${output.flag} ${output.path} is inside the documents folder ${folder}, where the next run (--resume too) would read it as a document; write the test set outside the folder, e.g. --out ${JSON.stringify(path.basename(outputs[0]!.path))}`,
        { file: output.path },
      );
    }
  }
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
  const outputs = testsetOutputs(out);
  // First: an output a folder would read as a document is named as such, not as a document it would destroy.
  assertNotReadAsDocument(outputs, inputs.documents);
  assertOutputsAreNotInputs(outputs, read);
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
