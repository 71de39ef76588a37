// Reading the documents a test set is generated from: files and folders (recursively, in a fixed order) of .txt,
// .md, .html and .jsonl ({id, text} per line). Every problem names the file (and line) and what to do.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { InvalidInputError } from "../errors.js";
import { readTextInput } from "../util/read-input.js";
import { htmlToText } from "./html-text.js";
import type { SourceDocument } from "./types.js";

/** File extensions read as documents, in lower case. */
export const documentExtensions = [".txt", ".md", ".markdown", ".html", ".htm", ".jsonl"] as const;

function extensionOf(file: string): string {
  return path.extname(file).toLowerCase();
}

function isDocumentFile(file: string): boolean {
  return (documentExtensions as readonly string[]).includes(extensionOf(file));
}

/**
 * True when a file at `relative` (a path inside a documents folder) is read as a document: a document extension and
 * no hidden name (`.git`) along the way.
 */
export function isListedDocument(relative: string): boolean {
  return isDocumentFile(relative) && !relative.split(/[/\\]/).some((part) => part.startsWith("."));
}

/** Options of {@link readDocuments}. */
export interface ReadDocumentsOptions {
  /**
   * Told of each symlink inside a folder that is left out, with why (a link to a folder, or to something that is not
   * a regular file). Defaults to none.
   */
  onSkipped?: (file: string, why: string) => void;
}

/** What a symlink leads to. */
function linkTarget(file: string): "file" | "folder" | "other" | "missing" {
  try {
    const target = statSync(file);
    return target.isFile() ? "file" : target.isDirectory() ? "folder" : "other";
  } catch {
    return "missing";
  }
}

/** Why a symlink that does not lead to a regular file is left out. */
const skippedLinkReason = {
  folder:
    "a symlink to a folder (links to folders are not followed, so a link cannot loop); name that folder as an argument to read it",
  other: "a symlink to something that is not a regular file (a device, FIFO or socket)",
  missing: "a symlink whose target does not exist",
} as const;

/** A document's text: a regular file, refused when UTF-16, binary or not UTF-8, naming the file and line. */
export function readTextFile(file: string): string {
  return readTextInput(
    file,
    "document",
    "give .txt, .md, .html or .jsonl documents (convert PDFs and office files to text first)",
  );
}

/** The documents of a `.jsonl` file: one `{id, text}` object a line, blank lines skipped. */
export function parseJsonlDocuments(text: string, file: string): SourceDocument[] {
  const documents: SourceDocument[] = [];
  const lines = text.split("\n");
  for (const [i, raw] of lines.entries()) {
    const lineText = raw.replace(/\r$/, "");
    if (lineText.trim() === "") continue;
    const line = i + 1;
    let value: unknown;
    try {
      value = JSON.parse(lineText);
    } catch (err) {
      throw new InvalidInputError(
        `is not a JSON object (${(err as Error).message}); each line must be {"id": "...", "text": "..."}`,
        { file, line },
        { cause: err },
      );
    }
    const record =
      typeof value === "object" && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : undefined;
    const id = record?.id;
    const body = record?.text;
    if (typeof id !== "string" && typeof id !== "number") {
      throw new InvalidInputError(
        'has no "id" (a string or number); each line must be {"id": "...", "text": "..."}',
        { file, line, field: "id" },
      );
    }
    if (String(id).trim() === "") {
      throw new InvalidInputError(
        'has an empty "id"; give each document an id of its own (the test set names its chunks by it)',
        { file, line, field: "id" },
      );
    }
    if (typeof body !== "string") {
      throw new InvalidInputError('has no "text" string; each line must be {"id": "...", "text": "..."}', {
        file,
        line,
        field: "text",
      });
    }
    documents.push({ id: String(id), text: body });
  }
  return documents;
}

/** The documents one file holds: itself (read as text, HTML as its text), or each line of a `.jsonl`. */
export function readDocumentFile(file: string, id: string): SourceDocument[] {
  const text = readTextFile(file);
  const extension = extensionOf(file);
  if (extension === ".jsonl") return parseJsonlDocuments(text, file);
  const body = extension === ".html" || extension === ".htm" ? htmlToText(text) : text.replace(/^\uFEFF/, "");
  return [{ id, text: body }];
}

/**
 * Every document file under `dir`, relative to it with `/` separators, sorted by code point (hidden names skipped). A
 * symlink of a document's name is listed when it leads to a regular file; a symlink to a folder, or of a document's
 * name to anything else, is left out and passed to `onSkipped` with why.
 */
export function listDocumentFiles(dir: string, onSkipped?: ReadDocumentsOptions["onSkipped"]): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      if (entry.name.startsWith(".")) continue;
      const child = relative === "" ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && isDocumentFile(entry.name)) found.push(child);
      else if (entry.isSymbolicLink()) {
        const target = linkTarget(path.join(dir, child));
        if (target === "file") {
          if (isDocumentFile(entry.name)) found.push(child);
        } else if (target === "folder" || isDocumentFile(entry.name))
          onSkipped?.(path.join(dir, child), skippedLinkReason[target]);
      }
    }
  };
  walk("");
  return found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The documents of the inputs, in a fixed order: inputs as given; a folder's files (recursively) by path; a
 * `.jsonl`'s lines in file order. A file's id is its name (a folder's files: their path inside the folder); a JSONL
 * document's id is its `id`. A symlink inside a folder is read when it leads to a regular file, else left out and
 * named to `options.onSkipped`. Throws on an empty folder, a binary or non-UTF-8 file, a file of another kind, a
 * JSONL line without `id` or `text`, an empty document, and two documents with one id.
 *
 * @example
 * const docs = readDocuments(["docs/"]); // [{ id: "guide/setup.md", text: "# Setup\n..." }, ...]
 */
export function readDocuments(
  inputs: readonly string[],
  options: ReadDocumentsOptions = {},
): SourceDocument[] {
  if (inputs.length === 0) throw new InvalidInputError("no documents given: name files or folders to read");
  const documents: SourceDocument[] = [];
  const seen = new Map<string, string>();
  const add = (document: SourceDocument, file: string) => {
    if (document.text.trim() === "") {
      throw new InvalidInputError(`document "${document.id}" is empty; remove it or give it text`, { file });
    }
    const earlier = seen.get(document.id);
    if (earlier !== undefined) {
      throw new InvalidInputError(
        `two documents have the id "${document.id}" (the other in ${earlier}); give each document its own id or file name`,
        { file },
      );
    }
    seen.set(document.id, file);
    documents.push(document);
  };
  for (const input of inputs) {
    let stats: ReturnType<typeof statSync>;
    try {
      stats = statSync(input);
    } catch (err) {
      throw new InvalidInputError(
        "does not exist or cannot be read; check the path",
        { file: input },
        { cause: err },
      );
    }
    if (stats.isDirectory()) {
      const files = listDocumentFiles(input, options.onSkipped);
      if (files.length === 0) {
        throw new InvalidInputError(
          `folder holds no documents (${documentExtensions.join(", ")} files, hidden ones skipped); add some or name other files`,
          { file: input },
        );
      }
      for (const relative of files) {
        const file = path.join(input, relative);
        for (const document of readDocumentFile(file, relative)) add(document, file);
      }
    } else {
      if (!isDocumentFile(input)) {
        throw new InvalidInputError(
          `is not a document this command reads (${documentExtensions.join(", ")}); convert it to text first (PDF: pdftotext file.pdf file.txt)`,
          { file: input },
        );
      }
      for (const document of readDocumentFile(input, path.basename(input))) add(document, input);
    }
  }
  return documents;
}
