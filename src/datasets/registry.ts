import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { InvalidInputError } from "../errors.js";
import { zodIssueText } from "../util/zod-issues.js";
import { packageRoot } from "../version.js";

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, "must be 64 lowercase hex digits");

const datasetFileSchema = z.object({
  /** Path of the file inside the source repository. */
  path: z.string().min(1),
  /** File name inside the data set's folder. */
  file: z
    .string()
    .min(1)
    .refine(
      (f) => !f.includes("/") && !f.includes("\\") && f !== ".." && f !== ".",
      "must be a plain file name",
    ),
  size: z.number().int().nonnegative(),
  sha256,
});

const datasetEntrySchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9.-]*$/, "must be lowercase letters, digits, dots and dashes"),
  description: z.string().min(1),
  licence: z.string().min(1),
  attribution: z.string().min(1),
  /** A licence caveat shown by `datasets list`, e.g. non-commercial upstream text. */
  caveat: z.string().min(1).optional(),
  labelSource: z.enum(["human", "constructed"]),
  /** Labelled rows the converter gives. */
  rows: z.number().int().positive(),
  source: z.object({
    repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/, "must be owner/name"),
    commit: z.string().regex(/^[0-9a-f]{40}$/, "must be a full 40-digit commit"),
    files: z.array(datasetFileSchema).min(1),
  }),
});

const datasetRegistrySchema = z.object({
  version: z.literal(1),
  datasets: z.array(datasetEntrySchema),
});

/** One data set of `datasets.json`: where its files are pinned and what may be done with them. */
export type DatasetEntry = z.infer<typeof datasetEntrySchema>;
/** One pinned file of a data set. */
export type DatasetFile = z.infer<typeof datasetFileSchema>;

/** Path of the data set registry that ships with the package. */
export const defaultDatasetRegistryPath: string = path.join(packageRoot, "datasets.json");

/**
 * Loads and validates `datasets.json`: the public labelled sets `calibrate` knows, each pinned by
 * repository, commit, path, size and sha256. A bad file names the entry and field.
 *
 * @example
 * const entry = loadDatasetRegistry().find((d) => d.id === "halueval-qa-sample");
 */
export function loadDatasetRegistry(file: string = defaultDatasetRegistryPath): DatasetEntry[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new InvalidInputError(`cannot read the data set registry: ${(err as Error).message}`, { file });
  }
  const parsed = datasetRegistrySchema.safeParse(raw);
  if (!parsed.success) {
    throw new InvalidInputError(zodIssueText(parsed.error.issues[0]!), { file });
  }
  const ids = new Set<string>();
  for (const entry of parsed.data.datasets) {
    if (ids.has(entry.id)) throw new InvalidInputError(`data set id "${entry.id}" appears twice`, { file });
    ids.add(entry.id);
  }
  return parsed.data.datasets;
}

/** The entry of `id`, or an error listing the known ids. */
export function findDataset(entries: readonly DatasetEntry[], id: string): DatasetEntry {
  const entry = entries.find((e) => e.id === id);
  if (entry === undefined) {
    throw new InvalidInputError(
      `"${id}" is not a data set id; known ids: ${entries.map((e) => e.id).join(", ")} (airgap-eval datasets list)`,
      { field: "id" },
    );
  }
  return entry;
}

/** The pinned address of a file: `${baseUrl}/${repo}/${commit}/${path}`. */
export function datasetFileUrl(baseUrl: string, entry: DatasetEntry, file: DatasetFile): string {
  const enc = (s: string) => s.split("/").map(encodeURIComponent).join("/");
  return `${baseUrl.replace(/\/+$/, "")}/${enc(entry.source.repo)}/${entry.source.commit}/${enc(file.path)}`;
}
