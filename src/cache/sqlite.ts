import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type LibsqlDatabase from "libsql";
import { AirgapEvalError } from "../errors.js";
import { errorFirstLine } from "../util/error-text.js";

/** An open SQLite connection (libsql, whose API is better-sqlite3's). */
export type SqliteDatabase = LibsqlDatabase.Database;
/** A prepared statement of a {@link SqliteDatabase}. */
export type SqliteStatement = LibsqlDatabase.Statement<unknown[]>;

type LibsqlConstructor = new (file: string, options?: { timeout?: number }) => SqliteDatabase;

let loaded: LibsqlConstructor | undefined;

/**
 * The SQLite driver behind the cache: `libsql`, loaded on first use so that everything else (and
 * `--no-cache`) works where its prebuilt binary cannot load. Its binaries are registry packages
 * (`@libsql/linux-x64-gnu`, ...), so nothing compiles at install on any Node version.
 */
function libsql(): LibsqlConstructor {
  if (loaded !== undefined) return loaded;
  try {
    loaded = createRequire(import.meta.url)("libsql") as LibsqlConstructor;
    return loaded;
  } catch (err) {
    const detail = errorFirstLine(err);
    throw new AirgapEvalError(
      `the result cache needs libsql's prebuilt binary for ${process.platform}-${process.arch}, which did not load (${detail}). ` +
        "Reinstall without --omit=optional (the binary is an optional package, @libsql/<platform>), or run without the cache (CLI: --no-cache; library: cache: false)",
      { cause: err },
    );
  }
}

/**
 * Opens an SQLite file. `readonly` opens it through a `file:` URI with `mode=ro`, so a missing file
 * is an error rather than created, and nothing is written to it.
 */
export function openSqlite(
  file: string,
  options: { busyTimeoutMs: number; readonly?: boolean },
): SqliteDatabase {
  const Database = libsql();
  const target = options.readonly ? `${pathToFileURL(path.resolve(file)).href}?mode=ro` : file;
  const db = new Database(target, { timeout: options.busyTimeoutMs });
  db.exec(`PRAGMA busy_timeout = ${Math.floor(options.busyTimeoutMs)}`);
  return db;
}

/** Runs `PRAGMA source` (`name` or `name = value`) and returns its value, or undefined when it returns none. */
export function pragma(db: SqliteDatabase, source: string): unknown {
  const stmt = db.prepare(`PRAGMA ${source}`);
  if (!stmt.reader) {
    stmt.run();
    return undefined;
  }
  const row = stmt.raw().get() as unknown[] | undefined;
  return row?.[0];
}
