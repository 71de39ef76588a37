import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { InvalidInputError } from "../errors.js";
import { pathText } from "../errors-zod.js";
import { cliCommand } from "../util/cli-command.js";
import { parseJsonText, unreadableJsonFile } from "./json-text.js";

/** Name of the lock file `pull` keeps beside the models. */
export const LOCK_FILE_NAME = "airgap-eval.lock.json";

const lockedFileSchema = z.strictObject({
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const lockedModelSchema = z.strictObject({
  repo: z.string(),
  revision: z.string(),
  pulledAt: z.string(),
  files: z.record(z.string(), lockedFileSchema),
});

const lockSchema = z.strictObject({
  version: z.literal(1),
  models: z.record(z.string(), lockedModelSchema),
});

/** What `pull` recorded for one model: the digests it computed, per file path. */
export type LockedModel = z.infer<typeof lockedModelSchema>;
/** Contents of `<modelsDir>/airgap-eval.lock.json`. */
export type LockFile = z.infer<typeof lockSchema>;

/** Path of the lock file in a models directory. */
export function lockFilePath(modelsDir: string): string {
  return path.join(modelsDir, LOCK_FILE_NAME);
}

/**
 * Reads the lock file of a models directory; an absent file is an empty lock.
 * A malformed one is an `InvalidInputError` naming the file and field.
 *
 * @example
 * const lock = await readLockFile("/srv/models");
 * lock.models["qwen2.5-0.5b-instruct"]?.files;
 */
export async function readLockFile(modelsDir: string): Promise<LockFile> {
  const file = lockFilePath(modelsDir);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { version: 1, models: {} };
    throw unreadableJsonFile(file, "the lock file", err);
  }
  const json = parseJsonText(
    text,
    file,
    "the lock file",
    `delete it and run "${cliCommand()} models pull" again`,
  );
  const parsed = lockSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidInputError(
      `the lock file is malformed: ${issue?.message ?? "invalid"}; delete it and run "${cliCommand()} models pull" again`,
      { file, field: issue === undefined ? undefined : pathText(issue.path) },
    );
  }
  return parsed.data;
}

/**
 * Records one model in the lock file (read, update, write to a temporary file, rename).
 *
 * @example
 * await recordInLockFile("/srv/models", "my-model", { repo, revision, pulledAt, files });
 */
export async function recordInLockFile(modelsDir: string, id: string, model: LockedModel): Promise<void> {
  const lock = await readLockFile(modelsDir);
  lock.models[id] = model;
  const sorted: LockFile = {
    version: 1,
    models: Object.fromEntries(Object.entries(lock.models).sort(([a], [b]) => a.localeCompare(b))),
  };
  const file = lockFilePath(modelsDir);
  await mkdir(modelsDir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(sorted, null, 2)}\n`, "utf8");
  await rename(tmp, file);
}
