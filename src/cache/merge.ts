import { existsSync } from "node:fs";
import path from "node:path";
import { AirgapEvalError, InvalidInputError } from "../errors.js";
import { Cache, cacheSchemaVersion } from "./cache.js";
import { openSqlite, pragma, type SqliteDatabase } from "./sqlite.js";

/** What {@link mergeCaches} did with one source file. */
export interface CacheMergeSource {
  /** The source cache file. */
  file: string;
  /** Entries it holds. */
  entries: number;
  /** Entries the target did not hold yet and now does. */
  added: number;
}

/** Result of {@link mergeCaches}. */
export interface CacheMergeResult {
  /** The target cache file. */
  into: string;
  sources: CacheMergeSource[];
  /** Entries in the target after the merge. */
  total: number;
}

/**
 * Copies the entries of other cache files (e.g. one per shard of a sharded run) into `into`, creating
 * it when needed. Entries are content-addressed and never change, so an entry the target already holds
 * is kept as is and the order of the sources does not matter. Sources are opened read-only; a file
 * that is not an airgap-eval cache, or one of another schema version, is an `InvalidInputError`.
 * Run it on one machine with the files on local disk (SQLite over NFS is unsafe).
 *
 * @example
 * mergeCaches(["cache.shard-0-of-2.sqlite", "cache.shard-1-of-2.sqlite"], "cache.sqlite");
 */
export function mergeCaches(sources: readonly string[], into: string): CacheMergeResult {
  if (sources.length === 0) throw new InvalidInputError("cache merge needs at least one source cache file");
  for (const file of sources) {
    if (path.resolve(file) === path.resolve(into)) {
      throw new InvalidInputError(
        "is both a source and the target of the cache merge; leave it out of the sources",
        {
          file,
        },
      );
    }
  }
  // Opening through Cache creates the file and schema, and checks the schema version.
  Cache.open({ path: into }).close();
  const expectedVersion = cacheSchemaVersion;
  const db = openSqlite(into, { busyTimeoutMs: 10_000 });
  try {
    pragma(db, "journal_mode = WAL");
    const insert = db.prepare(
      "INSERT OR IGNORE INTO entries (namespace, key, value, created_at) VALUES (?, ?, ?, ?)",
    );
    const out: CacheMergeSource[] = [];
    for (const file of sources) {
      if (!existsSync(file)) {
        throw new InvalidInputError("cache file does not exist; check the path", { file });
      }
      let source: SqliteDatabase;
      try {
        source = openSqlite(file, { busyTimeoutMs: 10_000, readonly: true });
      } catch (err) {
        throw new InvalidInputError(
          `cannot be opened as an SQLite file (${err instanceof Error ? err.message : String(err)})`,
          { file },
          { cause: err },
        );
      }
      try {
        const version = pragma(source, "user_version") as number;
        const table = source
          .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'entries'")
          .get();
        if (table === undefined || version !== expectedVersion) {
          throw new InvalidInputError(
            table === undefined
              ? "is not an airgap-eval cache (no entries table)"
              : `has cache schema version ${version}, this airgap-eval writes ${expectedVersion}; it cannot be merged`,
            { file },
          );
        }
        const rows = source
          .prepare("SELECT namespace, key, value, created_at FROM entries")
          .raw()
          .iterate() as IterableIterator<[string, string, Buffer, number]>;
        let entries = 0;
        let added = 0;
        const batch: Array<[string, string, Buffer, number]> = [];
        const flush = db.transaction((items: Array<[string, string, Buffer, number]>) => {
          for (const item of items) added += insert.run(...item).changes;
        });
        for (const row of rows) {
          entries++;
          batch.push(row);
          if (batch.length >= 1000) flush(batch.splice(0));
        }
        flush(batch.splice(0));
        out.push({ file, entries, added });
      } catch (err) {
        if (err instanceof AirgapEvalError) throw err;
        if ((err as { code?: string }).code === "SQLITE_NOTADB") {
          throw new InvalidInputError(
            "is not an SQLite file, so not an airgap-eval cache",
            { file },
            { cause: err },
          );
        }
        throw new AirgapEvalError(
          `merging cache ${file} into ${into} failed: ${err instanceof Error ? err.message : String(err)}`,
          { cause: err },
        );
      } finally {
        source.close();
      }
    }
    const { n } = db.prepare("SELECT COUNT(*) AS n FROM entries").get() as { n: number };
    return { into, sources: out, total: n };
  } finally {
    db.close();
  }
}
